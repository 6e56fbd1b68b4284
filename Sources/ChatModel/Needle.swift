#if canImport(Glibc)
import Glibc
#endif

/// Folded bytes to find in search keys. The scan jumps with `memchr` to each place the
/// needle's rarest byte occurs (by English letter frequency: `z` before `e`; anything but a
/// lowercase letter counts as rare) and compares the whole needle there with `memcmp`; keys are
/// short, so this beats a skip table.
public struct Needle: Sendable {
    /// The bytes.
    public let bytes: [UInt8]
    /// Where in the needle the byte looked for first is.
    let anchor: Int

    /// Lowercase letters from the most to the least frequent in English text.
    private static let frequency = Array("etaoinsrhldcumfpgwybvkxjqz".utf8)

    /// A needle for `bytes`.
    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
        func rank(_ byte: UInt8) -> Int { Self.frequency.firstIndex(of: byte) ?? Self.frequency.count }
        anchor = bytes.indices.max { rank(bytes[$0]) < rank(bytes[$1]) } ?? 0
    }

    /// Whether every byte is ASCII.
    public var isASCII: Bool { bytes.allSatisfy { $0 < 0x80 } }

    /// The longest run of ASCII bytes in the needle (all of it if it is ASCII), if any.
    public var longestASCIIRun: Needle? {
        if isASCII { return bytes.isEmpty ? nil : self }
        let runs = bytes.split { $0 >= 0x80 }
        return runs.max { $0.count < $1.count }.map { Needle(Array($0)) }
    }

    /// Whether the needle occurs in raw bytes whose ASCII letters may be in either case
    /// (a log file as written): `memchr` for each case of the anchor byte, the candidates
    /// compared with ASCII letters lowered. No copy of the bytes is made.
    public func occursIgnoringASCIICase(in raw: UnsafeRawBufferPointer) -> Bool {
        let n = bytes.count
        guard n > 0 else { return true }
        guard raw.count >= n, let base = raw.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return false }
        let anchorByte = bytes[anchor]
        let cases = anchorByte >= 0x61 && anchorByte <= 0x7A ? [anchorByte, anchorByte - 0x20] : [anchorByte]
        let last = raw.count - n
        return bytes.withUnsafeBufferPointer { needle in
            for key in cases {
                var i = 0
                while i <= last {
                    guard let hit = memchr(base + i + anchor, Int32(key), last - i + 1) else { break }
                    i = base.distance(to: hit.assumingMemoryBound(to: UInt8.self)) - anchor
                    var j = 0
                    while j < n {
                        let byte = base[i + j]
                        if (byte &- 0x41 < 26 ? byte | 0x20 : byte) != needle[j] { break }
                        j += 1
                    }
                    if j == n { return true }
                    i += 1
                }
            }
            return false
        }
    }

    /// Whether the needle occurs in `haystack`.
    public func occurs(in haystack: [UInt8]) -> Bool {
        haystack.withUnsafeBufferPointer { firstOffset(in: $0) != nil }
    }

    /// Where the needle first starts in `haystack`, if it occurs.
    public func firstOffset(in haystack: UnsafeBufferPointer<UInt8>) -> Int? {
        let n = bytes.count
        guard n > 0 else { return 0 }
        guard haystack.count >= n, let hb = haystack.baseAddress else { return nil }
        let anchor = self.anchor
        return bytes.withUnsafeBufferPointer { b in
            guard let nb = b.baseAddress else { return nil }
            let key = Int32(nb[anchor])
            // `i` is where the needle would start; its anchor byte sits at `i + anchor`.
            var i = 0
            let last = haystack.count - n
            while i <= last {
                guard let hit = memchr(hb + i + anchor, key, last - i + 1) else { return nil }
                i = hb.distance(to: hit.assumingMemoryBound(to: UInt8.self)) - anchor
                if memcmp(hb + i, nb, n) == 0 { return i }
                i += 1
            }
            return nil
        }
    }
}

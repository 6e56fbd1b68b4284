#if canImport(Glibc)
import Glibc
#endif

/// The search keys of a scrollback's lines (``SearchQuery/key(for:)``) in one contiguous run of
/// bytes, each message's key ended by a line feed (which no key holds, so no needle found in
/// the run spans two lines), with where each line's key starts. A search is then one scan of
/// the run per term, not a walk over 100,000 small arrays.
///
/// Appends are O(key); trims and prepends move the run (O(bytes), once per trim batch or
/// history page); replacing a line (a pending message sent) moves what follows it. Made for a
/// scrollback when it is first searched (``Scrollback/enableSearch()``).
public struct SearchCorpus: Sendable {
    /// Every key, in line order.
    public private(set) var bytes: [UInt8] = []
    /// Where each line's key starts in ``bytes`` (32 bits: a scrollback holds far less than
    /// 4 GiB of text).
    public private(set) var starts: [Int32] = []

    /// Creates an empty corpus.
    public init() {}

    /// The corpus of `lines`.
    public init(_ lines: some Sequence<ChatLine>) {
        for line in lines { append(SearchQuery.key(for: line)) }
    }

    /// Number of lines.
    public var count: Int { starts.count }

    /// The key of line `i`, its line feed included.
    public func key(at i: Int) -> ArraySlice<UInt8> { bytes[Int(starts[i])..<end(of: i)] }

    /// Adds the key of a line at the end.
    public mutating func append(_ key: [UInt8]) {
        starts.append(Int32(bytes.count))
        bytes += Self.stored(key)
    }

    /// Adds the keys of lines inserted before the first one.
    public mutating func prepend(_ keys: [[UInt8]]) {
        let stored = keys.map(Self.stored)
        var offset: Int32 = 0
        var fresh: [Int32] = []
        fresh.reserveCapacity(stored.count + starts.count)
        for key in stored {
            fresh.append(offset)
            offset += Int32(key.count)
        }
        for start in starts { fresh.append(start + offset) }
        starts = fresh
        bytes.insert(contentsOf: stored.joined(), at: 0)
    }

    /// Removes the first `k` lines' keys.
    public mutating func removeFirst(_ k: Int) {
        guard k > 0 else { return }
        let cut = k < count ? Int(starts[k]) : bytes.count
        bytes.removeFirst(cut)
        starts.removeFirst(min(k, count))
        for i in starts.indices { starts[i] -= Int32(cut) }
    }

    /// Inserts a line's key before line `i` (`i == count`: at the end). O(bytes after it).
    public mutating func insert(_ key: [UInt8], at i: Int) {
        guard i < count else { return append(key) }
        let stored = Self.stored(key)
        let start = starts[i]
        bytes.insert(contentsOf: stored, at: Int(start))
        for j in i..<count { starts[j] += Int32(stored.count) }
        starts.insert(start, at: i)
    }

    /// Removes line `i`'s key. O(bytes after it).
    public mutating func remove(at i: Int) {
        let range = Int(starts[i])..<end(of: i)
        bytes.removeSubrange(range)
        starts.remove(at: i)
        for j in i..<count { starts[j] -= Int32(range.count) }
    }

    /// Replaces line `i`'s key.
    public mutating func replace(at i: Int, with key: [UInt8]) {
        let range = Int(starts[i])..<end(of: i)
        let stored = Self.stored(key)
        bytes.replaceSubrange(range, with: stored)
        let delta = Int32(stored.count - range.count)
        if delta != 0 { for j in (i + 1)..<count { starts[j] += delta } }
    }

    /// Removes every key.
    public mutating func removeAll() {
        bytes.removeAll()
        starts.removeAll()
    }

    /// The lines (ascending) holding `needle`: one pass over the run, jumping with `memchr`
    /// to the needle's anchor byte and comparing with `memcmp`.
    public func lines(containing needle: Needle) -> [Int] {
        let n = needle.bytes.count
        guard n > 0, bytes.count >= n else { return [] }
        var found: [Int] = []
        bytes.withUnsafeBufferPointer { h in
            needle.bytes.withUnsafeBufferPointer { b in
                guard let hb = h.baseAddress, let nb = b.baseAddress else { return }
                let anchor = needle.anchor
                let key = Int32(nb[anchor])
                let last = h.count - n
                var i = 0
                var line = 0
                while i <= last {
                    guard let hit = memchr(hb + i + anchor, key, last - i + 1) else { return }
                    i = hb.distance(to: hit.assumingMemoryBound(to: UInt8.self)) - anchor
                    if memcmp(hb + i, nb, n) == 0 {
                        line = self.line(at: i, from: line)
                        if found.last != line { found.append(line) }
                        // The rest of this line cannot add anything: go to the next one.
                        i = line + 1 < starts.count ? Int(starts[line + 1]) : h.count
                        continue
                    }
                    i += 1
                }
            }
        }
        return found
    }

    /// The lines (ascending) holding a character that case-insensitive matching may equate
    /// with ASCII letters although it is not one lowered (the full Unicode folding, a superset
    /// of PCRE2's simple one): ß (`ss`), ſ (`s`), ŉ, ǰ, ẖ to ẚ, and
    /// the ligatures ﬀ to ﬆ. A pattern's required literals may be absent from these lines'
    /// bytes while the pattern matches them, so they are always given to it.
    public func linesWithFoldingLetters() -> [Int] {
        // Each character's first UTF-8 byte, and what may follow it.
        let leads: [(UInt8, (UInt8, UInt8) -> Bool)] = [
            (0xC3, { a, _ in a == 0x9F }), (0xC5, { a, _ in a == 0xBF || a == 0x89 }), (0xC7, { a, _ in a == 0xB0 }),
            (0xE1, { a, b in a == 0xBA && (0x96...0x9A).contains(b) }), (0xEF, { a, b in a == 0xAC && (0x80...0x86).contains(b) }),
        ]
        var found: [Int] = []
        bytes.withUnsafeBufferPointer { h in
            guard let base = h.baseAddress else { return }
            for (lead, follows) in leads {
                var i = 0
                var line = 0
                while i + 2 < h.count, let hit = memchr(base + i, Int32(lead), h.count - i - 2) {
                    i = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                    if follows(h[i + 1], h[i + 2]) {
                        line = self.line(at: i, from: line)
                        found.append(line)
                        i = line + 1 < starts.count ? Int(starts[line + 1]) : h.count
                    } else {
                        i += 1
                    }
                }
            }
        }
        return Array(Set(found)).sorted()
    }

    /// The line whose key holds byte `offset`, looked for from line `line` on.
    private func line(at offset: Int, from line: Int) -> Int {
        var line = line
        while line + 1 < starts.count && Int(starts[line + 1]) <= offset { line += 1 }
        return line
    }

    private func end(of i: Int) -> Int { i + 1 < starts.count ? Int(starts[i + 1]) : bytes.count }

    /// A message's key ends with a line feed; other lines store nothing.
    private static func stored(_ key: [UInt8]) -> [UInt8] { key.isEmpty ? [] : key + [0x0A] }
}

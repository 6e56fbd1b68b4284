@testable import ChatModel
import NatterTestSupport
import Testing

/// The eight-bytes-at-a-time scans agree with a byte-by-byte loop, at every alignment and for
/// every byte value (carries between bytes are where such tricks go wrong).
struct ByteScanTests {
    @Test func countsAndControlBytesMatchTheSlowLoop() {
        var rng = SplitMix64(seed: 12)
        for round in 0..<2_000 {
            let length = Int(rng.next() % 40)
            let alphabet: [UInt8] = round % 3 == 0 ? Array(0...255) : [0x0A, 0x20, 0x61, 0x09, 0x1F, 0x80, 0xFF, 0x8A, 0x0B, 0x9F, 0x0D, 0x8D]
            let bytes = (0..<length).map { _ in alphabet[Int(rng.next() % UInt64(alphabet.count))] }
            bytes.withUnsafeBufferPointer { buffer in
                for start in 0..<min(8, length + 1) {
                    let slice = UnsafeBufferPointer(rebasing: buffer[start...])
                    #expect(ByteScan.count(of: 0x0A, in: slice) == slice.filter { $0 == 0x0A }.count)
                    #expect(ByteScan.holdsControlBytes(slice) == slice.contains { $0 < 0x20 && $0 != 0x0A })
                    #expect(ByteScan.holdsControlBytes(slice, ignoringFeeds: false) == slice.contains { $0 < 0x20 })
                    #expect(ByteScan.holds(0x0A, or: 0x0D, in: slice) == slice.contains { $0 == 0x0A || $0 == 0x0D })
                    #expect(ByteScan.holds(0x80, or: 0xFF, in: slice) == slice.contains { $0 == 0x80 || $0 == 0xFF })
                }
            }
        }
    }
}

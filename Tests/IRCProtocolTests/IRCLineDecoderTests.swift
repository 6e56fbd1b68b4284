import Testing
@testable import IRCProtocol
import NatterTestSupport

struct IRCLineDecoderTests {
    /// A stream mixing CR LF and bare LF, an empty line, a Windows-1252 line and an over-long line.
    static let overlong = String(repeating: "z", count: 9000)
    static let stream: [UInt8] =
        Array("PING :a\r\n:n!u@h PRIVMSG #c :héllo\n\r\n".utf8)
        + [0x63, 0x61, 0x66, 0xE9, 0x20, 0x80, 0x0D, 0x0A]          // "café €" in Windows-1252
        + Array("\(overlong)\r\nPONG :b\r\nTAIL".utf8)
    static let expected: [Result<String, IRCLineError>] = [
        .success("PING :a"),
        .success(":n!u@h PRIVMSG #c :héllo"),
        .success("café €"),
        .failure(.lineTooLong(bytes: 9000, limit: 8701)),
        .success("PONG :b"),
    ]

    @Test func allAtOnce() {
        var decoder = IRCLineDecoder()
        #expect(decoder.decode(Self.stream) == Self.expected)
        #expect(decoder.finish() == [.success("TAIL")])
        #expect(decoder.finish() == [])
    }

    @Test func byteByByte() {
        var decoder = IRCLineDecoder()
        var results: [Result<String, IRCLineError>] = []
        for b in Self.stream { results += decoder.decode(CollectionOfOne(b)) }
        #expect(results == Self.expected)
        #expect(decoder.finish() == [.success("TAIL")])
    }

    @Test(arguments: [1, 2, 3, 42, 1234])
    func randomSplits(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        var decoder = IRCLineDecoder()
        var results: [Result<String, IRCLineError>] = []
        var i = 0
        while i < Self.stream.count {
            let size = Int(rng.next() % 700) + 1
            let end = min(Self.stream.count, i + size)
            results += decoder.decode(Self.stream[i..<end])
            i = end
        }
        #expect(results == Self.expected)
        #expect(decoder.finish() == [.success("TAIL")])
    }

    @Test func limitIsExact() {
        var decoder = IRCLineDecoder(maxLineBytes: 5)
        let stream = Array("12345\r\n123456\n12345\n1234567\r\n".utf8)
        let expected: [Result<String, IRCLineError>] = [
            .success("12345"), .failure(.lineTooLong(bytes: 6, limit: 5)), .success("12345"),
            .failure(.lineTooLong(bytes: 7, limit: 5)),
        ]
        #expect(decoder.decode(stream) == expected)
        var byteByByte = IRCLineDecoder(maxLineBytes: 5)
        #expect(stream.flatMap { byteByByte.decode(CollectionOfOne($0)) } == expected)
    }

    @Test func invalidUTF8FallsBackToWindows1252() {
        #expect(IRCTextDecoding.decode([0x93, 0x68, 0x69, 0x94]) == "\u{201C}hi\u{201D}")
        #expect(IRCTextDecoding.decode([0x81, 0xFF]) == "\u{81}ÿ")
        #expect(IRCTextDecoding.decode(Array("ünïcødé ✓".utf8)) == "ünïcødé ✓")
    }
}

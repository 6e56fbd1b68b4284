import PropertyBased
import Testing
@testable import IRCProtocol

/// Generators of IRC-ish text, built from small alphabets so the interesting characters
/// (`;`, `\`, space, `:`, CR, LF, non-ASCII) come up often.
enum IRCGen {
    typealias Gen_<T> = Generator<T, AnySequence<Any>>

    static func text(_ alphabet: String, _ count: ClosedRange<Int>) -> Gen_<String> {
        Gen<Character?>.element(of: Array(alphabet)).map { $0! }.string(of: count).eraseToAny()
    }

    static var tagKey: Gen_<String> {
        zip(Gen.bool, text("abcXYZ019-", 1...6), Gen.bool).map { client, name, vendor in
            (client ? "+" : "") + (vendor ? "example.com/" : "") + name
        }.eraseToAny()
    }
    static var tagValue: Gen_<String> { text("aZ9 ;\\\r\n:=@é😀\t,s", 0...8) }
    static var tags: Gen_<[String: String]> { zip(tagKey, tagValue).dictionary(ofAtMost: 0...4).eraseToAny() }
    static var source: Gen_<String?> { text("abcZ!@.~-_[]{}|^é09", 1...12).optional.eraseToAny() }
    static var command: Gen_<String> {
        zip(Gen.bool, text("ABCPRIVMSG", 1...8), text("0123456789", 3...3))
            .map { verb, letters, digits in verb ? letters : digits }.eraseToAny()
    }
    static var middle: Gen_<String> {
        text("abc#&:!@é\t,.-=", 1...8).map { $0.hasPrefix(":") ? "x" + $0 : $0 }.eraseToAny()
    }
    static var trailing: Gen_<String?> { text("ab :;@é\t\u{01}\u{03}x", 0...20).optional.eraseToAny() }
    static var message: Gen_<IRCMessage> {
        zip(tags, source, command, middle.array(of: 0...5), trailing)
            .map { tags, source, command, middles, trailing in
                IRCMessage(tags: tags, source: source, command: command,
                           parameters: middles + (trailing.map { [$0] } ?? []))
            }.eraseToAny()
    }
}

struct ProtocolPropertyTests {
    @Test func parseOfSerializeIsIdentity() async {
        await propertyCheck(count: 1000, input: IRCGen.message) { message in
            let line = try message.validatedSerialization(limits: IRCLineLimits(maxTagSectionBytes: 100_000, maxBodyBytes: 100_000))
            #expect(line == message.serialized())
            let parsed = try IRCMessage(parsing: line, limits: IRCLineLimits(maxTagSectionBytes: 100_000, maxBodyBytes: 100_000))
            #expect(parsed == message)
        }
    }

    @Test func arbitraryBytesNeverCrash() async {
        let bytes = Gen.uint8(in: 0...255).array(of: 0...700)
        await propertyCheck(count: 500, input: bytes) { bytes in
            _ = bytes.withUnsafeBufferPointer { try? IRCMessage(parsingUTF8: $0) }
            var decoder = IRCLineDecoder(maxLineBytes: 300)
            for case .success(let line) in decoder.decode(bytes) + decoder.finish() {
                if let message = try? IRCMessage(parsing: line) {
                    _ = message.serialized()
                    _ = message.parsedSource
                }
            }
        }
    }

    @Test func ircLikeBytesNeverCrashAndReserializeSafely() async {
        let lines = IRCGen.text("@:; =\\\r\nab!\u{01}\u{03}é", 0...80)
        await propertyCheck(count: 1000, input: lines) { text in
            guard let message = try? IRCMessage(parsing: text) else { return }
            let line = message.serialized()
            #expect(!line.contains("\r") && !line.contains("\n"))
            if let valid = try? message.validatedSerialization() {
                let parsed = try IRCMessage(parsing: valid)
                #expect(parsed == message)
            }
        }
    }

    @Test func splitPiecesFitAndKeepTheText() async {
        let text = IRCGen.text("ab c\u{02}\u{03}1,9é😀👍🏽\u{1F}", 0...400)
        await propertyCheck(count: 300, input: text, Gen.int(in: 16...120)) { text, maxBytes in
            let pieces = try IRCMessageSplitter.split(text, maxBytes: maxBytes)
            for piece in pieces { #expect(piece.utf8.count <= maxBytes) }
            // Without the break spaces and carried codes, the letters come back in order.
            let letters = { (s: String) in s.filter { $0.isLetter || $0.unicodeScalars.first!.value > 0x7F } }
            #expect(letters(pieces.joined()) == letters(text))
        }
    }
}

import Foundation
import IRCProtocol
import Testing

/// Inputs the fuzzers (`make fuzz`) stopped on, kept in Tests/FuzzRegressions, checked with
/// the same invariants. The two here were the harness's mistakes, and pin down behaviour worth
/// keeping; the session target's find (a batch cycle) is HostileBatchTests'.
struct FuzzRegressionTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("FuzzRegressions")

    func input(_ name: String) throws -> Data {
        try Data(contentsOf: Self.folder.appendingPathComponent(name))
    }

    /// A bare CR inside a trailing parameter: the line parses, `serialized()` turns the CR into
    /// a space (so nothing can smuggle a second command) and so may not parse back the same,
    /// and `validatedSerialization()` refuses it rather than send it.
    @Test func aBareCarriageReturnInATrailingParameterIsNeverSentAsIs() throws {
        var decoder = IRCLineDecoder()
        let lines = decoder.decode(try input("parser-bare-cr-in-trailing")) + decoder.finish()
        guard case .success(let line) = lines.first else { Issue.record("no line: \(lines)"); return }
        let message = try IRCMessage(parsing: line)
        #expect(message.parameters.last == "asdf\rAND")
        #expect(!message.serialized().utf8.contains(0x0D))
        #expect(throws: IRCSerializationError.self) { try message.validatedSerialization() }
    }

    /// U+037E (Greek question mark) is canonically a semicolon for String comparison, but not a
    /// byte 0x3B: tag escaping works on bytes and leaves it alone, and the round trip holds.
    @Test func tagEscapingIsByteExactWithCanonicallyEquivalentCharacters() throws {
        let value = String(decoding: try input("tags-greek-question-mark"), as: UTF8.self)
        let escaped = IRCMessage.escapeTagValue(value)
        #expect(!escaped.utf8.contains { $0 == 0x20 || $0 == 0x3B || $0 == 0x0D || $0 == 0x0A })
        #expect(IRCMessage.unescapeTagValue(escaped) == value)
        #expect(escaped.unicodeScalars.contains("\u{037E}"))
    }
}

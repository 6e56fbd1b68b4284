@testable import Configuration
import Foundation
import Testing

/// toml++ (inside TOMLKit) stops the process on a non-ASCII table name; `make fuzz` found it
/// (Tests/FuzzRegressions/config-non-ascii-table-name). Such text is invalid TOML: it must be
/// an error naming its line, and non-ASCII text where TOML allows it must still read.
struct ConfigPrecheckTests {
    /// The error `text` gives (a failed expectation when it reads).
    func error(_ text: String) -> ConfigError? {
        do {
            _ = try ConfigLoader.parse(text, file: "c.toml")
            Issue.record("accepted \(text.debugDescription)")
            return nil
        } catch {
            return error
        }
    }

    @Test(arguments: [("[cé]\n", 1), ("[networks.sasl]\n\n[[nétworks]]\n", 3), ("a = 1\n[ x.\u{FFFD}y ]\n", 2)])
    func aNonASCIITableNameIsAnErrorNotACrash(text: String, line: Int) {
        let found = error(text)
        #expect(found?.line == line)
        #expect(found?.message.contains("outside a string") == true)
    }

    @Test(arguments: ["[!]\n", "[.a]\n", "[[\u{1B}x]]\n", "[ $ ]\n", "[\u{7F}]\n"])
    func aTableNameThatDoesNotStartWithAKeyIsAnErrorNotACrash(text: String) {
        let found = error(text)
        #expect(found?.line == 1)
        #expect(found?.message.contains("a table name starts with") == true)
    }

    /// Our own reader stopped the process on a bare value of more than eleven bytes but ten
    /// characters: the date-time check indexed past its end. `make fuzz` found it
    /// (Tests/FuzzRegressions/config-non-ascii-bare-value).
    /// The first gets past the precheck as the fuzzer's input did; the second through the
    /// precheck's reading of a fourth closing quote as a new string (the reader takes it as
    /// content): a combining mark after the seconds joined the last digit into one character.
    @Test(arguments: ["name = &\"l;ib\u{FFFD}ra\"\n", "k = [\"\"\"a\"\"\"\", 12:34:56\u{301}]\n"])
    func aNonASCIIBareValueIsAnErrorNotACrash(text: String) {
        #expect(error(text)?.line == 1)
    }

    /// The same values given to the reader itself, without the precheck.
    @Test(arguments: ["k = 12:34:56\u{301}\n", "k = 2024-01-01\u{FFFD}\n", "k = 2024-01-01T\u{FFFD}\u{FFFD}\n",
                      "k = 1979-05-27T07:32:00\u{301}\n", "k = 07:32:00.5\u{301}\n"])
    func theReaderRefusesANonASCIIBareValue(text: String) {
        #expect(throws: TOMLParseError.self) { try TOMLTable(parsing: text) }
    }

    @Test func theFuzzersBareValueIsAnError() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("FuzzRegressions/config-non-ascii-bare-value")
        let text = String(decoding: try Data(contentsOf: url), as: UTF8.self)
        #expect(throws: ConfigError.self) { try ConfigLoader.parse(text, file: "c.toml") }
    }

    /// toml++ also stops the process on `}` where an array's next value should be.
    @Test(arguments: [("k = [}]\n", 1), ("[theme]\nk = [1,\n }]\n", 3), ("k = {a = [}\n", 1), ("k = [[}]]\n", 1)])
    func aBraceInsideAnArrayIsAnErrorNotACrash(text: String, line: Int) {
        let found = error(text)
        #expect(found?.line == line)
        #expect(found?.message.contains("inside an array") == true)
    }

    @Test func aLoneCarriageReturnIsAnErrorOnItsLine() {
        let found = error("[theme]\r\nfont_size = 12\r\n# x\ry\n")
        #expect(found?.line == 3)
        #expect(found?.message.contains("carriage return") == true)
    }

    /// Key lines in a file saved with CR LF (they were all counted as line 1).
    @Test func errorsInACRLFFileNameTheirLine() {
        let found = error("[theme]\r\n\r\nfont_size = 900\r\n")
        #expect(found?.line == 3)
        #expect(found?.key == "theme.font_size")
    }

    @Test func arraysOpeningOnTheirOwnLineAreNotTableHeaders() {
        do {
            _ = try ConfigLoader.parse("x = [\n[+1],\n[{a = 1}],\n]\n", file: "c.toml")
        } catch {
            #expect(!error.message.contains("table name"), "\(error)")
            #expect(error.key == "x")
        }
    }

    @Test func theFuzzersInputIsAnError() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("FuzzRegressions/config-non-ascii-table-name")
        let text = String(decoding: try Data(contentsOf: url), as: UTF8.self)
        #expect(throws: ConfigError.self) { try ConfigLoader.parse(text, file: "c.toml") }
    }

    /// A line inside a multi-line string that looks like an empty table header (`[.]`) made
    /// the key-line index read past an empty list (Tests/FuzzRegressions/config-header-like-line-in-string).
    @Test func aHeaderLikeLineInsideAStringIsNotAHeader() throws {
        let text = "[theme]\ntimestamp_format = \"\"\"\n[.]\n[]\n\"\"\"\n"
        do {
            _ = try ConfigLoader.parse(text, file: "c.toml")
        } catch {
            #expect(error.key == "theme.timestamp_format")
        }
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("FuzzRegressions/config-header-like-line-in-string")
        _ = try? ConfigLoader.parse(String(decoding: try Data(contentsOf: url), as: UTF8.self), file: "c.toml")
    }

    static let unicodeWhereAllowed = #"""
        # Zoë's café networks
        [[networks]] # ünïcode comment
        name = "Café \"quoted\" ñ"
        host = 'irc.example.org'
        nick = "zoe"
        channels = ["#français", '#日本語']
        realname = """
        Zoë \
        ï"""
        password = '''
        ü'''
        """#

    @Test func nonASCIITextInStringsAndCommentsReads() throws {
        let config = try ConfigLoader.parse(Self.unicodeWhereAllowed, file: "c.toml")
        #expect(config.networks.first?.name == "Café \"quoted\" ñ")
    }

    @Test func linesAfterMultilineStringsAreCountedRight() {
        #expect(error(Self.unicodeWhereAllowed + "\n[ñ]\n")?.line == 12)
    }
}

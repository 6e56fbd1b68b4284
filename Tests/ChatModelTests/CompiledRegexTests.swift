import ChatModel
import Testing

/// The PCRE2 wrapper: byte ranges of every match, empty ones included, Unicode case folding,
/// line ends, and errors that say what is wrong.
struct CompiledRegexTests {
    static func ranges(_ pattern: String, _ text: String, _ options: CompiledRegex.Options = []) throws -> [Range<Int>] {
        let regex = try CompiledRegex(pattern, options: options)
        var found: [Range<Int>] = []
        var text = text
        text.withUTF8 { buffer in regex.enumerateMatches(in: buffer) { found.append($0); return true } }
        return found
    }

    @Test func everyMatchLeftToRightEmptyOnesStepByACharacter() throws {
        #expect(try Self.ranges("x+", "axxbx") == [1..<3, 4..<5])
        // Perl's answer: an empty match at each place, and after it the non-empty one there.
        #expect(try Self.ranges("x*", "axxb") == [0..<0, 1..<3, 3..<3, 4..<4])
        // An empty pattern steps over whole characters, never into one (é is two bytes).
        #expect(try Self.ranges("", "éa") == [0..<0, 2..<2, 3..<3])
    }

    @Test func caseAndUnicode() throws {
        #expect(try Self.ranges("café", "CAFÉ au lait", [.caseInsensitive]) == [0..<5])
        #expect(try Self.ranges("café", "CAFÉ au lait") == [])
        #expect(try Self.ranges("\\w+", "日本 ok") == [0..<6, 7..<9])
        // ICU's way of naming a character, which the find bar took before.
        #expect(try Self.ranges("\\u0053t", "a St") == [2..<4])
        #expect(try Self.ranges("\\x{e9}", "é") == [0..<2])
        #expect(try Self.ranges("\\U0001F600", "a😀") == [1..<5])
        // Not rewritten: an escaped backslash, and inside \Q…\E.
        #expect(try Self.ranges("\\\\u0053", "\\u0053") == [0..<6])
        #expect(try Self.ranges("\\Q\\u0053\\E", "\\u0053") == [0..<6])
    }

    @Test func onlyLineFeedsEndLines() throws {
        #expect(try Self.ranges("^b", "a\nb\rb", [.anchorsMatchLines]) == [2..<3])
        #expect(try Self.ranges("a$", "a\ra\na", [.anchorsMatchLines]) == [2..<3, 4..<5])
        #expect(try Self.ranges("^b", "a\nb") == [])
    }

    @Test func stoppingEarly() throws {
        let regex = try CompiledRegex("a")
        var seen = 0
        var text = "aaaa"
        text.withUTF8 { buffer in regex.enumerateMatches(in: buffer) { _ in seen += 1; return seen < 2 } }
        #expect(seen == 2)
        #expect(regex.matches("xa") && !regex.matches("xyz"))
    }

    @Test func errorsSayWhatAndWhere() {
        #expect(throws: SearchQueryError(message: "missing closing parenthesis at character 5")) { try CompiledRegex("(abc") }
        #expect(throws: SearchQueryError.self) { try CompiledRegex("a{2,1}") }
        #expect(throws: SearchQueryError.self) { try CompiledRegex("[z-a]") }
    }
}

@testable import ChatModel
import Foundation
import NatterTestSupport
import Testing

/// `/patterns/` over many lines: what is read from a pattern's text (its required literals,
/// whether it may run over joined lines), and that the fast path answers exactly as the
/// expression run on each line alone.
struct SearchPatternTests {
    func plan(_ source: String) -> (literals: [String], canJoin: Bool, leading: String?) {
        let plan = SearchPattern.Plan(source)
        return (plan.literals.map { String(decoding: $0, as: UTF8.self) }, plan.canJoin,
                plan.leading.map { String(decoding: $0, as: UTF8.self) })
    }

    @Test func requiredLiteralsAreTheTopLevelRunsOfPlainASCII() {
        #expect(plan("caf[eé] .*yes").literals == ["caf", " ", "yes"])
        #expect(plan("caf[eé] .*yes").leading == "caf")
        #expect(plan("ab?c").literals == ["a", "c"])                   // b is optional
        #expect(plan("ab+c").literals == ["ab", "c"])                  // b is required, but repeats
        #expect(plan("a{2,}b").literals == ["a", "b"])
        #expect(plan("x{0,3}yz").literals == ["yz"])
        #expect(plan("x{,3}y").literals == ["y"])
        #expect(plan("(foo)bar").literals == ["bar"])
        #expect(plan("(foo)bar").leading == nil)                       // a group comes first
        #expect(plan("\\.com\\b").literals == [".com"])
        #expect(plan("v\\d+\\.\\d").literals == ["v", "."])
        #expect(plan("ABC").literals == ["abc"])
        #expect(plan("[]a]x").literals == ["x"])                       // `]` first in a class is in it
        #expect(plan("[[a-z]&&[^q]]ok").literals == ["ok"])             // classes nest
        #expect(plan("über").literals == ["ber"])                      // non-ASCII ends a run
        #expect(plan("a*?b").literals == ["b"])
    }

    @Test func anAlternativeAtTheTopRequiresNothing() {
        #expect(plan("foo|bar").literals == [])
        #expect(plan("foo|bar").leading == nil)
        #expect(plan("(a|b)cd").literals == ["cd"])                    // inside a group it is fine
    }

    @Test func whatItCannotReadMakesItClaimNothing() {
        for source in ["(?i)abc", "(?x)a b", "(?#note)abc", "\\x41bc", "\\p{L}abc", "\\Qa.b\\E", "(a)\\1bc", "\\N{SPACE}ab", "\\u0041bc"] {
            #expect(plan(source).literals == [], "\(source)")
            #expect(!plan(source).canJoin, "\(source)")
        }
    }

    @Test func lookingPastALineEndForbidsJoining() {
        for source in ["foo(?=bar)", "(?<!a)b", "(?<=a)b", "(?>ab)c", "a++b", "a*+b", "\\Aabc", "abc\\z", "abc\\Z", "\\Gab"] {
            #expect(!plan(source).canJoin, "\(source)")
        }
        for source in ["^abc$", "\\bfoo\\b", "a\\sb", "(?:ab)+c", "(?<name>ab)c", "[^x]+", "a.*b"] {
            #expect(plan(source).canJoin, "\(source)")
        }
        #expect(plan("\\Aabc").literals == ["abc"])
    }

    @Test func lowercasePatternsAreTheOnesThatMayRunCaseSensitively() {
        #expect(SearchPattern.isLowercase("caf[e] .*yes\\W\\S"))
        #expect(!SearchPattern.isLowercase("Yes"))
        #expect(!SearchPattern.isLowercase("[[:upper:]]"))
        #expect(!SearchPattern.isLowercase("café"))
        #expect(!SearchPattern.isLowercase("\\\\A"))                  // an escaped backslash, then a capital
        #expect(!SearchPattern.isLowercase("[\\x41-\\x5a]"))            // escapes that may name capitals
        #expect(!SearchPattern.isLowercase("[\\p{lu}]"))
    }

    /// Lines made of pieces chosen to trip the fast path: letters that fold to ASCII (ß, ſ,
    /// ﬁ), characters ICU takes as line ends, capitals, and what the patterns look for.
    func corpus(seed: UInt64) -> (SearchCorpus, [ChatLine]) {
        let pieces = ["a", "b", " ", "foo", "bar", "yes", "café", "caf", "ß", "ſ", "ﬁ", "fi", "ss", "s", "K",
                      "x", "\u{2028}", "\r", "über", "Straße", "é", "👍", "\t", "YES", "\u{02}", "q", "st", "ﬆ", "1"]
        let nicks = ["bob", "Bo", "ann", "ss", "ſa", "x"]
        var rng = SplitMix64(seed: seed)
        var lines: [ChatLine] = []
        for k in 0..<400 {
            let text = (0..<Int(rng.next() % 9)).map { _ in pieces[Int(rng.next() % UInt64(pieces.count))] }.joined()
            let kind: ChatLineKind = k % 17 == 0 ? .join : .message
            lines.append(ChatLine(id: "l\(k)", time: Date(), kind: kind, nick: nicks[Int(rng.next() % UInt64(nicks.count))], text: text))
        }
        return (SearchCorpus(lines), lines)
    }

    @Test(arguments: ["caf[eé] .*yes", "ss", "s", "fi", "st", "^bo", "b$", "a\\sb", "[^x]+", "x*", "\\bfoo\\b", "yes$",
                      "^$", "(?<=a)b", "a++b", "[[:upper:]]", "K", "k", "\\p{Lu}", "foo|bar", "é", "s.?t", "\\Wq", "y[e]s",
                      "ab+", "(?:fo)+o", "^x", "\\s$", "[a-z]{3}", "\\n", "\\r", ".", "ſ", "Straße", "strasse",
                      "[\\x41-\\x5a]", "S\\d", "s.", "[\\u0053]t"])
    func theFastPathAnswersAsEachLineAlone(pattern: String) throws {
        let query = try SearchQuery(parsing: "/\(pattern)/")
        for seed: UInt64 in [1, 2, 3] {
            let (corpus, lines) = corpus(seed: seed)
            let expected = lines.indices.filter { query.matches(lines[$0]) }.reversed()
            #expect(query.matchingIndices(in: corpus) == Array(expected), "/\(pattern)/ seed \(seed)")
        }
    }

    @Test func patternsCombineWithWordsAndSenders() throws {
        let (corpus, lines) = corpus(seed: 9)
        for text in ["from:bob /a\\sb/", "foo /ba?r/", "from:ss /s/ yes"] {
            let query = try SearchQuery(parsing: text)
            let expected = lines.indices.filter { query.matches(lines[$0]) }.reversed()
            #expect(query.matchingIndices(in: corpus) == Array(expected), "\(text)")
        }
    }
}

import ChatModel
import Foundation
import Testing

struct ScrollbackTests {
    func line(_ n: Int) -> ChatLine {
        ChatLine(id: "m\(n)", time: Date(timeIntervalSince1970: Double(n)), kind: .message, nick: "a", text: "text \(n)")
    }

    @Test func trimsInBatchesAtTheCap() {
        var scrollback = Scrollback(cap: 10, trimBatch: 4)
        var trimmed = 0
        for n in 0..<10 { trimmed += scrollback.append(line(n)).trimmed }
        #expect(scrollback.count == 10 && trimmed == 0)
        let result = scrollback.append(line(10))
        #expect(result.appended == 1 && result.trimmed == 4)
        #expect(scrollback.count == 7)
        #expect(scrollback.lines.first?.id == "m4")
        #expect(!scrollback.contains(id: "m0") && scrollback.contains(id: "m10"))
    }

    @Test func aBatchLargerThanTheCapDropsHalfTheLinesNotAll() {
        var scrollback = Scrollback(cap: 100, trimBatch: 500)
        for n in 0..<100 { scrollback.append(line(n)) }
        let result = scrollback.append(line(100))
        #expect(result.trimmed == 50)
        #expect(scrollback.count == 51 && scrollback.lines.last?.id == "m100")
    }

    @Test func prependKeepsOrderAndSkipsKnownIDs() {
        var scrollback = Scrollback()
        scrollback.append(line(5))
        scrollback.append(line(6))
        let added = scrollback.prepend([line(3), line(4), line(5)])
        #expect(added == 2)
        #expect(scrollback.lines.map(\.id) == ["m3", "m4", "m5", "m6"])
    }

    @Test func duplicateAppendsAreIgnored() {
        var scrollback = Scrollback()
        let first = scrollback.append(line(1)).appended, second = scrollback.append(line(1)).appended
        #expect(first == 1 && second == 0)
        #expect(scrollback.count == 1)
    }
}

struct HighlightAndIgnoreTests {
    let source = IRCSourceFixture.alice

    @Test(arguments: [
        ("hey natter, look", true), ("natter: hi", true), ("NATTER!", true), ("(natter)", true),
        ("natters are nice", false), ("xnatter", false), ("natter_ is not me", false), ("nat ter", false),
    ])
    func ownNickAsAWholeWord(text: String, expected: Bool) {
        let rules = HighlightRules()
        #expect(rules.matches(text: text, source: nil, ownNick: "natter", caseMapping: .rfc1459) == expected)
    }

    @Test func casemappingFoldsBracketsUnderRFC1459() {
        let rules = HighlightRules()
        #expect(rules.matches(text: "hello {nat}", source: nil, ownNick: "[nat]", caseMapping: .rfc1459))
        #expect(!rules.matches(text: "hello {nat}", source: nil, ownNick: "[nat]", caseMapping: .ascii))
    }

    @Test func wordEdgesAreJudgedOnFoldedBytes() {
        let rules = HighlightRules()
        // Under rfc1459 `~` is the upper case of `^`, a nick character: no word edge before "nat".
        #expect(!rules.matches(text: "hi ~nat", source: nil, ownNick: "nat", caseMapping: .rfc1459))
        #expect(rules.matches(text: "hi ~nat", source: nil, ownNick: "nat", caseMapping: .rfc1459Strict))
        #expect(rules.matches(text: "NAT[M] there", source: nil, ownNick: "nat{m}", caseMapping: .rfc1459))
        #expect(rules.matches(text: "nat", source: nil, ownNick: "NAT", caseMapping: .ascii), "the whole text")
        #expect(!rules.matches(text: "na", source: nil, ownNick: "nat", caseMapping: .ascii), "shorter than the nick")
        #expect(rules.matches(text: "café nat", source: nil, ownNick: "nat", caseMapping: .ascii))
        #expect(!rules.matches(text: "énat", source: nil, ownNick: "nat", caseMapping: .ascii), "a non-ASCII byte is part of a word")
    }

    @Test func keywordsAndMasks() {
        let rules = HighlightRules(keywords: ["swift"], masks: ["alice!*@*"])
        #expect(rules.matches(text: "I like Swift.", source: nil, ownNick: "me", caseMapping: .ascii))
        #expect(!rules.matches(text: "swiftly", source: nil, ownNick: "me", caseMapping: .ascii))
        #expect(rules.matches(text: "anything", source: source, ownNick: "me", caseMapping: .ascii))
    }

    @Test func ignoreMasks() {
        var ignores = IgnoreList()
        let added = ignores.add("alice"), addedAgain = ignores.add("alice!*@*")
        #expect(added && !addedAgain)
        #expect(ignores.ignores(source, caseMapping: .rfc1459))
        let removed = ignores.remove("alice")
        #expect(removed)
        #expect(!ignores.ignores(source, caseMapping: .rfc1459))
        ignores.add("*!*@*.example.org")
        #expect(ignores.ignores(source, caseMapping: .rfc1459))
    }
}

/// A replayed line older than everything the cap keeps.
struct ScrollbackInsertTests {
    @Test func aLineInsertedIntoTheTrimmedTopStillReportsTheTrim() {
        var scrollback = Scrollback(cap: 4, trimBatch: 2)
        let t0 = Date(timeIntervalSince1970: 1_000)
        for k in 0..<4 { scrollback.append(ChatLine(id: "l\(k)", time: t0.addingTimeInterval(Double(k + 10)), kind: .message, nick: "a", text: "\(k)")) }
        let result = scrollback.insert(inTimeOrder: ChatLine(id: "old", time: t0, kind: .message, nick: "a", text: "old"))
        #expect(result.index == nil && result.trimmed == 2)
        #expect(scrollback.lines.map(\.id) == ["l1", "l2", "l3"])
        #expect(!scrollback.contains(id: "old"))
    }
}

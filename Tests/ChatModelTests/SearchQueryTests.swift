import ChatModel
import Foundation
import Testing

/// The find bar's query language: words, "phrases", /patterns/ and from:nick, case- and
/// formatting-blind.
struct SearchQueryTests {
    func line(_ nick: String, _ text: String, kind: ChatLineKind = .message) -> ChatLine {
        ChatLine(id: UUID().uuidString, time: Date(), kind: kind, nick: nick, text: text)
    }

    @Test func wordsMustAllAppearInTheNickOrTheTextIgnoringCaseAndFormatting() throws {
        let query = try SearchQuery(parsing: "ALICE deploy")
        #expect(query.matches(line("alice", "the \u{02}dep\u{02}loy is done")))          // bold split the word
        #expect(query.matches(line("bob", "Alice said deploy")))
        #expect(!query.matches(line("alice", "nothing here")))
        #expect(!query.matches(line("alice", "deploy", kind: .join)))                     // only messages
        #expect(try SearchQuery(parsing: "  ").isEmpty)
        #expect(!(try SearchQuery(parsing: "").matches(line("a", "anything"))))
    }

    @Test func phrasesKeepTheirSpacesAndOrder() throws {
        let query = try SearchQuery(parsing: "\"build failed\"")
        #expect(query.matches(line("ci", "The Build Failed again")))
        #expect(!query.matches(line("ci", "failed build")))
        // An unclosed quote is text.
        #expect(try SearchQuery(parsing: "\"open").matches(line("a", "say \"open sesame")))
    }

    @Test func patternsAreRegularExpressionsAndABadOneSaysSo() throws {
        let query = try SearchQuery(parsing: "/v[0-9]+\\.[0-9]+/")
        #expect(query.matches(line("bot", "released V2.13 today")))
        #expect(!query.matches(line("bot", "released vX.Y")))
        #expect(try SearchQuery(parsing: "/a\\/b/").matches(line("x", "path a/b here")))
        #expect(throws: SearchQueryError(message: "not a valid pattern: /(unclosed/")) { try SearchQuery(parsing: "/(unclosed/") }
    }

    @Test func fromKeepsOnlyLinesByThoseNicks() throws {
        let query = try SearchQuery(parsing: "from:Alice from:carol lunch")
        #expect(query.matches(line("alice", "lunch?")))
        #expect(query.matches(line("Carol", "LUNCH!")))
        #expect(!query.matches(line("bob", "lunch, alice?")))
        #expect(try SearchQuery(parsing: "from:bob").matches(line("bob", "anything")))
    }

    @Test func rangesCoverEveryOccurrenceMerged() throws {
        let query = try SearchQuery(parsing: "ab /b+c/")
        let text = "xx ab abbbc ab"
        let ranges = query.ranges(in: text).map { text[$0] }
        #expect(ranges == ["ab", "abbbc", "ab"])
    }
}

/// The contiguous search keys of a scrollback kept in step with its lines.
struct SearchCorpusTests {
    func line(_ id: String, _ nick: String, _ text: String, kind: ChatLineKind = .message) -> ChatLine {
        ChatLine(id: id, time: Date(), kind: kind, nick: nick, text: text)
    }

    @Test func keysFollowAppendsPrependsTrimsAndReplacements() throws {
        var scrollback = Scrollback(cap: 6, trimBatch: 2)
        scrollback.append(line("a", "alice", "hello WORLD"))
        #expect(scrollback.search == nil)                          // made at the first search
        scrollback.enableSearch()
        scrollback.append(line("j", "bob", "", kind: .join))
        scrollback.append(line("b", "bob", "world peace"))
        let word = try SearchQuery(parsing: "world")
        #expect(word.matchingIndices(in: scrollback) == [2, 0])
        scrollback.prepend([line("o1", "carol", "old world"), line("o2", "carol", "old news")])
        #expect(word.matchingIndices(in: scrollback) == [4, 2, 0])
        #expect(try SearchQuery(parsing: "from:carol").matchingIndices(in: scrollback) == [1, 0])
        // A needle never spans two lines' keys, nor a nick and its text.
        #expect(try SearchQuery(parsing: "newsalice").matchingIndices(in: scrollback).isEmpty)
        #expect(try SearchQuery(parsing: "alicehello").matchingIndices(in: scrollback).isEmpty)
        #expect(try SearchQuery(parsing: "alice").matchingIndices(in: scrollback) == [2])
        scrollback.replace(id: "b", with: line("b", "bob", "no longer"))
        #expect(word.matchingIndices(in: scrollback) == [2, 0])
        for k in 0..<3 { scrollback.append(line("n\(k)", "dave", "new world \(k)")) }   // 8 lines: trims 2
        #expect(scrollback.count == 6 && scrollback.search?.count == 6)
        #expect(scrollback.lines.first?.id == "a")
        #expect(word.matchingIndices(in: scrollback) == [5, 4, 3, 0])
        #expect(try SearchQuery(parsing: "world from:dave").matchingIndices(in: scrollback) == [5, 4, 3])
        #expect(try SearchQuery(parsing: "/wor.d/ from:alice").matchingIndices(in: scrollback) == [0])
        scrollback.removeAll()
        #expect(scrollback.search?.count == 0 && scrollback.search?.bytes.isEmpty == true)
    }

    @Test func keysFollowInsertsInTimeOrderAndRemovals() throws {
        var scrollback = Scrollback(cap: 10, trimBatch: 2)
        let t0 = Date(timeIntervalSince1970: 1_000)
        func at(_ id: String, _ seconds: Double, _ text: String, kind: ChatLineKind = .message) -> ChatLine {
            ChatLine(id: id, time: t0.addingTimeInterval(seconds), kind: kind, nick: "bob", text: text)
        }
        scrollback.enableSearch()
        scrollback.append(at("a", 1, "first world"))
        scrollback.append(at("j", 10, "", kind: .join))
        scrollback.append(at("z", 20, "last world"))
        // A replayed line goes where its time puts it; the keys follow.
        #expect(scrollback.insert(inTimeOrder: at("m", 5, "middle world")).index == 1)
        #expect(scrollback.lines.map(\.id) == ["a", "m", "j", "z"])
        let word = try SearchQuery(parsing: "world")
        #expect(word.matchingIndices(in: scrollback) == [3, 1, 0])
        #expect(try SearchQuery(parsing: "middle").matchingIndices(in: scrollback) == [1])
        let removed = scrollback.remove(id: "m")
        #expect(removed)
        #expect(word.matchingIndices(in: scrollback) == [2, 0])
        func keys(_ corpus: SearchCorpus) -> [[UInt8]] { (0..<corpus.count).map { Array(corpus.key(at: $0)) } }
        let kept = try #require(scrollback.search)
        #expect(keys(kept) == keys(SearchCorpus(scrollback.lines)))
    }
}

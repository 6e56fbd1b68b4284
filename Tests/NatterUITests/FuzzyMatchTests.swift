@testable import NatterUI
import Testing

/// The quick switcher's fuzzy matching.
struct FuzzyMatchTests {
    @Test func charactersInOrderMatchAndBetterPlacesScoreHigher() throws {
        #expect(FuzzyMatch.score("nt", "#natter") != nil)
        #expect(FuzzyMatch.score("tn", "#natter") == nil)              // order matters
        #expect(FuzzyMatch.score("NAT", "#natter") != nil)             // case does not
        #expect(FuzzyMatch.score("", "anything") == 0)
        let natter = try #require(FuzzyMatch.score("nt", "#natter"))
        let internet = try #require(FuzzyMatch.score("nt", "#internet"))
        #expect(natter > internet)                                      // a start beats the middle
        let swift = try #require(FuzzyMatch.score("sw", "#swift"))
        let rust = try #require(FuzzyMatch.score("sw", "#rust-swing"))
        #expect(swift > rust)
        let word = try #require(FuzzyMatch.score("t", "#nightly-tests"))
        let inside = try #require(FuzzyMatch.score("t", "#nightly"))
        #expect(word > inside)                                          // the start of a word
        #expect(FuzzyMatch.score("日本", "#日本語") != nil)
    }
}

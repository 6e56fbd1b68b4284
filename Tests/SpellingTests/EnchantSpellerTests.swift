@testable import Spelling
import Testing

/// The real Enchant with Debian's en_US Hunspell dictionary (make test installs hunspell-en-us).
@MainActor
struct EnchantSpellerTests {
    @Test func checksAndSuggestsInEnglish() throws {
        let speller = try #require(EnchantSpeller())
        try #require(speller.hasDictionary("en_US"), "no en_US dictionary: install hunspell-en-us")
        #expect(speller.check("weather", language: "en_US") == true)
        #expect(speller.check("don't", language: "en_US") == true)
        #expect(speller.check("teh", language: "en_US") == false)
        #expect(speller.suggestions(for: "teh", language: "en_US").contains("the"))
        #expect(speller.suggestions(for: "recieve", language: "en_US").first == "receive")
    }

    @Test func aLanguageWithoutADictionaryChecksNothing() throws {
        let speller = try #require(EnchantSpeller())
        #expect(speller.check("anything", language: "xx_XX") == nil)
        #expect(speller.suggestions(for: "anything", language: "xx_XX").isEmpty)
        #expect(!speller.hasDictionary("xx_XX"))
    }

    /// A clock the test moves.
    final class Clock { var now = 100.0 }

    @Test func aMissingDictionaryIsLookedForAgainAfterAFewSeconds() throws {
        // Enchant finds a dictionary installed after it started (the same broker, asked
        // again); the speller has to ask again for that, but not for every word typed.
        let clock = Clock()
        let speller = try #require(EnchantSpeller(clock: { clock.now }))
        #expect(speller.check("word", language: "xx_XX") == nil)
        #expect(speller.requests == 1)
        clock.now += 1
        #expect(speller.check("word", language: "xx_XX") == nil)
        #expect(speller.suggestions(for: "word", language: "xx_XX").isEmpty)
        #expect(speller.requests == 1)
        clock.now += EnchantSpeller.retryInterval
        #expect(speller.check("word", language: "xx_XX") == nil)
        #expect(speller.requests == 2)
        // A dictionary that opened stays open.
        try #require(speller.hasDictionary("en_US"), "no en_US dictionary: install hunspell-en-us")
        #expect(speller.check("weather", language: "en_US") == true)
        clock.now += 60
        #expect(speller.check("teh", language: "en_US") == false)
        #expect(speller.requests == 3)
    }
}

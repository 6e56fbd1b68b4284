import Foundation
@testable import Spelling
import Testing

/// The tests' spelling does not depend on the machine: `scripts/test-env.sh` (which `make test`
/// runs the suite in) gives Enchant an ordering of its own that names Hunspell, whose en_US
/// dictionary the Makefile installs. Debian's ordering prefers Aspell for English, so a machine
/// that also has aspell-en suggested other words and drew other goldens.
@MainActor
struct PinnedSpellingTests {
    @Test func enchantAsksHunspellWhateverElseIsInstalled() throws {
        let environment = ProcessInfo.processInfo.environment
        let pinned = try #require(environment["ENCHANT_CONFIG_DIR"],
                                  "run the tests through make test (scripts/test-env.sh pins Enchant's spell checker)")
        let ordering = try String(contentsOfFile: pinned + "/enchant.ordering", encoding: .utf8)
        #expect(ordering.split(separator: "\n").contains("en_US:hunspell"))
        let speller = try #require(EnchantSpeller())
        #expect(speller.provider(for: "en_US") == "hunspell")
        // Hunspell's own order, which the spelling goldens show (Aspell's is "the, tech, Te, …").
        #expect(speller.suggestions(for: "teh", language: "en_US").prefix(2) == ["the", "eh"])
        #expect(speller.provider(for: "xx_XX") == nil)
    }

    @Test func wordsAddedGoToTheTestsOwnFolderNotTheHome() throws {
        let environment = ProcessInfo.processInfo.environment
        let pinned = try #require(environment["ENCHANT_CONFIG_DIR"],
                                  "run the tests through make test (scripts/test-env.sh pins Enchant's folder)")
        let speller = try #require(EnchantSpeller())
        let word = "zqxnatterword"
        #expect(speller.check(word, language: "en_US") == false)
        speller.add(word, language: "en_US")
        #expect(speller.check(word, language: "en_US") == true)
        let list = try String(contentsOfFile: pinned + "/en_US.dic", encoding: .utf8)
        #expect(list.contains(word))
    }
}

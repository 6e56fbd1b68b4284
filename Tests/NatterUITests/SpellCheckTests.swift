import ChatModel
import IRCProtocol
import IRCSession
import NatterUI
import Testing
import Widgets

/// Which words of a message are checked, and the input line's spelling with a word-list checker.
@MainActor
struct SpellCheckTests {
    final class WordList: SpellChecking {
        var known: Set<String>
        var added: [String] = []
        init(_ words: [String]) { known = Set(words) }
        func check(_ word: String, language: String) -> Bool? {
            language == "en_US" ? known.contains(word.lowercased()) : nil
        }
        func suggestions(for word: String, language: String, limit: Int) -> [String] {
            word == "teh" ? ["the", "ten"] : []
        }
        func add(_ word: String, language: String) { known.insert(word.lowercased()); added.append(word) }
        func hasDictionary(_ language: String) -> Bool { language == "en_US" }
    }

    @Test func onlyProseIsChecked() {
        let text = "/msg bob hello: see #natter, @op, https://example.org/teh foo_bar mp3 don't x-ray (teh). Alice"
        let words = SpellCheck.words(in: text, skipping: ["alice"]).map(\.text)
        #expect(words == ["hello", "see", "don't", "x-ray", "teh"])
        #expect(SpellCheck.words(in: "/join #a").isEmpty)
        let ranged = SpellCheck.words(in: "one  two")
        #expect(ranged.map(\.range) == [0..<3, 5..<8])
    }

    @Test func misspeltWordsButNotTheOneBeingTyped() {
        let checker = WordList(["the", "cat"])
        #expect(SpellCheck.misspelt(in: "teh cat", language: "en_US", checker: checker).map(\.text) == ["teh"])
        #expect(SpellCheck.misspelt(in: "the caat", language: "en_US", checker: checker).isEmpty)
        #expect(SpellCheck.misspelt(in: "the caat ", language: "en_US", checker: checker).map(\.text) == ["caat"])
        #expect(SpellCheck.misspelt(in: "teh cat", language: "xx", checker: checker).isEmpty, "no dictionary: nothing flagged")
    }

    /// A word the dictionary's language does not write is not flagged: 日本 and привет in an
    /// English line, café and naïve for English dictionaries; a German dictionary judges Straße.
    @Test func wordsOfOtherScriptsAreLeftAlone() {
        let checker = WordList(["the"])
        let text = "日本 café naïve привет teh "
        #expect(SpellCheck.misspelt(in: text, language: "en_US", checker: checker).map(\.text) == ["teh"])
        #expect(SpellCheck.writes("Straße", in: "de_DE") && SpellCheck.writes("café", in: "fr_FR"))
        #expect(!SpellCheck.writes("日本", in: "de_DE") && !SpellCheck.writes("hello", in: "ru_RU"))
        #expect(SpellCheck.writes("привет", in: "ru") && !SpellCheck.writes("café", in: "en_GB"))
    }

    @Test func misspeltCharactersAreUnderlinedInTheErrorColour() {
        let spans = InputFormatting.spans("teh cat", base: TextAttributes(font: .ui, foreground: .white), theme: .dark,
                                          misspelt: Set(0..<3))
        #expect(spans.count == 2)
        #expect(spans[0].text == "teh" && spans[0].attributes.underline && spans[0].attributes.underlineColor == ChatTheme.dark.errorText)
        #expect(spans[1].text == " cat" && !spans[1].attributes.underline)
    }

    /// Nicks of the channel are never flagged; a correction from the menu replaces the word;
    /// /spell switches the buffer's language or turns it off.
    @Test func theControllersMenuAndLanguages() throws {
        let chat = ChatStack.headless()
        chat.model.addNetwork(name: "Net", configuration: SessionConfiguration(nick: "me", user: "me", realName: "me"))
        chat.model.deliver(.connected(now: SessionTime(0)), network: "Net")
        for line in [":srv 001 me :Welcome", ":me!u@h JOIN #c", ":srv 353 me = #c :me zork", ":srv 366 me #c :End"] {
            chat.model.deliver(.received(try IRCMessage(parsing: line), now: SessionTime(0)), network: "Net")
        }
        chat.controller.sync()
        let channel = try #require(chat.model.network("Net")?.buffer(named: "#c"))
        chat.controller.show(channel.id)
        let checker = WordList(["the", "cat", "sat"])
        chat.controller.input.spellChecker = checker
        let input = chat.screen.input
        input.replaceText("zork teh cat sat", caret: 16)
        #expect(chat.controller.input.spellingMenu(at: 0).isEmpty, "a nick is not misspelt")
        let menu = chat.controller.input.spellingMenu(at: 6)
        #expect(menu.map(\.title) == ["the", "ten", "Add “teh” to the dictionary"])
        menu[0].action()
        #expect(input.text == "zork the cat sat" && input.state.caret == 8)
        input.replaceText("caat ", caret: 5)
        chat.controller.input.spellingMenu(at: 1).last?.action()
        #expect(checker.added == ["caat"])

        input.replaceText("teh ", caret: 4)
        #expect(!chat.controller.input.spellingMenu(at: 1).isEmpty, "checked before /spell off")
        input.replaceText("/spell off", caret: 10)
        input.onSubmit?(input.text)
        input.replaceText("teh ", caret: 4)
        #expect(chat.controller.input.spellingMenu(at: 1).isEmpty, "not checked after /spell off")
        input.replaceText("/spell xx_XX", caret: 12)
        input.onSubmit?(input.text)
        chat.controller.sync()
        #expect(chat.model.buffer(channel.id)?.lines.last?.text.contains("No dictionary for xx_XX") == true)
        input.replaceText("/spell en_US", caret: 12)
        input.onSubmit?(input.text)
        input.replaceText("teh ", caret: 4)
        #expect(!chat.controller.input.spellingMenu(at: 1).isEmpty)
    }
}

import NatterUI
import Testing

struct TabCompleterTests {
    let nicks = ["bob", "alice", "Albert", "carol"]   // bob spoke last, then alice, …
    let channels = ["#natter", "#nat-dev", "#swift"]
    let commands = ["join", "part", "query", "quit"]

    func tab(_ c: inout TabCompleter, _ text: String, _ caret: Int? = nil, back: Bool = false) -> (String, Int)? {
        c.complete(text: text, caret: caret ?? text.count, backwards: back, nicks: nicks, channels: channels, commands: commands)
            .map { ($0.text, $0.caret) }
    }

    @Test func atTheStartANickGetsTheSuffixAndTabCycles() {
        var c = TabCompleter()
        var r = tab(&c, "al")
        #expect(r?.0 == "alice: " && r?.1 == 7)
        r = tab(&c, r!.0)
        #expect(r?.0 == "Albert: ")
        r = tab(&c, r!.0)
        #expect(r?.0 == "alice: ", "cycles around")
        r = tab(&c, r!.0, back: true)
        #expect(r?.0 == "Albert: ", "Shift+Tab goes back")
    }

    /// A command's own arguments (`/set`'s names, then its values), even before a letter is
    /// typed; other commands' words are nicks and channels as anywhere.
    @Test func aCommandsOwnArgumentsComeFirst() {
        var c = TabCompleter()
        let own: (String, [String]) -> [String]? = { command, before in
            guard command == "set" else { return nil }
            return before.isEmpty ? ["theme.appearance", "theme.font"] : ["auto", "dark", "light"]
        }
        func tab(_ text: String) -> String? {
            c.complete(text: text, caret: text.count, backwards: false, nicks: nicks, channels: channels, commands: commands,
                       arguments: own)?.text
        }
        #expect(tab("/set theme.a") == "/set theme.appearance ")
        c.reset()
        #expect(tab("/set theme.appearance ") == "/set theme.appearance auto ")
        c.reset()
        #expect(tab("/set theme.appearance d") == "/set theme.appearance dark ")
        c.reset()
        #expect(tab("/msg al") == "/msg alice ")
        c.reset()
        #expect(tab("/msg ") == nil, "nothing typed, no arguments of its own: nothing")
    }

    @Test func elsewhereANickGetsASpaceAndTheRestOfTheLineStays() {
        var c = TabCompleter()
        let r = tab(&c, "hi ca how are you", 5)
        #expect(r?.0 == "hi carol how are you" && r?.1 == 9)
    }

    @Test func anotherEditAcceptsAndStartsOver() {
        var c = TabCompleter()
        let r = tab(&c, "b")
        #expect(r?.0 == "bob: ")
        // The user typed more: the text differs from what completion produced, so a new word completes.
        let next = tab(&c, "bob: a")
        #expect(next?.0 == "bob: alice ")
    }

    @Test func channelsCommandsAndCustomSuffix() {
        var c = TabCompleter(suffix: ", ")
        #expect(tab(&c, "join #na")?.0 == "join #natter ")
        c.reset()
        #expect(tab(&c, "/qu")?.0 == "/query ")
        #expect(tab(&c, "/query ")?.0 == "/quit ")
        c.reset()
        #expect(tab(&c, "car")?.0 == "carol, ")
        c.reset()
        #expect(tab(&c, "zz") == nil)
        #expect(tab(&c, "") == nil)
        #expect(tab(&c, "x /qu") == nil, "commands complete only at the start of the line")
    }
}

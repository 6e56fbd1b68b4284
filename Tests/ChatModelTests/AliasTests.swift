import ChatModel
import Foundation
import IRCProtocol
import IRCSession
import Testing

/// The user's own commands (issue 33, point 9): what an alias expands to, the lines it sends,
/// and the names it may not take.
struct AliasTests {
    func lines(_ expansion: String, _ arguments: String?, channel: String? = "#c") -> [String]? {
        CommandAliases(["a": expansion]).lines(of: "A", arguments: arguments, nick: "me", channel: channel, network: "Libera")
    }

    @Test func variablesArePutIn() {
        #expect(lines("/msg $1 hi $2, from $nick in $channel on $network", "ada bob") == ["/msg ada hi bob, from me in #c on Libera"])
        #expect(lines("/kick $1 $2-", "ada you were warned") == ["/kick ada you were warned"])
        #expect(lines("/me says $*", "a b  c") == ["/me says a b c"])
        #expect(lines("/me costs $$5 and $9 and $0 $x", "a") == ["/me costs $5 and  and $0 $x"])
        #expect(lines("/topic in $channel", nil, channel: nil) == ["/topic in "])
        #expect(lines("/msg $1 hello", nil) == ["/msg  hello"])
    }

    @Test func semicolonsSeparateCommands() {
        #expect(lines("/join $1; /msg $1 hello;  ; /me is here\\; really", "#x") == ["/join #x", "/msg #x hello", "/me is here; really"])
    }

    /// Without a word variable, what was typed goes at the end, as in irssi.
    @Test func wordsGoAtTheEndWhenNoVariableTakesThem() {
        #expect(lines("/join", "#a key") == ["/join #a key"])
        #expect(lines("/away; /nick $nick|away", "lunch") == ["/away", "/nick me|away lunch"])
        #expect(lines("/join", nil) == ["/join"])
    }

    @Test func builtInCommandsCannotBeReplaced() {
        for name in ["join", "J", "msg", "ns", "quote", "alias", "help"] {
            #expect(CommandAliases.refusal(of: name) != nil, "\(name)")
        }
        #expect(CommandAliases.refusal(of: "two words") != nil)
        #expect(CommandAliases.refusal(of: "") != nil)
        #expect(CommandAliases.refusal(of: "greet") == nil)
        #expect(CommandAliases.refusal(of: "np-2_x") == nil)
    }

    @Test func anAliasSendsItsLinesInOrder() {
        let rig = CommandRig()
        #expect(rig.run("/alias greet /msg $1 hello $1; /me waves") == [.aliasChanged(name: "greet", expansion: "/msg $1 hello $1; /me waves")])
        #expect(rig.sends("/greet ada") == ["PRIVMSG ada :hello ada", "PRIVMSG #natter :\u{1}ACTION waves\u{1}"])
        // A line that is no command is said in the buffer; any case calls it.
        rig.run("/alias hi hello all")
        #expect(rig.sends("/HI") == ["PRIVMSG #natter :hello all"])
        // Unknown commands still go to the server as typed.
        #expect(rig.sends("/greeting x") == ["GREETING x"])
        // A line the buffer cannot take is said, the rest still runs.
        rig.run("/alias both hello; /nick other")
        #expect(rig.sends("/both", in: rig.server) == ["NICK other"])
        #expect(rig.notes(in: rig.server).contains { $0.hasPrefix("/both: this buffer has no channel or query") })
    }

    @Test func aLoopRunsNothingAndSaysWhy() {
        let rig = CommandRig()
        rig.run("/alias ping2 /pong2 $*")
        rig.run("/alias pong2 /ping2 $*")
        #expect(rig.sends("/ping2 x").isEmpty)
        #expect(rig.lastNote() == "/ping2 calls itself (/ping2 → /pong2 → /ping2): nothing was run")
        rig.run("/alias self /self")
        #expect(rig.sends("/self").isEmpty)
        #expect(rig.lastNote() == "/self calls itself (/self → /self): nothing was run")
    }

    /// Aliases of ten commands each, nested: a hundred lines run at most, and the rest is said
    /// to be dropped (ten to the fourth here otherwise).
    @Test func aliasesNestedWideStopAfterAHundredLines() {
        let rig = CommandRig()
        let ten = { (next: String) in Array(repeating: "/\(next)", count: 10).joined(separator: "; ") }
        rig.run("/alias a1 " + ten("a2"))
        rig.run("/alias a2 " + ten("a3"))
        rig.run("/alias a3 " + ten("a4"))
        rig.run("/alias a4 /raw PING x")
        // Every line an alias runs counts, those that call aliases too: 47 of them reach the server.
        let sent = rig.sends("/a1")
        #expect(sent.count == 47 && sent.allSatisfy { $0 == "PING x" })
        #expect(rig.lastNote() == "/a1: stopped after 100 lines of aliases")
    }

    @Test func aliasesAreListedShownAndRemoved() {
        let rig = CommandRig()
        rig.run("/alias")
        #expect(rig.lastNote() == "No aliases: /alias NAME EXPANSION makes one (see /help alias)")
        rig.run("/alias b /join")
        rig.run("/alias A /part")
        rig.run("/alias")
        #expect(rig.notes(in: rig.channel).suffix(2) == ["/A = /part", "/b = /join"])
        #expect(rig.run("/alias b /join #x") == [.aliasChanged(name: "b", expansion: "/join #x")])
        #expect(rig.lastNote() == "/b was /join, is now /join #x")
        rig.run("/alias b")
        #expect(rig.lastNote() == "/b = /join #x")
        #expect(rig.run("/alias a /part now") == [.aliasChanged(name: "A", expansion: "/part now")], "under the name written")
        #expect(rig.run("/unalias B") == [.aliasChanged(name: "b", expansion: nil)])
        #expect(rig.lastNote() == "/b is no longer an alias")
        #expect(rig.run("/unalias b").isEmpty)
        #expect(rig.sends("/b") == ["B"])
        #expect(rig.run("/alias join /part").isEmpty)
        #expect(rig.lastNote() == "No alias made: /join is one of Natter's commands: an alias cannot replace it")
    }
}

import Foundation
import IRCProtocol
import Testing
@testable import IRCSession

/// Netsplits told by quits whose reason is two server names: gathered on the virtual clock into
/// one event per channel after a quiet time, and the same users' joins into a netjoin.
struct NetsplitTests {
    /// Registered, in #a with ada, bob and cyd and in #b with ada and dan.
    static func joined() -> Harness {
        var h = Harness()
        h.register()
        h.feed([":natter!nat@h JOIN #a", ":irc.example 353 natter = #a :natter ada bob cyd", ":irc.example 366 natter #a :End",
                ":natter!nat@h JOIN #b", ":irc.example 353 natter = #b :natter ada dan", ":irc.example 366 natter #b :End"])
        return h
    }

    static func splits(_ outputs: [SessionOutput]) -> [SessionEvent] {
        events(outputs).filter {
            switch $0 {
            case .netsplit, .netjoin, .quit, .joined: return true
            default: return false
            }
        }
    }

    @Test(arguments: [
        ("hub.example leaf.example", true), ("*.net *.split", true), ("irc.eu.example.org irc-2.us.example.org", true),
        ("Quit: a.b c.d", false), ("hub.example leaf.example other.example", false), ("a.b c.d", false),
        ("hub.example hub.example", false), ("hub.example  leaf.example", false), ("hub.example leaf.example ", false),
        ("hub.example", false), ("Ping timeout: 240 seconds", false), ("hub..example leaf.example", false),
        ("hub.example leaf.123", false), ("gone home.now", false), ("hub.example: leaf.example", false),
    ])
    func theClassicFormIsTwoServerNames(reason: String, isSplit: Bool) {
        #expect(IRCSession.isNetsplitReason(reason) == isSplit)
    }

    @Test func quitsOfASplitFoldIntoOneEventPerChannelAfterAQuietTime() {
        var h = Self.joined()
        var out = h.feed(":ada!a@h QUIT :hub.example leaf.example")
        h.now += 0.6
        out += h.feed(":bob!b@h QUIT :hub.example leaf.example")
        h.now += 0.6
        out += h.feed(":dan!d@h QUIT :hub.example leaf.example")
        // Nothing told one by one; the members are gone at once.
        #expect(Self.splits(out).isEmpty)
        #expect(h.session.state.channel(named: "#a")?.members.keys.sorted() == ["cyd", "natter"])
        #expect(h.session.state.channel(named: "#b")?.members.keys.sorted() == ["natter"])
        // Still coming 1.9 s after the last quit; told at the first tick 2 s after it.
        #expect(Self.splits(h.tick(at: h.now + 1.9)).isEmpty)
        let told = Self.splits(h.tick(at: h.now + 0.2))
        #expect(told == [.netsplit(servers: "hub.example leaf.example", users: ["ada", "bob"], channels: ["#a"]),
                         .netsplit(servers: "hub.example leaf.example", users: ["ada", "dan"], channels: ["#b"])])
        #expect(Self.splits(h.tick(at: h.now + 5)).isEmpty)
    }

    /// Quits that only look like a split are told at once, each on its own.
    @Test func quitsThatLookSimilarAreNotFolded() {
        var h = Self.joined()
        let out = h.feed([":ada!a@h QUIT :Quit: a.b c.d", ":bob!b@h QUIT :off to hub.example leaf.example",
                          ":cyd!c@h QUIT :a.b c.d"])
        #expect(Self.splits(out) == [
            .quit(user: IRCSource(parsing: "ada!a@h"), reason: "Quit: a.b c.d", channels: ["#a", "#b"]),
            .quit(user: IRCSource(parsing: "bob!b@h"), reason: "off to hub.example leaf.example", channels: ["#a"]),
            .quit(user: IRCSource(parsing: "cyd!c@h"), reason: "a.b c.d", channels: ["#a"]),
        ])
        #expect(Self.splits(h.tick(at: h.now + 5)).isEmpty)
    }

    /// The users of a split coming back: one netjoin per channel, told after a quiet time and
    /// after the split itself; someone else's join stays an ordinary one, as does a later
    /// join of a user already back.
    @Test func theSameUsersRejoiningMakeANetjoin() {
        var h = Self.joined()
        h.feed([":ada!a@h QUIT :*.net *.split", ":bob!b@h QUIT :*.net *.split"])
        h.tick(at: h.now + 3)
        h.now += 60
        var out = h.feed([":ada!a@h JOIN #a", ":ada!a@h JOIN #b", ":bob!b@h JOIN #a"])
        let stranger = h.feed(":eve!e@h JOIN #a")
        #expect(Self.splits(out).isEmpty)
        #expect(h.session.state.channel(named: "#a")?.members["ada"] != nil)
        #expect(Self.splits(stranger).count == 1)
        out = h.tick(at: h.now + 2.5)
        #expect(Self.splits(out) == [.netjoin(servers: "*.net *.split", users: ["ada", "bob"], channels: ["#a"]),
                                     .netjoin(servers: "*.net *.split", users: ["ada"], channels: ["#b"])])
        h.feed(":ada!a@h PART #a")
        #expect(Self.splits(h.feed(":ada!a@h JOIN #a")).count == 1)
    }

    /// A user back ten minutes or more after the split joins as anyone does.
    @Test func aJoinLongAfterTheSplitIsAnOrdinaryJoin() {
        var h = Self.joined()
        h.feed(":ada!a@h QUIT :hub.example leaf.example")
        h.tick(at: h.now + 3)
        h.tick(at: h.now + 600)
        let out = h.feed(":ada!a@h JOIN #a")
        #expect(Self.splits(out).count == 1)
        if case .joined = Self.splits(out).first {} else { Issue.record("expected a join, got \(Self.splits(out))") }
    }

    /// The link going down tells a split still being gathered: nothing is lost.
    @Test func aDisconnectionTellsTheSplitBeingGathered() {
        var h = Self.joined()
        h.feed(":ada!a@h QUIT :hub.example leaf.example")
        let out = h.disconnect()
        #expect(Self.splits(out) == [.netsplit(servers: "hub.example leaf.example", users: ["ada"], channels: ["#a"]),
                                     .netsplit(servers: "hub.example leaf.example", users: ["ada"], channels: ["#b"])])
    }
}

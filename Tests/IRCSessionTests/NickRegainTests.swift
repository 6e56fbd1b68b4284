import Foundation
import IRCProtocol
import Testing
@testable import IRCSession

/// Registered under another nick because ours was taken (often by our own ghost after a
/// reconnect): when it frees up, we take it back; a nick the user chose is not overridden.
@Suite("Taking our nick back")
struct NickRegainTests {
    /// Registered as natter_ (natter taken), in #c with the ghost, MONITOR on offer or not.
    static func registeredAsAlternative(monitor: Bool) -> Harness {
        var h = Harness(Harness.config(nick: "natter"))
        h.connect()
        h.feed(":irc.example CAP * LS :")
        h.feed(":irc.example 433 * natter :Nickname is already in use")
        h.feed(":irc.example 001 natter_ :Welcome")
        h.feed(":irc.example 005 natter_ CHANTYPES=# PREFIX=(ov)@+\(monitor ? " MONITOR=100" : "") :are supported")
        return h
    }

    @Test func theGhostQuittingGivesItBack() {
        var h = Self.registeredAsAlternative(monitor: false)
        #expect(sent(h.feed(":irc.example 376 natter_ :End of MOTD")).allSatisfy { !$0.hasPrefix("MONITOR") })
        h.feed(":natter_!n@h JOIN #c")
        #expect(sent(h.feed(":natter!n@old QUIT :Ping timeout")) == ["NICK natter"])
        h.feed(":natter_!n@h NICK natter")
        #expect(h.session.state.nick == "natter")
        // Someone else's nick freeing up asks nothing.
        #expect(sent(h.feed(":bob!b@h QUIT :bye")).isEmpty)
    }

    @Test func withMonitorTheServerSaysWhenItIsFree() {
        var h = Self.registeredAsAlternative(monitor: true)
        #expect(sent(h.feed(":irc.example 376 natter_ :End of MOTD")) == ["MONITOR + natter"])
        #expect(sent(h.feed(":irc.example 731 natter_ :natter")) == ["NICK natter"])
        // Back: stop watching it, and no "online" news about ourselves.
        #expect(sent(h.feed(":natter_!n@h NICK natter")) == ["MONITOR - natter"])
        #expect(events(h.feed(":irc.example 730 natter :natter!n@h")).isEmpty)
    }

    @Test func aNickTheServerGaveUsStays() {
        // A bouncer or the server renames us after registering without a fallback: no fight.
        var h = Harness(Harness.config(nick: "natter"))
        h.register(isupport: ["CHANTYPES=#", "PREFIX=(ov)@+", "MONITOR=100"])
        #expect(h.session.state.nick == "natter")
        h.feed(":natter!n@h JOIN #c")
        h.feed(":natter!n@h NICK natter_net")
        #expect(sent(h.feed(":natter!x@h QUIT :bye")).isEmpty)
        #expect(sent(h.feed(":irc.example 731 natter_net :natter")).isEmpty)
    }

    @Test func aNickTheUserChoseStays() {
        var h = Self.registeredAsAlternative(monitor: false)
        h.feed(":irc.example 376 natter_ :End of MOTD")
        h.feed(":natter_!n@h JOIN #c")
        h.intent(.changeNick("other"))
        h.feed(":natter_!n@h NICK other")
        #expect(sent(h.feed(":natter!n@old QUIT :Ping timeout")).isEmpty)
    }
}

/// A reconnect (or `/reconnect`) registers with the nick the user last chose, not the one the
/// configuration or the command line gave at start.
@Suite("The nick after a reconnect")
struct ReconnectNickTests {
    @Test func theNickTheUserChoseIsKept() {
        var h = Harness(Harness.config(nick: "natter"))
        h.register()
        h.intent(.changeNick("renamed"))
        h.feed(":natter!n@h NICK renamed")
        h.disconnect()
        let again = h.connect()
        #expect(sent(again).contains("NICK renamed"))
        #expect(!sent(again).contains("NICK natter"))
        // Taken (our own ghost): the fallbacks are built on it.
        #expect(sent(h.feed(":irc.example 433 * renamed :Nickname is already in use")) == ["NICK renamed_"])
    }

    @Test func aNickTheServerGaveIsNotKept() {
        var h = Self.registeredAs("natter_", configured: "natter")
        h.disconnect()
        let again = h.connect()
        #expect(sent(again).contains("NICK natter"))
    }

    @Test func aNickChosenWhileRegisteringIsKept() {
        var h = Harness(Harness.config(nick: "natter"))
        h.connect()
        h.intent(.changeNick("early"))
        h.feed(":irc.example CAP * LS :")
        h.feed(":irc.example 001 early :Welcome")
        h.disconnect()
        let again = h.connect()
        #expect(sent(again).contains("NICK early"))
    }

    @Test func aRefusedNickChangeIsNotKept() {
        var h = Harness(Harness.config(nick: "natter"))
        h.register()
        h.intent(.changeNick("taken"))
        h.feed(":irc.example 433 natter taken :Nickname is already in use")
        // Later the services rename us to it (a regain): not a choice made with /nick.
        h.feed(":natter!n@h NICK taken")
        h.disconnect()
        let again = h.connect()
        #expect(sent(again).contains("NICK natter"))
    }

    static func registeredAs(_ nick: String, configured: String) -> Harness {
        var h = Harness(Harness.config(nick: configured))
        h.connect()
        h.feed(":irc.example CAP * LS :")
        h.feed(":irc.example 433 * \(configured) :Nickname is already in use")
        h.feed(":irc.example 001 \(nick) :Welcome")
        return h
    }
}

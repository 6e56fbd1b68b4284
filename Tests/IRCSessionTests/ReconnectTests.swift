import IRCProtocol
import Testing
@testable import IRCSession

@Suite("Reconnect and queued messages")
struct ReconnectTests {
    @Test func autoJoinAfterMOTDWithKeysFirst() {
        var h = Harness(Harness.config(autoJoin: [ChannelKey("#a"), ChannelKey("#b", key: "kb"), ChannelKey("#c")]))
        let out = h.register()
        #expect(sent(out).suffix(1) == ["JOIN #b,#a,#c kb"])
    }

    @Test func rejoinAfterReconnectInFewLinesWithKeys() {
        var h = Harness()
        h.register()
        var wanted: [ChannelKey] = (0..<60).map { ChannelKey("#channel-number-\($0)") }
        wanted[5].key = "five"
        wanted[42].key = "fortytwo"
        let joins = sent(h.intent(.join(wanted)))
        #expect(joins.count > 1)
        for name in wanted.map(\.name) { h.feed(":natter!nat@host JOIN \(name)") }
        h.feed(":natter!nat@host PART #channel-number-7")
        h.feed(":op!o@h MODE #channel-number-9 +k newkey")
        h.disconnect()
        #expect(h.session.state.channels.isEmpty)
        #expect(h.session.state.phase == .disconnected)

        let out = h.register()
        let rejoin = sent(out).filter { $0.hasPrefix("JOIN ") }
        #expect(rejoin.count == 3)
        #expect(rejoin.allSatisfy { $0.utf8.count + 2 <= 512 })
        #expect(rejoin[0].hasPrefix("JOIN #channel-number-5,#channel-number-9,#channel-number-42,#channel-number-0,"))
        #expect(rejoin[0].hasSuffix(" five,newkey,fortytwo"))
        let names = rejoin.flatMap { line in
            line.dropFirst(5).split(separator: " ")[0].split(separator: ",").map(String.init)
        }
        #expect(Set(names) == Set(wanted.map(\.name)).subtracting(["#channel-number-7"]))
        #expect(names.count == 59)
    }

    @Test func messagesTypedWhileDisconnectedAreSentInOrderAfterRegistration() {
        var h = Harness()
        h.register()
        h.disconnect()
        var out = h.intent(.sendMessage(target: "#natter", text: "one"))
        out += h.intent(.sendAction(target: "#natter", text: "two"))
        out += h.intent(.sendMessage(target: "bob", text: "three"))
        #expect(sent(out).isEmpty)
        #expect(events(out) == [
            .messageQueued(PendingMessage(id: 1, target: "#natter", text: "one", kind: .privmsg)),
            .messageQueued(PendingMessage(id: 2, target: "#natter", text: "two", kind: .action)),
            .messageQueued(PendingMessage(id: 3, target: "bob", text: "three", kind: .privmsg)),
        ])
        // Still queued while registering: nothing goes out before the end of the MOTD.
        h.connect()
        h.feed(":irc.example CAP * LS :")
        out = h.feed(":irc.example 001 natter :Welcome")
        #expect(!sent(out).contains { $0.hasPrefix("PRIVMSG") })
        out = h.feed(":irc.example 376 natter :End of MOTD")
        #expect(sent(out) == ["PRIVMSG #natter one", "PRIVMSG #natter :\u{01}ACTION two\u{01}", "PRIVMSG bob three"])
        #expect(events(out).contains(.pendingSent([1, 2, 3])))
        #expect(messages(out).map(\.localID) == [1, 2, 3])
        #expect(h.session.pending.isEmpty)
    }

    @Test func discardingQueuedMessagesMarksThemFailed() {
        var h = Harness()
        h.intent(.sendMessage(target: "#natter", text: "one"))
        h.intent(.sendMessage(target: "bob", text: "two"))
        let out = h.intent(.discardPending(target: "#NATTER"))
        #expect(events(out) == [.pendingFailed([PendingMessage(id: 1, target: "#natter", text: "one", kind: .privmsg)])])
        let after = h.register()
        #expect(sent(after).filter { $0.hasPrefix("PRIVMSG") } == ["PRIVMSG bob two"])
    }

    @Test func awayAndMonitorAreRestored() {
        var h = Harness()
        h.register(isupport: ["CHANTYPES=#", "MONITOR=100"])
        #expect(sent(h.intent(.monitorAdd(["alice", "bob"]))) == ["MONITOR + alice,bob"])
        #expect(sent(h.intent(.away("gone"))) == ["AWAY gone"])
        #expect(events(h.feed(":irc.example 730 natter :alice!a@h")) == [.monitorOnline([IRCSource(nick: "alice", user: "a", host: "h")])])
        h.disconnect()
        let out = h.register(isupport: ["CHANTYPES=#", "MONITOR=100"])
        #expect(sent(out).suffix(2) == ["AWAY gone", "MONITOR + alice,bob"])
    }

    @Test func joinIntentBeforeRegistrationWaitsForIt() {
        var h = Harness()
        h.connect()
        #expect(sent(h.intent(.join([ChannelKey("#later")]))).isEmpty)
        h.feed(":irc.example CAP * LS :")
        h.feed(":irc.example 001 natter :Welcome")
        #expect(sent(h.feed(":irc.example 422 natter :MOTD File is missing")) == ["JOIN #later"])
    }
}

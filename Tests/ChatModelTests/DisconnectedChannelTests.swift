import ChatModel
import Foundation
import IRCProtocol
import IRCSession
import Testing

/// A dropped link leaves every joined channel saying so (and not joined: the UI greys its nick
/// list); the reconnection's join says "Rejoined" in its place. A channel we parted says
/// nothing of the kind.
struct DisconnectedChannelTests {
    let model = ChatModel(settings: ModelSettings())
    func at(_ s: Double) -> SessionTime { SessionTime(monotonic: s, wall: Date(timeIntervalSince1970: 1_700_000_000 + s)) }

    func recv(_ line: String, _ t: Double) {
        model.deliver(.received(try! IRCMessage(parsing: line), now: at(t)), network: "Net")
    }

    @Test func aDroppedLinkIsSaidInEachChannelAndTheRejoinToo() throws {
        model.addNetwork(name: "Net", configuration: SessionConfiguration(nick: "me", user: "me", realName: "me"))
        model.deliver(.connected(now: at(0)), network: "Net")
        for line in [":srv 001 me :Welcome", ":srv 376 me :End", ":me!u@h JOIN #a", ":me!u@h JOIN #b", ":me!u@h PART #b"] { recv(line, 1) }
        let a = try #require(model.network("Net")?.buffer(named: "#a"))
        let b = try #require(model.network("Net")?.buffer(named: "#b"))
        _ = model.takeChanges()
        model.deliver(.disconnected(reason: "reset by peer", now: at(2)), network: "Net")
        #expect(!a.isJoined && a.awaitsRejoin)
        #expect(a.lines.last?.kind == .info && a.lines.last?.text == "Disconnected: not in #a until the connection is back")
        #expect(model.takeChanges().contains(.membersChanged(a.id)))
        #expect(!b.awaitsRejoin && !b.lines.contains { $0.text.hasPrefix("Disconnected") }, "a channel we had left says nothing")
        model.deliver(.connected(now: at(3)), network: "Net")
        for line in [":srv 001 me :Welcome", ":srv 376 me :End", ":me!u@h JOIN #a"] { recv(line, 4) }
        #expect(a.isJoined && !a.awaitsRejoin)
        #expect(a.lines.last?.kind == .info && a.lines.last?.text == "Rejoined #a")
        // A later join of ours is a join again.
        recv(":me!u@h PART #a", 5)
        recv(":me!u@h JOIN #a", 6)
        #expect(a.lines.last?.kind == .join)
    }

    /// Who was there when the link dropped is kept by the model (the nick list greys them);
    /// the rejoin's members replace them.
    @Test func theMembersWhenTheLinkDroppedAreKept() throws {
        model.addNetwork(name: "Net", configuration: SessionConfiguration(nick: "me", user: "me", realName: "me"))
        model.deliver(.connected(now: at(0)), network: "Net")
        for line in [":srv 001 me :Welcome", ":srv 005 me PREFIX=(ov)@+ :ok", ":srv 376 me :End", ":me!u@h JOIN #a",
                     ":srv 353 me = #a :@ada me", ":srv 366 me #a :End"] { recv(line, 1) }
        let a = try #require(model.network("Net")?.buffer(named: "#a"))
        model.deliver(.disconnected(reason: "reset by peer", now: at(2)), network: "Net")
        #expect(a.membersWhenLeft.map(\.nick) == ["ada", "me"])
        #expect(a.membersWhenLeft.first?.prefixes == "@")
        model.deliver(.connected(now: at(3)), network: "Net")
        for line in [":srv 001 me :Welcome", ":srv 376 me :End", ":me!u@h JOIN #a"] { recv(line, 4) }
        #expect(a.membersWhenLeft.isEmpty)
    }

    /// An attempt that connected but never registered in between does not lose the "Rejoined".
    @Test func aFailedAttemptInBetweenKeepsTheRejoined() throws {
        model.addNetwork(name: "Net", configuration: SessionConfiguration(nick: "me", user: "me", realName: "me"))
        model.deliver(.connected(now: at(0)), network: "Net")
        for line in [":srv 001 me :Welcome", ":srv 376 me :End", ":me!u@h JOIN #a"] { recv(line, 1) }
        let a = try #require(model.network("Net")?.buffer(named: "#a"))
        model.deliver(.disconnected(reason: "reset by peer", now: at(2)), network: "Net")
        model.deliver(.connected(now: at(3)), network: "Net")
        recv("ERROR :Trying to reconnect too fast", 3)
        model.deliver(.disconnected(reason: "closed", now: at(3)), network: "Net")
        model.deliver(.connected(now: at(5)), network: "Net")
        for line in [":srv 001 me :Welcome", ":srv 376 me :End", ":me!u@h JOIN #a"] { recv(line, 6) }
        #expect(a.lines.last?.text == "Rejoined #a")
    }

    /// A rejoin refused (banned meanwhile) is not joined again; a /join much later is a join,
    /// not "Rejoined".
    @Test func aRefusedRejoinLeavesNoRejoinedForLater() throws {
        model.addNetwork(name: "Net", configuration: SessionConfiguration(nick: "me", user: "me", realName: "me"))
        model.deliver(.connected(now: at(0)), network: "Net")
        for line in [":srv 001 me :Welcome", ":srv 376 me :End", ":me!u@h JOIN #a"] { recv(line, 1) }
        let a = try #require(model.network("Net")?.buffer(named: "#a"))
        model.deliver(.disconnected(reason: "reset by peer", now: at(2)), network: "Net")
        model.deliver(.connected(now: at(3)), network: "Net")
        for line in [":srv 001 me :Welcome", ":srv 376 me :End", ":srv 474 me #a :Cannot join channel (+b)"] { recv(line, 4) }
        // The next connection does not ask for it; a later drop and return, then a /join.
        model.deliver(.disconnected(reason: "again", now: at(5)), network: "Net")
        model.deliver(.connected(now: at(6)), network: "Net")
        for line in [":srv 001 me :Welcome", ":srv 376 me :End"] { recv(line, 7) }
        #expect(!a.awaitsRejoin)
        recv(":me!u@h JOIN #a", 8)
        #expect(a.lines.last?.kind == .join)
    }
}

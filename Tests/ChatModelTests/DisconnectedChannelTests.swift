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
}

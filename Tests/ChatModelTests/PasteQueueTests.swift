import ChatModel
import Foundation
import IRCProtocol
import IRCSession
import Testing

/// A long paste goes out one line at a time, each when the link has written the one before:
/// what is typed meanwhile goes before the rest, what is left can be counted and cancelled,
/// and a paste made while disconnected waits for the network.
final class PasteQueueTests {
    let model = ChatModel(settings: ModelSettings())
    let now = SessionTime(monotonic: 0, wall: Date(timeIntervalSince1970: 1_700_000_000))
    let channel = BufferID(network: "Test", name: "#natter")
    var sent: [String] = []

    init() {
        model.addNetwork(name: "Test", configuration: SessionConfiguration(nick: "me", user: "me", realName: "Me"))
        model.linkRequests = { [unowned self] _, request in
            if case .send(let lines, _) = request { self.sent += lines.map { $0.serialized() } }
        }
        connect()
        model.deliver(.received(try! IRCMessage(parsing: ":me!u@h JOIN #natter"), now: now), network: "Test")
        sent = []
    }

    func connect() {
        model.deliver(.connected(now: now), network: "Test")
        for line in [":srv CAP * LS :", ":srv 001 me :Welcome", ":srv 376 me :End of MOTD"] {
            model.deliver(.received(try! IRCMessage(parsing: line), now: now), network: "Test")
        }
    }

    var said: [String] { sent.filter { $0.hasPrefix("PRIVMSG") } }

    @Test func oneLineAtATimeAndWhatIsTypedGoesFirst() {
        model.queuePaste((1...5).map { "paste \($0)" }, in: channel, now: now)
        #expect(said == ["PRIVMSG #natter :paste 1"])
        #expect(model.pasteProgress(of: channel)?.left == 4 && model.pasteProgress(of: channel)?.total == 5)
        Commands(model: model).run(line: "typed by hand", in: channel, now: now)
        #expect(said.last == "PRIVMSG #natter :typed by hand", "not behind the paste")
        model.linkDrained(network: "Test", interval: .seconds(2), now: now)
        #expect(said.last == "PRIVMSG #natter :paste 2")
        #expect(model.pasteProgress(of: channel)?.seconds == 6, "3 lines at 2 s")
        for _ in 0..<5 { model.linkDrained(network: "Test", interval: .seconds(2), now: now) }
        #expect(said == ["PRIVMSG #natter :paste 1", "PRIVMSG #natter :typed by hand"] + (2...5).map { "PRIVMSG #natter :paste \($0)" })
        #expect(model.pasteProgress(of: channel) == nil)
        // Each pasted line is in the buffer as it goes, in order.
        let own = model.buffer(channel)!.lines.filter { $0.isOwn }.map(\.text)
        #expect(own == ["paste 1", "typed by hand", "paste 2", "paste 3", "paste 4", "paste 5"])
    }

    /// A line that gives nothing to send does not hold the paste up; two buffers pasting on
    /// one network take turns; leaving a channel (a kick) ends its paste.
    @Test func turnsRefusalsAndLeaving() throws {
        model.deliver(.received(try IRCMessage(parsing: ":me!u@h JOIN #other"), now: now), network: "Test")
        let other = BufferID(network: "Test", name: "#other")
        model.linkDrained(network: "Test", interval: .seconds(1), now: now)
        sent = []
        model.queuePaste(["", "a1", "a2", "a3"], in: channel, now: now)   // "" sends nothing
        model.queuePaste(["b1", "b2"], in: other, now: now)
        #expect(said == ["PRIVMSG #natter a1"])
        for _ in 0..<3 { model.linkDrained(network: "Test", interval: .seconds(1), now: now) }
        #expect(said == ["PRIVMSG #natter a1", "PRIVMSG #other b1", "PRIVMSG #natter a2", "PRIVMSG #other b2"])
        model.deliver(.received(try IRCMessage(parsing: ":op!o@h KICK #natter me :enough"), now: now), network: "Test")
        #expect(model.pasteProgress(of: channel) == nil)
        #expect(model.buffer(channel)?.lines.contains { $0.text == "Paste cancelled: 1 line not sent" } == true)
        model.linkDrained(network: "Test", interval: .seconds(1), now: now)
        #expect(said.count == 4)
    }

    @Test func whatIsLeftCanBeCancelled() {
        model.queuePaste((1...5).map { "paste \($0)" }, in: channel, now: now)
        _ = model.takeChanges()
        #expect(model.cancelPaste(in: channel, now: now.wall) == 4)
        #expect(model.takeChanges().contains(.pasteChanged(channel)))
        #expect(model.buffer(channel)?.lines.last?.text == "Paste cancelled: 4 lines not sent")
        model.linkDrained(network: "Test", interval: .seconds(2), now: now)
        #expect(said == ["PRIVMSG #natter :paste 1"])
    }

    @Test func aPasteWaitsForTheNetworkAndNeverRunsCommands() {
        model.deliver(.disconnected(reason: "gone", now: now), network: "Test")
        model.queuePaste(["/quit", "second"], in: channel, now: now)
        #expect(said.isEmpty)
        connect()
        // The rejoin is on the link first; once it is written the paste goes on.
        #expect(sent.last == "JOIN #natter" && said.isEmpty)
        model.linkDrained(network: "Test", interval: .seconds(1), now: now)
        #expect(said == ["PRIVMSG #natter /quit"], "said as text, once the network is ready")
        model.linkDrained(network: "Test", interval: .seconds(1), now: now)
        #expect(said.last == "PRIVMSG #natter second")
    }
}

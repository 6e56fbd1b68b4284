import ChatModel
import Foundation
import IRCProtocol
import IRCSession
import NatterUI
import Testing
import Widgets

/// MARKREAD out (draft/read-marker): a buffer read to its end tells the server how far when the
/// reader leaves it or the window loses focus; only newer times go, and nothing without the cap.
@MainActor
struct ReadMarkerTests {
    final class Sent { var lines: [String] = [] }

    func rig(caps: String) throws -> (ChatModel, ChatScreen, ChatController, Sent, WidgetHost) {
        let chat = ChatStack.headless()
        let model = chat.model, screen = chat.screen, controller = chat.controller
        model.addNetwork(name: "Net", configuration: SessionConfiguration(nick: "me", user: "me", realName: "me"))
        let sent = Sent()
        model.linkRequests = { _, request in
            if case .send(let lines, _) = request { sent.lines += lines.map { $0.serialized() } }
        }
        let host = WidgetHost(root: screen, size: Size(width: 900, height: 560), measurer: FixedMeasurer(), clipboard: MemoryClipboard())
        controller.model.deliver(.connected(now: SessionTime(0)), network: "Net")
        for line in [":srv CAP * LS :\(caps)", ":srv CAP me ACK :\(caps)", ":srv 001 me :Welcome", ":srv 376 me :End",
                     ":me!me@host JOIN #a", ":me!me@host JOIN #b"] {
            controller.model.deliver(.received(try IRCMessage(parsing: line), now: controller.clock()), network: "Net")
        }
        sent.lines.removeAll()
        return (model, screen, controller, sent, host)
    }

    @Test func leavingOrLosingFocusSendsHowFarWeRead() throws {
        let (model, _, controller, sent, host) = try rig(caps: "server-time draft/read-marker")
        let a = try #require(model.network("Net")?.buffer(named: "#a"))
        let b = try #require(model.network("Net")?.buffer(named: "#b"))
        controller.show(a.id)
        controller.model.deliver(.received(try IRCMessage(parsing: "@time=2024-01-01T10:00:00.000Z :bob!b@h PRIVMSG #a :hello"), now: controller.clock()), network: "Net")
        controller.sync()
        host.layoutIfNeeded()
        controller.show(b.id)
        #expect(sent.lines == ["MARKREAD #a timestamp=2024-01-01T10:00:00.000Z"])
        // Back and away again with nothing new: nothing more.
        controller.show(a.id)
        controller.sync()
        host.layoutIfNeeded()
        controller.show(b.id)
        #expect(sent.lines.count == 1)
        // Focus lost in #b after a line there.
        controller.model.deliver(.received(try IRCMessage(parsing: "@time=2024-01-01T10:05:00.000Z :bob!b@h PRIVMSG #b :there"), now: controller.clock()), network: "Net")
        controller.sync()
        host.layoutIfNeeded()
        controller.windowFocused = false
        #expect(sent.lines.last == "MARKREAD #b timestamp=2024-01-01T10:05:00.000Z")
        #expect(!model.windowFocused)
    }

    @Test func withoutTheCapabilityNothingGoes() throws {
        let (model, _, controller, sent, host) = try rig(caps: "server-time")
        let a = try #require(model.network("Net")?.buffer(named: "#a"))
        controller.show(a.id)
        controller.model.deliver(.received(try IRCMessage(parsing: ":bob!b@h PRIVMSG #a :hello"), now: controller.clock()), network: "Net")
        controller.sync()
        host.layoutIfNeeded()
        controller.windowFocused = false
        #expect(sent.lines.isEmpty)
    }

    @Test func ourAwayStateIsInTheStatusLine() throws {
        let (model, screen, controller, sent, _) = try rig(caps: "server-time")
        controller.show(try #require(model.network("Net")?.serverBuffer.id))
        controller.submit("/away gone fishing")
        #expect(sent.lines.last == "AWAY :gone fishing")
        controller.model.deliver(.received(try IRCMessage(parsing: ":srv 306 me :You have been marked as being away"), now: controller.clock()), network: "Net")
        controller.sync()
        #expect(screen.sidebar.status.first?.hasSuffix("· away: gone fishing") == true, "\(screen.sidebar.status)")
        controller.submit("/back")
        controller.model.deliver(.received(try IRCMessage(parsing: ":srv 305 me :You are no longer marked as being away"), now: controller.clock()), network: "Net")
        controller.sync()
        #expect(screen.sidebar.status.first?.contains("away") == false)
    }
}

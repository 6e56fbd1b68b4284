import ChatModel
import Foundation
import IRCProtocol
import IRCSession
import NatterUI
import Testing
import Widgets

/// Switching buffers while lines for the new buffer are still queued for the next sync.
@MainActor
struct ChatControllerSwitchTests {
    /// A line that arrives (and trims the scrollback) in the same event batch as the click that
    /// shows its buffer is applied once: the rows built for the buffer already hold it. Applying
    /// the queued trim again used to shift every row onto the wrong line and then crash.
    @Test func linesQueuedBeforeASwitchAreNotAppliedTwice() throws {
        let rig = try Rig(settings: ModelSettings(scrollbackCap: 20), channels: ["#a", "#b"])
        let (model, screen, controller) = (rig.model, rig.screen, rig.controller)
        let host = WidgetHost(root: screen, size: Size(width: 900, height: 560), measurer: FixedMeasurer(),
                              clipboard: MemoryClipboard())
        let receive = rig.receive
        let a = try #require(model.network("Net")?.buffer(named: "#a"))
        let b = try #require(model.network("Net")?.buffer(named: "#b"))
        controller.show(a.id)
        controller.sync()
        for n in 0..<30 { try receive(":bob!b@h PRIVMSG #b :early \(n)") }
        controller.sync()
        // One batch: more lines for #b (trimming it), then the switch, then the frame.
        for n in 0..<5 { try receive(":bob!b@h PRIVMSG #b :late \(n)") }
        controller.show(b.id)
        controller.sync()
        host.layoutIfNeeded()
        let rows = try #require(screen.messages.dataSource)
        func check(_ label: String) {
            let expected = b.scrollback.lines.filter { $0.nick == "bob" }.map(\.text)
            let shown = (0..<rows.rowCount).map { rows.plainText(at: $0) }.filter { $0.contains("bob") }
            #expect(shown.count == expected.count, "\(label)")
            #expect(zip(shown, expected).allSatisfy { $0.hasSuffix($1) }, "\(label): \(shown.suffix(3)) vs \(expected.suffix(3))")
        }
        check("after the switch")
        // More traffic after the switch keeps the rows on the right lines.
        for n in 0..<10 { try receive(":bob!b@h PRIVMSG #b :after \(n)") }
        controller.sync()
        check("after more lines")
    }

    /// Rows asked about before the sync that follows a trim answer for every row they have,
    /// with stand-ins for the lines that went (a motion ticking between the two crashed).
    @Test func rowsAskedBetweenATrimAndTheSyncDoNotReadPastTheLines() throws {
        let rig = try Rig(settings: ModelSettings(scrollbackCap: 20, trimBatch: 10), channels: ["#a"])
        let (model, screen, controller, receive) = (rig.model, rig.screen, rig.controller, rig.receive)
        let a = try #require(model.network("Net")?.buffer(named: "#a"))
        controller.show(a.id)
        for n in 0..<19 { try receive(":bob!b@h PRIVMSG #a :line \(n)") }   // 20 lines with the join
        controller.sync()
        let rows = try #require(screen.messages.dataSource)
        let before = rows.rowCount
        try receive(":bob!b@h PRIVMSG #a :line 19")   // the 21st line trims 10, not synced yet
        #expect(a.scrollback.count == 11)
        let ids = (0..<before).map { rows.rowID(at: $0) }
        #expect(ids.contains { $0.hasPrefix("gone-") })
        controller.sync()
        #expect(!(0..<rows.rowCount).map { rows.rowID(at: $0) }.contains { $0.hasPrefix("gone-") })
    }
}

/// A model with network `Net`, registered and in `channels`, driven by a controller on a chat
/// screen.
@MainActor
struct Rig {
    let model: ChatModel
    let screen: ChatScreen
    let controller: ChatController

    init(settings: ModelSettings, channels: [String]) throws {
        let chat = ChatStack.headless(settings: settings)
        model = chat.model
        screen = chat.screen
        controller = chat.controller
        model.addNetwork(name: "Net", configuration: SessionConfiguration(nick: "me", user: "me", realName: "me"))
        controller.model.deliver(.connected(now: SessionTime(0)), network: "Net")
        try receive(":srv 001 me :Welcome")
        for channel in channels { try receive(":me!me@host JOIN \(channel)") }
    }

    /// Feeds one raw server line through the controller.
    func receive(_ line: String) throws { controller.model.deliver(.received(try IRCMessage(parsing: line), now: controller.clock()), network: "Net") }
}

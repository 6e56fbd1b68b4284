import ChatModel
import Foundation
import IRCProtocol
import IRCSession
import NatterUI
import Testing
import Widgets

/// Jumping to a message through the controller, as a notification or a search hit does.
@MainActor
struct RevealTests {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("natter-reveal-\(UUID().uuidString)")

    /// A line only in the logs, named by an id the logs do not use (a msgid seen live long
    /// ago), with its time: the page around that time replaces the rows, and the first line
    /// from that time on is shown a third down the list, highlighted; the pill brings the live
    /// lines back.
    @Test func aLineOnlyInTheLogsIsShownFromThePageAroundItsTime() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let rig = try LoggedRig(root: root) { "line \($0)" }
        let (model, screen, controller, host) = (rig.model, rig.screen, rig.controller, rig.host)
        let a = try #require(model.network("Net")?.buffer(named: "#a"))
        controller.show(a.id)
        controller.sync()
        host.layoutIfNeeded()
        #expect(!a.lines.contains { $0.text == "line 20" })

        let sent = Date(timeIntervalSince1970: 1_704_067_200 + 21 * 60)   // when "line 20" came
        controller.reveal(lineID: "gone-msgid-20", in: a.id, time: sent)
        controller.sync()
        host.layoutIfNeeded()
        #expect(!a.showsNewest)
        let list = screen.messages
        let rows = try #require(list.dataSource as? BufferRows)
        let target = try #require(a.shown.lines.first { $0.text == "line 20" })
        let rowID = try #require(rows.rowID(ofLineID: target.id))
        let m = list.metrics
        let row = try #require(m.rows.first { $0.id == rowID })
        #expect(abs(row.top - (m.viewportHeight / 3).rounded()) <= 1)
        #expect(list.isPillVisible && !list.isPinned)

        try rig.receive("@time=\(rig.stamp(60)) :bob!b@h PRIVMSG #a :live")
        controller.sync()
        #expect(list.unseen == 1)
        list.jumpToBottom()
        controller.sync()
        host.layoutIfNeeded()
        #expect(a.showsNewest)
        #expect(list.isPinned && list.unseen == 0)
        #expect(list.metrics.rows.last.map { rows.rowID(at: rows.rowCount - 1) == $0.id } == true)
        #expect(rows.rowID(ofLineID: a.lines.last!.id) != nil && a.lines.last?.text == "live")
    }

    /// Ctrl+F finds what is only in the logs: the loaded lines have nothing, the logs are
    /// searched on a thread, and the newest hit is opened in the page around it.
    @Test func findReachesIntoTheLogs() async throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let rig = try LoggedRig(root: root) { $0 == 20 ? "the zanzibar plan" : "line \($0)" }
        let (model, screen, controller, host) = (rig.model, rig.screen, rig.controller, rig.host)
        let a = try #require(model.network("Net")?.buffer(named: "#a"))
        controller.show(a.id)
        controller.sync()
        host.layoutIfNeeded()
        try await find("zanzibar", controller, screen) {
            #expect(controller.find.matches.count == 0)                 // not loaded
        }
        controller.sync()
        host.layoutIfNeeded()
        #expect(!controller.find.isSearching)
        #expect(controller.find.matches.count == 1)
        #expect(controller.find.matches.currentID?.hasPrefix("log:") == true)
        #expect(!a.showsNewest)                                         // the page around it is shown
        let rows = try #require(screen.messages.dataSource as? BufferRows)
        let lineID = try #require(controller.find.matches.currentID)
        let rowID = try #require(rows.rowID(ofLineID: lineID))
        #expect(screen.messages.metrics.rows.contains { $0.id == rowID })
        #expect(screen.findBar.status.text.string == "1 of 1 (logs)")
    }

    /// Leaving the search puts the live lines back as they were: a page opened from the logs
    /// goes (Escape), and Ctrl+End brings the newest lines too.
    @Test func leavingTheSearchRestoresTheLiveBuffer() async throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let rig = try LoggedRig(root: root) { $0 == 20 ? "the zanzibar plan" : "line \($0)" }
        let (model, screen, controller, host) = (rig.model, rig.screen, rig.controller, rig.host)
        let a = try #require(model.network("Net")?.buffer(named: "#a"))
        controller.show(a.id)
        controller.sync()
        host.layoutIfNeeded()
        let liveCount = a.scrollback.lines.count
        try await find("zanzibar", controller, screen) {}
        controller.sync()
        host.layoutIfNeeded()
        #expect(!a.showsNewest, "the page from the logs is shown")
        // Escape, as the user presses it in the find bar.
        host.focus(screen.findBar.field)
        host.handle(.keyDown(KeyEvent(.escape)))
        controller.sync()
        host.layoutIfNeeded()
        #expect(a.showsNewest, "the live lines are back")
        #expect(a.scrollback.lines.count == liveCount && !a.scrollback.lines.contains { $0.id.hasPrefix("log:") },
                "nothing from the page stays among the live lines")
        #expect(screen.messages.isPinned)
        let rows = try #require(screen.messages.dataSource as? BufferRows)
        #expect(rows.rowID(ofLineID: a.lines.last!.id) != nil)

        // Again, leaving by Ctrl+End with the bar open.
        try await find("zanzibar", controller, screen) {}
        controller.sync()
        host.layoutIfNeeded()
        #expect(!a.showsNewest)
        host.focus(screen.input)
        host.handle(.keyDown(KeyEvent(.end, modifiers: [.ctrl])))
        controller.sync()
        host.layoutIfNeeded()
        #expect(a.showsNewest && a.scrollback.lines.count == liveCount)
    }

    /// A pattern is searched on a thread: the bar answers at once ("searching…"), the matches
    /// come a moment later, newest first, the newest shown.
    @Test func patternsAreSearchedOffTheMainThread() async throws {
        let chat = ChatStack.headless(settings: ModelSettings(scrollbackCap: 500, trimBatch: 10))
        let model = chat.model, screen = chat.screen, controller = chat.controller
        model.addNetwork(name: "Net", configuration: SessionConfiguration(nick: "me", user: "me", realName: "me"))
        let host = WidgetHost(root: screen, size: Size(width: 900, height: 560), measurer: FixedMeasurer(), clipboard: MemoryClipboard())
        func receive(_ line: String) throws { controller.model.deliver(.received(try IRCMessage(parsing: line), now: controller.clock()), network: "Net") }
        controller.model.deliver(.connected(now: SessionTime(0)), network: "Net")
        for line in [":srv 001 me :Welcome", ":me!me@host JOIN #a"] { try receive(line) }
        for k in 0..<300 { try receive(":bob!b@h PRIVMSG #a :line \(k)") }
        let a = try #require(model.network("Net")?.buffer(named: "#a"))
        controller.show(a.id)
        controller.sync()
        host.layoutIfNeeded()
        try await find("/line 1[0-9]$/", controller, screen) {
            #expect(controller.find.isSearching)
            #expect(screen.findBar.status.text.string == "searching…")
        }
        #expect(controller.find.matches.count == 10)                    // line 10 … line 19
        #expect(controller.find.matches.current == 0)
        let newest = try #require(controller.find.matches.currentID)
        #expect(a.lines.first { $0.id == newest }?.text == "line 19")
        #expect(screen.findBar.status.text.string == "1 of 10")
    }
}

/// Opens the find bar and types `query` (checking `meanwhile` at once), then lets frames run
/// until the searches on other threads are done (at most 2 s).
@MainActor
private func find(_ query: String, _ controller: ChatController, _ screen: ChatScreen,
                  meanwhile: () -> Void) async throws {
    controller.find.open()
    screen.findBar.field.text = query
    screen.findBar.field.onChange?(query)
    meanwhile()
    for _ in 0..<400 where controller.find.isSearching {
        try await Task.sleep(for: .milliseconds(5))
        controller.sync()
    }
    controller.sync()
}

/// A controller over a model that logs to `root`: #a on "Net" (server-time), 200 lines from
/// bob a minute apart (`text(k)`), only the newest 50 kept in memory, the rest in the logs.
@MainActor
private final class LoggedRig {
    let model: ChatModel
    let screen: ChatScreen
    let controller: ChatController
    let host: WidgetHost
    private(set) var clock = 1_704_067_200.0
    private let formatter = ISO8601DateFormatter()

    init(root: URL, text: (Int) -> String) throws {
        let start = clock
        let chat = ChatStack.headless(settings: ModelSettings(scrollbackCap: 50, trimBatch: 10, historyPageSize: 40),
                                      logs: LogStore(root: root, timeZone: LocalZone.utc),
                                      clock: { SessionTime(monotonic: 0, wall: Date(timeIntervalSince1970: start)) })
        model = chat.model
        screen = chat.screen
        controller = chat.controller
        model.addNetwork(name: "Net", configuration: SessionConfiguration(nick: "me", user: "me", realName: "me"))
        host = WidgetHost(root: screen, size: Size(width: 900, height: 560), measurer: FixedMeasurer(), clipboard: MemoryClipboard())
        controller.model.deliver(.connected(now: SessionTime(0)), network: "Net")
        for line in [":srv CAP * LS :server-time", ":srv CAP me ACK :server-time", ":srv 001 me :Welcome", ":me!me@host JOIN #a"] {
            try receive(line)
        }
        for k in 0..<200 {
            clock += 60
            try receive("@time=\(stamp(0)) :bob!b@h PRIVMSG #a :\(text(k))")
        }
    }

    /// A server line through the controller.
    func receive(_ line: String) throws { controller.model.deliver(.received(try IRCMessage(parsing: line), now: controller.clock()), network: "Net") }

    /// The `time=` tag `seconds` after the last line.
    func stamp(_ seconds: Double) -> String { formatter.string(from: Date(timeIntervalSince1970: clock + seconds)) }
}

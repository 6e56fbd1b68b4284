import ChatModel
import Foundation
import IRCProtocol
import IRCSession
import NatterUI
import Testing
import Widgets

/// The channel list view's mouse: a double-click joins, the wheel scrolls a long list, a click
/// on a heading sorts.
@MainActor
struct ChannelListViewTests {
    func host(_ view: ChannelListView) -> WidgetHost {
        let host = WidgetHost(root: view, size: Size(width: 700, height: 400), measurer: FixedMeasurer(), clipboard: MemoryClipboard())
        host.layoutIfNeeded()
        return host
    }

    func paint(_ host: WidgetHost) {
        var list = DrawList()
        host.paintAll(into: &list)
    }

    /// A topic too long for its column ends with "…" inside the margin, and the modes a server
    /// listed before it are drawn apart, before it, not as part of the topic.
    @Test func longTopicsEndWithAnEllipsisAndModesStandApart() throws {
        let view = ChannelListView()
        let long = String(repeating: "a topic long enough to be cut ", count: 6)
        view.update(ChannelListing(entries: [.init(name: "#big", users: 9, listedTopic: "[+Hnt 50:1d] " + long),
                                             .init(name: "#small", users: 2, listedTopic: "short")], isComplete: true))
        let host = host(view)
        var list = DrawList()
        host.paintAll(into: &list)
        let runs = list.commands.compactMap { if case .text(let run) = $0 { run } else { nil } }
        let modes = try #require(runs.first { $0.text == "+Hnt 50:1d" })
        let topic = try #require(runs.first { $0.text.hasPrefix("a topic") })
        #expect(topic.text.hasSuffix("…") && topic.origin.x + topic.width <= 700 - 12)
        #expect(modes.origin.x + modes.width < topic.origin.x && abs(modes.origin.y - topic.origin.y) < 10)
        #expect(!runs.contains { $0.text.contains("[+") })
        #expect(runs.contains { $0.text == "short" })
    }

    /// A touchpad's small deltas add up to rows (each alone is far less than a row).
    @Test func touchpadDeltasAddUpToRows() {
        let view = ChannelListView()
        view.update(ChannelListing(entries: (0..<200).map { .init(name: "#c\($0)", users: $0, topic: "") }, isComplete: true))
        let host = host(view)
        for _ in 0..<20 {   // 20 × 4 px = 80 px: three rows of 26
            host.handle(.wheel(WheelEvent(position: Point(x: 100, y: 200), dy: -4, isNotched: false)))
            paint(host)
        }
        host.handle(.mouseDown(MouseEvent(position: Point(x: 100, y: 50.0 + 26 + 5))))
        #expect(view.shown[view.selected].name == "#c196")
    }

    /// While the list arrives, the first row stays chosen (the server's first channel is not
    /// followed down the list); a channel the user picked stays picked.
    @Test func onlyAChannelTheUserChoseStaysChosenAsTheListGrows() {
        let view = ChannelListView()
        view.update(ChannelListing(entries: [.init(name: "#small", users: 2, topic: "")], isComplete: false))
        let host = host(view)
        view.update(ChannelListing(entries: [.init(name: "#small", users: 2, topic: ""), .init(name: "#big", users: 900, topic: "")],
                                   isComplete: true))
        paint(host)
        #expect(view.shown[view.selected].name == "#big", "the first row, not the first channel sent")
        _ = view.keyDown(KeyEvent(.down))
        #expect(view.shown[view.selected].name == "#small")
        view.update(ChannelListing(entries: [.init(name: "#small", users: 2, topic: ""), .init(name: "#big", users: 900, topic: ""),
                                             .init(name: "#huge", users: 5000, topic: "")], isComplete: true))
        #expect(view.shown[view.selected].name == "#small", "the user's choice is kept")
    }

    @Test func aDoubleClickJoinsTheRowUnderIt() {
        let view = ChannelListView()
        view.update(ChannelListing(entries: [.init(name: "#a", users: 9, topic: ""), .init(name: "#b", users: 5, topic: "")], isComplete: true))
        let host = host(view)
        var joined: [String] = []
        view.onJoin = { joined.append($0) }
        // Rows start under the filter (50) and the headings (26), 26 high: the second is #b.
        let second = Point(x: 100, y: 50 + 26 + 26 + 10)
        host.handle(.mouseDown(MouseEvent(position: second, clickCount: 1)))
        host.handle(.mouseUp(MouseEvent(position: second, clickCount: 1)))
        #expect(view.selected == 1 && joined.isEmpty)
        host.handle(.mouseDown(MouseEvent(position: second, clickCount: 2)))
        host.handle(.mouseUp(MouseEvent(position: second, clickCount: 2)))
        #expect(joined == ["#b"])
    }

    @Test func theWheelScrollsAndAHeadingSorts() {
        let view = ChannelListView()
        view.update(ChannelListing(entries: (0..<200).map { .init(name: "#c\($0)", users: $0, topic: "") }, isComplete: true))
        let host = host(view)
        #expect(view.shown.first?.name == "#c199")
        let rowY = 50.0 + 26 + 5
        host.handle(.wheel(WheelEvent(position: Point(x: 100, y: 200), dy: -2)))   // two notches down
        paint(host)   // a frame between: painting once undid the scroll, back to the selected row
        host.handle(.mouseDown(MouseEvent(position: Point(x: 100, y: rowY))))
        #expect(view.shown[view.selected].name == "#c193", "six rows scrolled by two notches")
        host.handle(.mouseDown(MouseEvent(position: Point(x: 20, y: 50 + 13))))
        #expect(view.order == .name)
        #expect(view.shown.first?.name == "#c0" && view.shown[1].name == "#c1")
        #expect(view.shown[view.selected].name == "#c193", "the chosen channel stays chosen")
    }
}

/// A channel joined from the list is shown once the server confirms, but only within a
/// minute: a refused join must not switch the view when the channel is joined much later.
@MainActor
struct JoinAndShowTests {
    @Test func aLateJoinDoesNotSwitchTheView() throws {
        for (delay, switches) in [(5.0, true), (61.0, false)] {
            let chat = ChatStack.headless()
            var now = 100.0
            chat.controller.clock = { SessionTime(monotonic: now, wall: Date(timeIntervalSince1970: now)) }
            chat.model.addNetwork(name: "Net", configuration: SessionConfiguration(nick: "me", user: "me", realName: "me"))
            chat.model.deliver(.connected(now: SessionTime(0)), network: "Net")
            chat.model.deliver(.received(try IRCMessage(parsing: ":srv 001 me :Welcome"), now: SessionTime(0)), network: "Net")
            chat.controller.sync()
            let server = try #require(chat.model.network("Net")?.buffer(named: ""))
            chat.controller.show(server.id)
            chat.controller.overlays.joinAndShow("#late", network: "Net")
            now += delay
            chat.model.deliver(.received(try IRCMessage(parsing: ":me!u@h JOIN #late"), now: SessionTime(0)), network: "Net")
            chat.controller.sync()
            let late = try #require(chat.model.network("Net")?.buffer(named: "#late"))
            #expect((chat.controller.current == late.id) == switches, "joined \(delay) s later")
        }
    }
}

import ChatModel
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
        host.handle(.mouseDown(MouseEvent(position: Point(x: 100, y: rowY))))
        #expect(view.shown[view.selected].name == "#c193", "six rows scrolled by two notches")
        host.handle(.mouseDown(MouseEvent(position: Point(x: 20, y: 50 + 13))))
        #expect(view.order == .name)
        #expect(view.shown.first?.name == "#c0" && view.shown[1].name == "#c1")
        #expect(view.shown[view.selected].name == "#c193", "the chosen channel stays chosen")
    }
}

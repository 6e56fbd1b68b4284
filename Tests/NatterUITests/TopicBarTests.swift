import NatterUI
import Testing
import Widgets

@MainActor
struct TopicBarTests {
    @Test func aLinkInTheTopicOpensAndCtrlClickCopies() {
        let bar = TopicBar()
        let host = WidgetHost(root: Stack(.vertical, [bar]), size: Size(width: 600, height: 40), measurer: FixedMeasurer(),
                              clipboard: MemoryClipboard())
        bar.title = "#c"
        bar.topic = ChatLineStyler().message("docs at https://example.org/docs today")
        host.layoutIfNeeded()
        var list = DrawList()
        host.paintAll(into: &list)
        var clicks: [(String, Bool)] = []
        bar.onLink = { clicks.append(($0, $1)) }
        #expect(!bar.mouseDown(MouseEvent(position: Point(x: 20, y: 20))), "the title is not a link")
        let hits = stride(from: 0.0, to: 600, by: 4).filter { bar.mouseDown(MouseEvent(position: Point(x: $0, y: 20))) }
        #expect(!hits.isEmpty)
        #expect(clicks.allSatisfy { $0.0 == "https://example.org/docs" && !$0.1 })
        _ = bar.mouseDown(MouseEvent(position: Point(x: hits[0], y: 20), modifiers: [.ctrl]))
        #expect(clicks.last?.1 == true)
        #expect(bar.cursor(at: Point(x: hits[0], y: 20)) == .hand)
    }
}

import NatterUI
import Testing
import Widgets

/// The nick list keeps its margin on the right as on the left: a header too long for the list
/// (the hint while it has the keyboard, a filter) and a long nick end inside it.
@MainActor
struct NickListViewTests {
    private func texts(_ list: NickListView, width: Double) -> [TextDraw] {
        list.flex = 1
        let host = WidgetHost(root: Stack(.horizontal, [list]), size: Size(width: width, height: 300), measurer: FixedMeasurer(),
                              clipboard: MemoryClipboard())
        host.layoutIfNeeded()
        host.focus(list)
        var drawn = DrawList()
        host.paintAll(into: &drawn)
        return drawn.commands.compactMap { if case .text(let run) = $0 { run } else { nil } }
    }

    @Test func theHeaderAndTheNicksKeepTheMargin() throws {
        let list = NickListView()
        list.entries = (0..<13).map { NickListView.Entry(nick: "nick\($0)", prefixes: "", away: false) }
            + [NickListView.Entry(nick: "a_nick_much_longer_than_the_list", prefixes: "@", away: false)]
        let runs = texts(list, width: 160)
        let header = try #require(runs.first)
        #expect(header.text == "type to filter", "the count goes before the hint")
        for run in runs {
            #expect(run.origin.x >= 12 && run.origin.x + run.width <= 160 - 12, "\(run.text) ends at \(run.origin.x + run.width)")
        }
        #expect(runs.contains { $0.text.hasSuffix("…") })
        // Where there is room, all of it.
        #expect(texts(list, width: 260).first?.text == "14 users · type to filter")
    }
}

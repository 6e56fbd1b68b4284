import Testing
@testable import Widgets

/// ``WidgetHost/scroll(_:by:below:)``: what it refuses, what it damages, and how the message
/// list uses it.
@MainActor
struct PixelScrollDamageTests {
    /// A 300 px tall panel with a badge painted over it (a later sibling).
    func rig() -> (host: WidgetHost, panel: Box, badge: Box) {
        let panel = Box(200, 300), badge = Box(40, 20)
        let root = Widget()
        root.addChild(panel)
        root.addChild(badge)
        let (host, _) = makeHost(root)
        var list = DrawList()
        host.paint(into: &list)
        return (host, panel, badge)
    }

    @Test func refusedWhenTheBackendCannotOrTheMoveIsNotWholePixels() {
        let (host, panel, _) = rig()
        let rect = panel.windowFrame
        #expect(!host.scroll(rect, by: -20, below: panel))          // allowsPixelScrolling is off
        host.allowsPixelScrolling = true
        #expect(!host.scroll(rect, by: -2.5, below: panel))         // half a pixel at scale 1
        #expect(!host.scroll(rect, by: -300, below: panel))         // everything would leave
        #expect(!host.scroll(rect, by: 0, below: panel))
        #expect(host.damage.isEmpty)
        host.scale = 1.5
        #expect(host.scroll(rect, by: -2, below: panel))            // 3 output pixels
        host.scale = 2
        #expect(host.scroll(rect, by: -2.5, below: panel))          // 5 output pixels
    }

    @Test func damagesTheUncoveredStripPendingDamageAndWidgetsAbove() {
        let (host, panel, badge) = rig()
        host.allowsPixelScrolling = true
        let rect = panel.windowFrame                                // (0, 0, 200, 300)
        host.invalidate(Rect(x: 10, y: 100, width: 30, height: 10)) // stale before the move
        #expect(host.scroll(rect, by: -40, below: panel))
        let damage = host.damage.rects
        // Where the stale pixels land, the strip uncovered at the bottom, the badge where it is
        // and where its pixels went (it lies above the panel, partly out of the rectangle).
        for expected in [Rect(x: 10, y: 100, width: 30, height: 10), Rect(x: 10, y: 60, width: 30, height: 10),
                         Rect(x: 0, y: 260, width: 200, height: 40), badge.windowFrame.intersection(rect)] {
            #expect(damage.contains { $0.contains(expected) }, "\(expected) not in \(damage)")
        }
        var list = DrawList()
        host.paint(into: &list)
        #expect(list.commands.first == .scroll(rect, dy: -40))      // before anything is drawn
        #expect(list.commands.filter { if case .scroll = $0 { true } else { false } }.count == 1)
    }

    @Test func aPassThatRepaintsTheWholeRectangleDropsTheMove() {
        let (host, panel, _) = rig()
        host.allowsPixelScrolling = true
        #expect(host.scroll(panel.windowFrame, by: 12, below: panel))
        panel.setNeedsPaint()
        var list = DrawList()
        host.paint(into: &list)
        #expect(!list.commands.contains { if case .scroll = $0 { true } else { false } })
    }

    @Test func aPinnedListMovesItsRowsAndRepaintsOnlyTheNewOnes() {
        let rows = TestRows(count: 200, uniform: true)
        let (list, host) = makeList(rows)
        host.allowsPixelScrolling = true
        var draw = DrawList()
        host.paint(into: &draw)
        rows.append(2)
        list.rowsAppended(2)
        draw = DrawList()
        let damage = host.paint(into: &draw)
        #expect(draw.commands.first == .scroll(list.windowFrame, dy: -24))   // two 12 px rows
        #expect(damage == [Rect(x: 0, y: 276, width: 400, height: 24)])
        // Unpinned, new rows land below the viewport: nothing moves, and only the pill (its
        // count) and the scroll bar (a shorter thumb) are repainted.
        host.handle(.touchpad(-100))
        host.paint(into: &draw)
        rows.append(1)
        list.rowsAppended(1)
        draw = DrawList()
        let chrome = host.paint(into: &draw)
        #expect(!draw.commands.contains { if case .scroll = $0 { true } else { false } })
        #expect(chrome.count == 2)
        #expect(chrome.contains { $0.minX >= 380 })                              // the bar's column
        #expect(chrome.contains { $0.height == 30 && $0.minY == 300 - 28 - 12 - 1 })  // the pill, 1 px around
    }
}

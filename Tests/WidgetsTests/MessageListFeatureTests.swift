import Testing
@testable import Widgets

// Older history, lazy layout at scale, the scroll bar, selection and idleness.

@Test @MainActor func needOlderFiresOnceAtATimeWithThe100msGuard() {
    let rows = TestRows(count: 300)
    let (list, host) = makeList(rows)
    var requests: [Double] = []
    list.onNeedOlder = { [weak host] in requests.append(host?.now.seconds ?? -1) }
    runFrames(host, until: 0.5)
    #expect(requests.isEmpty)                                // pinned far from the top
    list.restore(SavedListPosition(pinned: false, anchorID: "m5", anchorOffset: 0))
    runFrames(host, until: 1)
    #expect(requests.count == 1)
    list.olderLoading = true                                 // the model shows a loading row
    rows.prepend(1)
    rows.specialIDs[rows.first] = "loading"
    list.rowsPrepended(1)
    host.layoutIfNeeded()
    #expect(abs(list.screenTop(of: "m5")!) < 1e-9)           // the loading row does not move it
    host.handle(.touchpad(-list.y))                          // up to the top: the loading row shows
    #expect(list.metrics.rows.first?.id == "loading")
    runFrames(host, until: 1.5)
    #expect(requests.count == 1)                             // one request at a time

    host.advance(to: FrameTime(seconds: 2))
    rows.trim(1)                                             // the page replaces the loading row
    list.rowsRemovedFromTop(1)
    rows.prepend(10)
    list.rowsPrepended(10)
    list.olderLoading = false                                // completed at t = 2
    host.layoutIfNeeded()
    #expect(list.y < 300)                                    // still near the top
    runFrames(host, until: 2.09)
    #expect(requests.count == 1)
    runFrames(host, until: 2.11)
    #expect(requests.count == 2)
    #expect(abs(requests[1] - 2.1) < 0.02)
}

@Test @MainActor func flingProjectedToTheTopAsksForOlderEarly() {
    let rows = TestRows(count: 200)
    let (list, host) = makeList(rows)
    var requests = 0
    list.onNeedOlder = { requests += 1 }
    host.advance(to: FrameTime(seconds: 1))
    host.handle(.finger(0, 200, 20))
    for k in 1...8 {
        host.advance(to: FrameTime(seconds: 1 + Double(k) / 120))
        host.handle(.finger(1, 200, 20 + 34 * Double(k)))
    }
    host.handle(.finger(2, 200, 20 + 34 * 8))
    let rest = list.kineticRestPosition!
    #expect(rest <= 300 && list.y > 2 * 300)                 // far from the top, heading there
    host.advance(to: FrameTime(seconds: 1.08))
    #expect(requests == 1)
}

@Test @MainActor func lazyLayoutMeasuresOnlyRowsNearTheViewportEvenWith100kRows() {
    let big = TestRows(count: 100_000)
    let (bigList, bigHost) = makeList(big)
    #expect(bigList.rowCount == 100_000)
    #expect(big.layoutCalls > 0 && big.layoutCalls <= 60)    // 300 px view ± half a view
    #expect(bigList.isPinned && bigList.y == bigList.maxY)

    // The same scroll on 1,000 and 100,000 rows (identical rows near the bottom) lays out
    // exactly the same rows: per-frame work does not depend on the scrollback length.
    let small = TestRows(count: 1000)
    let (smallList, smallHost) = makeList(small)
    var perFrame: [[Int]] = [[], []]
    for (n, (list, host, rows)) in [(smallList, smallHost, small), (bigList, bigHost, big)].enumerated() {
        host.advance(to: FrameTime(seconds: 1))
        host.handle(.finger(0, 200, 20))
        for k in 1...6 {
            host.advance(to: FrameTime(seconds: 1 + Double(k) / 120))
            host.handle(.finger(1, 200, 20 + 20 * Double(k)))
        }
        host.handle(.finger(2, 200, 140))
        var last = rows.layoutCalls
        runFrames(host, until: 3) { _ in
            perFrame[n].append(rows.layoutCalls - last)
            last = rows.layoutCalls
        }
        #expect(!list.isPinned)
    }
    #expect(perFrame[0] == perFrame[1])
    #expect(perFrame[1].max()! <= 12)
    #expect(abs(smallList.fromBottom - bigList.fromBottom) < 1e-6)
}

@Test @MainActor func scrollBarThumbDragMapsToTheRightRowAcross100kRows() throws {
    let rows = TestRows(count: 100_000, uniform: true)
    let (list, host) = makeList(rows)
    let bar = try #require(list.scrollBarGeometry())
    #expect(bar.thumb.height == 24)
    #expect(abs(bar.thumb.maxY - 298) < 1e-9)                // at the bottom
    let calls = rows.layoutCalls
    host.handle(.move(bar.thumb.midX, bar.thumb.minY + 6))
    host.handle(.down(bar.thumb.midX, bar.thumb.minY + 6))
    let travel = bar.track.height - bar.thumb.height
    host.handle(.move(bar.thumb.midX, bar.track.minY + travel / 2 + 6))
    let m = list.metrics
    #expect(abs(m.y - m.maxY / 2) < 1e-6)
    let expectedTop = Int(m.y / 12)
    #expect(m.rows.first?.id == "m\(expectedTop)")
    host.handle(.move(bar.thumb.midX, bar.track.minY + 6))   // to the very top
    #expect(list.metrics.rows.first?.id == "m0")
    host.handle(.up(bar.thumb.midX, bar.track.minY + 6))
    #expect(rows.layoutCalls - calls <= 120)                  // two viewports' worth, not 100k
    #expect(list.selection == nil)                            // the bar does not select
}

@Test @MainActor func scrollBarTrackClickPagesTowardsTheClick() throws {
    let rows = TestRows(count: 1000, uniform: true)
    let (list, host) = makeList(rows)
    let bar = try #require(list.scrollBarGeometry())
    host.handle(.down(bar.track.midX, bar.track.minY + 10))
    host.handle(.up(bar.track.midX, bar.track.minY + 10))
    runFrames(host, until: 0.5)
    #expect(abs(list.fromBottom - 270) < 1e-6)
}

@Test @MainActor func scrollBarShowsWhileScrollingAndFadesWithoutTicksAfterwards() {
    let rows = TestRows(count: 1000)
    let (list, host) = makeList(rows)
    #expect(list.scrollBarOpacity(at: 0) == 0)
    host.advance(to: FrameTime(seconds: 1))
    host.handle(.touchpad(-30))
    #expect(list.scrollBarOpacity(at: 1) == 1)
    runFrames(host, until: 2.0)
    #expect(list.scrollBarOpacity(at: 2.0) == 1)             // held for 1 s after the motion
    runFrames(host, until: 3)
    #expect(list.scrollBarOpacity(at: 3) == 0)
    #expect(host.nextWakeTime == nil)                         // idle: no ticks at all
    #expect(host.tickers.isEmpty)
}

@Test @MainActor func idleListRequestsNoTicks() {
    let rows = TestRows(count: 5000)
    let (list, host) = makeList(rows)
    #expect(host.nextWakeTime == nil)
    rows.append(3)
    list.rowsAppended(3)
    host.advance(to: FrameTime(seconds: 1))
    #expect(host.nextWakeTime == nil)
    host.handle(.notch(-2))
    #expect(host.nextWakeTime != nil)
    runFrames(host, until: 4)
    #expect(host.nextWakeTime == nil)
    var list2 = DrawList()
    host.paint(into: &list2)
    host.advance(to: FrameTime(seconds: 10))
    var again = DrawList()
    #expect(host.paint(into: &again).isEmpty)                 // nothing to repaint either
}

@Test @MainActor func mouseDragSelectsAcrossRowsAndCtrlCCopiesOneLinePerRow() throws {
    let clipboard = MemoryClipboard()
    let rows = TestRows(count: 6, uniform: true)
    let (list, host) = makeList(rows, clipboard: clipboard)
    list.acceptsFocus = true
    #expect(list.y == 0)                                      // 72 px of rows fit
    let g = 300.0 - 72                                        // at the bottom: 228 px of space above
    #expect(list.gravity == g)
    host.handle(.down(2 * 6 + 1, g + 3 * 12 + 6))             // row 3, before character 2
    host.handle(.move(4 * 6 + 1, g + 5 * 12 + 6))             // row 5, before character 4
    host.handle(.up(4 * 6 + 1, g + 5 * 12 + 6))
    #expect(list.y == 0)                                      // a mouse drag does not scroll
    host.handle(.key(.character("c"), .ctrl))
    let expected = String(rows.text(3).dropFirst(2)) + "\n" + rows.plainText(at: 4) + "\n"
        + String(rows.text(5).prefix(4))
    #expect(clipboard.text() == expected)
    // The highlight is painted.
    var draw = DrawList()
    host.paintAll(into: &draw)
    #expect(draw.commands.contains { if case .fillRect(_, let c) = $0 { c == list.theme.selection } else { false } })
    // A click clears it.
    host.handle(.down(30, 20))
    host.handle(.up(30, 20))
    #expect(list.selectedText == nil)
}

@Test @MainActor func wholeRowSelectionCopiesTheDataSourceFormat() {
    let clipboard = MemoryClipboard()
    let rows = TestRows(count: 6, uniform: true)
    let (list, host) = makeList(rows, clipboard: clipboard)
    host.handle(.down(0, 228 + 1 * 12 + 6))                   // the rows sit at the bottom
    host.handle(.move(399, 299))                              // below the last row: to its end
    host.handle(.up(399, 299))
    #expect(list.copySelection())
    #expect(clipboard.text() == (1...5).map { rows.plainText(at: $0) }.joined(separator: "\n"))
}

@Test @MainActor func paintsVisibleRowsOnlyWithThePillAndTheScrollBar() {
    let rows = TestRows(count: 100_000, uniform: true)
    let (list, host) = makeList(rows)
    var draw = DrawList()
    host.paintAll(into: &draw)
    let texts = draw.textDraws.map(\.text)
    #expect(texts.contains("<a> row 99999"))
    #expect(texts.contains("<a> row 99975"))
    #expect(!texts.contains("<a> row 99974"))
    #expect(!texts.contains { $0.contains("new") })           // pinned: no pill
    list.restore(SavedListPosition(pinned: false, anchorID: "m99000", anchorOffset: 0))
    rows.append(3)
    list.rowsAppended(3)
    host.handle(.touchpad(-1))                                 // scrolling shows the bar
    var again = DrawList()
    host.paintAll(into: &again)
    #expect(again.textDraws.contains { $0.text == "3 new" })
    #expect(again.textDraws.contains { $0.text == "<a> row 99000" })
    let bar = list.scrollBarGeometry()!
    #expect(again.commands.contains { if case .roundedRect(let r, _, _) = $0 { r == bar.thumb } else { false } })
    // Only the rows in view are drawn: 300 px of 12 px rows, plus the pill.
    #expect(again.textDraws.count <= 27 + 2)
}

@Test @MainActor func tappingThePillWithAFingerJumpsToTheBottom() throws {
    let rows = TestRows(count: 1000)
    let (list, host) = makeList(rows)
    list.restore(SavedListPosition(pinned: false, anchorID: "m10", anchorOffset: 0))
    host.advance(to: FrameTime(seconds: 1))
    let pill = try #require(list.pillRect())
    host.handle(.finger(0, pill.midX, pill.midY))
    host.handle(.finger(2, pill.midX, pill.midY))
    runFrames(host, until: 1.3)
    #expect(list.isPinned && list.y == list.maxY)
}

import Testing
@testable import Widgets

// The list's promises at its edges (docs/SCROLLING.md §2): bottom gravity, edges as goals,
// jumping to a row, and the selection kept by id.

@Test @MainActor func rowsThatDoNotFillTheListSitAtItsBottomAndGrowUpwards() {
    let rows = TestRows(count: 3, uniform: true)             // 36 px in a 300 px list
    let (list, host) = makeList(rows)
    var m = list.metrics
    #expect(m.pinned && m.y == 0 && m.maxY == 0 && m.fromBottom == 0)
    #expect(m.rows.map(\.top) == [264, 276, 288])
    rows.append(1)
    list.rowsAppended(1)
    host.layoutIfNeeded()
    m = list.metrics
    #expect(m.rows.map(\.top) == [252, 264, 276, 288])
    #expect(list.unseen == 0)
    // What is drawn is where the metrics say: the last row's text at the bottom.
    var draw = DrawList()
    host.paintAll(into: &draw)
    let textTops = draw.commands.compactMap { command -> Double? in
        if case .text(let run) = command { return run.origin.y } else { return nil }
    }
    #expect(textTops.max() == 288)
    // A click on the bottom row hits that row (selection starts there).
    host.handle(.down(1, 295))
    host.handle(.move(31, 295))
    host.handle(.up(31, 295))
    #expect(list.selectedText == String(rows.text(3).prefix(5)))
}

@Test @MainActor func aTallerWindowKeepsShortContentAtTheBottom() {
    let rows = TestRows(count: 3, uniform: true)
    let list = MessageListView()
    list.dataSource = rows
    let (host, _) = makeHost(list, width: 400, height: 300)
    #expect(list.metrics.rows.last?.top == 288)
    host.layout(size: Size(width: 400, height: 500))
    #expect(list.metrics.rows.last?.top == 488)
    #expect(list.isPinned && list.y == 0)
}

@Test @MainActor func pageKeysAtTheEdgesLandOnThemDespiteEstimates() {
    let rows = TestRows(count: 600)                          // 12 px estimates, 12–36 px rows
    let (list, host) = makeList(rows)
    host.advance(to: FrameTime(seconds: 1))
    for k in 0..<200 {                                       // PageUp all the way: rows measured on the way
        _ = list.handleKey(KeyEvent(.pageUp))
        runFrames(host, until: 1 + Double(k + 1) * 0.05)
    }
    runFrames(host, until: 12)
    #expect(list.y == 0)
    rows.append(3)
    list.rowsAppended(3)
    for k in 0..<200 {
        _ = list.handleKey(KeyEvent(.pageDown))
        runFrames(host, until: 12 + Double(k + 1) * 0.05)
    }
    runFrames(host, until: 24)
    #expect(list.isPinned && list.fromBottom == 0 && list.unseen == 0)
}

@Test @MainActor func aThousandWheelNotchesReachTheTopAndBackTheBottom() {
    let rows = TestRows(count: 600)
    let (list, host) = makeList(rows)
    host.advance(to: FrameTime(seconds: 1))
    host.handle(.notch(-1000))
    runFrames(host, until: 3)
    #expect(list.y == 0)
    #expect(list.metrics.rows.first?.id == "m0")
    rows.append(2)
    list.rowsAppended(2)
    host.layoutIfNeeded()
    #expect(list.unseen == 2 && list.isPillVisible)
    host.handle(.notch(1000))
    runFrames(host, until: 5)
    #expect(list.isPinned && list.fromBottom == 0 && list.unseen == 0 && !list.isPillVisible)
}

@Test @MainActor func revealAnimatesToANearRowAndHighlightsIt() throws {
    let rows = TestRows(count: 1000, uniform: true)
    let (list, host) = makeList(rows)
    host.advance(to: FrameTime(seconds: 1))
    #expect(list.reveal(rowID: "m950"))                      // 400 px up: animated
    #expect(list.motion != nil)
    runFrames(host, until: 1.4)
    #expect(abs(try #require(list.screenTop(of: "m950")) - 100) < 1e-9)   // a third of 300
    #expect(!list.isPinned)
    #expect(list.highlightOpacity(at: 1.5) == 1)
    #expect(list.highlightOpacity(at: 3) == 0)
    runFrames(host, until: 3)
    #expect(list.viewport.highlight == nil)
    #expect(host.nextWakeTime == nil || host.nextWakeTime!.seconds > 3)
}

@Test @MainActor func revealJumpsToAFarRowWithoutAnimating() throws {
    let rows = TestRows(count: 1000)
    let (list, host) = makeList(rows)
    host.advance(to: FrameTime(seconds: 1))
    #expect(list.reveal(rowID: "m100"))
    #expect(list.motion == nil)
    host.layoutIfNeeded()
    #expect(abs(try #require(list.screenTop(of: "m100")) - 100) < 1e-9)
    #expect(!list.isPinned)
    // A row near the bottom ends pinned, as any user scroll there would.
    #expect(list.reveal(rowID: "m999"))
    runFrames(host, until: 3)
    #expect(list.isPinned && list.fromBottom == 0)
}

/// Rows that can load the page around a row that is not loaded.
@MainActor
private final class PagedRows: MessageListDataSource {
    let rows: TestRows
    var asked: [String] = []
    var lookups = 0
    init(_ rows: TestRows) { self.rows = rows }
    var rowCount: Int { rows.rowCount }
    func rowID(at index: Int) -> String { rows.rowID(at: index) }
    func index(ofRowID id: String) -> Int? {
        lookups += 1
        return rows.index(ofRowID: id)
    }
    var estimatedRowHeight: Double { rows.estimatedRowHeight }
    func layoutRow(at index: Int, width: Double, context: LayoutContext) -> MessageRowLayout {
        rows.layoutRow(at: index, width: width, context: context)
    }
    func plainText(at index: Int) -> String { rows.plainText(at: index) }
    func loadRows(around id: String) -> Bool {
        asked.append(id)
        return true
    }
}

/// A list over rows m5000…m5199 that can fetch the page around any other row.
@MainActor
private func pagedList() -> (MessageListView, WidgetHost, TestRows, PagedRows) {
    let rows = TestRows(first: 5000, count: 200)
    let paged = PagedRows(rows)
    let list = MessageListView()
    list.dataSource = paged
    let (host, _) = makeHost(list, width: 400, height: 300)
    return (list, host, rows, paged)
}

@Test @MainActor func revealOfARowNotLoadedAsksTheDataSourceAndShowsItWhenItArrives() throws {
    let (list, host, rows, paged) = pagedList()
    #expect(!list.reveal(rowID: "m120"))
    #expect(paged.asked == ["m120"])
    #expect(list.isPinned)                                   // nothing moves meanwhile
    rows.first = 50                                          // the page around m120 replaces the rows
    list.reloadAll()
    host.layoutIfNeeded()
    #expect(abs(try #require(list.screenTop(of: "m120")) - 100) < 1e-9)
    #expect(list.motion == nil)
    #expect(list.viewport.highlight?.id == "m120")
}

/// A row revealed before the list has a window is shown once it takes the rows in, and the
/// list is left as any user scroll leaves it: at the bottom of the live rows it pins and
/// nothing is unseen (it used to pin with the unseen count of before).
@Test @MainActor func aRevealAnsweredWhenTheRowsAreTakenInEndsAsAUserScrollWould() {
    let rows = TestRows(count: 200)
    let list = MessageListView()
    list.dataSource = rows
    list.restore(SavedListPosition(pinned: false, anchorID: "m50", anchorOffset: 0, unseen: 5))
    #expect(!list.isPinned && list.unseen == 5)
    #expect(!list.reveal(rowID: "m199"))                     // not taken in yet: no window
    let (host, _) = makeHost(list, width: 400, height: 300)
    host.layoutIfNeeded()
    #expect(list.isPinned && list.fromBottom == 0 && list.unseen == 0)
    #expect(list.viewport.highlight?.id == "m199")
    #expect(!list.isPillVisible)
}

@Test @MainActor func theSelectionIsSavedByIDAndRestored() throws {
    let rows = TestRows(count: 1000, uniform: true)
    let clipboard = MemoryClipboard()
    let (list, host) = makeList(rows, clipboard: clipboard)
    host.handle(.down(2 * 6 + 1, 150))
    host.handle(.move(399, 174))
    host.handle(.up(399, 174))
    let text = try #require(list.selectedText)
    let saved = list.savedPosition
    #expect(saved.selection != nil)
    list.dataSource = rows                                    // another buffer and back
    #expect(list.selectedText == nil)
    rows.prepend(10)                                          // its rows moved meanwhile
    list.restore(saved)
    #expect(list.selectedText == text)
}

@Test @MainActor func aPageWithoutTheRevealedRowEndsTheRequestAndIsNotSearchedAgain() {
    let (list, host, rows, paged) = pagedList()
    #expect(!list.reveal(rowID: "m120"))
    rows.first = 9000                                        // the page came, but without m120
    list.reloadAll()
    host.layoutIfNeeded()
    #expect(list.viewport.pendingReveal == nil)
    let lookups = paged.lookups
    runFrames(host, until: 1)
    rows.append(5)
    list.rowsAppended(5)
    runFrames(host, until: 2)
    #expect(paged.lookups == lookups)                        // no scan of the rows per frame
}

@Test @MainActor func theLoadingRowGoneAtTheStartOfHistoryLeavesNoLastingGapAtTheTop() {
    let rows = TestRows(count: 100, uniform: true)
    let (list, host) = makeList(rows)
    list.olderLoading = true
    rows.prepend(1)
    rows.specialIDs[rows.first] = "loading"
    list.rowsPrepended(1)
    host.layoutIfNeeded()
    host.handle(.touchpad(-list.y))                          // at the very top, the loading row in view
    runFrames(host, until: 1)
    #expect(list.y == 0 && list.metrics.rows.first?.id == "loading")
    rows.trim(1)                                             // nothing older: the loading row goes
    list.rowsRemovedFromTop(1)
    list.olderLoading = false
    host.layoutIfNeeded()
    #expect(list.metrics.rows.first?.id == "m0")
    #expect(list.metrics.rows.first?.top == 12)              // nothing moves at that instant…
    runFrames(host, until: 2)
    #expect(list.y == 0)                                     // …then the gap closes like a spring
    #expect(list.metrics.rows.first?.top == 0)
    #expect(list.motion == nil)
}

import Testing
@testable import Widgets

// The position model of SCROLLING.md §2: pinned to the bottom, or anchored to a row.

@Test @MainActor func opensPinnedAtTheNewestRow() {
    let rows = TestRows(count: 1000)
    let (list, _) = makeList(rows)
    let m = list.metrics
    #expect(m.pinned)
    #expect(m.y == m.maxY)
    #expect(m.maxY > 0)
    let last = try! #require(m.rows.last)
    #expect(last.id == "m999")
    #expect(abs(last.top + last.height - 300) < 1e-9)
    #expect(m.rows.allSatisfy { $0.height == 12 || $0.height == 24 || $0.height == 36 })
}

@Test @MainActor func pinnedListShowsAppendedRowsInTheSameFrame() {
    let rows = TestRows(count: 200)
    let (list, host) = makeList(rows)
    rows.append(3)
    list.rowsAppended(3)
    host.layoutIfNeeded()          // the frame's layout pass, no tick in between
    #expect(list.y == list.maxY)
    #expect(list.isPinned)
    #expect(list.unseen == 0)
    let m = list.metrics
    #expect(m.rows.last?.id == "m202")
    #expect(abs(m.rows.last!.top + m.rows.last!.height - 300) < 1e-9)
}

/// A 1000-row list left scrolled up with row `id` 5 px above the viewport's top.
@MainActor
private func unpinnedList(at id: String = "m500", count: Int = 1000) -> (MessageListView, WidgetHost, TestRows) {
    let rows = TestRows(count: count)
    let (list, host) = makeList(rows)
    list.restore(SavedListPosition(pinned: false, anchorID: id, anchorOffset: 5))
    host.layoutIfNeeded()
    return (list, host, rows)
}

@Test @MainActor func unpinnedPositionSurvivesAppends() throws {
    let (list, host, rows) = unpinnedList()
    #expect(!list.isPinned)
    #expect(list.screenTop(of: "m500") == -5)
    rows.append(10)
    list.rowsAppended(10)
    host.layoutIfNeeded()
    #expect(abs(try #require(list.screenTop(of: "m500")) + 5) < 0.001)
    #expect(list.unseen == 10)
    #expect(!list.isPinned)
    #expect(list.metrics.rows.first?.id == "m500")
}

@Test @MainActor func unpinnedPositionSurvivesAPrependOfFiftyRows() throws {
    let (list, host, rows) = unpinnedList()
    let before = list.metrics.rows
    rows.prepend(50)
    list.rowsPrepended(50)
    host.layoutIfNeeded()
    #expect(abs(try #require(list.screenTop(of: "m500")) + 5) < 0.001)
    #expect(list.unseen == 0)
    let after = list.metrics.rows
    #expect(after.map(\.id) == before.map(\.id))
    for (a, b) in zip(after, before) { #expect(abs(a.top - b.top) < 0.001) }
}

@Test @MainActor func unpinnedPositionSurvivesAResizeThatRewrapsEveryRow() throws {
    let (list, host, rows) = unpinnedList(at: "m501")   // a two-line row at 400 px
    let heightBefore = try #require(list.metrics.rows.first { $0.id == "m501" }).height
    let callsBefore = rows.layoutCalls
    host.handle(.resize(Size(width: 250, height: 300), scale: 1))
    host.layoutIfNeeded()
    #expect(abs(try #require(list.screenTop(of: "m501")) + 5) < 0.001)
    let heightAfter = try #require(list.metrics.rows.first { $0.id == "m501" }).height
    #expect(heightAfter > heightBefore)                    // it really rewrapped
    #expect(rows.layoutCalls > callsBefore)
    #expect(list.metrics.rows.first?.id == "m501")
}

@Test @MainActor func unpinnedPositionSurvivesATrimOfFiveHundredRows() throws {
    let (list, host, rows) = unpinnedList(at: "m700")
    rows.trim(500)
    list.rowsRemovedFromTop(500)
    host.layoutIfNeeded()
    #expect(list.rowCount == 500)
    #expect(abs(try #require(list.screenTop(of: "m700")) + 5) < 0.001)
    #expect(list.savedPosition.anchorID == "m700")
}

@Test @MainActor func trimmingAwayTheAnchorKeepsTheFirstRemainingRowStill() throws {
    let (list, host, rows) = unpinnedList(at: "m50")
    let before = try #require(list.screenTop(of: "m60"))
    rows.trim(55)
    list.rowsRemovedFromTop(55)
    host.layoutIfNeeded()
    #expect(abs(try #require(list.screenTop(of: "m60")) - before) < 0.001)
    // The space of the rows that went is closed by a spring afterwards, not left blank.
    runFrames(host, until: 2)
    #expect(list.y == 0)
}

@Test @MainActor func heightChangeAboveTheAnchorDoesNotMoveIt() throws {
    let (list, host, rows) = unpinnedList()
    let index = try #require(rows.index(ofRowID: "m498"))
    let oldHeight = list.rows.heights.height(at: index)
    rows.edited[498] = String(repeating: "edited and much longer ", count: 10)
    list.rowChanged(at: index)
    host.layoutIfNeeded()
    #expect(list.rows.heights.height(at: index) > oldHeight)     // measured again (near the viewport)
    #expect(abs(try #require(list.screenTop(of: "m500")) + 5) < 0.001)
}

@Test @MainActor func estimatesCorrectedByLazyMeasuringDoNotMoveTheAnchor() throws {
    // Estimates are 12 px but most rows are taller: jumping far away measures new rows above
    // and below the anchor; the anchor row stays exactly where it was put.
    let (list, host, rows) = unpinnedList(at: "m100")
    #expect(abs(try #require(list.screenTop(of: "m100")) + 5) < 0.001)
    runFrames(host, until: 0.5)
    #expect(abs(try #require(list.screenTop(of: "m100")) + 5) < 0.001)
    #expect(rows.layoutCalls < 200)
}

@Test @MainActor func savedPositionIsRestoredExactlyAfterSwitchingBuffers() throws {
    let (list, host, rows) = unpinnedList(at: "m300")
    rows.append(4)
    list.rowsAppended(4)
    host.layoutIfNeeded()
    let saved = list.savedPosition
    #expect(saved == SavedListPosition(pinned: false, anchorID: "m300", anchorOffset: 5, unseen: 4))

    let other = TestRows(first: 10_000, count: 50)
    list.dataSource = other                  // another buffer is shown
    host.layoutIfNeeded()
    #expect(list.isPinned)
    list.dataSource = rows                   // and back
    list.restore(saved)
    host.layoutIfNeeded()
    #expect(abs(try #require(list.screenTop(of: "m300")) + 5) < 0.001)
    #expect(list.unseen == 4)
    #expect(!list.isPinned)
    #expect(list.savedPosition == saved)
}

@Test @MainActor func positionIsFoundByIDAfterAReconnectReplaysHistory() throws {
    let (list, host, rows) = unpinnedList(at: "m300")
    let saved = list.savedPosition
    withExtendedLifetime(rows) {}
    // The replayed history starts elsewhere: every index differs, the ids are the same.
    let replayed = TestRows(first: 250, count: 900)
    list.dataSource = replayed
    list.restore(saved)
    host.layoutIfNeeded()
    #expect(abs(try #require(list.screenTop(of: "m300")) + 5) < 0.001)
    // reloadAll on the same source keeps the anchor by id too.
    replayed.prepend(30)
    list.reloadAll()
    host.layoutIfNeeded()
    #expect(abs(try #require(list.screenTop(of: "m300")) + 5) < 0.001)
}

@Test @MainActor func savedPinnedPositionRestoresPinned() {
    let rows = TestRows(count: 300)
    let (list, host) = makeList(rows)
    let saved = list.savedPosition
    #expect(saved.pinned)
    list.restore(SavedListPosition(pinned: false, anchorID: "m10", anchorOffset: 0))
    host.layoutIfNeeded()
    #expect(!list.isPinned)
    list.restore(saved)
    host.layoutIfNeeded()
    #expect(list.isPinned && list.y == list.maxY)
}

@Test @MainActor func opensAtTheUnreadMarkerWhenUnreadMessagesDoNotFit() throws {
    let rows = TestRows(count: 1000)
    rows.specialIDs[900] = "unread-marker"
    let (list, host) = makeList(rows)
    list.open(atRowID: "unread-marker", unseen: 99)
    host.layoutIfNeeded()
    #expect(!list.isPinned)
    #expect(abs(try #require(list.screenTop(of: "unread-marker")) - 40) < 0.001)
    #expect(list.unseen == 99)
    #expect(list.isPillVisible)
}

@Test @MainActor func opensPinnedWhenTheUnreadMessagesFit() {
    let rows = TestRows(count: 1000)
    rows.specialIDs[995] = "unread-marker"
    let (list, host) = makeList(rows)
    list.restore(SavedListPosition(pinned: false, anchorID: "m10", anchorOffset: 0))
    list.open(atRowID: "unread-marker", unseen: 4)
    host.layoutIfNeeded()
    #expect(list.isPinned)
    #expect(list.y == list.maxY)
    #expect(list.metrics.rows.contains { $0.id == "unread-marker" })
}

/// A reload near the bottom (every height an estimate again, most rows taller than it) keeps
/// the reader's row where it was: the estimates below the anchor must not make it give way to
/// the bottom as if the window had grown.
@Test @MainActor func aReloadNearTheBottomKeepsTheAnchor() throws {
    let (list, host, rows) = unpinnedList(at: "m975", count: 1000)
    defer { withExtendedLifetime(rows) {} }   // the list holds its data source weakly
    #expect(!list.isPinned)
    #expect(abs(try #require(list.screenTop(of: "m975")) + 5) < 0.001)
    list.reloadAll()
    host.layoutIfNeeded()
    #expect(!list.isPinned)
    #expect(abs(try #require(list.screenTop(of: "m975")) + 5) < 0.001)
}

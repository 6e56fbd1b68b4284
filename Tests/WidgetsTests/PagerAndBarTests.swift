import Testing
@testable import Widgets

@Test func historyPagerMakesOneRequestAtATimeWithTheInterval() {
    var pager = HistoryPager()
    #expect(!pager.shouldRequest(nearOldest: false, now: 0))
    #expect(pager.shouldRequest(nearOldest: true, now: 0))
    pager.requested()
    #expect(!pager.shouldRequest(nearOldest: true, now: 0.5))      // one at a time
    pager.setLoading(true, now: 0.5)
    pager.rowsArrived(now: 0.6)                                    // still loading: not complete
    #expect(pager.isRequested)
    pager.setLoading(false, now: 1)                                // completed at 1
    #expect(!pager.isRequested)
    #expect(!pager.shouldRequest(nearOldest: true, now: 1.05))
    #expect(pager.nextCheck(nearOldest: true) == 1 + HistoryPager.interval)
    #expect(pager.shouldRequest(nearOldest: true, now: 1.1))
    pager.canLoadOlder = false                                     // the start of history
    #expect(!pager.shouldRequest(nearOldest: true, now: 5))
    #expect(pager.nextCheck(nearOldest: true) == nil)
}

@Test func historyPagerCompletesOnRowsWithoutALoadingState() {
    var pager = HistoryPager()
    pager.requested()
    pager.rowsArrived(now: 2)                                      // logs answer at once
    #expect(!pager.isRequested && pager.lastCompletion == 2)
}

@Test func scrollBarHoldsThenFadesAndNeedsFramesOnlyWhileFading() {
    var bar = ScrollBarState()
    let frame = 1.0 / 120
    #expect(bar.opacity(at: 0, held: false) == 0)
    #expect(bar.nextWake(after: 0, held: false, frame: frame) == nil)
    bar.noteActivity(at: 1)
    #expect(bar.opacity(at: 1.9, held: false) == 1)
    #expect(bar.nextWake(after: 1.5, held: false, frame: frame) == 2)
    #expect(abs(bar.opacity(at: 2.125, held: false) - 0.5) < 1e-9)
    #expect(bar.isFading(at: 2.125, frame: frame))
    #expect(bar.nextWake(after: 2.125, held: false, frame: frame) == 2.125 + frame)
    #expect(bar.opacity(at: 2.3, held: false) == 0)
    #expect(bar.nextWake(after: 2.3, held: false, frame: frame) == nil)
    #expect(bar.opacity(at: 9, held: true) == 1)                   // a gesture holds it
    #expect(bar.nextWake(after: 1.5, held: true, frame: frame) == nil)
    bar.isHovering = true
    #expect(bar.opacity(at: 9, held: false) == 1)
}

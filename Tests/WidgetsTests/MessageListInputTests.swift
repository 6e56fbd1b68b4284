import Foundation
import ScrollPhysics
import Testing
@testable import Widgets

// Scrolling input (SCROLLING.md §1 numbers) on the message list, driven by a virtual clock.

/// A fast upward touch fling (towards older messages) released at `t0 + 0.05`.
@MainActor
private func flingUp(_ host: WidgetHost, from t0: Double) {
    host.advance(to: FrameTime(seconds: t0))
    host.handle(.finger(0, 200, 50))
    var y = 50.0
    for k in 1...6 {
        host.advance(to: FrameTime(seconds: t0 + Double(k) / 120))
        y += 25
        host.handle(.finger(1, 200, y))
    }
    host.handle(.finger(2, 200, y))
}

@Test @MainActor func prependDuringAFlingKeepsMotionContinuousAndShiftsItsRest() throws {
    let rows = TestRows(count: 2000)
    let (list, host) = makeList(rows)
    flingUp(host, from: 1)
    #expect(!list.isPinned)
    let restBefore = try #require(list.kineticRestPosition)
    #expect(restBefore < list.y - 1000)
    #expect(list.velocity(at: host.now.seconds) < -2000)

    // Follow one row's screen position frame by frame; a page arrives in the middle.
    let tracked = try #require(list.metrics.rows.last?.id)
    var screen: [Double] = []
    var shiftChecked = false
    runFrames(host, until: 1.6) { t in
        if !shiftChecked && t >= 1.3 {
            let content = list.contentHeight
            let rest = list.kineticRestPosition!
            rows.prepend(100)
            list.rowsPrepended(100)
            host.layoutIfNeeded()
            let grown = list.contentHeight - content
            #expect(grown >= 1200)                                   // 100 rows, ≥ 12 px each
            #expect(abs(list.kineticRestPosition! - (rest + grown)) < 1e-6)
            shiftChecked = true
        }
        screen.append(list.screenTop(of: tracked)!)
    }
    #expect(shiftChecked)
    #expect(list.kineticRestPosition == nil || list.velocity(at: 1.6) > -2000)
    // The row moves down the screen smoothly: per-frame steps change by little (the fling's
    // own deceleration), never by a jump.
    let steps = zip(screen.dropFirst(), screen).map { $0 - $1 }
    #expect(steps.allSatisfy { $0 > 0 })
    for (a, b) in zip(steps.dropFirst(), steps) { #expect(abs(a - b) < 3, "step \(b) → \(a)") }
}

@Test @MainActor func wheelNotchScrollsViewportToTheTwoThirdsAnimated() {
    let rows = TestRows(count: 500)
    let (list, host) = makeList(rows)
    let notch = pow(300.0, 2.0 / 3.0)                   // 44.81 px
    host.advance(to: FrameTime(seconds: 1))
    host.handle(.notch(-1))
    #expect(list.fromBottom == 0)                       // animated, not a jump
    runFrames(host, until: 1.1)                         // half of the 200 ms animation
    #expect(abs(list.fromBottom - notch / 2) < 0.01)    // ease-in-out is symmetric
    runFrames(host, until: 1.25)
    #expect(abs(list.fromBottom - notch) < 1e-6)
    #expect(!list.isPinned)
    // A further notch during the animation adds to its target.
    host.handle(.notch(-1))
    runFrames(host, until: 1.3)
    host.handle(.notch(-1))
    runFrames(host, until: 1.8)
    #expect(abs(list.fromBottom - 3 * notch) < 1e-6)
    // Wheel down past the bottom: no overscroll; pinned again.
    host.handle(.notch(10))
    runFrames(host, until: 2.3)
    #expect(list.y == list.maxY)
    #expect(list.isPinned)
}

@Test @MainActor func touchpadMomentumStartsFiftyMillisecondsAfterTheLastEvent() {
    let rows = TestRows(count: 1000)
    let (list, host) = makeList(rows)
    for k in 0..<10 {
        host.advance(to: FrameTime(seconds: 1 + Double(k) * 0.01))
        host.handle(.touchpad(-20))                     // 20 px every 10 ms towards older
    }
    #expect(abs(list.fromBottom - 200) < 1e-9)          // deltas apply 1:1
    #expect(host.nextWakeTime == FrameTime(seconds: 1.09 + 0.05))
    host.advance(to: FrameTime(seconds: 1.13))
    #expect(abs(list.fromBottom - 200) < 1e-9)
    #expect(list.metrics.velocity == 0)
    host.advance(to: FrameTime(seconds: 1.2))
    let t = 1.2 - 1.14
    let expected = -2000 * exp(-FlingSimulation.k * t)
    #expect(abs(list.metrics.velocity - expected) < 1e-6)
    #expect(abs(list.fromBottom - (200 + 2000 / FlingSimulation.k * -expm1(-FlingSimulation.k * t))) < 1e-6)
}

@Test @MainActor func rubberBandAtBothEndsAndBounceBack() {
    let rows = TestRows(count: 200)
    let (list, host) = makeList(rows)
    let band = RubberBand(dimension: 300)
    // Past the bottom with the touchpad: stays pinned, bounces back.
    host.advance(to: FrameTime(seconds: 1))
    host.handle(.touchpad(100))
    #expect(abs(list.y - list.maxY - band.overscroll(forRawDistance: 100)) < 1e-9)
    #expect(abs(band.overscroll(forRawDistance: 100) - 46.48) < 0.01)
    #expect(list.metrics.fromBottom < 0)
    #expect(list.isPinned)
    runFrames(host, until: 2)
    #expect(list.y == list.maxY)
    #expect(list.isPinned)

    // Past the top with a touch drag.
    list.restore(SavedListPosition(pinned: false, anchorID: "m0", anchorOffset: 0))
    host.advance(to: FrameTime(seconds: 3))
    #expect(list.y == 0)
    host.handle(.finger(0, 200, 50))
    host.advance(to: FrameTime(seconds: 3.01))
    host.handle(.finger(1, 200, 58))                    // crosses the slop: the drag starts here
    host.advance(to: FrameTime(seconds: 3.2))
    host.handle(.finger(1, 200, 258))                   // 200 px past the top
    #expect(abs(list.y + band.overscroll(forRawDistance: 200)) < 1e-9)
    host.advance(to: FrameTime(seconds: 3.3))
    host.handle(.finger(2, 200, 258))                   // released at rest: spring back
    runFrames(host, until: 3.4)
    let spring = OverscrollSpring(overscroll: band.overscroll(forRawDistance: 200), velocity: 0)
    #expect(abs(list.y + spring.overscroll(at: 0.1)) < 1e-6)
    runFrames(host, until: 4.5)
    #expect(list.y == 0)
}

@Test @MainActor func touchDragScrollsOnlyPastTheSlop() {
    let rows = TestRows(count: 500)
    let (list, host) = makeList(rows)
    let y0 = list.y
    host.handle(.finger(0, 200, 100))
    host.handle(.finger(1, 200, 105))
    #expect(list.y == y0)
    host.handle(.finger(1, 200, 110))                   // slop crossed: no jump
    #expect(list.y == y0)
    host.handle(.finger(1, 200, 150))
    #expect(abs(list.y - (y0 - 40)) < 1e-9)
    #expect(!list.isPinned)
    host.handle(.finger(2, 200, 150))
    #expect(list.selection == nil)                      // a touch drag never selects
}

@Test @MainActor func newInputStopsARunningFlingInTheSameFrame() {
    let rows = TestRows(count: 2000)
    let (list, host) = makeList(rows)
    flingUp(host, from: 1)
    runFrames(host, until: 1.2)
    host.advance(to: FrameTime(seconds: 1.205))
    let tracked = list.metrics.rows[2].id
    let index = rows.index(ofRowID: tracked)!
    let expected = list.rowTop(index) - list.motion!.position(at: 1.205)   // where the fling has it now
    host.handle(.down(100, 100))                        // a click, between two frames
    #expect(list.motion == nil)
    #expect(list.metrics.velocity == 0)
    #expect(abs(list.screenTop(of: tracked)! - expected) < 1e-9)
    let rowsNow = list.metrics.rows
    runFrames(host, until: 1.5)
    #expect(list.metrics.rows == rowsNow)
}

@Test @MainActor func pillVisibilityFollowsTheRuleAndCountsUnseenMessages() {
    let rows = TestRows(count: 500)
    let (list, host) = makeList(rows)
    #expect(!list.isPillVisible)
    host.handle(.touchpad(-50))
    runFrames(host, until: 1)
    #expect(!list.isPinned && !list.isPillVisible)      // 50 px up, nothing unseen
    rows.append(2)
    list.rowsAppended(2)
    host.layoutIfNeeded()
    #expect(list.isPillVisible && list.unseen == 2 && list.pillText == "2 new")
    rows.prepend(20)
    list.rowsPrepended(20)
    host.layoutIfNeeded()
    #expect(list.unseen == 2)                           // history is not unseen
    // Scrolling back to the bottom re-pins and clears.
    host.handle(.touchpad(list.fromBottom))
    #expect(list.isPinned && list.unseen == 0 && !list.isPillVisible)
    #expect(list.metrics.pillVisible == false)
    runFrames(host, until: 1.5)
    // Over 100 px up with nothing unseen shows it too.
    host.handle(.touchpad(-60))
    runFrames(host, until: 2)
    #expect(list.unseen == 0 && list.metrics.fromBottom <= 100 && !list.isPillVisible)
    host.handle(.touchpad(-60))
    runFrames(host, until: 3)
    #expect(list.unseen == 0 && list.metrics.fromBottom > 100 && list.isPillVisible)
}

@Test @MainActor func ctrlEndAndThePillReachTheBottomWithin300msAndPin() {
    let rows = TestRows(count: 3000)
    let (list, host) = makeList(rows)
    list.restore(SavedListPosition(pinned: false, anchorID: "m100", anchorOffset: 0))
    rows.append(5)
    list.rowsAppended(5)
    host.advance(to: FrameTime(seconds: 1))
    #expect(list.isPillVisible && list.unseen == 5)
    #expect(list.handleKey(KeyEvent(.end, modifiers: .ctrl)))
    runFrames(host, until: 1.3)
    #expect(list.isPinned && list.y == list.maxY && list.unseen == 0)

    list.restore(SavedListPosition(pinned: false, anchorID: "m2000", anchorOffset: 0))
    host.advance(to: FrameTime(seconds: 2))
    let pill = try! #require(list.pillRect())
    host.handle(.down(pill.midX, pill.midY))
    host.handle(.up(pill.midX, pill.midY))
    runFrames(host, until: 2.3)
    #expect(list.isPinned && list.y == list.maxY)
    #expect(list.metrics.rows.last?.id == "m3004")
}

@Test @MainActor func pageKeysScrollNinetyPercentAndCtrlHomeGoesToTheOldestRow() {
    let rows = TestRows(count: 500)
    let (list, host) = makeList(rows)
    host.advance(to: FrameTime(seconds: 1))
    #expect(list.handleKey(KeyEvent(.pageUp)))
    runFrames(host, until: 1.3)
    #expect(abs(list.fromBottom - 270) < 1e-6)
    #expect(list.handleKey(KeyEvent(.pageDown)))
    runFrames(host, until: 1.6)
    #expect(list.isPinned && list.y == list.maxY)
    #expect(!list.handleKey(KeyEvent(.home)))            // plain Home/End: the input line's
    #expect(!list.handleKey(KeyEvent(.end)))
    #expect(list.handleKey(KeyEvent(.home, modifiers: .ctrl)))
    runFrames(host, until: 2)
    #expect(list.y == 0)
    #expect(list.metrics.rows.first?.id == "m0")
}

@Test @MainActor func wheelNotchDuringAFlingStopsItAndAnimatesFromWhereItIs() {
    let rows = TestRows(count: 2000)
    let (list, host) = makeList(rows)
    flingUp(host, from: 1)
    runFrames(host, until: 1.2)
    host.advance(to: FrameTime(seconds: 1.21))
    let here = list.motion!.position(at: 1.21)
    host.handle(.notch(-1))
    guard case .animation(let animation) = list.motion else {
        Issue.record("a notch starts a wheel animation")
        return
    }
    #expect(abs(animation.startPosition - here) < 1e-9)
    #expect(animation.startVelocity == 0)                    // the fling's momentum is gone
    #expect(abs(animation.target - (here - pow(300.0, 2.0 / 3.0))) < 1e-9)
}

@Test @MainActor func touchDragReportsTheFingerVelocityInMetrics() {
    let rows = TestRows(count: 500)
    let (list, host) = makeList(rows)
    host.advance(to: FrameTime(seconds: 1))
    host.handle(.finger(0, 200, 20))
    for k in 1...5 {
        host.advance(to: FrameTime(seconds: 1 + Double(k) / 100))
        host.handle(.finger(1, 200, 20 + 10 * Double(k)))    // 1000 px/s down: y decreases
    }
    #expect(abs(list.metrics.velocity + 1000) < 1)
}

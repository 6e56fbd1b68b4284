import ScrollPhysics
import Testing
@testable import Widgets

// The scroll state on its own, on a virtual clock, over plain arrays of row heights whose
// "estimates" the tests correct in the middle of motions.

@Test @MainActor func aWheelAnimationAimedAtTheTopEndsThereWhileRowsAboveGrow() {
    let content = ArrayContent(count: 200)
    var state = ListScrollState()
    state.resolve(content, now: 0)
    #expect(state.y == content.maxY && state.isPinned)
    state.animate(by: -100_000, content, now: 0)
    #expect(state.goal == .top)
    // Every frame the rows just above the viewport turn out 10 px taller than estimated.
    run(&state, content, from: 0, to: 1) { _, y in
        if let first = content.row(containing: y), first > 0 {
            for i in max(0, first - 3)..<first where content.heights[i] == 20 { content.heights[i] = 30 }
        }
    }
    #expect(state.y == 0)
    #expect(state.motion == nil && state.goal == nil)
    #expect(!state.isPinned)
}

@Test @MainActor func aWheelAnimationAimedAtTheBottomRepinsWhileRowsBelowGrow() {
    let content = ArrayContent(count: 200)
    var state = ListScrollState()
    state.resolve(content, now: 0)
    state.setUserY(1000, content)
    state.rowsAppended(unseen: 4)
    #expect(state.unseen == 4)
    state.animate(by: 100_000, content, now: 0)
    #expect(state.goal == .bottom)
    run(&state, content, from: 0, to: 1) { _, y in
        // Rows below the viewport are measured taller on the way: maxY grows under the motion.
        let bottom = content.row(containing: y + content.viewportHeight) ?? 0
        for i in bottom..<min(content.rowCount, bottom + 3) where content.heights[i] == 20 { content.heights[i] = 33 }
    }
    #expect(state.y == content.maxY)
    #expect(state.isPinned && state.unseen == 0)
}

@Test @MainActor func aRowGoalFollowsItsRowWhenRowsBetweenGrow() {
    let content = ArrayContent(count: 200)
    var state = ListScrollState()
    state.setUserY(2000, content)                            // r100 at the top
    state.animate(to: .row(RowPosition(index: 150, id: "r150", offset: -10)), content, now: 0)
    run(&state, content, from: 0, to: 0.5) { t, _ in
        if t > 0.05 && t < 0.06 { for i in 110..<140 { content.heights[i] = 40 } }   // between anchor and goal
    }
    #expect(abs(state.y - (content.rowTop(150) - 10)) < 1e-9)
    guard case .row(let p) = state.anchor else { Issue.record("anchored to a row"); return }
    #expect(content.rowTop(p.index) + p.offset == state.y)
}

@Test @MainActor func aFlingThatReachesTheTopStillEndsThereWhenRowsAboveGrow() {
    let content = ArrayContent(count: 100)
    var state = ListScrollState()
    state.setUserY(600, content)
    state.startKinetic(.fling(from: 600, velocity: -3000, minY: 0, maxY: content.maxY), at: 0, content)
    #expect(state.goal == .top)
    var grown = false
    var ys: [Double] = []
    run(&state, content, from: 0, to: 4) { t, y in
        if grown { ys.append(y) }
        if !grown && t > 0.1 {
            for i in 0..<10 { content.heights[i] = 200 }      // 1800 px more above: beyond the fling's reach
            grown = true
        }
    }
    #expect(state.y == 0)
    #expect(state.motion == nil)
    // It got there by moving, not by a jump at the end: no frame moves more than the fling's
    // speed allows (3000 px/s is 50 px a frame).
    ys.append(state.y)
    let steps = zip(ys.dropFirst(), ys).map { abs($0 - $1) }
    #expect(steps.max()! < 60, "largest step \(steps.max()!)")
}

@Test @MainActor func aFreeFlingRunsOnIntoAPrependedPage() {
    let content = ArrayContent(count: 100)
    var state = ListScrollState()
    state.setUserY(600, content)
    state.startKinetic(.fling(from: 600, velocity: -3000, minY: 0, maxY: content.maxY), at: 0, content)
    run(&state, content, from: 0, to: 0.1)
    let before = state.y
    content.heights.insert(contentsOf: Array(repeating: 20, count: 50), at: 0)
    content.ids.insert(contentsOf: (0..<50).map { "p\($0)" }, at: 0)
    state.rowsPrepended(50)
    state.refreshRows(content)
    #expect(state.goal == nil)                               // no longer aimed at the new top
    state.resolve(content, now: 0.1)
    #expect(abs(state.y - (before + 1000)) < 1e-9)           // nothing moved on screen
    run(&state, content, from: 0.1, to: 4)
    #expect(state.y > 0)                                     // it rests in the new page
}

@Test @MainActor func ctrlHomeDuringWhichAPageArrivesStopsAtTheFormerTop() {
    let content = ArrayContent(count: 100)
    var state = ListScrollState()
    state.setUserY(600, content)
    state.animate(to: .top, content, now: 0, maxDuration: 0.3)
    run(&state, content, from: 0, to: 0.1)
    content.heights.insert(contentsOf: Array(repeating: 20, count: 50), at: 0)
    content.ids.insert(contentsOf: (0..<50).map { "p\($0)" }, at: 0)
    state.rowsPrepended(50)
    state.refreshRows(content)
    #expect(state.goal == .row(RowPosition(index: 50, id: "r0", offset: 0)))
    run(&state, content, from: 0.1, to: 1)
    #expect(state.y == 1000)
}

@Test @MainActor func aGoalRowTrimmedAwayBecomesTheTop() {
    let content = ArrayContent(count: 100)
    var state = ListScrollState()
    state.setUserY(1000, content)
    state.animate(to: .row(RowPosition(index: 10, id: "r10", offset: 0)), content, now: 0)
    state.rowsTrimmed(20, content)
    #expect(state.goal == .top)
    guard case .row(let p) = state.anchor else { Issue.record("anchored"); return }
    #expect(p.index == 30 && p.id == "r50")
}

@Test @MainActor func touchpadMomentumThatReachesTheBottomPins() {
    let content = ArrayContent(count: 100)
    var state = ListScrollState()
    state.setUserY(content.maxY - 300, content)
    for k in 0..<10 { state.touchpadScroll(by: 20, content, now: Double(k) / 100) }
    #expect(state.y == content.maxY - 100)
    run(&state, content, from: 0.09, to: 3)
    #expect(state.isPinned)
    #expect(state.y == content.maxY)
}

// MARK: - The operations the list asks of the state

@Test @MainActor func touchpadDeltasApplyOneToOneStopARunningMotionAndStretchPastTheBottom() {
    let content = ArrayContent(count: 100)                    // 2000 px in 300: maxY 1700
    var state = ListScrollState()
    state.setUserY(1000, content)
    state.animate(by: -100, content, now: 0)                  // 200 ms
    run(&state, content, from: 0, to: 0.1)
    let here = state.motion!.position(at: 0.15)
    state.touchpadScroll(by: -10, content, now: 0.15)
    #expect(state.motion == nil && state.goal == nil)         // stopped where it was
    #expect(abs(state.y - (here - 10)) < 1e-9)
    #expect(state.isTouchpadScrolling && state.isUserScrolling && state.isMoving)
    #expect(state.nextFrame(after: 0.15, interval: 1.0 / 120) == 0.15 + TouchpadMomentum.liftDelay)
    state.advance(to: 0.19, content)
    #expect(state.isTouchpadScrolling && state.motion == nil)
    state.advance(to: 0.2, content)                           // the fingers are taken to have lifted
    #expect(!state.isTouchpadScrolling)

    state.restore(.bottom(offset: 0), unseen: 0)
    state.resolve(content, now: 1)
    state.touchpadScroll(by: 100, content, now: 1)
    #expect(abs(state.y - content.maxY - RubberBand(dimension: 300).overscroll(forRawDistance: 100)) < 1e-9)
    #expect(state.isPinned)                                   // stretched past the bottom, still pinned
    run(&state, content, from: 1, to: 2)
    #expect(state.y == content.maxY && state.isPinned && !state.isMoving)
    #expect(state.nextFrame(after: 2, interval: 1.0 / 120) == nil)
}

@Test @MainActor func aTouchScrollsOnlyPastTheSlopFollowsTheFingerAndFlingsWhenLifted() {
    let content = ArrayContent(count: 200)
    var state = ListScrollState()
    #expect(!state.moveTouch(to: 10, content, now: 0) && state.endTouch(content, now: 0) == nil)   // no finger
    state.setUserY(2000, content)
    state.beginTouch(at: 100, content, now: 1)
    #expect(state.isTouching && !state.isUserScrolling)       // a tap so far
    #expect(!state.moveTouch(to: 105, content, now: 1.005) && state.y == 2000)
    #expect(state.moveTouch(to: 110, content, now: 1.01) && state.y == 2000)   // the slop crossed: no jump
    #expect(state.moveTouch(to: 150, content, now: 1.02) && abs(state.y - 1960) < 1e-9)
    #expect(state.isUserScrolling && state.velocity(at: 1.02) < 0)           // towards older rows
    #expect(state.endTouch(content, now: 1.02) == .drag)
    #expect(!state.isTouching)
    guard case .kinetic = state.motion else { Issue.record("a drag flings on"); return }
    #expect(state.velocity(at: 1.02) < -1000)

    // Pulled past the top and held there: a new finger stops the spring where it is, and its
    // tap lets the content spring back to the top.
    state.restore(.row(RowPosition(index: 0, id: "r0", offset: 0)), unseen: 0)
    state.resolve(content, now: 2)
    state.beginTouch(at: 50, content, now: 2)
    _ = state.moveTouch(to: 58, content, now: 2.01)
    _ = state.moveTouch(to: 258, content, now: 2.2)
    #expect(abs(state.y + RubberBand(dimension: 300).overscroll(forRawDistance: 200)) < 1e-9)
    #expect(state.endTouch(content, now: 2.3) == .drag)       // at rest: it springs back
    #expect(state.goal == .top)
    let pulled = state.motion!.position(at: 2.35)
    state.beginTouch(at: 100, content, now: 2.35)
    #expect(state.motion == nil && abs(state.y - pulled) < 1e-9 && state.y < 0)
    #expect(state.endTouch(content, now: 2.4) == .tap)
    #expect(state.goal == .top)
    run(&state, content, from: 2.4, to: 4)
    #expect(state.y == 0 && state.motion == nil)
}

@Test @MainActor func theThumbHeldAtAnEndOfItsTrackHoldsThatEdgeWhileRowsChange() throws {
    let content = ArrayContent(count: 200)
    var state = ListScrollState()
    state.resolve(content, now: 0)
    let size = Size(width: 400, height: 300)
    var bar = try #require(ListScrollBar(size: size, contentHeight: content.contentHeight, y: state.y, maxY: content.maxY))
    state.beginThumbDrag(grab: 5)
    #expect(state.isThumbDragging && state.isUserScrolling)
    state.dragThumb(pointerAt: bar.track.minY - 20, on: bar, content)   // above the track
    #expect(state.y == 0 && state.goal == .top && !state.isPinned)
    state.rowsTrimmed(5, content)                                       // rows above the top go
    content.heights.removeFirst(5)
    content.ids.removeFirst(5)
    state.refreshRows(content)
    state.resolve(content, now: 0.1)
    #expect(state.y == 0 && state.motion == nil)                        // no blank space to spring back from
    bar = try #require(ListScrollBar(size: size, contentHeight: content.contentHeight, y: state.y, maxY: content.maxY))
    state.dragThumb(pointerAt: bar.track.minY + 5 + (bar.track.height - bar.thumb.height) / 2, on: bar, content)
    #expect(state.goal == nil && abs(state.y - content.maxY / 2) < 1e-9)
    state.dragThumb(pointerAt: bar.track.maxY + 20, on: bar, content)   // below the track
    #expect(state.goal == .bottom && state.isPinned && state.y == content.maxY)
    state.endThumbDrag()
    #expect(!state.isThumbDragging && state.goal == nil && state.isPinned)
}

@Test @MainActor func aJumpLeavesTheStateAsAUserScrollWouldAndRestoringForgetsEverythingRunning() {
    let content = ArrayContent(count: 200)
    var state = ListScrollState()
    state.setUserY(1000, content)
    state.rowsAppended(unseen: 3)
    #expect(state.unseen == 3)
    state.animate(by: -500, content, now: 0)
    state.jump(to: .bottom, content)
    #expect(state.isPinned && state.unseen == 0 && state.motion == nil && state.goal == nil)
    state.resolve(content, now: 0)
    #expect(state.y == content.maxY)
    state.rowsAppended(unseen: 2)
    #expect(state.unseen == 0)                                // pinned: nothing unseen

    // At the bottom of a page of older history the unseen messages are elsewhere.
    state.setUserY(1000, content)
    state.rowsAppended(unseen: 2)
    state.rowsReachNewest(false)
    state.jump(to: .bottom, content)
    #expect(state.isPinned && state.unseen == 2)
    state.noteUnseen(1)
    #expect(state.unseen == 3)

    state.jump(to: .row(RowPosition(index: 50, id: "r50", offset: -10)), content)
    state.resolve(content, now: 0)
    #expect(state.y == content.rowTop(50) - 10 && state.unseen == 3)
    state.jump(to: .top, content)
    state.resolve(content, now: 0)
    #expect(state.y == 0 && state.anchor == .row(RowPosition(index: 0, id: "r0", offset: 0)))

    state.beginThumbDrag(grab: 3)
    state.touchpadScroll(by: 10, content, now: 1)
    state.animate(by: 400, content, now: 1)
    state.restore(.row(RowPosition(index: 20, id: "r20", offset: 5)), unseen: 7)
    #expect(state.motion == nil && state.goal == nil && !state.isUserScrolling && !state.isMoving)
    #expect(!state.isThumbDragging && !state.isTouching && state.unseen == 7)
    state.resolve(content, now: 1)
    #expect(state.y == content.rowTop(20) + 5)
}

/// The rules' check finds a broken state: rows that grew above the anchor without the state
/// being told (or resolved) leave `y` where the anchor no longer puts it.
@Test @MainActor func theRulesCheckFindsAStateTheContentChangedUnder() {
    let content = ArrayContent(count: 200)
    var state = ListScrollState()
    state.setUserY(1000, content)
    #expect(brokenRules(state, content, resolved: true).isEmpty)
    content.heights[3] += 50
    #expect(!brokenRules(state, content, resolved: true).isEmpty)
    state.resolve(content, now: 0)
    #expect(brokenRules(state, content, resolved: true).isEmpty)
    content.ids[50] = "other"                                  // the anchor's row replaced, unnamed
    #expect(!brokenRules(state, content, resolved: true).isEmpty)
}

@Test @MainActor func aGestureEndingWithinAPixelOfTheBottomSettlesOnIt() {
    let content = ArrayContent(count: 100)
    var state = ListScrollState()
    state.resolve(content, now: 0)
    state.touchpadScroll(by: -0.5, content, now: 0)
    #expect(state.isPinned && state.anchor == .bottom(offset: -0.5))   // within 1 px: still pinned
    #expect(brokenRules(state, content, resolved: true).isEmpty)       // the gesture runs
    state.advance(to: 0.1, content)                                    // no momentum in one delta
    #expect(!state.isUserScrolling && state.y == content.maxY - 0.5)
    state.resolve(content, now: 0.1)
    #expect(state.y == content.maxY && state.anchor == .bottom(offset: 0))
    #expect(brokenRules(state, content, resolved: true).isEmpty)
}

import ScrollPhysics
import Testing
@testable import Widgets

// The scroll state on its own, on a virtual clock, over plain arrays of row heights whose
// "estimates" the tests correct in the middle of motions.

/// Rows with heights in an array, ids `r0`, `r1`, … (after a prepend of k: `p0`…).
@MainActor
private final class ArrayContent: ScrollContent {
    var heights: [Double]
    var ids: [String]
    let viewportHeight: Double

    init(count: Int, height: Double = 20, viewport: Double = 300) {
        heights = Array(repeating: height, count: count)
        ids = (0..<count).map { "r\($0)" }
        viewportHeight = viewport
    }

    var rowCount: Int { heights.count }
    var contentHeight: Double { heights.reduce(0, +) }
    func rowTop(_ i: Int) -> Double { heights[..<i].reduce(0, +) }
    func row(containing y: Double) -> Int? {
        guard !heights.isEmpty else { return nil }
        var top = 0.0
        for (i, h) in heights.enumerated() {
            if y < top + h { return i }
            top += h
        }
        return heights.count - 1
    }
    func rowID(at i: Int) -> String { ids[i] }
}

/// Runs the state at 60 fps from `start` to `end`, calling `each` with the time and `y` before
/// every frame.
@MainActor
private func run(_ state: inout ListScrollState, _ content: ArrayContent, from start: Double, to end: Double,
                 each: (Double, Double) -> Void = { _, _ in }) {
    var t = start
    while t < end - 1e-9 {
        t = min(end, t + 1.0 / 60)
        each(t, state.y)
        state.resolve(content, now: t)
        state.advance(to: t, content)
        state.resolve(content, now: t)
    }
}

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
    state.unseen = 4
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
    for k in 0..<10 {
        let t = Double(k) / 100
        state.touchpad.feed(delta: 20, at: t)
        state.touchpadActive = true
        state.setUserY(state.y + 20, content)
    }
    run(&state, content, from: 0.09, to: 3)
    #expect(state.isPinned)
    #expect(state.y == content.maxY)
}

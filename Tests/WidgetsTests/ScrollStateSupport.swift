@testable import Widgets

// Plain content for the scroll state's tests, and the rules the state keeps, checked.

/// Rows with heights in an array, ids `r0`, `r1`, … (after a prepend of k: `p0`…).
@MainActor
final class ArrayContent: ScrollContent {
    var heights: [Double]
    var ids: [String]
    var viewportHeight: Double

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
func run(_ state: inout ListScrollState, _ content: ArrayContent, from start: Double, to end: Double,
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

/// The rules of ``ListScrollState`` (its doc comment) that hold for a state against `content`
/// after an operation of the user's or, with `resolved`, after ``ListScrollState/resolve(_:now:)``
/// (as the list does after every input, frame and batch of changes): what is broken,
/// described; empty when nothing is.
@MainActor
func brokenRules(_ state: ListScrollState, _ content: ArrayContent, resolved: Bool) -> [String] {
    var broken: [String] = []
    // 1. y is where the anchor puts it, and the anchor names its row by the id there.
    switch state.anchor {
    case .bottom(let offset):
        if !close(state.y, content.maxY + offset) {
            broken.append("pinned with offset \(offset) but y \(state.y), maxY \(content.maxY)")
        }
        // 4. Pinned is within 1 px of the bottom, and above it only while something runs.
        if offset < -1 { broken.append("pinned \(-offset) px above the bottom") }
        if resolved, offset < 0, !state.isUserScrolling { broken.append("pinned \(-offset) px above the bottom at rest") }
    case .row(let p):
        if p.index < 0 || p.index >= content.rowCount {
            broken.append("anchored to row \(p.index) of \(content.rowCount)")
        } else {
            if content.rowID(at: p.index) != p.id { broken.append("anchor \(p.id) names row \(content.rowID(at: p.index))") }
            if !close(state.y, content.rowTop(p.index) + p.offset) {
                broken.append("y \(state.y) is not the anchor's \(content.rowTop(p.index) + p.offset)")
            }
        }
    }
    if case .row(let p) = state.goal, p.index < 0 || p.index >= content.rowCount || content.rowID(at: p.index) != p.id {
        broken.append("goal \(p) does not name its row")
    }
    // 3. A goal belongs to a running motion or to the thumb held at an end of its track.
    if let goal = state.goal, state.motion == nil, !state.isThumbDragging {
        broken.append("goal \(goal) with nothing running")
    }
    if let goal = state.goal, state.motion == nil, state.isThumbDragging, goal != .top, goal != .bottom {
        broken.append("the thumb holds \(goal), not an edge")
    }
    if state.unseen < 0 { broken.append("unseen \(state.unseen)") }
    return broken
}

/// Whether two offsets are equal up to rounding (px).
func close(_ a: Double, _ b: Double) -> Bool {
    abs(a - b) <= 1e-6 * max(1, abs(a), abs(b))
}

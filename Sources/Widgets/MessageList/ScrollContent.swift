/// The list's content as the scroll state sees it: a column of rows with heights (measured or
/// estimated) in a viewport. Content coordinates start at the top of row 0. The message list
/// is one (reading its height index in place: no copy per frame); tests use plain arrays.
@MainActor
protocol ScrollContent {
    /// The number of rows.
    var rowCount: Int { get }
    /// The viewport's height (px).
    var viewportHeight: Double { get }
    /// The sum of the row heights (px).
    var contentHeight: Double { get }
    /// The top of row `i` in content coordinates. Expected O(log n).
    func rowTop(_ i: Int) -> Double
    /// The row whose span contains `y` (clamped to the rows), `nil` without rows.
    func row(containing y: Double) -> Int?
    /// The stable id of row `i`.
    func rowID(at i: Int) -> String
}

extension ScrollContent {
    /// The largest resting `y`: `max(0, contentHeight - viewportHeight)`.
    var maxY: Double { max(0, contentHeight - viewportHeight) }

    /// The place in the content at offset `y` (the row containing it and the offset into it).
    func position(at y: Double) -> RowPosition? {
        guard let index = row(containing: y) else { return nil }
        return RowPosition(index: index, id: rowID(at: index), offset: y - rowTop(index))
    }

    /// The offset a goal stands for now, clamped to `0...maxY`.
    func y(of goal: ScrollGoal) -> Double {
        switch goal {
        case .top: return 0
        case .bottom: return maxY
        case .row(let p):
            guard p.index < rowCount else { return maxY }
            return min(max(rowTop(p.index) + p.offset, 0), maxY)
        }
    }

    /// The goal for a target offset: an edge when it reaches one, otherwise the row there.
    func goal(at target: Double) -> ScrollGoal {
        if target <= 0 { return .top }
        if target >= maxY { return .bottom }
        return position(at: target).map { .row($0) } ?? .bottom
    }
}

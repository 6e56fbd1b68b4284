/// A place in the list's content: a row (by index and stable id) and an offset into it. The
/// index makes resolving it O(log n) (one prefix sum); the id finds the row again after a
/// reload or a replayed history.
struct RowPosition: Sendable, Hashable {
    /// The row's index in the data source as it is now.
    var index: Int
    /// The row's stable id.
    var id: String
    /// How far below the row's top the point is (px; negative: above it).
    var offset: Double

    /// The position after `k` rows were inserted above row 0.
    func prepended(_ k: Int) -> RowPosition {
        RowPosition(index: index + k, id: id, offset: offset)
    }
}

/// What the message list's scroll position is attached to. `y` is always derived from it, so
/// changes to the rows never move what the user reads. O(1) to store; resolving it to a `y`
/// costs one prefix sum (O(log n)).
enum ListReference: Sendable, Hashable {
    /// Pinned: `y = maxY + offset` (the offset is the overscroll past the bottom, or up to
    /// 1 px above it while a gesture is still running).
    case bottom(offset: Double)
    /// Unpinned: `y = top(row) + offset`: the topmost (partly) visible row and how far the
    /// viewport's top is below the row's top.
    case row(RowPosition)
}

/// What a motion (or a thumb drag) is aimed at: what the user meant, not a number. Estimated
/// row heights corrected on the way move offsets into the content, never the edges, so a motion
/// aimed at an edge ends exactly on it, and one aimed at a row ends on that row.
enum ScrollGoal: Sendable, Hashable {
    /// The top of the loaded rows (`y = 0`).
    case top
    /// The bottom; the list pins when it arrives.
    case bottom
    /// `y = top(row) + offset`, clamped to the content.
    case row(RowPosition)
}

/// A change the model reported, applied at the next layout pass.
enum ListChange: Sendable, Hashable {
    /// Rows added at the bottom.
    case append(Int)
    /// Rows inserted above row 0.
    case prepend(Int)
    /// Rows removed from the top.
    case trim(Int)
    /// The content (and maybe the height) of one row changed.
    case changed(Int)
    /// Everything changed.
    case reload
}

/// What the message list's scroll position is attached to. `y` is always derived from it, so
/// changes to the rows never move what the user reads. O(1) to store; resolving it to a `y`
/// costs one prefix sum (O(log n)).
enum ListReference: Sendable, Hashable {
    /// Pinned: `y = maxY + offset` (the offset is the overscroll past the bottom, or up to
    /// 1 px above it while a gesture is still running).
    case bottom(offset: Double)
    /// Unpinned: `y = top(index) + offset`, with `id` the row's stable id (to find it again
    /// after a reload or a replayed history).
    case row(index: Int, offset: Double, id: String)
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
    /// ``MessageListView/olderLoading`` changed (the loading row appears or goes).
    case loading
}

/// The model's notifications: recorded now, applied together at the next layout pass
/// (``ListViewport/settle(_:)``), which keeps the reading position (pinned bottom or anchor
/// row) where it is.
extension MessageListView {
    // MARK: - Notifications (cheap: recorded now, applied at the next layout pass)

    /// `count` rows were added at the bottom. While not pinned, `unseen` (default `count`)
    /// messages are added to the unseen count. O(1) now; O(count · log n) at the next layout.
    public func rowsAppended(_ count: Int, unseen: Int? = nil) {
        guard count > 0 else { return }
        rows.record(.append(count))
        viewport.scrolling { $0.rowsAppended(unseen: unseen ?? count) }
        setNeedsLayout(repaint: false)   // prepareToPaint() works out what to repaint
    }

    /// `count` older rows were inserted above row 0 (a history page). Never changes the unseen
    /// count; completes a pending older-history request. O(1) now; O(n) at the next layout.
    public func rowsPrepended(_ count: Int) {
        guard count > 0 else { return }
        rows.record(.prepend(count))
        viewport.pager.rowsArrived(now: now)
        setNeedsLayout()
    }

    /// The first `count` rows were removed (scrollback trim). O(1) now; O(count) amortised at
    /// the next layout.
    public func rowsRemovedFromTop(_ count: Int) {
        guard count > 0 else { return }
        rows.record(.trim(count))
        setNeedsLayout(repaint: false)
    }

    /// Row `index` changed (edit, redaction, a group expanded, a late image): it is laid out
    /// again when near the viewport, without moving the reading position. O(1).
    public func rowChanged(at index: Int) {
        rows.record(.changed(index))
        setNeedsLayout()
    }

    /// The rows look different but keep their heights (the find bar's highlights): their
    /// layouts are made again, nothing moves. O(1) now.
    public func invalidateRowContent() {
        rows.dropLayouts()
        setNeedsPaint()
    }

    /// `count` messages arrived that the rows do not show (they are read away from the live
    /// end): they count as unseen. O(1).
    public func noteUnseen(_ count: Int) {
        guard count > 0 else { return }
        viewport.scrolling { $0.noteUnseen(count) }
        host?.requestPaintPass()
    }

    /// Every row may have changed: heights are estimated again and the anchor is found by id.
    /// O(n) at the next layout.
    public func reloadAll() {
        rows.record(.reload)
        setNeedsLayout()
    }
}

/// Model notifications, and the layout pass that applies them and measures rows near the
/// viewport while keeping the reading position (pinned bottom or anchor row) where it is.
extension MessageListView {
    // MARK: - Notifications (cheap: recorded now, applied at the next layout pass)

    /// `count` rows were added at the bottom. While not pinned, `unseen` (default `count`)
    /// messages are added to the unseen count. O(1) now; O(count · log n) at the next layout.
    public func rowsAppended(_ count: Int, unseen: Int? = nil) {
        guard count > 0 else { return }
        rows.record(.append(count))
        scroll.rowsAppended(unseen: unseen ?? count)
        setNeedsLayout(repaint: false)   // prepareToPaint() works out what to repaint
    }

    /// `count` older rows were inserted above row 0 (a history page). Never changes the unseen
    /// count; completes a pending older-history request. O(1) now; O(n) at the next layout.
    public func rowsPrepended(_ count: Int) {
        guard count > 0 else { return }
        rows.record(.prepend(count))
        pager.rowsArrived(now: now)
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
        scroll.noteUnseen(count)
        host?.requestPaintPass()
    }

    /// Every row may have changed: heights are estimated again and the anchor is found by id.
    /// O(n) at the next layout.
    public func reloadAll() {
        rows.record(.reload)
        setNeedsLayout()
    }

    // MARK: - The layout pass

    /// Applies the recorded changes (``ListRows``), then measures the rows within half a
    /// viewport of the viewport until all of them are measured, deriving `y` from the anchor
    /// again after every step (so the anchor row stays still and running motions are shifted
    /// along). Cost: O(changes + measured rows · log n); O(n) only for a prepend or a reload.
    func settle(_ context: LayoutContext?) {
        guard let dataSource else {
            rows.removeAll()
            return
        }
        guard let layouter = layouter(context) else { return }
        rows.setWidth(size.width)
        let applied = rows.applyChanges(from: dataSource, self, scroll: &scroll, selection: &selection)
        if applied.reloaded { setNeedsPaint() }
        followChanges(applied.changes, dataSource)
        guard viewportHeight > 0, size.width > 0 else {
            resolveY()
            return
        }
        // A viewport's worth of rows below the anchor is measured before the anchor is placed:
        // with only estimates there (after a reload, every height is one), the content below
        // it could look shorter than the viewport, and the anchor would give way to the bottom
        // (the rule for a window grown taller), moving the reader.
        if case .row(let anchor) = scroll.anchor, anchor.index < rowCount {
            rows.measure(from: anchor.index, start: -anchor.offset, filling: viewportHeight, layouter)
        }
        resolveY()
        rows.measureNearViewport(top: viewTop, height: viewportHeight, layouter) {
            resolveY()
            return viewTop
        }
    }

    /// What the list was waiting for among the rows that came: the newest rows it asked for
    /// (pinned to now), or a row to reveal, shown at once if they hold it (nothing to animate
    /// from). The first reload answers a reveal either way, so a page that does not hold the
    /// row is not searched again at every frame.
    private func followChanges(_ changes: [ListChange], _ dataSource: any MessageListDataSource) {
        if pendingBottom, dataSource.reachesNewest {
            pendingBottom = false
            scroll.jump(to: .bottom, self)
            setNeedsPaint()
        }
        let rowsArrived = changes.contains { change in
            if case .prepend = change { return true }
            if case .append = change { return true }
            return change == .reload
        }
        if let id = pendingReveal, rowsArrived {
            if let index = dataSource.index(ofRowID: id), index < rowCount {
                pendingReveal = nil
                highlight = RowHighlight(id: id, start: now)
                scroll.jump(to: revealGoal(index: index, id: id), self)
                setNeedsPaint()
            } else if changes.contains(.reload) {
                pendingReveal = nil
            }
        }
    }

    // MARK: - Deriving y

    /// Sets `y` from the scroll state's anchor (``ListScrollState/resolve(_:now:)``): content
    /// moving under the viewport moves `y` and the running motion together.
    func resolveY() {
        if scroll.resolve(self, now: now) { host?.requestPaintPass() }   // prepareToPaint() scrolls or repaints
    }

    /// Whether a gesture or motion is in progress (touch drag, touchpad, thumb drag, motion).
    var isUserScrolling: Bool { scroll.isUserScrolling }

    /// Runs `operation` on the scroll state; a `y` it moved asks the host for a paint pass
    /// (prepareToPaint() scrolls or repaints).
    @discardableResult
    func scrolling<Result>(_ operation: (inout ListScrollState) -> Result) -> Result {
        let before = scroll.y
        let result = operation(&scroll)
        if scroll.y != before { host?.requestPaintPass() }
        return result
    }
}

/// Model notifications, and the layout pass that applies them and measures rows near the
/// viewport while keeping the reading position (pinned bottom or anchor row) where it is.
extension MessageListView {
    // MARK: - Notifications (cheap: recorded now, applied at the next layout pass)

    /// `count` rows were added at the bottom. While not pinned, `unseen` (default `count`)
    /// messages are added to the unseen count. O(1) now; O(count · log n) at the next layout.
    public func rowsAppended(_ count: Int, unseen: Int? = nil) {
        guard count > 0 else { return }
        pending.append(.append(count))
        scroll.rowsAppended(unseen: unseen ?? count)
        setNeedsLayout(repaint: false)   // prepareToPaint() works out what to repaint
    }

    /// `count` older rows were inserted above row 0 (a history page). Never changes the unseen
    /// count; completes a pending older-history request. O(1) now; O(n) at the next layout.
    public func rowsPrepended(_ count: Int) {
        guard count > 0 else { return }
        pending.append(.prepend(count))
        pager.rowsArrived(now: now)
        setNeedsLayout()
    }

    /// The first `count` rows were removed (scrollback trim). O(1) now; O(count) amortised at
    /// the next layout.
    public func rowsRemovedFromTop(_ count: Int) {
        guard count > 0 else { return }
        pending.append(.trim(count))
        setNeedsLayout(repaint: false)
    }

    /// Row `index` changed (edit, redaction, a group expanded, a late image): it is laid out
    /// again when near the viewport, without moving the reading position. O(1).
    public func rowChanged(at index: Int) {
        pending.append(.changed(index))
        setNeedsLayout()
    }

    /// The rows look different but keep their heights (the find bar's highlights): their
    /// layouts are made again, nothing moves. O(1) now.
    public func invalidateRowContent() {
        rowLayouts.removeAll()
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
        pending.append(.reload)
        setNeedsLayout()
    }

    // MARK: - The layout pass

    /// Applies pending changes, then measures the rows within half a viewport of the viewport
    /// until all of them are measured, re-deriving `y` from the reference after every step (so
    /// the anchor row stays still and running motions are shifted along). Cost:
    /// O(changes + measured rows · log n); O(n) only for a prepend or a reload.
    func settle(_ context: LayoutContext?) {
        guard let dataSource else {
            if heights.count > 0 { heights.reset(count: 0, estimate: 0) }
            rowLayouts.removeAll()
            pending.removeAll()
            return
        }
        guard let context = context ?? currentLayoutContext() else { return }
        if layoutWidth != size.width {
            layoutWidth = size.width
            heights.invalidateAll()
            rowLayouts.removeAll()
        }
        applyPendingChanges(dataSource)
        if viewportHeight > 0, size.width > 0 { measureBelowAnchor(dataSource, context) }
        resolveY()
        guard viewportHeight > 0, size.width > 0 else { return }
        var measuredRange: ClosedRange<Int>?
        for _ in 0..<64 {
            guard let range = rowsToMeasure() else { break }
            measuredRange = range
            var measuredAny = false
            for i in range where rowLayouts[i] == nil || !heights.isMeasured(i) {
                let layout = dataSource.layoutRow(at: i, width: size.width, context: context)
                rowLayoutCount += 1
                rowLayouts[i] = layout
                heights.setHeight(max(0, layout.height), at: i, measured: true)
                measuredAny = true
            }
            resolveY()
            if !measuredAny { break }
        }
        if let measuredRange { evictLayouts(keeping: measuredRange) }
    }

    /// Measures the rows from the anchor row down, a viewport's worth (less when the content
    /// ends first). With only estimates there (after a reload, every height is one), the content
    /// below the anchor could look shorter than the viewport: the anchor would then give way to
    /// the bottom (the rule for a window grown taller), and the reader would be moved.
    private func measureBelowAnchor(_ dataSource: any MessageListDataSource, _ context: LayoutContext) {
        guard case .row(let anchor) = scroll.anchor, anchor.index >= 0, anchor.index < heights.count else { return }
        var below = -anchor.offset
        var i = anchor.index
        while i < heights.count, below < viewportHeight {
            if rowLayouts[i] == nil || !heights.isMeasured(i) {
                let layout = dataSource.layoutRow(at: i, width: size.width, context: context)
                rowLayoutCount += 1
                rowLayouts[i] = layout
                heights.setHeight(max(0, layout.height), at: i, measured: true)
            }
            below += heights.height(at: i)
            i += 1
        }
    }

    /// The rows overlapping the viewport extended by half its height on both sides.
    private func rowsToMeasure() -> ClosedRange<Int>? {
        guard heights.count > 0 else { return nil }
        let margin = viewportHeight / 2
        guard let first = heights.row(containing: viewTop - margin),
              let last = heights.row(containing: viewTop + viewportHeight + margin) else { return nil }
        return first...max(first, last)
    }

    /// Drops cached layouts far from `range` once the cache is larger than a few viewports.
    private func evictLayouts(keeping range: ClosedRange<Int>) {
        let span = range.count
        guard rowLayouts.count > 3 * span + 64 else { return }
        let keep = (range.lowerBound - span)...(range.upperBound + span)
        rowLayouts = rowLayouts.filter { keep.contains($0.key) }
    }

    private func applyPendingChanges(_ dataSource: any MessageListDataSource) {
        let changes = pending
        pending.removeAll()
        let estimate = max(1, dataSource.estimatedRowHeight)
        for change in changes {
            switch change {
            case .append(let k):
                heights.append(k, estimate: estimate)
            case .prepend(let k):
                heights.prepend(k, estimate: estimate)
                prependedSincePaint += k
                scroll.rowsPrepended(k)
                rowLayouts = Dictionary(uniqueKeysWithValues: rowLayouts.map { ($0.key + k, $0.value) })
                selection = selection?.shifted(by: k)
            case .trim(let k):
                let k = min(k, heights.count)
                scroll.rowsTrimmed(k, self)
                heights.removeFirst(k)
                trimmedSincePaint += k
                rowLayouts = Dictionary(uniqueKeysWithValues: rowLayouts.compactMap {
                    $0.key >= k ? ($0.key - k, $0.value) : nil
                })
                selection = selection?.trimmed(by: k)
            case .changed(let i):
                guard i >= 0, i < heights.count else { continue }
                heights.invalidate(i)
                rowLayouts[i] = nil
            case .reload:
                reload(dataSource, estimate: estimate)
            }
        }
        // A model that forgot to notify: start again rather than index out of range.
        if heights.count != dataSource.rowCount { reload(dataSource, estimate: estimate) }
        // Indices match the model again: name the anchor and goal rows by the ids there now.
        if !changes.isEmpty { scroll.refreshRows(self) }
        scroll.rowsReachNewest(dataSource.reachesNewest)
        if pendingBottom, dataSource.reachesNewest {
            pendingBottom = false
            scroll.jump(to: .bottom, self)
            setNeedsPaint()
        }
        // Rows arrived after a row not loaded was asked for: show it at once if they hold it
        // (nothing to animate from). The first reload answers the request either way, so a
        // page that does not hold the row is not searched again at every frame.
        let rowsArrived = changes.contains { change in
            if case .prepend = change { return true }
            if case .append = change { return true }
            return change == .reload
        }
        if let id = pendingReveal, rowsArrived {
            if let index = dataSource.index(ofRowID: id), index < heights.count {
                pendingReveal = nil
                highlight = RowHighlight(id: id, start: now)
                scroll.jump(to: revealGoal(index: index, id: id), self)   // as any user scroll
                setNeedsPaint()
            } else if changes.contains(.reload) {
                pendingReveal = nil
            }
        }
    }

    private func reload(_ dataSource: any MessageListDataSource, estimate: Double) {
        setNeedsPaint()
        heights.reset(count: dataSource.rowCount, estimate: estimate)
        rowLayouts.removeAll()
        selection = nil
        scroll.rowsReloaded(find: { dataSource.index(ofRowID: $0) })
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

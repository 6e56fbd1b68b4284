/// Model notifications, and the layout pass that applies them and measures rows near the
/// viewport while keeping the reading position (pinned bottom or anchor row) where it is.
extension MessageListView {
    // MARK: - Notifications (cheap: recorded now, applied at the next layout pass)

    /// `count` rows were added at the bottom. While not pinned, `unseen` (default `count`)
    /// messages are added to the unseen count. O(1) now; O(count · log n) at the next layout.
    public func rowsAppended(_ count: Int, unseen: Int? = nil) {
        guard count > 0 else { return }
        pending.append(.append(count))
        if !isPinned { self.unseen += unseen ?? count }
        setNeedsLayout(repaint: false)   // prepareToPaint() works out what to repaint
    }

    /// `count` older rows were inserted above row 0 (a history page). Never changes the unseen
    /// count; completes a pending older-history request. O(1) now; O(n) at the next layout.
    public func rowsPrepended(_ count: Int) {
        guard count > 0 else { return }
        pending.append(.prepend(count))
        if olderRequested && !olderLoading { completeOlderRequest() }
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

    /// The rows overlapping the viewport extended by half its height on both sides.
    private func rowsToMeasure() -> ClosedRange<Int>? {
        guard heights.count > 0 else { return nil }
        let margin = viewportHeight / 2
        guard let first = heights.row(containing: y - margin - topInset),
              let last = heights.row(containing: y + viewportHeight + margin - topInset) else { return nil }
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
                if case .row(let index, let offset, let id) = reference {
                    reference = .row(index: index + k, offset: offset, id: id)
                }
                rowLayouts = Dictionary(uniqueKeysWithValues: rowLayouts.map { ($0.key + k, $0.value) })
                selection = selection?.shifted(by: k)
            case .trim(let k):
                let k = min(k, heights.count)
                if case .row(let index, let offset, let id) = reference {
                    if index >= k {
                        reference = .row(index: index - k, offset: offset, id: id)
                    } else {
                        // The anchor row goes: anchor to the first row that stays instead.
                        let y = rowTop(index) + offset
                        reference = .row(index: 0, offset: y - rowTop(k), id: id)   // id refreshed below
                    }
                }
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
            case .loading:
                topInset = olderLoading ? loadingRowHeight : 0
            }
        }
        // A model that forgot to notify: start again rather than index out of range.
        if heights.count != dataSource.rowCount { reload(dataSource, estimate: estimate) }
        if case .row(let index, let offset, let id) = reference {
            if index >= heights.count {
                reference = .bottom(offset: 0)
            } else if !changes.isEmpty {
                // Indices now match the model again: make the id the anchor row's.
                let current = dataSource.rowID(at: index)
                if current != id { reference = .row(index: index, offset: offset, id: current) }
            }
        }
    }

    private func reload(_ dataSource: any MessageListDataSource, estimate: Double) {
        setNeedsPaint()
        heights.reset(count: dataSource.rowCount, estimate: estimate)
        rowLayouts.removeAll()
        selection = nil
        if case .row(_, let offset, let id) = reference {
            if let index = dataSource.index(ofRowID: id) {
                reference = .row(index: index, offset: offset, id: id)
            } else {
                reference = .bottom(offset: 0)
            }
        }
    }

    // MARK: - Deriving y

    /// Sets `y` from the reference; a change is content moving under the viewport, so running
    /// motions and the drag are shifted by the same amount. Then fits motions to the bounds.
    func resolveY() {
        if case .bottom(let offset) = reference, offset < 0, !isUserScrolling {
            reference = .bottom(offset: 0)   // a gesture ended within 1 px of the bottom
        }
        let target: Double
        switch reference {
        case .bottom(let offset): target = maxY + offset
        case .row(let index, let offset, let id):
            // With no gesture or motion running, the anchor gives way rather than leave blank
            // space: a window grown taller than the content below the anchor clamps to maxY.
            var position = rowTop(index) + offset
            if !isUserScrolling && position > maxY {
                position = maxY
                reference = .row(index: index, offset: position - rowTop(index), id: id)
            }
            target = position
        }
        let delta = target - y
        if delta != 0 {
            motion = motion?.shifted(by: delta)
            touch?.rawOrigin += delta
            y = target
            host?.requestPaintPass()   // prepareToPaint() scrolls or repaints
        }
        fitMotionToBounds()
    }

    /// Whether a gesture or motion is in progress (touch drag, touchpad, thumb drag, motion).
    var isUserScrolling: Bool {
        motion != nil || touchpadActive || thumbGrab != nil || touch?.drag.isDragging == true
    }

    /// Re-samples the reference from a `y` the user's motion produced: pinned within 1 px of
    /// the bottom (clearing the unseen count), otherwise anchored to the topmost visible row.
    func setUserY(_ newY: Double) {
        if newY != y { host?.requestPaintPass() }
        y = newY
        noteScrollActivity()
        let maxY = self.maxY
        if maxY - newY <= 1 {
            reference = .bottom(offset: newY - maxY)
            unseen = 0
        } else if let dataSource, let index = heights.row(containing: newY - topInset) {
            reference = .row(index: index, offset: newY - rowTop(index), id: dataSource.rowID(at: index))
        }
    }
}

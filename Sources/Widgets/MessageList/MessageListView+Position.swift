/// The reading position from outside: saving and restoring it per buffer, opening at a row
/// (the first unread one), and revealing a row (jump to a message) with a brief highlight.
extension MessageListView {
    /// How long a revealed row stays highlighted before it fades (s).
    public static let highlightHoldTime = RowHighlight.holdTime
    /// How long the highlight's fade lasts (s).
    public static let highlightFadeTime = RowHighlight.fadeTime

    // MARK: - Saved position

    /// The reading position to save when the buffer is hidden, with the selection.
    public var savedPosition: SavedListPosition {
        settle(nil)
        var saved: SavedListPosition
        switch scroll.anchor {
        case .bottom:
            saved = SavedListPosition(pinned: true, unseen: unseen)
        case .row(let p):
            saved = SavedListPosition(pinned: false, anchorID: p.id, anchorOffset: p.offset, unseen: unseen)
        }
        if let selection, !selection.isEmpty, let dataSource, selection.upper.row < rowCount {
            saved.selection = selection.saved(id: dataSource.rowID(at:))
        }
        return saved
    }

    /// Restores a saved position: pinned, or the anchor row (found by id) at the same screen
    /// position, and the selection when its rows are still there. An anchor that is no longer
    /// loaded pins the list. Stops any motion.
    public func restore(_ position: SavedListPosition) {
        settle(nil)
        if !position.pinned, let id = position.anchorID, let index = dataSource?.index(ofRowID: id) {
            scroll.restore(.row(RowPosition(index: index, id: id, offset: position.anchorOffset)), unseen: position.unseen)
        } else {
            // Pinned to the bottom of a page of older history, the unseen messages are still elsewhere.
            scroll.restore(.bottom(offset: 0), unseen: dataSource?.reachesNewest == false ? position.unseen : 0)
        }
        restoreSelection(position.selection)
        settledAfterJump(scrolled: false)
    }

    /// Selects what `saved` names again, when both of its rows are loaded (otherwise, and for
    /// `nil`, nothing is selected).
    public func restoreSelection(_ saved: SavedSelection?) {
        selection = nil
        if let saved, let dataSource { selection = ListSelection(saved, index: dataSource.index(ofRowID:)) }
        setNeedsPaint()
    }

    /// Opens the list at the row `id` (the first-unread marker): pinned when everything from
    /// that row down fits in the viewport, otherwise with the row `topMargin` below the
    /// viewport's top (at most a quarter of the viewport) and `unseen` unseen messages. Without
    /// such a row the list is pinned. Measures at most a viewport of rows below the row.
    public func open(atRowID id: String, topMargin: Double = 40, unseen: Int) {
        settle(nil)
        guard let dataSource, let row = dataSource.index(ofRowID: id) else {
            restore(SavedListPosition(pinned: true))
            return
        }
        let below = layouter().map { rows.measure(from: row, filling: viewportHeight, through: true, $0) } ?? 0
        if below <= viewportHeight {
            restore(SavedListPosition(pinned: true))
        } else {
            restore(SavedListPosition(pinned: false, anchorID: id,
                                      anchorOffset: -min(topMargin, viewportHeight / 4), unseen: unseen))
        }
    }

    // MARK: - Jump to a row

    /// Shows the row with `id` about a third of the way down the viewport and highlights it
    /// briefly: animated (at most 300 ms) when it is within two viewports, otherwise at once,
    /// so no other part of the list jumps. The pinned state and the unseen count behave as for
    /// any user scroll (a row near the bottom ends pinned). A row that is not loaded is asked of
    /// the data source (``MessageListDataSource/loadRows(around:)``) and shown, at once, when
    /// the rows holding it arrive. `animated: false` always jumps (rows that just replaced the
    /// others have nothing to animate from). Returns whether the row was loaded.
    @discardableResult
    public func reveal(rowID id: String, animated: Bool = true) -> Bool {
        settle(nil)
        guard let dataSource else { return false }
        guard let index = dataSource.index(ofRowID: id) else {
            if dataSource.loadRows(around: id) { pendingReveal = id }
            return false
        }
        // Rows the data source has but the list has not taken in yet (no layout since they
        // came: a list without a window): shown once they are.
        guard index < rowCount else {
            pendingReveal = id
            return false
        }
        pendingReveal = nil
        highlight = RowHighlight(id: id, start: now)
        let goal = revealGoal(index: index, id: id)
        if animated, abs(y(of: goal) - y) <= 2 * viewportHeight {
            scroll.animate(to: goal, self, now: now, maxDuration: 0.3)
            noteScrollActivity()
            setNeedsPaint()
            scheduleWake()
        } else {
            stopMotion()
            scroll.jump(to: goal, self)
            settledAfterJump(scrolled: true)
        }
        return true
    }

    /// Where a revealed row goes: a third down the viewport, or the edge that stops it there.
    func revealGoal(index: Int, id: String) -> ScrollGoal {
        measure(index)
        let offset = -(viewportHeight / 3).rounded()
        let target = rowTop(index) + offset
        if target >= maxY { return .bottom }
        if target <= 0 { return .top }
        return .row(RowPosition(index: index, id: id, offset: offset))
    }

    /// Applies a position set at once; `scrolled` when it was a scroll (the scroll bar shows),
    /// not a buffer opening.
    private func settledAfterJump(scrolled: Bool) {
        settle(nil)
        if scrolled { noteScrollActivity() }
        setNeedsPaint()
        scheduleWake()
    }

    /// Lays out row `i` now if its height is an estimate.
    func measure(_ i: Int) {
        guard i >= 0, i < rowCount, let layouter = layouter() else { return }
        rows.measure(i, layouter)
    }

    // MARK: - The highlight

    /// The revealed row's highlight opacity at `time` (0 once faded).
    func highlightOpacity(at time: Double) -> Double {
        highlight?.opacity(at: time) ?? 0
    }

    /// Whether the highlight is fading at `time` (the list must be repainted); it is dropped
    /// once it is over.
    func isHighlightFading(at time: Double) -> Bool {
        guard let highlight else { return false }
        if highlight.isOver(at: time, frame: Self.frameInterval) {
            self.highlight = nil
            return true
        }
        return highlight.isFading(at: time)
    }
}

/// Time (motions advanced on ticks, older history asked for as the top comes near), the
/// animated scrolls, and the jumps: a saved position, a row to open at or to reveal.
extension ListViewport {
    // MARK: - Time

    /// Advances to `time`: starts touchpad momentum once the fingers are taken to have lifted,
    /// moves the running motion (landing it on its goal), measures rows that came into view,
    /// and asks for older history if the top is near.
    func step(to time: Double) {
        clock = max(clock, time)
        settle()
        if scroll.isMoving {   // otherwise advancing changes nothing
            scrolling { $0.advance(to: time, self) }
            owner.noteScrollActivity()
            settle()
        }
        checkNeedOlder()
    }

    /// When the position or the older history next needs a tick after `now`, `frame` apart
    /// while something moves (`nil`: nothing is due).
    func nextWake(after now: Double, frame: Double) -> Double? {
        let older = pager.nextCheck(nearOldest: isNearOldest).map { max($0, now) }
        let moving = scroll.nextFrame(after: now, interval: frame)
        guard let older else { return moving }
        return min(moving ?? older, older)
    }

    /// Whether the viewport's top (or the projected rest of a fling) is within one viewport
    /// height of the top of the loaded rows.
    var isNearOldest: Bool {
        guard dataSource != nil, onNeedOlder != nil, viewportHeight > 0 else { return false }
        let limit = viewportHeight
        if y <= limit { return true }
        if let rest = scroll.kineticRestPosition, rest <= limit { return true }
        return false
    }

    /// Calls ``onNeedOlder`` once if the top is near, no request is outstanding and the last
    /// one completed at least ``HistoryPager/interval`` ago.
    func checkNeedOlder() {
        guard pager.shouldRequest(nearOldest: isNearOldest, now: now) else { return }
        pager.requested()
        onNeedOlder?()
    }

    /// Whether the highlight is fading at `time` (it must be repainted); it is dropped once
    /// it is over.
    func isHighlightFading(at time: Double, frame: Double) -> Bool {
        guard let highlight else { return false }
        if highlight.isOver(at: time, frame: frame) {
            self.highlight = nil
            return true
        }
        return highlight.isFading(at: time)
    }

    /// Stops a running motion where it is at the current time (new input, a touch, a click).
    /// A click (`springBack`) while past an edge lets the content spring back instead.
    func stopMotion(springBack: Bool = false) {
        let now = self.now
        scrolling { $0.stop(at: now, springBack: springBack, self) }
    }

    // MARK: - Animated scrolls

    /// Animates to `goal` (at most `maxDuration` s), or by `distance` px from the goal of a
    /// running animation: the user's scroll, so the scroll bar shows.
    func animate(to goal: ScrollGoal? = nil, by distance: Double = 0, maxDuration: Double = .infinity) {
        let now = self.now
        scrolling { state in
            if let goal {
                state.animate(to: goal, self, now: now, maxDuration: maxDuration)
            } else {
                state.animate(by: distance, self, now: now, maxDuration: maxDuration)
            }
        }
        owner.noteScrollActivity()
    }

    /// Animates to the bottom within 300 ms and pins; while the rows are a page of older
    /// history, the data source brings the newest back and the list pins to them.
    func jumpToBottom() {
        settle()
        if let dataSource, !dataSource.reachesNewest {
            stopMotion()
            if dataSource.loadNewest() { pendingBottom = true }
            settle()
            return
        }
        animate(to: .bottom, maxDuration: 0.3)
        owner.scheduleWake()
    }

    // MARK: - Jumps

    /// The reading position to save when the buffer is hidden, with the selection.
    var savedPosition: SavedListPosition {
        settle()
        var saved: SavedListPosition
        switch scroll.anchor {
        case .bottom:
            saved = SavedListPosition(pinned: true, unseen: scroll.unseen)
        case .row(let p):
            saved = SavedListPosition(pinned: false, anchorID: p.id, anchorOffset: p.offset, unseen: scroll.unseen)
        }
        if let selection, !selection.isEmpty, let dataSource, selection.upper.row < rowCount {
            saved.selection = selection.saved(id: dataSource.rowID(at:))
        }
        return saved
    }

    /// Restores a saved position: pinned, or the anchor row (found by id) at the same screen
    /// position, and the selection when its rows are still there. An anchor that is no longer
    /// loaded pins the list. Stops any motion.
    func restore(_ position: SavedListPosition) {
        settle()
        if !position.pinned, let id = position.anchorID, let index = dataSource?.index(ofRowID: id) {
            let anchor = RowPosition(index: index, id: id, offset: position.anchorOffset)
            scrolling { $0.restore(.row(anchor), unseen: position.unseen) }
        } else {
            // Pinned to the bottom of a page of older history, the unseen messages are still elsewhere.
            let unseen = dataSource?.reachesNewest == false ? position.unseen : 0
            scrolling { $0.restore(.bottom(offset: 0), unseen: unseen) }
        }
        restoreSelection(position.selection)
        jumped(scrolled: false)
    }

    /// Selects what `saved` names again, when both of its rows are loaded (otherwise, and for
    /// `nil`, nothing is selected).
    func restoreSelection(_ saved: SavedSelection?) {
        selection = nil
        if let saved, let dataSource { selection = ListSelection(saved, index: dataSource.index(ofRowID:)) }
        owner.setNeedsPaint()
    }

    /// Opens at the row `id`: pinned when everything from that row down fits in the viewport,
    /// otherwise with the row `topMargin` below the viewport's top (at most a quarter of it).
    func open(atRowID id: String, topMargin: Double, unseen: Int) {
        settle()
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

    /// Shows the row `id` a third down the viewport, highlighted: animated within two
    /// viewports, otherwise at once; a row not loaded is asked of the data source and shown
    /// when it comes. Returns whether the row was loaded.
    func reveal(rowID id: String, animated: Bool) -> Bool {
        settle()
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
        if animated, abs(self.y(of: goal) - y) <= 2 * viewportHeight {
            animate(to: goal, maxDuration: 0.3)
            owner.setNeedsPaint()
            owner.scheduleWake()
        } else {
            stopMotion()
            scrolling { $0.jump(to: goal, self) }
            jumped(scrolled: true)
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
    private func jumped(scrolled: Bool) {
        settle()
        if scrolled { owner.noteScrollActivity() }
        owner.setNeedsPaint()
        owner.scheduleWake()
    }
}

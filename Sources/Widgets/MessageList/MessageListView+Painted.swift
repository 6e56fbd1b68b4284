/// Damage worked out from what is on screen (``ListPaintedState``): before each paint pass
/// the list compares what it painted last with what it would paint now, and when the rows only
/// moved the host moves the pixels already there instead of repainting them.
extension MessageListView {
    /// What a paint pass would put on screen now; `nil` when the list is not shown.
    func currentPaintedState(_ host: WidgetHost) -> ListPaintedState? {
        guard !isHidden, size.width > 0, size.height > 0 else { return nil }
        var window = windowFrame
        var node = parent
        while let up = node {
            if up.isHidden { return nil }
            if up.clipsChildren { window = window.intersection(up.windowFrame) }
            node = up.parent
        }
        guard !window.isEmpty else { return nil }
        let y = paintY
        var state = ListPaintedState(window: window, y: y)
        if let dataSource, let shown = rows.painted(top: y, height: viewportHeight, ids: dataSource.rowID(at:)) {
            state.firstIndex = shown.first
            state.firstID = shown.id
            state.rowsTop = shown.top
            state.rowsBottom = shown.bottom
        }
        let opacity = scrollBarOpacity(at: host.now.seconds)
        if opacity > 0, let bar = scrollBarGeometry() {
            state.bar = ListPaintedState.BarLook(track: bar.track, thumb: bar.thumb, opacity: opacity,
                                                 highlighted: isBarHighlighted)
        }
        if let highlight = viewport.highlight, case let opacity = highlight.opacity(at: host.now.seconds), opacity > 0 {
            state.highlight = "\(highlight.id) \(opacity)"
        }
        if isPillVisible, let rect = pillRect() {
            state.pill = rect
            state.pillText = pillText
        }
        if let rect = footnoteRect() {
            state.footnote = rect
            state.footnoteText = footnote
        }
        return state
    }

    /// The damage (or pixel move) for the next paint pass.
    func prepareDamage() {
        guard let host else { painted = nil; return }
        // Rows that came into view since the last layout (a drag moves `y` between layouts)
        // are measured now, so that rows on screen never change height behind the painter.
        viewport.settle()
        let state = currentPaintedState(host)
        let old = painted
        let oldFirst = rows.indexSincePaint(of: old?.firstIndex)   // where the rows painted first are now
        painted = state
        guard let state, let old, old != state else {
            if state != nil, old == nil { setNeedsPaint() }
            return
        }
        guard let shift = rowShift(from: old, to: state, oldFirst: oldFirst) else {
            setNeedsPaint()
            return
        }
        if shift != 0 {
            guard state.isPixelAligned(from: old, shift: shift, scale: host.scale),
                  host.scroll(state.window, by: shift, below: self) else {
                setNeedsPaint()
                return
            }
        }
        guard let damage = state.damage(since: old, shift: shift, size: size) else {
            setNeedsPaint()
            return
        }
        for rect in damage { invalidate(rect) }
    }

    /// How far the rows painted as `old` have moved on screen to be painted as `state`: the
    /// old first row, found again at `oldFirst`. `nil` when they cannot just have moved
    /// (another window, a highlight changed, the row is gone).
    private func rowShift(from old: ListPaintedState, to state: ListPaintedState, oldFirst: Int?) -> Double? {
        guard old.window == state.window, old.highlight == state.highlight, let index = oldFirst,
              state.firstIndex != nil, let dataSource else { return nil }
        guard index >= 0, index < rowCount, dataSource.rowID(at: index) == old.firstID else { return nil }
        return rowTop(index) - state.y - old.rowsTop
    }
}

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
        if let dataSource, let visible = visibleRows(at: y) {
            state.firstIndex = visible.lowerBound
            state.firstID = dataSource.rowID(at: visible.lowerBound)
            state.rowsTop = rowTop(visible.lowerBound) - y
            state.rowsBottom = rowTop(visible.upperBound) + heights.height(at: visible.upperBound) - y
        }
        let opacity = scrollBarOpacity(at: host.now.seconds)
        if opacity > 0, let bar = scrollBarGeometry() {
            state.bar = ListPaintedState.BarLook(track: bar.track, thumb: bar.thumb, opacity: opacity,
                                                 highlighted: isBarHighlighted)
        }
        if let highlight, case let opacity = highlight.opacity(at: host.now.seconds), opacity > 0 {
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
        settle(nil)
        let state = currentPaintedState(host)
        let old = painted
        let trimmed = trimmedSincePaint, prepended = prependedSincePaint
        painted = state
        trimmedSincePaint = 0
        prependedSincePaint = 0
        guard let state, let old, old != state else {
            if state != nil, old == nil { setNeedsPaint() }
            return
        }
        guard old.window == state.window, old.highlight == state.highlight, let oldIndex = old.firstIndex, state.firstIndex != nil,
              let dataSource else {
            setNeedsPaint()
            return
        }
        // Where the rows painted last time are now: the old first row, found again.
        let index = oldIndex - trimmed + prepended
        guard index >= 0, index < heights.count, dataSource.rowID(at: index) == old.firstID else {
            setNeedsPaint()
            return
        }
        let shift = rowTop(index) - state.y - old.rowsTop
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
}

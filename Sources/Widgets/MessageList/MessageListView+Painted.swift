/// Damage worked out from what is on screen: before each paint pass the list compares what it
/// painted last with what it would paint now. When the rows only moved (lines appended while
/// pinned, any scroll: rows are painted at whole output pixels, ``MessageListView/paintY``), the
/// host moves the pixels already there (``WidgetHost/scroll(_:by:below:)``) and only the
/// uncovered strip, the scroll bar and the pill are repainted; anything else repaints the list.
extension MessageListView {
    /// What one paint pass put on screen, in list-local coordinates.
    struct PaintedState: Equatable {
        /// The part of the window the list covers (its frame within the ancestors' clips).
        var window: Rect
        var y: Double
        /// The topmost visible row (index and id), and the span of the visible rows.
        var firstIndex: Int?
        var firstID: String?
        var rowsTop = 0.0
        var rowsBottom = 0.0
        /// The scroll bar as drawn (`nil`: not drawn).
        var bar: BarLook?
        /// The pill as drawn (`nil`: not shown).
        var pill: Rect?
        /// The revealed row's highlight: its id and opacity (`nil`: none).
        var highlight: String?
        var pillText: String?
        /// The footnote as drawn (`nil`: none), and its text.
        var footnote: Rect?
        var footnoteText: String?
    }

    /// The scroll bar's look: geometry, opacity and thumb colour.
    struct BarLook: Equatable {
        var track: Rect
        var thumb: Rect
        var opacity: Double
        var highlighted: Bool
    }

    /// What a paint pass would put on screen now; `nil` when the list is not shown.
    func currentPaintedState(_ host: WidgetHost) -> PaintedState? {
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
        var state = PaintedState(window: window, y: y)
        if let dataSource, let visible = visibleRows(at: y) {
            state.firstIndex = visible.lowerBound
            state.firstID = dataSource.rowID(at: visible.lowerBound)
            state.rowsTop = rowTop(visible.lowerBound) - y
            state.rowsBottom = rowTop(visible.upperBound) + heights.height(at: visible.upperBound) - y
        }
        let opacity = scrollBarOpacity(at: host.now.seconds)
        if opacity > 0, let bar = scrollBarGeometry() {
            state.bar = BarLook(track: bar.track, thumb: bar.thumb, opacity: opacity,
                                highlighted: isBarHighlighted)
        }
        if let highlight, case let opacity = highlightOpacity(at: host.now.seconds), opacity > 0 {
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

    /// The damage (or pixel move) for the next paint pass; see the extension's overview.
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
        let height = size.height, width = size.width
        if shift != 0 {
            // Whole output pixels (paintY is; trimmed rows' heights normally are): then every
            // row's pixels, rounded the same way before and after, move by exactly `shift`.
            let scale = host.scale
            func aligned(_ v: Double) -> Bool { abs(v * scale - (v * scale).rounded()) < 1e-6 }
            guard aligned(old.y), aligned(state.y), aligned(shift),
                  host.scroll(state.window, by: shift, below: self) else {
                setNeedsPaint()
                return
            }
        }
        // The rows moved as a whole: repaint what the rows that were on screen do not cover
        // after the move.
        let validTop = max(0, max(0, old.rowsTop) + shift)
        let validBottom = min(height, min(height, old.rowsBottom) + shift)
        guard validBottom > validTop else {
            setNeedsPaint()
            return
        }
        if validTop > 0 { invalidate(Rect(x: 0, y: 0, width: width, height: validTop)) }
        if validBottom < height { invalidate(Rect(x: 0, y: validBottom, width: width, height: height - validBottom)) }
        // The chrome stays where it is while the rows move under it. The bar's column is
        // damaged between the strips only: a rectangle overlapping a strip would be merged
        // with it into their bounding box, which is the whole list.
        if old.bar != state.bar || (old.bar != nil && shift != 0) {
            // One pixel wider: the rounded bar's anti-aliased edge reaches into the pixel column
            // its rectangle starts in when that is not a whole output pixel.
            let minX = min(old.bar?.track.minX ?? width, state.bar?.track.minX ?? width) - 1
            invalidate(Rect(x: minX, y: validTop, width: width - minX, height: validBottom - validTop))
        }
        if old.pill != state.pill || old.pillText != state.pillText || (old.pill != nil && shift != 0) {
            let edge = EdgeInsets(all: -1)   // its anti-aliased edges
            if let pill = old.pill { invalidate(pill.offsetBy(dx: 0, dy: shift).inset(by: edge).intersection(bounds)) }
            if let pill = state.pill { invalidate(pill.inset(by: edge).intersection(bounds)) }
        }
        if old.footnote != state.footnote || old.footnoteText != state.footnoteText || (old.footnote != nil && shift != 0) {
            let edge = EdgeInsets(all: -1)
            if let note = old.footnote { invalidate(note.offsetBy(dx: 0, dy: shift).inset(by: edge).intersection(bounds)) }
            if let note = state.footnote { invalidate(note.inset(by: edge).intersection(bounds)) }
        }
    }
}

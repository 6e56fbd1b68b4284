/// The chrome over the rows (``ListChrome``): the overlay scroll bar, shown while scrolling and
/// on hover (``ScrollBarState``); the "jump to newest" pill, visible exactly when the list is
/// not pinned and (`fromBottom > 100` or there are unseen messages), which shows the unseen
/// count and, clicked, animates to the bottom within 300 ms and pins; the footnote.
extension MessageListView {
    // MARK: - The scroll bar

    /// The scroll bar's geometry now, or `nil` when the rows fit.
    func scrollBarGeometry() -> ListScrollBar? {
        ListScrollBar(size: size, contentHeight: contentHeight, y: y, maxY: maxY)
    }

    /// Whether the bar is drawn highlighted (hovered or its thumb dragged).
    var isBarHighlighted: Bool { bar.isHovering || scroll.isThumbDragging }

    /// Records scrolling or hovering at the current time (the bar shows).
    func noteScrollActivity() {
        let now = self.now
        if scrollBarOpacity(at: now) < 1 { host?.requestPaintPass() }
        bar.noteActivity(at: now)
    }

    /// The scroll bar's opacity (0...1) at `time`.
    public func scrollBarOpacity(at time: Double) -> Double {
        bar.opacity(at: time, held: scroll.isUserScrolling)
    }

    func paintScrollBar(_ context: inout PaintContext) {
        let opacity = scrollBarOpacity(at: context.time.seconds)
        guard opacity > 0, let geometry = scrollBarGeometry() else { return }
        ListChrome.paintScrollBar(geometry, opacity: opacity, highlighted: isBarHighlighted, theme: theme, &context)
    }

    // MARK: - The pill and the footnote

    /// The pill's label: "3 new" with unseen messages, otherwise "Jump to newest".
    public var pillText: String { ListChrome.pillText(unseen: unseen) }

    /// The pill's rectangle (list-local), centred above the bottom edge.
    func pillRect() -> Rect? {
        guard let host else { return nil }
        return ListChrome.pillRect(pillText, in: size, font: theme.font, measurer: host.measurer)
    }

    func paintPill(_ context: inout PaintContext) {
        guard isPillVisible, let rect = pillRect() else { return }
        ListChrome.paintPill(pillText, in: rect, theme: theme, &context)
    }

    /// The footnote's rectangle (list-local), when there is one.
    func footnoteRect() -> Rect? {
        guard let host, let footnote, !footnote.isEmpty else { return nil }
        return ListChrome.footnoteRect(footnote, in: size, measurer: host.measurer)
    }

    func paintFootnote(_ context: inout PaintContext) {
        guard let footnote, let rect = footnoteRect() else { return }
        ListChrome.paintFootnote(footnote, in: rect, theme: theme, &context)
    }
}

/// The overlay scroll bar: its geometry (``ListScrollBar``) and visibility (``ScrollBarState``)
/// now, and painting it.
extension MessageListView {
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
        bar.opacity(at: time, held: isUserScrolling)
    }

    func paintScrollBar(_ context: inout PaintContext) {
        let opacity = scrollBarOpacity(at: context.time.seconds)
        guard opacity > 0, let geometry = scrollBarGeometry() else { return }
        var trackColor = theme.surface
        trackColor.a = UInt8((Double(trackColor.a) * opacity * 0.5).rounded())
        var thumbColor = isBarHighlighted ? theme.mutedText : theme.surfacePressed
        thumbColor.a = UInt8((Double(thumbColor.a) * opacity).rounded())
        context.fillRounded(geometry.track, radius: ListScrollBar.width / 2, trackColor)
        context.fillRounded(geometry.thumb, radius: ListScrollBar.width / 2, thumbColor)
    }
}

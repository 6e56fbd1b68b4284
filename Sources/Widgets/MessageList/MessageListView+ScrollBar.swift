/// The overlay scroll bar's visibility: shown while scrolling and on hover, fading out after
/// ``MessageListView/scrollBarHoldTime`` of idleness; the fade is driven by ticks only while
/// it runs.
extension MessageListView {
    /// Seconds the scroll bar stays fully visible after the last scroll or pointer movement.
    public static let scrollBarHoldTime = 1.0
    /// Seconds the fade-out lasts.
    public static let scrollBarFadeTime = 0.25

    /// The scroll bar's geometry now, or `nil` when the rows fit.
    func scrollBarGeometry() -> ListScrollBar? {
        ListScrollBar(size: size, contentHeight: contentHeight, y: y, maxY: maxY)
    }

    /// Records scrolling or hovering at the current time (the bar shows).
    func noteScrollActivity() {
        let now = self.now
        if scrollBarOpacity(at: now) < 1 { host?.requestPaintPass() }
        scrollBarActivity = now
    }

    /// The scroll bar's opacity (0...1) at `time`.
    public func scrollBarOpacity(at time: Double) -> Double {
        if isHoveringBar || thumbGrab != nil || isUserScrolling { return 1 }
        guard let activity = scrollBarActivity else { return 0 }
        let idle = time - activity - Self.scrollBarHoldTime
        if idle <= 0 { return 1 }
        return max(0, 1 - idle / Self.scrollBarFadeTime)
    }

    /// Whether the bar is fading out at `time` (it must be repainted).
    func isScrollBarFading(at time: Double) -> Bool {
        guard let activity = scrollBarActivity else { return false }
        let fadeStart = activity + Self.scrollBarHoldTime
        return time >= fadeStart && time <= fadeStart + Self.scrollBarFadeTime + Self.frameInterval
    }

    /// When the bar next needs a frame: the end of the hold time, then every frame while it
    /// fades; `nil` once it is hidden (or held visible by hover or a drag, which need no ticks).
    func nextScrollBarWake(after time: Double) -> Double? {
        guard let activity = scrollBarActivity, !isHoveringBar, thumbGrab == nil, !isUserScrolling else { return nil }
        let fadeStart = activity + Self.scrollBarHoldTime
        if time < fadeStart { return fadeStart }
        if time < fadeStart + Self.scrollBarFadeTime { return time + Self.frameInterval }
        return nil
    }

    func paintScrollBar(_ context: inout PaintContext) {
        let opacity = scrollBarOpacity(at: context.time.seconds)
        guard opacity > 0, let bar = scrollBarGeometry() else { return }
        var trackColor = theme.surface
        trackColor.a = UInt8((Double(trackColor.a) * opacity * 0.5).rounded())
        var thumbColor = isHoveringBar || thumbGrab != nil ? theme.mutedText : theme.surfacePressed
        thumbColor.a = UInt8((Double(thumbColor.a) * opacity).rounded())
        context.fillRounded(bar.track, radius: ListScrollBar.width / 2, trackColor)
        context.fillRounded(bar.thumb, radius: ListScrollBar.width / 2, thumbColor)
    }
}

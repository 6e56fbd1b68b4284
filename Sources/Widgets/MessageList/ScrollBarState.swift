/// The overlay scroll bar's visibility as a function of time: fully visible while scrolling,
/// while the pointer is over it or drags its thumb, and for ``holdTime`` after the last scroll
/// or pointer movement, then fading out over ``fadeTime``. It asks for frames only while it
/// fades. Geometry is ``ListScrollBar``'s.
struct ScrollBarState: Sendable, Hashable {
    /// Seconds the bar stays fully visible after the last scroll or pointer movement.
    static let holdTime = 1.0
    /// Seconds the fade-out lasts.
    static let fadeTime = 0.25

    /// When the list last scrolled or the pointer last moved over it (s).
    var lastActivity: Double?
    /// Whether the pointer is over the bar.
    var isHovering = false

    /// Records scrolling or pointer movement at `time`.
    mutating func noteActivity(at time: Double) { lastActivity = time }

    /// The bar's opacity (0...1) at `time`; `held` while a gesture or a thumb drag runs.
    func opacity(at time: Double, held: Bool) -> Double {
        if isHovering || held { return 1 }
        guard let activity = lastActivity else { return 0 }
        let idle = time - activity - Self.holdTime
        if idle <= 0 { return 1 }
        return max(0, 1 - idle / Self.fadeTime)
    }

    /// Whether the bar is fading out at `time` (it must be repainted); `frame` is the list's
    /// frame interval, so the frame that finishes the fade is included.
    func isFading(at time: Double, frame: Double) -> Bool {
        guard let activity = lastActivity else { return false }
        let fadeStart = activity + Self.holdTime
        return time >= fadeStart && time <= fadeStart + Self.fadeTime + frame
    }

    /// When the bar next needs a frame after `time`: the end of the hold, then every `frame`
    /// while it fades; `nil` once it is hidden or while `held` (which needs no frames).
    func nextWake(after time: Double, held: Bool, frame: Double) -> Double? {
        guard let activity = lastActivity, !isHovering, !held else { return nil }
        let fadeStart = activity + Self.holdTime
        if time < fadeStart { return fadeStart }
        if time < fadeStart + Self.fadeTime { return time + frame }
        return nil
    }
}

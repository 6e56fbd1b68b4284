/// Time: advancing on ticks and asking for the next tick only while something moves (the
/// position, the older history, the scroll bar's and the highlight's fades), and the animated
/// scrolls (keys, the pill).
extension MessageListView {
    /// Advances everything to `time` (``ListViewport/step(to:)``); a fading scroll bar or
    /// highlight is painted again.
    func step(to time: Double) {
        viewport.step(to: time)
        if bar.isFading(at: time, frame: Self.frameInterval)
            || viewport.isHighlightFading(at: time, frame: Self.frameInterval) { host?.requestPaintPass() }
    }

    /// The earliest time the list needs to be woken, or `nil` when it is idle.
    func nextWake() -> FrameTime? {
        let now = self.now
        let due = [viewport.nextWake(after: now, frame: Self.frameInterval),
                   bar.nextWake(after: now, held: scroll.isUserScrolling, frame: Self.frameInterval),
                   viewport.highlight?.nextWake(after: now, frame: Self.frameInterval)]
        return due.compactMap { $0 }.min().map { FrameTime(seconds: $0) }
    }

    /// Asks the host for the next tick, or cancels it when idle.
    func scheduleWake() {
        guard let host else { return }
        if let wake = nextWake() {
            host.requestTick(for: self, at: wake)
        } else {
            host.cancelTick(for: self)
        }
    }

    /// The scroll velocity (px/s, positive towards newer messages) at `time`.
    func velocity(at time: Double) -> Double { scroll.velocity(at: time) }

    // MARK: - Animated scrolls

    /// Scrolls by `distance` px (animated, from the goal of a running animation), clamped to
    /// the content: to an edge when it reaches one. PageUp/PageDown use ±90 % of the viewport.
    public func scrollAnimated(by distance: Double) {
        viewport.settle()
        viewport.animate(by: distance, maxDuration: 0.3)
        scheduleWake()
    }

    /// Scrolls to the top of the loaded rows (Ctrl+Home), animated.
    public func scrollToOldest() {
        viewport.settle()
        viewport.animate(to: .top, maxDuration: 0.3)
        scheduleWake()
    }

    /// Animates to the bottom within 300 ms and pins (the pill, Ctrl+End). While the rows are a
    /// page of older history, the data source brings the newest back and the list pins to them.
    public func jumpToBottom() {
        viewport.jumpToBottom()
    }
}

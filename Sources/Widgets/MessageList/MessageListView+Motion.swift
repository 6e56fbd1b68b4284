import ScrollPhysics

/// Time: advancing motions on ticks, asking for the next tick only while something moves, and
/// the animated scrolls (keys, the pill, a jump to a row).
extension MessageListView {
    /// Advances everything to `time`: starts touchpad momentum once the fingers are taken to
    /// have lifted, moves the running motion (landing it on its goal), measures rows that came
    /// into view, and asks for older history if the top is near.
    func step(to time: Double) {
        clock = max(clock, time)
        settle(nil)
        if scroll.isMoving {   // otherwise advancing changes nothing
            scrolling { $0.advance(to: time, self) }
            noteScrollActivity()
            settle(nil)
        }
        checkNeedOlder()
        if bar.isFading(at: time, frame: Self.frameInterval) || isHighlightFading(at: time) { host?.requestPaintPass() }
    }

    /// The earliest time the list needs to be woken, or `nil` when it is idle.
    func nextWake() -> FrameTime? {
        let now = self.now
        var due: [Double] = []
        if let frame = scroll.nextFrame(after: now, interval: Self.frameInterval) { due.append(frame) }
        if let fade = bar.nextWake(after: now, held: isUserScrolling, frame: Self.frameInterval) { due.append(fade) }
        if let older = pager.nextCheck(nearOldest: isNearOldest) { due.append(max(older, now)) }
        if let highlight = highlight?.nextWake(after: now, frame: Self.frameInterval) { due.append(highlight) }
        return due.min().map { FrameTime(seconds: $0) }
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

    /// Stops a running motion where it is at the current time (new input, a touch, a click).
    /// A click (`springBack`) while past an edge lets the content spring back instead.
    func stopMotion(springBack: Bool = false) {
        let now = self.now
        scrolling { $0.stop(at: now, springBack: springBack, self) }
    }

    // MARK: - Animated scrolls

    /// Scrolls by `distance` px (animated, from the goal of a running animation), clamped to
    /// the content: to an edge when it reaches one. PageUp/PageDown use ±90 % of the viewport.
    public func scrollAnimated(by distance: Double) {
        settle(nil)
        scroll.animate(by: distance, self, now: now, maxDuration: 0.3)
        startedAnimation()
    }

    /// Scrolls to the top of the loaded rows (Ctrl+Home), animated.
    public func scrollToOldest() {
        settle(nil)
        scroll.animate(to: .top, self, now: now, maxDuration: 0.3)
        startedAnimation()
    }

    /// Animates to the bottom within 300 ms and pins (the pill, Ctrl+End). While the rows are a
    /// page of older history, the data source brings the newest back and the list pins to them.
    public func jumpToBottom() {
        settle(nil)
        if let dataSource, !dataSource.reachesNewest {
            stopMotion()
            if dataSource.loadNewest() { pendingBottom = true }
            settle(nil)
            return
        }
        scroll.animate(to: .bottom, self, now: now, maxDuration: 0.3)
        startedAnimation()
    }

    private func startedAnimation() {
        noteScrollActivity()
        scheduleWake()
    }
}

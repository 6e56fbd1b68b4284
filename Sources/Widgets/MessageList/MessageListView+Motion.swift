import ScrollPhysics

/// Time: advancing motions on ticks, asking for the next tick only while something moves, and
/// the animated scrolls (keys, the pill).
extension MessageListView {
    /// Advances everything to `time`: starts touchpad momentum once the fingers are taken to
    /// have lifted, moves the running motion, measures rows that came into view, and asks for
    /// older history if the top is near.
    func step(to time: Double) {
        clock = max(clock, time)
        settle(nil)
        if touchpadActive, let start = touchpad.momentumStart(now: time) {
            touchpad.reset()
            touchpadActive = false
            let fling = ScrollMotion.fling(from: y, velocity: start.velocity, minY: 0, maxY: maxY)
            motion = .kinetic(fling, start: start.time)
        }
        if let motion {
            setUserY(motion.position(at: time))
            if motion.isDone(at: time) {
                self.motion = nil
                if case .animation(_, goal: .bottom) = motion {
                    reference = .bottom(offset: 0)
                    unseen = 0
                }
            }
            settle(nil)
        }
        checkNeedOlder()
        if isScrollBarFading(at: time) { host?.requestPaintPass() }
    }

    /// The earliest time the list needs to be woken, or `nil` when it is idle.
    func nextWake() -> FrameTime? {
        let now = self.now
        var due: [Double] = []
        if motion != nil { due.append(now + Self.frameInterval) }
        if touchpadActive, let last = touchpad.lastEventTime {
            due.append(max(last + TouchpadMomentum.liftDelay, now + Self.frameInterval))
        }
        if let fade = nextScrollBarWake(after: now) { due.append(fade) }
        if let older = nextOlderCheck() { due.append(max(older, now)) }
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

    /// The scroll velocity (px/s, positive towards newer messages) at `time`: the running
    /// motion's, or during a touch drag the finger's (0 for touchpad deltas until momentum).
    func velocity(at time: Double) -> Double {
        if let motion { return motion.velocity(at: time) }
        if let touch, touch.drag.isDragging { return touch.tracker.velocityAtNewestSample() }
        return 0
    }

    /// Stops a running motion where it is at the current time (new input, a touch, a click).
    /// A click (`springBack`) while past an edge lets the content spring back instead.
    func stopMotion(springBack: Bool = false) {
        let now = self.now
        if let motion {
            setUserY(motion.position(at: now))
            self.motion = nil
        }
        touchpad.reset()
        touchpadActive = false
        if springBack, y < 0 || y > maxY {
            motion = .kinetic(ScrollMotion.springBack(from: y, velocity: 0, minY: 0, maxY: maxY), start: now)
        }
    }

    /// Keeps running motions consistent with the current bounds `[0, maxY]`: a kinetic motion
    /// continues from its state against the new bounds when it could reach an edge; an
    /// animation keeps its curve (its target clamped), and one going to the bottom retargets to
    /// the new `maxY` keeping its end time.
    func fitMotionToBounds() {
        guard let motion else { return }
        let now = self.now
        let maxY = self.maxY
        switch motion {
        case .kinetic(let kinetic, let start):
            guard kinetic.minY != 0 || kinetic.maxY != maxY else { return }
            let t = now - start
            let position = kinetic.position(at: t)
            let rest = kinetic.restPosition
            let inside = max(kinetic.minY, 0), outside = min(kinetic.maxY, maxY)
            let staysInside = kinetic.phase(at: t) != .rest && min(position, rest) > inside && max(position, rest) < outside
                && !isOverscroll(kinetic.phase(at: t))
            if !staysInside {
                self.motion = .kinetic(kinetic.withBounds(minY: 0, maxY: maxY, at: t), start: start)
            }
        case .animation(let animation, let goal):
            let edge: Double? = goal == .bottom ? maxY : goal == .top ? 0 : nil
            if let edge, animation.target != edge {
                let end = animation.startTime + animation.duration
                self.motion = .animation(WheelAnimation(from: animation.position(at: now), velocity: animation.velocity(at: now),
                                                        to: edge, at: now, minY: 0, maxY: maxY,
                                                        duration: max(0, end - now)), goal: goal)
            } else if animation.minY != 0 || animation.maxY != maxY {
                self.motion = .animation(WheelAnimation(from: animation.startPosition, velocity: animation.startVelocity,
                                                        to: animation.target, at: animation.startTime,
                                                        minY: 0, maxY: maxY, duration: animation.duration),
                                         goal: goal)
            }
        }
    }

    private func isOverscroll(_ phase: ScrollMotion.Phase) -> Bool {
        if case .overscroll = phase { return true }
        return false
    }

    // MARK: - Animated scrolls

    /// Scrolls by `distance` px (animated, from the target of a running animation), clamped to
    /// the content. PageUp/PageDown use ±90 % of the viewport.
    public func scrollAnimated(by distance: Double) {
        settle(nil)
        var base = y
        if case .animation(let animation, goal: .offset) = motion { base = animation.target }
        animate(to: base + distance, goal: .offset)
    }

    /// Scrolls to the top of the loaded rows (Ctrl+Home), animated.
    public func scrollToOldest() {
        settle(nil)
        animate(to: 0, goal: .top)
    }

    /// Animates to the bottom within 300 ms and pins (the pill, Ctrl+End).
    public func jumpToBottom() {
        settle(nil)
        animate(to: maxY, goal: .bottom)
    }

    private func animate(to target: Double, goal: AnimationGoal) {
        let now = self.now
        let position = motion?.position(at: now) ?? y
        var velocity = 0.0   // a running fling stops; a running animation hands on its velocity
        if case .animation(let animation, _) = motion { velocity = animation.velocity(at: now) }
        touchpad.reset()
        touchpadActive = false
        touch = nil
        let clamped = min(max(target, 0), maxY)
        let duration = min(WheelAnimation.duration(forDistance: clamped - position), 0.3)
        motion = .animation(WheelAnimation(from: position, velocity: velocity, to: clamped, at: now,
                                           minY: 0, maxY: maxY, duration: duration), goal: goal)
        noteScrollActivity()
        scheduleWake()
    }
}

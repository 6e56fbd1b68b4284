import ScrollPhysics

/// A running scroll motion of the message list, evaluated as a pure function of time.
enum ListMotion: Sendable {
    /// A fling or spring (after a touch release or touchpad momentum) that began at `start` (s).
    case kinetic(ScrollMotion, start: Double)
    /// An animated scroll (wheel notches, keys, the pill, a jump to a row).
    case animation(WheelAnimation)

    /// Position (px) at `time`.
    func position(at time: Double) -> Double {
        switch self {
        case .kinetic(let motion, let start): motion.position(at: time - start)
        case .animation(let animation): animation.position(at: time)
        }
    }

    /// Velocity (px/s, positive towards newer messages) at `time`.
    func velocity(at time: Double) -> Double {
        switch self {
        case .kinetic(let motion, let start): motion.velocity(at: time - start)
        case .animation(let animation): animation.velocity(at: time)
        }
    }

    /// Whether the motion is over at `time`.
    func isDone(at time: Double) -> Bool {
        switch self {
        case .kinetic(let motion, let start): motion.isDone(at: time - start)
        case .animation(let animation): animation.isDone(at: time)
        }
    }

    /// The same motion moved by `delta` px (rows inserted or measured above the anchor).
    func shifted(by delta: Double) -> ListMotion {
        switch self {
        case .kinetic(let motion, let start): .kinetic(motion.shifted(by: delta), start: start)
        case .animation(let animation): .animation(animation.shifted(by: delta))
        }
    }

    /// The motion kept consistent at `now` with the bounds `[0, maxY]` and its goal at
    /// `goalY` (`nil`: a free motion), from where it is and how fast it goes: a kinetic motion
    /// continues from its state against new bounds when it could reach an edge, and one aimed
    /// at an edge it can no longer reach eases onto it; an animation whose goal moved is
    /// retargeted, keeping its end time.
    func fitted(maxY: Double, goalY: Double?, now: Double) -> ListMotion {
        switch self {
        case .kinetic(var kinetic, let start):
            let t = now - start
            if kinetic.minY != 0 || kinetic.maxY != maxY {
                let position = kinetic.position(at: t), rest = kinetic.restPosition
                let phase = kinetic.phase(at: t)
                let staysInside = phase == .fling && min(position, rest) > max(kinetic.minY, 0)
                    && max(position, rest) < min(kinetic.maxY, maxY)
                if !staysInside { kinetic = kinetic.withBounds(minY: 0, maxY: maxY, at: t) }
            }
            let position = kinetic.position(at: t)
            if let goalY, abs(kinetic.restPosition - goalY) > 0.5, position >= 0, position <= maxY {
                let remaining = max(kinetic.endTime - t, 0)
                let duration = min(max(remaining, WheelAnimation.duration(forDistance: goalY - position)), 1)
                return .animation(WheelAnimation(from: position, velocity: kinetic.velocity(at: t), to: goalY,
                                                 at: now, minY: 0, maxY: maxY, duration: duration))
            }
            return .kinetic(kinetic, start: start)
        case .animation(let animation):
            let end = animation.startTime + animation.duration
            if let goalY, animation.target != goalY {
                return .animation(WheelAnimation(from: animation.position(at: now), velocity: animation.velocity(at: now),
                                                 to: goalY, at: now, minY: 0, maxY: maxY, duration: max(0, end - now)))
            } else if animation.minY != 0 || animation.maxY != maxY {
                return .animation(WheelAnimation(from: animation.startPosition, velocity: animation.startVelocity,
                                                 to: animation.target, at: animation.startTime,
                                                 minY: 0, maxY: maxY, duration: animation.duration))
            }
            return self
        }
    }
}

/// A finger on the list: within the slop it is a tap; past it, a drag that scrolls.
struct TouchState: Sendable {
    /// The slop detector.
    var drag: TouchDrag
    /// The unbounded (pre-rubber-band) scroll offset when the drag began.
    var rawOrigin: Double
    /// Recent positions (in scroll direction: the negated finger y) for the release velocity.
    var tracker = VelocityTracker()
}

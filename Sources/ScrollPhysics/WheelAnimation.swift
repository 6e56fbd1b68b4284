import Glibc

/// The animated scroll of mouse-wheel notches (no momentum, no overscroll).
///
/// One notch scrolls `viewportHeight^(2/3)` px. An animation over a distance `Δ` lasts
/// `clamp(14 - |Δ|/60, 6, 12)/60` s and follows the ease-in-out `cubic-bezier(0.42, 0, 0.58, 1)`.
/// A further notch adds to the current target (clamped to `[minY, maxY]`) and starts a new
/// animation from the current position *and velocity*: its curve is the cubic Bézier in time
/// with x control points 0.42, 0.58 and position control points `y0 + 0.42·v0·D`, `target`,
/// `target`, so it starts with slope `v0`, ends with slope 0, and reduces to the ease-in-out
/// curve when `v0 = 0`. Its duration `D` comes from the remaining distance.
///
/// Times are seconds on the caller's motion clock (the first notch at, say, 0); positions px.
public struct WheelAnimation: Sendable, Hashable {
    /// Time (s) the animation started.
    public let startTime: Double
    /// Position (px) at ``startTime``.
    public let startPosition: Double
    /// Velocity (px/s) at ``startTime``.
    public let startVelocity: Double
    /// Where the animation ends (px), already clamped to the bounds.
    public let target: Double
    /// Length (s) of the animation.
    public let duration: Double
    /// Lower content bound (px) that targets and positions are clamped to.
    public let minY: Double
    /// Upper content bound (px) that targets and positions are clamped to.
    public let maxY: Double

    /// Distance (px) one notch scrolls: `viewportHeight^(2/3)`.
    public static func notchDistance(viewportHeight: Double) -> Double {
        pow(max(viewportHeight, 0), 2.0 / 3.0)
    }

    /// Duration (s) of an animation over `distance` px: `clamp(14 - |Δ|/60, 6, 12)/60`.
    public static func duration(forDistance distance: Double) -> Double {
        min(max(14 - abs(distance) / 60, 6), 12) / 60
    }

    /// An animation from `position` moving at `velocity` to `target` (clamped to the bounds),
    /// starting at `startTime`. `duration` defaults to ``duration(forDistance:)`` of the distance.
    public init(from position: Double, velocity: Double = 0, to target: Double,
                at startTime: Double, minY: Double, maxY: Double, duration: Double? = nil) {
        precondition(minY <= maxY, "WheelAnimation needs minY ≤ maxY")
        self.startTime = startTime
        self.startPosition = position
        self.startVelocity = velocity
        self.target = min(max(target, minY), maxY)
        self.minY = minY
        self.maxY = maxY
        self.duration = max(duration ?? Self.duration(forDistance: self.target - position), 0)
    }

    /// The animation for `notches` wheel notches (signed; positive scrolls towards `maxY`)
    /// starting at rest at `position`.
    public static func notches(_ notches: Double, from position: Double, viewportHeight: Double,
                               at time: Double, minY: Double, maxY: Double) -> WheelAnimation {
        WheelAnimation(from: position, to: position + notches * notchDistance(viewportHeight: viewportHeight),
                       at: time, minY: minY, maxY: maxY)
    }

    /// A further `notches` at `time`: the target moves by `notches` notch distances (clamped)
    /// and the new animation starts from this one's position and velocity at `time`.
    public func addingNotches(_ notches: Double, viewportHeight: Double, at time: Double) -> WheelAnimation {
        retargeted(to: target + notches * Self.notchDistance(viewportHeight: viewportHeight), at: time)
    }

    /// A new animation from this one's position and velocity at `time` to `newTarget` (clamped),
    /// its duration from the remaining distance.
    public func retargeted(to newTarget: Double, at time: Double) -> WheelAnimation {
        WheelAnimation(from: position(at: time), velocity: velocity(at: time), to: newTarget,
                       at: time, minY: minY, maxY: maxY)
    }

    /// The same animation moved by `delta` px (content inserted above), bounds included.
    public func shifted(by delta: Double) -> WheelAnimation {
        WheelAnimation(from: startPosition + delta, velocity: startVelocity, to: target + delta,
                       at: startTime, minY: minY + delta, maxY: maxY + delta, duration: duration)
    }

    /// Position (px) at `time`: the start position before ``startTime``, the target after the end.
    public func position(at time: Double) -> Double {
        min(max(unclampedPosition(u: curveParameter(at: time)), minY), maxY)
    }

    /// Velocity (px/s) at `time`: ``startVelocity`` up to ``startTime``, 0 once done (and 0
    /// wherever the position is held at a bound).
    public func velocity(at time: Double) -> Double {
        guard duration > 0, time < startTime + duration else { return 0 }
        let u = curveParameter(at: time)
        let y = unclampedPosition(u: u)
        if y < minY || y > maxY { return 0 }
        let v = 1 - u
        let dyDu = 3 * (v * v - 2 * v * u) * startHandle + (target - startPosition) * 6 * v * u
        let dxDu = CubicBezier.derivative(u, Self.curve.x1, Self.curve.x2)
        return dyDu / dxDu / duration
    }

    /// Whether the animation has reached its target at `time`.
    public func isDone(at time: Double) -> Bool { time >= startTime + duration }

    private static let curve = CubicBezier.easeInOut

    /// Offset of the first position control point from the start: `x1·v0·D`, so that the
    /// curve's initial slope is `v0`.
    private var startHandle: Double { Self.curve.x1 * startVelocity * duration }

    /// `y(u) = y0 + 3(1-u)²u·x1·v0·D + (target - y0)·(3(1-u)u² + u³)`.
    private func unclampedPosition(u: Double) -> Double {
        let v = 1 - u
        return startPosition + 3 * v * v * u * startHandle
            + (target - startPosition) * (3 * v * u * u + u * u * u)
    }

    /// The Bézier parameter `u` at `time` (0 before the start, 1 from the end).
    private func curveParameter(at time: Double) -> Double {
        if time <= startTime { return 0 }
        if duration <= 0 || time >= startTime + duration { return 1 }
        return Self.curve.parameter(forX: (time - startTime) / duration)
    }
}

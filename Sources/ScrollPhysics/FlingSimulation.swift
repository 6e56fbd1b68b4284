import Glibc

/// Momentum scrolling after a release: exponential velocity decay as on iOS.
///
/// With the deceleration rate `r = 0.998` per millisecond, `k = -1000·ln r ≈ 2.002003 s⁻¹` and
/// - `v(t) = v0·e^(-k t)` (px/s),
/// - `y(t) = y0 + (v0/k)·(1 - e^(-k t))` (px), total travel `v0/k ≈ 0.4995·v0`.
///
/// The motion ends once the remaining travel `|v(t)|/k` is below ``restDistance`` (0.5 px); from
/// then on the position is exactly `y0 + v0/k` and the velocity 0. `t` is seconds since the fling
/// began. The initializer takes `v0` as given; ``startVelocity(_:)`` applies the start threshold
/// and the clamp used for a fresh release.
public struct FlingSimulation: Sendable, Hashable {
    /// Deceleration rate per millisecond (iOS `UIScrollView.DecelerationRate.normal`).
    public static let decelerationRatePerMillisecond = 0.998
    /// Decay constant `k = -1000·ln(0.998) ≈ 2.002003` per second.
    public static let k = -1000 * log(decelerationRatePerMillisecond)
    /// A release slower than this (px/s) does not fling.
    public static let minimumStartVelocity = 50.0
    /// Release speeds are clamped to this (px/s).
    public static let maximumVelocity = 8000.0
    /// The fling stops once the remaining travel is below this (px).
    public static let restDistance = 0.5

    /// Position at `t = 0` (px).
    public let startPosition: Double
    /// Velocity at `t = 0` (px/s).
    public let startVelocity: Double
    /// Time (s) at which the remaining travel drops below ``restDistance``; 0 if it already is.
    public let restTime: Double

    /// A fling from `startPosition` with initial velocity `startVelocity` (no threshold, no clamp).
    public init(startPosition: Double, startVelocity: Double) {
        self.startPosition = startPosition
        self.startVelocity = startVelocity
        let k = Self.k
        let remaining = abs(startVelocity) / k
        // |v0|·e^(-k t)/k = 0.5  ⇔  t = ln(|v0| / (0.5 k)) / k
        restTime = remaining < Self.restDistance
            ? 0 : log(abs(startVelocity) / (Self.restDistance * k)) / k
    }

    /// The velocity a release of `velocity` px/s starts a fling with: `nil` below
    /// ``minimumStartVelocity``, otherwise clamped to ±``maximumVelocity``.
    public static func startVelocity(_ velocity: Double) -> Double? {
        guard velocity.isFinite, abs(velocity) >= minimumStartVelocity else { return nil }
        return min(max(velocity, -maximumVelocity), maximumVelocity)
    }

    /// Where the fling comes to rest: `y0 + v0/k` (px).
    public var finalPosition: Double { startPosition + startVelocity / Self.k }

    /// Position (px) at `t` seconds; exactly ``finalPosition`` from ``restTime`` on.
    public func position(at t: Double) -> Double {
        if t >= restTime { return finalPosition }
        if t <= 0 { return startPosition }
        return startPosition + startVelocity / Self.k * -expm1(-Self.k * t)
    }

    /// Velocity (px/s) at `t` seconds; 0 from ``restTime`` on.
    public func velocity(at t: Double) -> Double {
        if t >= restTime { return 0 }
        return startVelocity * exp(-Self.k * max(t, 0))
    }

    /// Whether the fling is over at `t` seconds.
    public func isDone(at t: Double) -> Bool { t >= restTime }

    /// The time (s) at which the fling has travelled `distance` px in its direction of motion
    /// (`t = -ln(1 - distance·k/|v0|)/k`), or `nil` if it never gets that far.
    public func time(toTravel distance: Double) -> Double? {
        let speed = abs(startVelocity)
        guard distance >= 0, speed > 0 else { return distance == 0 ? 0 : nil }
        let fraction = distance * Self.k / speed
        guard fraction < 1 else { return nil }
        return -log1p(-fraction) / Self.k
    }
}

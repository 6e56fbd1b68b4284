import Glibc

/// The bounce back from an overscroll: a critically damped spring with `ω = 10 s⁻¹`.
///
/// `e` is the overscroll (px past the edge, positive) and `v0` its rate of change at `t = 0`
/// (px/s, positive: moving further out). Then
/// - `e(t) = e^(-ω t)·(e0 + (v0 + ω·e0)·t)`,
/// - `e'(t) = e^(-ω t)·(v0 - ω·(v0 + ω·e0)·t)`.
///
/// Once the overscroll is on its way back (`e' ≤ 0`) and below ``snapDistance`` (0.5 px), it snaps
/// to 0 (the edge) and stays there: ``snapTime`` is the first such instant, found once at
/// construction. The snap always happens before `e` could cross the edge, so `e(t) ≥ 0` for all `t`.
public struct OverscrollSpring: Sendable, Hashable {
    /// Angular frequency (s⁻¹).
    public static let omega = 10.0
    /// The overscroll snaps to the edge once it is heading back and below this (px).
    public static let snapDistance = 0.5
    /// The largest outward speed (px/s) handed to the spring when a fling hits an edge:
    /// `1000·e ≈ 2718.28`, for which the peak overscroll `v0/(ω·e)` is exactly 100 px.
    public static let maximumEntryVelocity = 1000 * M_E

    /// Overscroll at `t = 0` (px, ≥ 0).
    public let startOverscroll: Double
    /// Rate of change of the overscroll at `t = 0` (px/s, positive: outward).
    public let startVelocity: Double
    /// The time (s) from which the overscroll is exactly 0.
    public let snapTime: Double

    /// A spring released at overscroll `overscroll` (clamped to ≥ 0) moving outward at `velocity`.
    public init(overscroll: Double, velocity: Double) {
        let e0 = max(overscroll, 0)
        startOverscroll = e0
        startVelocity = velocity
        snapTime = Self.findSnapTime(e0: e0, v0: velocity)
    }

    /// Overscroll (px) at `t` seconds; 0 from ``snapTime`` on.
    public func overscroll(at t: Double) -> Double {
        if t >= snapTime { return 0 }
        return Self.e(max(t, 0), startOverscroll, startVelocity)
    }

    /// Rate of change of the overscroll (px/s, positive outward) at `t` seconds; 0 once snapped.
    public func velocity(at t: Double) -> Double {
        if t >= snapTime { return 0 }
        return Self.de(max(t, 0), startOverscroll, startVelocity)
    }

    /// Whether the overscroll has snapped to the edge at `t` seconds.
    public func isDone(at t: Double) -> Bool { t >= snapTime }

    /// The largest overscroll (px) the motion reaches.
    public var peakOverscroll: Double {
        let t = peakTime(e0: startOverscroll, v0: startVelocity)
        return t < snapTime ? Self.e(t, startOverscroll, startVelocity) : startOverscroll
    }

    // MARK: - Closed forms

    static func e(_ t: Double, _ e0: Double, _ v0: Double) -> Double {
        exp(-omega * t) * (e0 + (v0 + omega * e0) * t)
    }

    static func de(_ t: Double, _ e0: Double, _ v0: Double) -> Double {
        exp(-omega * t) * (v0 - omega * (v0 + omega * e0) * t)
    }

    /// The time (≥ 0) at which `e'` changes from positive to negative (0 if it never is positive).
    private func peakTime(e0: Double, v0: Double) -> Double { Self.peak(e0: e0, v0: v0) }

    static func peak(e0: Double, v0: Double) -> Double {
        guard v0 > 0 else { return 0 }
        // e'(t) = 0 ⇔ t = v0 / (ω (v0 + ω e0)); the denominator is positive when v0 > 0.
        return v0 / (omega * (v0 + omega * e0))
    }

    /// First t with e'(t) ≤ 0 and e(t) < 0.5. After the peak, e is strictly decreasing until it
    /// crosses zero (or decays asymptotically), so bisection on that interval is well defined.
    private static func findSnapTime(e0: Double, v0: Double) -> Double {
        let tPeak = peak(e0: e0, v0: v0)
        if e(tPeak, e0, v0) < snapDistance { return tPeak }
        // Bracket [lo, hi] with e(lo) ≥ 0.5 > e(hi), doubling hi.
        var lo = tPeak
        var hi = tPeak + 0.1
        while e(hi, e0, v0) >= snapDistance { lo = hi; hi += (hi - tPeak) }
        for _ in 0..<200 {
            let mid = (lo + hi) / 2
            if mid <= lo || mid >= hi { break }
            if e(mid, e0, v0) >= snapDistance { lo = mid } else { hi = mid }
        }
        return hi
    }
}

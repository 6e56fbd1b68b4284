/// A CSS-style timing curve `cubic-bezier(x1, y1, x2, y2)` from (0, 0) to (1, 1).
///
/// `x(u) = 3x1(1-u)²u + 3x2(1-u)u² + u³` and likewise `y(u)`; ``value(at:)`` maps a time
/// fraction `x ∈ [0, 1]` to the progress `y` by solving `x(u) = x` with Newton's method, falling
/// back to bisection when Newton does not converge (the curve is monotonic in x for x1, x2 in
/// [0, 1]).
public struct CubicBezier: Sendable, Hashable {
    /// The ease-in-out curve `cubic-bezier(0.42, 0, 0.58, 1)` used for wheel animations.
    public static let easeInOut = CubicBezier(x1: 0.42, y1: 0, x2: 0.58, y2: 1)

    public let x1: Double
    public let y1: Double
    public let x2: Double
    public let y2: Double

    /// A curve with control points (x1, y1) and (x2, y2); `x1` and `x2` must lie in [0, 1].
    public init(x1: Double, y1: Double, x2: Double, y2: Double) {
        precondition((0...1).contains(x1) && (0...1).contains(x2), "x control points in [0, 1]")
        self.x1 = x1
        self.y1 = y1
        self.x2 = x2
        self.y2 = y2
    }

    /// Progress `y` at time fraction `x` (clamped to [0, 1]).
    public func value(at x: Double) -> Double { Self.coordinate(parameter(forX: x), y1, y2) }

    /// `dy/dx` at time fraction `x`.
    public func slope(at x: Double) -> Double {
        let u = parameter(forX: x)
        let dx = Self.derivative(u, x1, x2)
        return dx == 0 ? 0 : Self.derivative(u, y1, y2) / dx
    }

    /// The curve parameter `u ∈ [0, 1]` with `x(u) = x`.
    public func parameter(forX x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        var u = x
        for _ in 0..<8 {
            let error = Self.coordinate(u, x1, x2) - x
            if abs(error) < 1e-12 { return u }
            let dx = Self.derivative(u, x1, x2)
            if abs(dx) < 1e-9 { break }
            u -= error / dx
            if u < 0 || u > 1 { break }
        }
        var lo = 0.0
        var hi = 1.0
        u = x
        for _ in 0..<100 {
            u = (lo + hi) / 2
            let value = Self.coordinate(u, x1, x2)
            if abs(value - x) < 1e-12 { break }
            if value < x { lo = u } else { hi = u }
        }
        return u
    }

    /// One coordinate of the curve: `3p1(1-u)²u + 3p2(1-u)u² + u³`.
    static func coordinate(_ u: Double, _ p1: Double, _ p2: Double) -> Double {
        let v = 1 - u
        return 3 * p1 * v * v * u + 3 * p2 * v * u * u + u * u * u
    }

    /// Its derivative in `u`: `3p1(1-u)² + 6(p2-p1)(1-u)u + 3(1-p2)u²`.
    static func derivative(_ u: Double, _ p1: Double, _ p2: Double) -> Double {
        let v = 1 - u
        return 3 * p1 * v * v + 6 * (p2 - p1) * v * u + 3 * (1 - p2) * u * u
    }
}

/// The iOS rubber band: how far past an edge the content is shown while dragging beyond it.
///
/// A raw drag of `x` px past the edge shows an overscroll `b = (1 - 1/(x·c/d + 1))·d` px with
/// `c = 0.55` and `d` the viewport height (px). `b` is odd in `x`, strictly increasing and
/// `|b| < d`. ``rawDistance(forOverscroll:)`` inverts it, `x = (d/c)·b/(d - |b|)`, which is what a
/// drag that starts while the content is already overscrolled needs.
public struct RubberBand: Sendable, Hashable {
    /// The iOS rubber-band constant.
    public static let coefficient = 0.55

    /// The dimension `d` (px): the viewport height.
    public let dimension: Double

    /// A rubber band for a viewport `dimension` px high (must be > 0).
    public init(dimension: Double) {
        precondition(dimension > 0, "RubberBand needs a positive dimension")
        self.dimension = dimension
    }

    /// The overscroll shown (px) for a raw drag of `raw` px past the edge (sign preserved).
    public func overscroll(forRawDistance raw: Double) -> Double {
        let d = dimension
        let x = abs(raw)
        let b = (1 - 1 / (x * Self.coefficient / d + 1)) * d
        return raw < 0 ? -b : b
    }

    /// The raw drag distance (px) that shows `overscroll` px; `overscroll` is clamped just below
    /// `d` in magnitude, where the inverse is finite.
    public func rawDistance(forOverscroll overscroll: Double) -> Double {
        let d = dimension
        let b = min(abs(overscroll), d.nextDown)
        let x = d / Self.coefficient * b / (d - b)
        return overscroll < 0 ? -x : x
    }

    /// The displayed position for a raw (unbounded) scroll position: inside `[minY, maxY]` it is
    /// unchanged, past an edge the excess goes through the rubber band.
    public func displayedPosition(forRawPosition y: Double, minY: Double, maxY: Double) -> Double {
        if y > maxY { return maxY + overscroll(forRawDistance: y - maxY) }
        if y < minY { return minY + overscroll(forRawDistance: y - minY) }
        return y
    }

    /// The raw position whose displayed position is `y` (inverse of
    /// ``displayedPosition(forRawPosition:minY:maxY:)``).
    public func rawPosition(forDisplayedPosition y: Double, minY: Double, maxY: Double) -> Double {
        if y > maxY { return maxY + rawDistance(forOverscroll: y - maxY) }
        if y < minY { return minY + rawDistance(forOverscroll: y - minY) }
        return y
    }
}

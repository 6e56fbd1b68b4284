/// An axis-aligned rectangle in logical pixels: an origin (top-left corner) and a size.
///
/// Rectangles with a zero or negative width or height are *empty*: they contain no point and
/// intersect nothing.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    /// Top-left corner.
    public var origin: Point
    /// Extent.
    public var size: Size

    /// The empty rectangle at the origin.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// Creates a rectangle from an origin and a size.
    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    /// Creates a rectangle from its components.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    /// Left edge.
    public var minX: Double { origin.x }
    /// Top edge.
    public var minY: Double { origin.y }
    /// Right edge.
    public var maxX: Double { origin.x + size.width }
    /// Bottom edge.
    public var maxY: Double { origin.y + size.height }
    /// Width.
    public var width: Double { size.width }
    /// Height.
    public var height: Double { size.height }
    /// Horizontal centre.
    public var midX: Double { origin.x + size.width / 2 }
    /// Vertical centre.
    public var midY: Double { origin.y + size.height / 2 }

    /// Whether the rectangle has no area.
    public var isEmpty: Bool { size.width <= 0 || size.height <= 0 }

    /// Whether `point` lies inside (the left and top edges are inside, the right and bottom are not).
    public func contains(_ point: Point) -> Bool {
        !isEmpty && point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }

    /// Whether `other` lies entirely inside this rectangle.
    public func contains(_ other: Rect) -> Bool {
        !other.isEmpty && other.minX >= minX && other.maxX <= maxX && other.minY >= minY && other.maxY <= maxY
    }

    /// Whether the two rectangles share some area.
    public func intersects(_ other: Rect) -> Bool {
        !intersection(other).isEmpty
    }

    /// The common area, or `.zero` when the rectangles do not overlap.
    public func intersection(_ other: Rect) -> Rect {
        let x0 = Swift.max(minX, other.minX), y0 = Swift.max(minY, other.minY)
        let x1 = Swift.min(maxX, other.maxX), y1 = Swift.min(maxY, other.maxY)
        guard x1 > x0, y1 > y0 else { return .zero }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The smallest rectangle containing both; an empty operand is ignored.
    public func union(_ other: Rect) -> Rect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        let x0 = Swift.min(minX, other.minX), y0 = Swift.min(minY, other.minY)
        let x1 = Swift.max(maxX, other.maxX), y1 = Swift.max(maxY, other.maxY)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The rectangle moved by `delta`.
    public func offsetBy(_ delta: Point) -> Rect {
        Rect(origin: origin + delta, size: size)
    }

    /// The rectangle moved by `(dx, dy)`.
    public func offsetBy(dx: Double, dy: Double) -> Rect {
        offsetBy(Point(x: dx, y: dy))
    }

    /// The rectangle shrunk by `insets` (grown when the insets are negative).
    public func inset(by insets: EdgeInsets) -> Rect {
        Rect(x: minX + insets.left, y: minY + insets.top,
             width: Swift.max(0, width - insets.horizontal), height: Swift.max(0, height - insets.vertical))
    }

    /// The area of the rectangle (0 when empty).
    public var area: Double { isEmpty ? 0 : width * height }

    public var description: String { "Rect(\(minX), \(minY), \(width), \(height))" }
}

/// A position in logical pixels. The y axis grows downwards.
public struct Point: Hashable, Sendable, CustomStringConvertible {
    /// Horizontal coordinate.
    public var x: Double
    /// Vertical coordinate.
    public var y: Double

    /// The origin `(0, 0)`.
    public static let zero = Point(x: 0, y: 0)

    /// Creates a point.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// Component-wise sum.
    public static func + (lhs: Point, rhs: Point) -> Point { Point(x: lhs.x + rhs.x, y: lhs.y + rhs.y) }
    /// Component-wise difference.
    public static func - (lhs: Point, rhs: Point) -> Point { Point(x: lhs.x - rhs.x, y: lhs.y - rhs.y) }

    public var description: String { "(\(x), \(y))" }
}

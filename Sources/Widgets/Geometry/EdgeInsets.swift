/// Distances inwards from the four edges of a rectangle, in logical pixels.
public struct EdgeInsets: Hashable, Sendable {
    /// Inset from the top edge.
    public var top: Double
    /// Inset from the left edge.
    public var left: Double
    /// Inset from the bottom edge.
    public var bottom: Double
    /// Inset from the right edge.
    public var right: Double

    /// No insets.
    public static let zero = EdgeInsets(all: 0)

    /// Creates insets from the four distances.
    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// The same inset on every edge.
    public init(all value: Double) {
        self.init(top: value, left: value, bottom: value, right: value)
    }

    /// Symmetric insets.
    public init(horizontal: Double = 0, vertical: Double = 0) {
        self.init(top: vertical, left: horizontal, bottom: vertical, right: horizontal)
    }

    /// `left + right`.
    public var horizontal: Double { left + right }
    /// `top + bottom`.
    public var vertical: Double { top + bottom }
}

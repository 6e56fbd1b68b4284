/// A width and height in logical pixels.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    /// Horizontal extent.
    public var width: Double
    /// Vertical extent.
    public var height: Double

    /// The empty size.
    public static let zero = Size(width: 0, height: 0)

    /// Creates a size.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    public var description: String { "\(width)×\(height)" }
}

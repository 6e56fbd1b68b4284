/// The range of sizes a parent allows its child, passed down during layout (as in Flutter's
/// `BoxConstraints`). The child answers with a size inside the range.
///
/// `maxWidth`/`maxHeight` may be `.infinity` (unbounded, e.g. along a scroll axis).
public struct BoxConstraints: Hashable, Sendable {
    /// Smallest allowed width.
    public var minWidth: Double
    /// Largest allowed width (may be infinite).
    public var maxWidth: Double
    /// Smallest allowed height.
    public var minHeight: Double
    /// Largest allowed height (may be infinite).
    public var maxHeight: Double

    /// Creates constraints; the maxima are raised to the minima if needed.
    public init(minWidth: Double = 0, maxWidth: Double = .infinity, minHeight: Double = 0, maxHeight: Double = .infinity) {
        self.minWidth = minWidth
        self.maxWidth = Swift.max(minWidth, maxWidth)
        self.minHeight = minHeight
        self.maxHeight = Swift.max(minHeight, maxHeight)
    }

    /// Exactly `size`.
    public static func tight(_ size: Size) -> BoxConstraints {
        BoxConstraints(minWidth: size.width, maxWidth: size.width, minHeight: size.height, maxHeight: size.height)
    }

    /// Anything from zero up to `size`.
    public static func loose(_ size: Size) -> BoxConstraints {
        BoxConstraints(maxWidth: size.width, maxHeight: size.height)
    }

    /// No limits at all.
    public static let unbounded = BoxConstraints()

    /// Whether only one size satisfies the constraints.
    public var isTight: Bool { minWidth == maxWidth && minHeight == maxHeight }

    /// The largest size allowed, with infinite maxima replaced by the minima.
    public var biggest: Size {
        Size(width: maxWidth.isFinite ? maxWidth : minWidth, height: maxHeight.isFinite ? maxHeight : minHeight)
    }

    /// The smallest size allowed.
    public var smallest: Size { Size(width: minWidth, height: minHeight) }

    /// `size` clamped into the allowed range.
    public func constrain(_ size: Size) -> Size {
        Size(width: Swift.min(Swift.max(size.width, minWidth), maxWidth),
             height: Swift.min(Swift.max(size.height, minHeight), maxHeight))
    }

    /// The same constraints with the minima dropped to zero.
    public var loosened: BoxConstraints { BoxConstraints(maxWidth: maxWidth, maxHeight: maxHeight) }

    /// The constraints shrunk by `insets` (for the content of a padded box).
    public func deflated(by insets: EdgeInsets) -> BoxConstraints {
        BoxConstraints(minWidth: Swift.max(0, minWidth - insets.horizontal),
                       maxWidth: Swift.max(0, maxWidth - insets.horizontal),
                       minHeight: Swift.max(0, minHeight - insets.vertical),
                       maxHeight: Swift.max(0, maxHeight - insets.vertical))
    }
}

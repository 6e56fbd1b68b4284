/// The slop before a touch (SDL finger) becomes a scroll drag.
///
/// A touch that has moved at least ``slop`` (8 px) vertically from where it went down starts a
/// drag. The drag's displacement is measured from the point where the slop was crossed, so the
/// content does not jump by the slop when the drag begins. Positions in logical px.
public struct TouchDrag: Sendable, Hashable {
    /// Vertical movement (px) a touch needs before it scrolls.
    public static let slop = 8.0

    /// Finger position (px) at touch-down.
    public let downPosition: Double
    /// Finger position (px) where the drag began, once it has.
    public private(set) var dragOrigin: Double?

    /// A touch that went down at `position`.
    public init(downAt position: Double) { downPosition = position }

    /// Whether the touch has become a drag.
    public var isDragging: Bool { dragOrigin != nil }

    /// Moves the finger to `position`; returns the displacement (px) since the drag began, or
    /// `nil` while the touch is still within the slop.
    public mutating func move(to position: Double) -> Double? {
        if let dragOrigin { return position - dragOrigin }
        guard abs(position - downPosition) >= Self.slop else { return nil }
        dragOrigin = position
        return 0
    }
}

/// A mouse button.
public enum MouseButton: Hashable, Sendable {
    /// The primary, middle and secondary buttons.
    case left, middle, right
    /// Extra buttons (back/forward), by SDL number.
    case other(Int)
}

/// A mouse move, press or release. The host delivers it to widgets with `position` converted to
/// the receiving widget's local coordinates.
public struct MouseEvent: Hashable, Sendable {
    /// Pointer position (window coordinates from the backend; local coordinates in widget handlers).
    public var position: Point
    /// The button pressed or released (`.left` for moves).
    public var button: MouseButton
    /// 1 for a single click, 2 for a double click, 3 for a triple click (from SDL's `clicks`).
    public var clickCount: Int
    /// Modifiers held.
    public var modifiers: Modifiers
    /// Whether the event comes from a finger on a touch screen (the host turns the primary
    /// finger into left-button events): a touch drag scrolls where a mouse drag selects.
    public var isTouch: Bool

    /// Creates a mouse event.
    public init(position: Point, button: MouseButton = .left, clickCount: Int = 1, modifiers: Modifiers = [],
                isTouch: Bool = false) {
        self.position = position
        self.button = button
        self.clickCount = clickCount
        self.modifiers = modifiers
        self.isTouch = isTouch
    }
}

/// A wheel or touchpad scroll.
public struct WheelEvent: Hashable, Sendable {
    /// Pointer position (window, then local coordinates).
    public var position: Point
    /// Horizontal scroll in wheel units (SDL `preciseX`); positive scrolls content to the right.
    public var dx: Double
    /// Vertical scroll in wheel units (SDL `preciseY`); positive means the wheel turned away from
    /// the user (content moves down, the view shows earlier content).
    public var dy: Double
    /// Whether the source is a notched wheel (whole units) rather than a touchpad.
    public var isNotched: Bool
    /// Modifiers held.
    public var modifiers: Modifiers

    /// Creates a wheel event.
    public init(position: Point, dx: Double = 0, dy: Double, isNotched: Bool = true, modifiers: Modifiers = []) {
        self.position = position
        self.dx = dx
        self.dy = dy
        self.isNotched = isNotched
        self.modifiers = modifiers
    }
}

/// A finger touching, moving on, or leaving a touch screen.
public struct TouchEvent: Hashable, Sendable {
    /// Which finger (stable while it touches).
    public var fingerID: Int64
    /// Position in window coordinates (the backend converts SDL's normalised values).
    public var position: Point

    /// Creates a touch event.
    public init(fingerID: Int64, position: Point) {
        self.fingerID = fingerID
        self.position = position
    }
}

/// A pinch on a touch screen: the content under ``position`` zoomed by ``factor`` (above 1:
/// the fingers spread, zoom in). SDL 2 reports only how much the fingers' distance changed, so
/// the backend estimates the factor from that.
public struct MagnifyEvent: Hashable, Sendable {
    /// The fingers' centre (window, then local coordinates).
    public var position: Point
    /// How much bigger the content under the fingers should be drawn (> 0).
    public var factor: Double

    /// Creates a pinch event.
    public init(position: Point, factor: Double) {
        self.position = position
        self.factor = factor
    }
}

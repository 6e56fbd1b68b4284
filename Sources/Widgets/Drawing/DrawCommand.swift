/// One drawing operation, in window coordinates (logical pixels). Painting the widget tree
/// produces a list of these (as in microui); the backend executes them in order, scaling by the
/// window's pixel density.
public enum DrawCommand: Hashable, Sendable {
    /// Intersect the current clip with the rectangle (push it on the clip stack).
    case pushClip(Rect)
    /// Restore the clip that was current before the matching `pushClip`.
    case popClip
    /// Fill a rectangle.
    case fillRect(Rect, Color)
    /// Fill a rectangle with rounded corners.
    case roundedRect(Rect, radius: Double, Color)
    /// Outline a rectangle with a stroke of `width` drawn inside its edges.
    case strokeRect(Rect, width: Double, Color)
    /// A straight line.
    case line(from: Point, to: Point, width: Double, Color)
    /// A styled run of text.
    case text(TextDraw)
    /// An image known to the backend by `id` (e.g. a file path or an icon name), scaled into the rectangle.
    case image(id: String, Rect)
    /// Move the pixels already drawn inside the rectangle by `dy` (a whole number of output
    /// pixels; negative moves them up), keeping them inside it. The strip they leave keeps stale
    /// pixels: later commands repaint it. Emitted only when ``WidgetHost/allowsPixelScrolling``
    /// says the backend can do this, and always before any other command of a frame.
    case scroll(Rect, dy: Double)
}

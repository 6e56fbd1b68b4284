/// The state threaded through painting: the draw list being built, the window offset of the
/// widget being painted, the clip in force and the current time. Widgets draw in their local
/// coordinates through the helpers, which translate to window coordinates.
@MainActor
public struct PaintContext {
    /// The commands emitted so far.
    public var list: DrawList
    /// Window position of the local origin of the widget being painted.
    public var origin: Point
    /// Visible area in window coordinates (damage ∩ ancestors' clips); drawing outside is wasted.
    public var clip: Rect
    /// The host's current time (caret blinking).
    public let time: FrameTime
    /// Measures text (for caret positions and selections).
    public let measurer: any TextMeasurer
    /// The widget that has keyboard focus, if any.
    public let focusedWidget: Widget?
    /// The host's text layout cache (for widgets that lay out rows lazily while painting).
    public let textCache: TextLayoutCache

    /// Creates a context.
    public init(list: DrawList = DrawList(), origin: Point = .zero, clip: Rect, time: FrameTime,
                measurer: any TextMeasurer, textCache: TextLayoutCache, focusedWidget: Widget? = nil) {
        self.list = list
        self.origin = origin
        self.clip = clip
        self.time = time
        self.measurer = measurer
        self.focusedWidget = focusedWidget
        self.textCache = textCache
    }

    /// Lays `text` out through the cache.
    public func layoutText(_ text: StyledText, maxWidth: Double?, hangingIndent: Double = 0) -> TextLayout {
        textCache.layout(text, maxWidth: maxWidth, hangingIndent: hangingIndent, measurer: measurer)
    }

    /// Lays `text` out on one line through the cache, cut with "…" where it is wider than `width`.
    public func layoutText(_ text: StyledText, fittingWidth width: Double) -> TextLayout {
        textCache.layout(text, fittingWidth: width, measurer: measurer)
    }

    /// The local rectangle in window coordinates.
    public func toWindow(_ rect: Rect) -> Rect { rect.offsetBy(origin) }

    /// Whether the local rectangle is (partly) visible.
    public func isVisible(_ rect: Rect) -> Bool { clip.intersects(toWindow(rect)) }

    /// Fills a local rectangle.
    public mutating func fill(_ rect: Rect, _ color: Color) {
        guard color.a > 0, isVisible(rect) else { return }
        list.append(.fillRect(toWindow(rect), color))
    }

    /// Fills a local rounded rectangle.
    public mutating func fillRounded(_ rect: Rect, radius: Double, _ color: Color) {
        guard color.a > 0, isVisible(rect) else { return }
        list.append(.roundedRect(toWindow(rect), radius: radius, color))
    }

    /// Outlines a local rectangle.
    public mutating func stroke(_ rect: Rect, width: Double = 1, _ color: Color) {
        guard color.a > 0, isVisible(rect) else { return }
        list.append(.strokeRect(toWindow(rect), width: width, color))
    }

    /// Draws a line between local points.
    public mutating func line(from a: Point, to b: Point, width: Double = 1, _ color: Color) {
        list.append(.line(from: a + origin, to: b + origin, width: width, color))
    }

    /// Draws an image into a local rectangle.
    public mutating func image(_ id: String, in rect: Rect) {
        guard isVisible(rect) else { return }
        list.append(.image(id: id, toWindow(rect)))
    }

    /// Draws a text layout whose top-left corner is at the local point `at`.
    public mutating func drawText(_ layout: TextLayout, at point: Point) {
        layout.draw(into: &list, at: point + origin, clip: clip)
    }

    /// Pushes a local clip rectangle (intersected with the current clip).
    public mutating func pushClip(_ rect: Rect) {
        let window = toWindow(rect)
        list.append(.pushClip(window))
        clip = clip.intersection(window)
    }

    /// Pops the clip pushed by ``pushClip(_:)``, restoring `previous` as the visible area.
    public mutating func popClip(restoring previous: Rect) {
        list.append(.popClip)
        clip = previous
    }
}

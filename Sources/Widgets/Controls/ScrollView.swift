/// Shows a part of a taller (or wider) content widget through a clipped viewport.
///
/// The scroll position is the plain, settable ``offset`` (clamped to the content); wheel
/// events move it by ``pixelsPerWheelUnit``. Physics (fling, overscroll) is left to the kinetic
/// scroll view built on top of this later.
public final class ScrollView: Widget {
    /// The scrolled content.
    public let content: Widget
    /// Whether the content scrolls vertically (width is then tied to the viewport).
    public var scrollsVertically: Bool { didSet { if scrollsVertically != oldValue { setNeedsLayout() } } }
    /// Whether the content scrolls horizontally (height is then tied to the viewport).
    public var scrollsHorizontally: Bool { didSet { if scrollsHorizontally != oldValue { setNeedsLayout() } } }
    /// Pixels moved per wheel unit (one notch).
    public var pixelsPerWheelUnit = 48.0

    /// The content point shown at the viewport's top-left corner, clamped to
    /// `0...maxOffset`. Setting it moves the content and repaints the viewport; no relayout.
    public var offset: Point = .zero {
        didSet {
            let clamped = clampOffset(offset)
            if clamped != offset { offset = clamped; return }
            guard offset != oldValue else { return }
            place(content, at: Point(x: -offset.x, y: -offset.y))
            setNeedsPaint()
            onScroll?(offset)
        }
    }

    /// Called after the offset changed.
    public var onScroll: ((Point) -> Void)?

    /// Creates a scroll view around `content`.
    public init(content: Widget, vertical: Bool = true, horizontal: Bool = false) {
        self.content = content
        self.scrollsVertically = vertical
        self.scrollsHorizontally = horizontal
        super.init()
        clipsChildren = true
        addChild(content)
    }

    /// The content's size from the last layout.
    public var contentSize: Size { content.size }

    /// The largest offset that still shows content at the bottom-right edge.
    public var maxOffset: Point {
        Point(x: max(0, content.size.width - size.width), y: max(0, content.size.height - size.height))
    }

    private func clampOffset(_ p: Point) -> Point {
        let limit = maxOffset
        return Point(x: min(max(0, p.x), limit.x), y: min(max(0, p.y), limit.y))
    }

    public override func performLayout(_ constraints: BoxConstraints, _ context: LayoutContext) -> Size {
        let viewport = constraints.biggest
        let childConstraints = BoxConstraints(
            minWidth: scrollsHorizontally ? 0 : viewport.width,
            maxWidth: scrollsHorizontally ? .infinity : viewport.width,
            minHeight: scrollsVertically ? 0 : viewport.height,
            maxHeight: scrollsVertically ? .infinity : viewport.height)
        content.layout(childConstraints, context)
        frame.size = viewport
        offset = clampOffset(offset)
        place(content, at: Point(x: -offset.x, y: -offset.y))
        return viewport
    }

    /// Scrolls the least distance that makes `rect` (content coordinates) visible.
    public func scrollToVisible(_ rect: Rect) {
        var p = offset
        if rect.maxY > p.y + size.height { p.y = rect.maxY - size.height }
        if rect.minY < p.y { p.y = rect.minY }
        if rect.maxX > p.x + size.width { p.x = rect.maxX - size.width }
        if rect.minX < p.x { p.x = rect.minX }
        offset = p
    }

    public override func scrollWheel(_ event: WheelEvent) -> Bool {
        let before = offset
        var p = offset
        if scrollsVertically { p.y -= event.dy * pixelsPerWheelUnit }
        if scrollsHorizontally { p.x += event.dx * pixelsPerWheelUnit }
        offset = p
        return offset != before || maxOffset != .zero
    }
}

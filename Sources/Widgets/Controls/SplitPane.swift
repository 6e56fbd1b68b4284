/// Two panes side by side (or stacked) with a divider the user drags to resize them.
///
/// The divider position is the size of the first pane in logical pixels; layout clamps it so
/// each pane keeps its minimum size. Hovering or dragging the divider asks for a resize cursor.
/// Instead of sharing the space, one pane can be hidden, or laid over the other (a side pane
/// shown in a window too narrow for it beside the rest): see ``arrangement``.
public final class SplitPane: Widget {
    /// One of the two panes.
    public enum Pane: Hashable, Sendable {
        case first, second
    }

    /// How the panes share the space.
    public enum Arrangement: Hashable, Sendable {
        /// Side by side, the divider between them.
        case split
        /// The pane is hidden; the other takes the whole space, and there is no divider.
        case hidden(Pane)
        /// The pane lies over the other, which takes the whole space under it; the divider runs
        /// along its inner edge and, dragged, sizes it (the other pane's minimum does not apply).
        case overlay(Pane)
    }

    /// `.horizontal`: panes left and right (vertical divider); `.vertical`: top and bottom.
    public let axis: Stack.Axis
    /// The first (left or top) pane.
    public let first: Widget
    /// The second (right or bottom) pane.
    public let second: Widget
    /// Requested size of the first pane; clamped by layout (see ``effectiveDividerPosition``).
    public var dividerPosition: Double { didSet { if dividerPosition != oldValue { setNeedsLayout() } } }
    /// Smallest size of the first pane.
    public var minFirst: Double { didSet { if minFirst != oldValue { setNeedsLayout() } } }
    /// Smallest size of the second pane.
    public var minSecond: Double { didSet { if minSecond != oldValue { setNeedsLayout() } } }
    /// Thickness of the divider.
    public var dividerThickness: Double = 4 { didSet { if dividerThickness != oldValue { setNeedsLayout() } } }
    /// Extra grab distance on each side of the divider.
    public var grabSlop: Double = 3
    /// Divider colour.
    public var dividerColor: Color {
        get { divider.color }
        set { divider.color = newValue }
    }
    /// How the panes share the space; a hidden pane is hidden at once (``Widget/isHidden``, so
    /// the keyboard leaves it), an overlaid one is brought in front of the other.
    public var arrangement = Arrangement.split {
        didSet {
            guard arrangement != oldValue else { return }
            first.isHidden = arrangement == .hidden(.first)
            second.isHidden = arrangement == .hidden(.second)
            divider.isHidden = !hasDivider
            bringToFront(arrangement == .overlay(.first) ? first : second)
            bringToFront(divider)
            setNeedsLayout()
        }
    }
    /// Called when the user finished dragging the divider, with the new position.
    public var onDividerMoved: ((Double) -> Void)?
    /// Called as the user drags the divider, with the position asked for (clamped): an owner
    /// that sets ``dividerPosition`` itself at each layout follows the drag through it.
    public var onDividerDragged: ((Double) -> Void)?
    /// The first pane's size after clamping, from the last layout.
    public private(set) var effectiveDividerPosition: Double = 0
    private var dragOffset: Double?
    /// The divider is a child of its own, in front of both panes: it stays visible along the
    /// edge of an overlaid pane, and the host repaints it when a pane under it moves pixels.
    private let divider = DividerLine()

    /// Creates a split pane.
    public init(_ axis: Stack.Axis, first: Widget, second: Widget, dividerPosition: Double,
                minFirst: Double = 50, minSecond: Double = 50) {
        self.axis = axis
        self.first = first
        self.second = second
        self.dividerPosition = dividerPosition
        self.minFirst = minFirst
        self.minSecond = minSecond
        super.init()
        addChild(first)
        addChild(second)
        addChild(divider)
    }

    private var hasDivider: Bool {
        if case .hidden = arrangement { return false }
        return true
    }
    private func along(_ p: Point) -> Double { axis == .horizontal ? p.x : p.y }
    private var total: Double { axis == .horizontal ? size.width : size.height }

    /// The first pane's size a layout at `total` (width or height) would give.
    public func effectiveDividerPositionFor(_ total: Double) -> Double { clamp(dividerPosition, total: total) }

    /// The divider's rectangle in local coordinates (empty while a pane is hidden).
    public var dividerRect: Rect {
        guard hasDivider else { return .zero }
        return axis == .horizontal
            ? Rect(x: effectiveDividerPosition, y: 0, width: dividerThickness, height: size.height)
            : Rect(x: 0, y: effectiveDividerPosition, width: size.width, height: dividerThickness)
    }

    private func clamp(_ position: Double, total: Double) -> Double {
        switch arrangement {
        case .split: max(0, min(max(position, minFirst), total - dividerThickness - minSecond))
        case .hidden(let pane): pane == .first ? 0 : total
        case .overlay(.first): max(0, min(max(position, minFirst), total - dividerThickness))
        case .overlay(.second): max(0, min(position, total - dividerThickness - minSecond))
        }
    }

    public override func performLayout(_ constraints: BoxConstraints, _ context: LayoutContext) -> Size {
        let size = constraints.biggest
        let total = axis == .horizontal ? size.width : size.height
        let position = clamp(dividerPosition, total: total)
        effectiveDividerPosition = position
        // Each pane's start and length along the axis.
        var spans: (first: (Double, Double), second: (Double, Double))
        switch arrangement {
        case .split: spans = ((0, position), (position + dividerThickness, max(0, total - position - dividerThickness)))
        case .hidden(.first): spans = ((0, 0), (0, total))
        case .hidden(.second): spans = ((0, total), (total, 0))
        case .overlay(.first): spans = ((0, position), (0, total))
        case .overlay(.second): spans = ((0, total), (position + dividerThickness, max(0, total - position - dividerThickness)))
        }
        for (pane, (start, length)) in [(first, spans.first), (second, spans.second)] {
            if axis == .horizontal {
                pane.layout(.tight(Size(width: length, height: size.height)), context)
                place(pane, at: Point(x: start, y: 0))
            } else {
                pane.layout(.tight(Size(width: size.width, height: length)), context)
                place(pane, at: Point(x: 0, y: start))
            }
        }
        let line = axis == .horizontal ? Size(width: dividerThickness, height: size.height)
                                       : Size(width: size.width, height: dividerThickness)
        divider.layout(.tight(hasDivider ? line : .zero), context)
        place(divider, at: axis == .horizontal ? Point(x: position, y: 0) : Point(x: 0, y: position))
        return size
    }

    private func onDivider(_ point: Point) -> Bool {
        let d = along(point)
        return hasDivider && bounds.contains(point) && d >= effectiveDividerPosition - grabSlop
            && d < effectiveDividerPosition + dividerThickness + grabSlop
    }

    public override func hitTest(_ point: Point) -> Widget? {
        if !isHidden && onDivider(point) { return self }
        return super.hitTest(point)
    }

    public override func mouseDown(_ event: MouseEvent) -> Bool {
        guard event.button == .left, onDivider(event.position) else { return false }
        dragOffset = along(event.position) - effectiveDividerPosition
        return true
    }

    public override func mouseDragged(_ event: MouseEvent) {
        guard let dragOffset else { return }
        let wanted = clamp(along(event.position) - dragOffset, total: total)
        if wanted != dividerPosition {
            dividerPosition = wanted
            onDividerDragged?(wanted)
        }
    }

    public override func mouseUp(_ event: MouseEvent) {
        guard dragOffset != nil else { return }
        dragOffset = nil
        onDividerMoved?(effectiveDividerPosition)
    }

    public override func cursor(at point: Point) -> CursorShape? {
        guard dragOffset != nil || onDivider(point) else { return nil }
        return axis == .horizontal ? .resizeHorizontal : .resizeVertical
    }
}

/// A split pane's divider: a line of one colour that no click lands on (the split pane claims
/// the points around it itself).
private final class DividerLine: Widget {
    var color = Theme.standard.border { didSet { if color != oldValue { setNeedsPaint() } } }

    override func paint(_ context: inout PaintContext) { context.fill(bounds, color) }
    override func hitTest(_ point: Point) -> Widget? { nil }
}

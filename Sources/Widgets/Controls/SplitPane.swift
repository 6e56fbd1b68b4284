/// Two panes side by side (or stacked) with a divider the user drags to resize them.
///
/// The divider position is the size of the first pane in logical pixels; layout clamps it so
/// each pane keeps its minimum size. Hovering or dragging the divider asks for a resize cursor.
public final class SplitPane: Widget {
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
    public var dividerColor = Theme.standard.border { didSet { if dividerColor != oldValue { setNeedsPaint() } } }
    /// Called when the user finished dragging the divider, with the new position.
    public var onDividerMoved: ((Double) -> Void)?
    /// The first pane's size after clamping, from the last layout.
    public private(set) var effectiveDividerPosition: Double = 0
    private var dragOffset: Double?

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
    }

    private func along(_ p: Point) -> Double { axis == .horizontal ? p.x : p.y }
    private var total: Double { axis == .horizontal ? size.width : size.height }

    /// The first pane's size a layout at `total` (width or height) would give.
    public func effectiveDividerPositionFor(_ total: Double) -> Double { clamp(dividerPosition, total: total) }

    /// The divider's rectangle in local coordinates.
    public var dividerRect: Rect {
        axis == .horizontal
            ? Rect(x: effectiveDividerPosition, y: 0, width: dividerThickness, height: size.height)
            : Rect(x: 0, y: effectiveDividerPosition, width: size.width, height: dividerThickness)
    }

    private func clamp(_ position: Double, total: Double) -> Double {
        max(0, min(max(position, minFirst), total - dividerThickness - minSecond))
    }

    public override func performLayout(_ constraints: BoxConstraints, _ context: LayoutContext) -> Size {
        let size = constraints.biggest
        let total = axis == .horizontal ? size.width : size.height
        let position = clamp(dividerPosition, total: total)
        effectiveDividerPosition = position
        let rest = max(0, total - position - dividerThickness)
        if axis == .horizontal {
            first.layout(.tight(Size(width: position, height: size.height)), context)
            second.layout(.tight(Size(width: rest, height: size.height)), context)
            place(first, at: .zero)
            place(second, at: Point(x: position + dividerThickness, y: 0))
        } else {
            first.layout(.tight(Size(width: size.width, height: position)), context)
            second.layout(.tight(Size(width: size.width, height: rest)), context)
            place(first, at: .zero)
            place(second, at: Point(x: 0, y: position + dividerThickness))
        }
        return size
    }

    private func onDivider(_ point: Point) -> Bool {
        let d = along(point)
        return bounds.contains(point) && d >= effectiveDividerPosition - grabSlop
            && d < effectiveDividerPosition + dividerThickness + grabSlop
    }

    public override func paint(_ context: inout PaintContext) {
        super.paint(&context)
        context.fill(dividerRect, dividerColor)
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
        if wanted != dividerPosition { dividerPosition = wanted }
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

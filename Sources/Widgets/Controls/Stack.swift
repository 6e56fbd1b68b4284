/// Lays its children out in a row or a column (Flutter's `Flex`): children with `flex == 0`
/// take their natural size along the main axis; the space left is shared among the others in
/// proportion to their `flex`.
///
/// ```swift
/// let row = Stack(.horizontal, spacing: 4, [sidebar, messages])
/// messages.flex = 1      // messages take whatever the sidebar leaves
/// ```
public final class Stack: Widget {
    /// The main-axis direction.
    public enum Axis: Hashable, Sendable {
        /// Children side by side, left to right.
        case horizontal
        /// Children on top of each other, top to bottom.
        case vertical
    }

    /// Placement along the main axis (when no child has flex and space is left).
    public enum MainAlignment: Hashable, Sendable {
        /// Packed at the start, centred, packed at the end, or spread with equal gaps.
        case start, center, end, spaceBetween
    }

    /// Placement across the main axis.
    public enum CrossAlignment: Hashable, Sendable {
        /// Children sized to their content, placed at the start / centre / end.
        case start, center, end
        /// Children stretched to the stack's cross size.
        case stretch
    }

    /// Row or column.
    public var axis: Axis { didSet { if axis != oldValue { setNeedsLayout() } } }
    /// Gap between consecutive children.
    public var spacing: Double { didSet { if spacing != oldValue { setNeedsLayout() } } }
    /// Space around the children.
    public var padding: EdgeInsets = .zero { didSet { if padding != oldValue { setNeedsLayout() } } }
    /// Main-axis placement.
    public var mainAlignment: MainAlignment = .start { didSet { if mainAlignment != oldValue { setNeedsLayout() } } }
    /// Cross-axis placement.
    public var crossAlignment: CrossAlignment = .stretch { didSet { if crossAlignment != oldValue { setNeedsLayout() } } }

    /// Creates a stack holding `children`.
    public init(_ axis: Axis, spacing: Double = 0, _ children: [Widget] = []) {
        self.axis = axis
        self.spacing = spacing
        super.init()
        children.forEach(addChild)
    }

    private func main(_ s: Size) -> Double { axis == .horizontal ? s.width : s.height }
    private func cross(_ s: Size) -> Double { axis == .horizontal ? s.height : s.width }
    private func size(main: Double, cross: Double) -> Size {
        axis == .horizontal ? Size(width: main, height: cross) : Size(width: cross, height: main)
    }
    private func constraints(mainMin: Double, mainMax: Double, crossMin: Double, crossMax: Double) -> BoxConstraints {
        axis == .horizontal
            ? BoxConstraints(minWidth: mainMin, maxWidth: mainMax, minHeight: crossMin, maxHeight: crossMax)
            : BoxConstraints(minWidth: crossMin, maxWidth: crossMax, minHeight: mainMin, maxHeight: mainMax)
    }

    public override func performLayout(_ constraints: BoxConstraints, _ context: LayoutContext) -> Size {
        let inner = constraints.deflated(by: padding)
        let maxMain = axis == .horizontal ? inner.maxWidth : inner.maxHeight
        let crossMax = axis == .horizontal ? inner.maxHeight : inner.maxWidth
        let crossMin = crossAlignment == .stretch && crossMax.isFinite ? crossMax : 0
        let visible = children.filter { !$0.isHidden }
        for child in children where child.isHidden { child.layout(.tight(.zero), context) }
        let totalFlex = maxMain.isFinite ? visible.reduce(0) { $0 + max(0, $1.flex) } : 0
        let gaps = spacing * Double(max(0, visible.count - 1))

        var used = gaps
        var crossExtent = crossMin
        for child in visible where totalFlex == 0 || child.flex <= 0 {
            let s = child.layout(self.constraints(mainMin: 0, mainMax: .infinity, crossMin: crossMin, crossMax: crossMax), context)
            used += main(s)
            crossExtent = max(crossExtent, cross(s))
        }
        if totalFlex > 0 {
            let free = max(0, maxMain - used)
            for child in visible where child.flex > 0 {
                let share = free * child.flex / totalFlex
                let s = child.layout(self.constraints(mainMin: share, mainMax: share, crossMin: crossMin, crossMax: crossMax), context)
                used += main(s)
                crossExtent = max(crossExtent, cross(s))
            }
        }

        let minMain = axis == .horizontal ? inner.minWidth : inner.minHeight
        let mainExtent = totalFlex > 0 ? max(used, maxMain) : min(max(used, minMain), maxMain)
        let leftover = max(0, mainExtent - used)
        var position: Double
        var gap = spacing
        switch mainAlignment {
        case .start: position = 0
        case .center: position = leftover / 2
        case .end: position = leftover
        case .spaceBetween:
            position = 0
            if visible.count > 1 { gap += leftover / Double(visible.count - 1) }
        }
        let crossSize = min(max(crossExtent, axis == .horizontal ? inner.minHeight : inner.minWidth), crossMax)
        for child in visible {
            let crossOffset: Double
            switch crossAlignment {
            case .start, .stretch: crossOffset = 0
            case .center: crossOffset = (crossSize - cross(child.size)) / 2
            case .end: crossOffset = crossSize - cross(child.size)
            }
            let origin = axis == .horizontal
                ? Point(x: padding.left + position, y: padding.top + crossOffset)
                : Point(x: padding.left + crossOffset, y: padding.top + position)
            place(child, at: origin)
            position += main(child.size) + gap
        }
        for child in children where child.isHidden { place(child, at: Point(x: padding.left, y: padding.top)) }
        let content = size(main: mainExtent, cross: crossSize)
        return Size(width: content.width + padding.horizontal, height: content.height + padding.vertical)
    }
}

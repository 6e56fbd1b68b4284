/// Lays its children out left to right at their own sizes, starting a new line where the next
/// one would not fit the width: a form's buttons stay whole in a narrow window instead of
/// running past its edge. Hidden children take no place.
public final class Flow: Widget {
    /// Gap between children on a line.
    public var spacing: Double { didSet { if spacing != oldValue { setNeedsLayout() } } }
    /// Gap between lines.
    public var lineSpacing: Double { didSet { if lineSpacing != oldValue { setNeedsLayout() } } }

    /// Creates a flow holding `children`.
    public init(spacing: Double = 8, lineSpacing: Double = 8, _ children: [Widget] = []) {
        self.spacing = spacing
        self.lineSpacing = lineSpacing
        super.init()
        children.forEach(addChild)
    }

    public override func performLayout(_ constraints: BoxConstraints, _ context: LayoutContext) -> Size {
        let width = constraints.maxWidth
        var x = 0.0, y = 0.0, lineHeight = 0.0, widest = 0.0
        for child in children {
            if child.isHidden {
                child.layout(.tight(.zero), context)
                place(child, at: Point(x: 0, y: y))
                continue
            }
            let size = child.layout(BoxConstraints(maxWidth: width, maxHeight: constraints.maxHeight), context)
            if x > 0, x + size.width > width {
                y += lineHeight + lineSpacing
                x = 0
                lineHeight = 0
            }
            place(child, at: Point(x: x, y: y))
            widest = max(widest, x + size.width)
            x += size.width + spacing
            lineHeight = max(lineHeight, size.height)
        }
        return Size(width: widest, height: y + lineHeight)
    }
}

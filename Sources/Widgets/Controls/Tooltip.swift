/// The small box of help text the host shows in its overlay layer after the pointer rests on
/// a widget whose ``Widget/tooltip`` is set.
public final class Tooltip: Widget {
    /// The help text.
    public var text: String { didSet { if text != oldValue { setNeedsLayout() } } }
    /// Lines wrap at this width.
    public var maxWidth = 320.0
    /// Text colour.
    public var textColor = Theme.standard.text
    /// Border colour.
    public var borderColor = Theme.standard.border
    private var textLayout: TextLayout?
    private let padding = EdgeInsets(horizontal: 8, vertical: 4)

    /// Creates a tooltip.
    public init(text: String) {
        self.text = text
        super.init()
        backgroundColor = Theme.standard.surface
    }

    public override func performLayout(_ constraints: BoxConstraints, _ context: LayoutContext) -> Size {
        let width = min(maxWidth, constraints.maxWidth) - padding.horizontal
        let layout = context.layoutText(
            StyledText(text, attributes: TextAttributes(font: Theme.standard.font, foreground: textColor)),
            maxWidth: max(1, width))
        textLayout = layout
        return Size(width: layout.size.width + padding.horizontal, height: layout.size.height + padding.vertical)
    }

    public override func paint(_ context: inout PaintContext) {
        super.paint(&context)
        context.stroke(bounds, width: 1, borderColor)
        if let textLayout { context.drawText(textLayout, at: Point(x: padding.left, y: padding.top)) }
    }

    public override func hitTest(_ point: Point) -> Widget? { nil }
}

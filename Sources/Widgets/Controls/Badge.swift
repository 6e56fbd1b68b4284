/// An unread-count pill ("3", "99+"). Takes no space and draws nothing while the count is 0.
public final class Badge: Widget {
    /// The count shown.
    public var count: Int { didSet { if count != oldValue { setNeedsLayout() } } }
    /// Counts above this show as "N+".
    public var maxShown = 99 { didSet { if maxShown != oldValue { setNeedsLayout() } } }
    /// Whether the badge signals a highlight (mention) rather than plain unread messages.
    public var isAlert = false { didSet { if isAlert != oldValue { setNeedsPaint() } } }
    /// Pill colour for plain unread messages.
    public var color = Theme.standard.accent { didSet { if color != oldValue { setNeedsPaint() } } }
    /// Pill colour for highlights.
    public var alertColor = Theme.standard.alert { didSet { if alertColor != oldValue { setNeedsPaint() } } }
    /// Number colour.
    public var textColor = Color.white { didSet { if textColor != oldValue { setNeedsPaint() } } }
    /// The number's font.
    public var font = FontSpec(role: .ui, size: 11, bold: true) { didSet { if font != oldValue { setNeedsLayout() } } }
    private var textLayout: TextLayout?

    /// Creates a badge.
    public init(count: Int = 0) {
        self.count = count
        super.init()
    }

    /// The text shown for the current count.
    public var displayText: String { count > maxShown ? "\(maxShown)+" : "\(count)" }

    public override func performLayout(_ constraints: BoxConstraints, _ context: LayoutContext) -> Size {
        guard count > 0 else { textLayout = nil; return .zero }
        let layout = context.layoutText(StyledText(displayText, attributes: TextAttributes(font: font)), maxWidth: nil)
        textLayout = layout
        let height = layout.size.height + 2
        return Size(width: max(height, layout.size.width + 10), height: height)
    }

    public override func paint(_ context: inout PaintContext) {
        guard count > 0, let layout = textLayout else { return }
        context.fillRounded(bounds, radius: size.height / 2, isAlert ? alertColor : color)
        let styled = StyledText(displayText, attributes: TextAttributes(font: font, foreground: textColor))
        if let restyled = layout.restyled(styled) {
            context.drawText(restyled, at: Point(x: (size.width - layout.size.width) / 2, y: 1))
        }
    }
}

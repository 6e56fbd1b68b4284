/// Styled, wrapping, multi-line text. Links (spans with a `link`) show a hand cursor and call
/// ``onLinkActivated`` when clicked.
///
/// Changing only colours or decorations (same characters and fonts) repaints without relayout;
/// changing the characters lays the label out again.
public final class Label: Widget {
    /// The text.
    public var text: StyledText {
        didSet {
            guard text != oldValue else { return }
            if let restyled = textLayout?.restyled(text) {
                textLayout = restyled
                setNeedsPaint()
            } else {
                setNeedsLayout()
            }
        }
    }
    /// Start of continuation lines when wrapping.
    public var hangingIndent: Double = 0 { didSet { if hangingIndent != oldValue { setNeedsLayout() } } }
    /// Whether lines wrap at the available width.
    public var wraps = true { didSet { if wraps != oldValue { setNeedsLayout() } } }
    /// Space around the text.
    public var padding: EdgeInsets = .zero { didSet { if padding != oldValue { setNeedsLayout() } } }
    /// Called with the URL of a clicked link.
    public var onLinkActivated: ((String) -> Void)?
    /// Called with the nick of a clicked nick span.
    public var onNickActivated: ((String) -> Void)?
    /// The layout from the last layout pass.
    public private(set) var textLayout: TextLayout?
    private var pressedAttributes: TextAttributes?

    /// Creates a label with styled text.
    public init(_ text: StyledText) {
        self.text = text
        super.init()
    }

    /// Creates a label with plain text in one style.
    public convenience init(_ string: String, font: FontSpec = Theme.standard.font, color: Color = Theme.standard.text) {
        self.init(StyledText(string, attributes: TextAttributes(font: font, foreground: color)))
    }

    public override func performLayout(_ constraints: BoxConstraints, _ context: LayoutContext) -> Size {
        let available = constraints.maxWidth - padding.horizontal
        let layout = context.layoutText(text, maxWidth: wraps && available.isFinite ? max(0, available) : nil,
                                        hangingIndent: hangingIndent)
        textLayout = layout
        return Size(width: layout.size.width + padding.horizontal, height: layout.size.height + padding.vertical)
    }

    public override func paint(_ context: inout PaintContext) {
        super.paint(&context)
        if let textLayout { context.drawText(textLayout, at: Point(x: padding.left, y: padding.top)) }
    }

    private func attributes(at point: Point) -> TextAttributes? {
        textLayout?.attributes(at: point - Point(x: padding.left, y: padding.top))
    }

    public override func cursor(at point: Point) -> CursorShape? {
        guard let attributes = attributes(at: point) else { return nil }
        return attributes.link != nil || (attributes.nick != nil && onNickActivated != nil) ? .hand : nil
    }

    public override func mouseDown(_ event: MouseEvent) -> Bool {
        guard event.button == .left, let attributes = attributes(at: event.position),
              attributes.link != nil || attributes.nick != nil else { return false }
        pressedAttributes = attributes
        return true
    }

    public override func mouseUp(_ event: MouseEvent) {
        defer { pressedAttributes = nil }
        guard let pressed = pressedAttributes, attributes(at: event.position) == pressed else { return }
        if let link = pressed.link { onLinkActivated?(link) } else if let nick = pressed.nick { onNickActivated?(nick) }
    }
}

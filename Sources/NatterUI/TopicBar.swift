import Widgets

/// The bar above the messages: the buffer's name and its topic on one line, formatted, cut at
/// the bar's edge; the full topic in a tooltip.
@MainActor
public final class TopicBar: Widget {
    /// The buffer's name.
    public var title = "" { didSet { if title != oldValue { setNeedsPaint() } } }
    /// The topic's spans (formatted, with links).
    public var topic: [TextSpan] = [] { didSet { if topic != oldValue { tooltip = topic.map(\.text).joined(); setNeedsPaint() } } }
    /// Colours and fonts.
    public var theme = ChatTheme.dark { didSet { if theme != oldValue { setNeedsPaint() } } }
    /// Called with a clicked link's URL (with Ctrl held: `copy` is true).
    public var onLink: ((String, Bool) -> Void)?
    let height = 40.0
    private var laidOut: (layout: TextLayout, origin: Point)?

    public override init() { super.init() }

    public override func performLayout(_ constraints: BoxConstraints, _ context: LayoutContext) -> Size {
        constraints.constrain(Size(width: constraints.maxWidth.isFinite ? constraints.maxWidth : 400, height: height))
    }

    public override func paint(_ context: inout PaintContext) {
        context.fill(bounds, theme.base.surface)
        context.fill(Rect(x: 0, y: height - 1, width: size.width, height: 1), theme.base.border)
        let bold = FontSpec(role: .ui, size: theme.messageFont.size, bold: true)
        var spans = [TextSpan(title, TextAttributes(font: bold, foreground: theme.base.text))]
        if !topic.isEmpty { spans.append(TextSpan("   ", TextAttributes(font: theme.messageFont, foreground: theme.dimText))) }
        spans += topic.map { span in
            var span = span
            if span.attributes.foreground == theme.base.text { span.attributes.foreground = theme.dimText }
            return span
        }
        let text = context.layoutText(StyledText(spans), maxWidth: nil)
        let origin = Point(x: 14, y: (height - text.size.height) / 2)
        laidOut = (text, origin)
        let previous = context.clip
        context.pushClip(Rect(x: 0, y: 0, width: size.width - 8, height: height))
        context.drawText(text, at: origin)
        context.popClip(restoring: previous)
    }

    private func link(at point: Point) -> String? {
        guard let (layout, origin) = laidOut, point.x < size.width - 8 else { return nil }
        return layout.attributes(at: Point(x: point.x - origin.x, y: point.y - origin.y))?.link
    }

    public override func mouseDown(_ event: MouseEvent) -> Bool {
        guard event.button == .left, let url = link(at: event.position) else { return false }
        onLink?(url, event.modifiers.contains(.ctrl))
        return true
    }

    public override func cursor(at point: Point) -> CursorShape? { link(at: point) != nil ? .hand : nil }
}

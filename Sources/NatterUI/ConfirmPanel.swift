import Widgets

/// A question over the chat with two answers, from the keyboard: Enter does what it asks,
/// Escape (or a click outside) leaves things as they are. A network taken out of config.toml
/// while it has open conversations asks this before it is closed.
@MainActor
public final class ConfirmPanel: Widget, CentredPanel {
    /// What is asked, in bold, and why, under it.
    public let title: String
    public let text: String
    /// What Enter does, and what Escape keeps ("close Libera", "keep it").
    public let confirmWord: String
    public let keepWord: String
    /// Called once, with true for Enter and false for Escape or a click outside.
    public var onAnswer: ((Bool) -> Void)?
    private let theme: ChatTheme
    private var answered = false
    private let width = 480.0

    /// A panel in `theme`'s colours asking `title` (explained by `text`).
    public init(theme: ChatTheme, title: String, text: String, confirmWord: String, keepWord: String) {
        self.theme = theme
        self.title = title
        self.text = text
        self.confirmWord = confirmWord
        self.keepWord = keepWord
        super.init()
        backgroundColor = theme.base.surface
    }

    public override var isFocusable: Bool { true }

    /// Shows the panel a third down `host`'s window, taking the keyboard.
    public func show(in host: WidgetHost) {
        setNeedsLayout()
        present(in: host, width: min(width, max(260, host.size.width - 24)), top: max(8, (host.size.height / 3).rounded()))
    }

    /// Lines of the explanation at most (a longer one is cut with "…" by the text layout).
    private static let textLines = 3

    public override func performLayout(_ constraints: BoxConstraints, _ context: LayoutContext) -> Size {
        let lineHeight = theme.messageFont.size * 1.4
        return Size(width: min(width, max(260, (host?.size.width ?? width + 24) - 24)),
                    height: (18 + 28 + Double(Self.textLines) * lineHeight + 12 + lineHeight + 16).rounded(.up))
    }

    public override func paint(_ context: inout PaintContext) {
        super.paint(&context)
        context.stroke(bounds, width: 1, theme.base.border)
        let font = theme.messageFont
        let heading = context.layoutText(StyledText(title, attributes: TextAttributes(
            font: FontSpec(role: .ui, size: font.size + 2, bold: true), foreground: theme.base.text)), maxWidth: bounds.width - 36)
        context.drawText(heading, at: Point(x: 18, y: 18))
        let body = context.layoutText(StyledText(text, attributes: TextAttributes(font: font, foreground: theme.base.text)),
                                      maxWidth: bounds.width - 36)
        context.drawText(body, at: Point(x: 18, y: 18 + heading.size.height + 10))
        let keys = context.layoutText(StyledText("Enter: \(confirmWord)    Escape: \(keepWord)", attributes: TextAttributes(
            font: FontSpec(role: .ui, size: max(8, font.size - 1), bold: true), foreground: theme.base.accent)),
                                      maxWidth: bounds.width - 36)
        context.drawText(keys, at: Point(x: 18, y: bounds.height - 14 - keys.size.height))
    }

    public override func keyDown(_ event: KeyEvent) -> Bool {
        guard event.modifiers.isEmpty else { return true }
        switch event.key {
        case .enter: answer(true)
        case .escape: answer(false)
        default: break
        }
        // Nothing else reaches the chat while the question is open.
        return true
    }

    public override func mouseDown(_ event: MouseEvent) -> Bool { true }

    /// A click outside closes the panel: the question is answered "keep".
    public override func overlayDismissed() {
        guard !answered else { return }
        answered = true
        onAnswer?(false)
    }

    private func answer(_ yes: Bool) {
        guard !answered else { return }
        answered = true
        dismiss()
        onAnswer?(yes)
    }
}

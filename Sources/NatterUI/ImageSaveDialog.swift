import IRCProtocol
import Widgets

/// "Save image as…": a field with the path proposed (editable), Enter saves, Escape (or a click
/// outside) cancels. A file already at the path is not replaced at the first Enter: the dialog
/// says so and a second Enter on the same path replaces it. A failure is shown as a sentence
/// and the dialog stays. The saving itself is ``onSave``'s (the presenter's, through the app).
@MainActor
public final class ImageSaveDialog: Widget, CentredPanel {
    /// The path to save to.
    public let field = TextField()
    /// Saves to a path, replacing a file there or not, and says how it went.
    public var onSave: ((String, Bool) -> ImageSaveAnswer)?
    /// What the dialog says under the field (a question or an error), if anything.
    public private(set) var message: String?
    /// The path the user was told exists: Enter on it again replaces the file.
    public private(set) var confirmingReplace: String?
    private let theme: ChatTheme
    private let width = 520.0

    /// A dialog in `theme`'s colours offering `path`.
    public init(theme: ChatTheme, path: String) {
        self.theme = theme
        super.init()
        backgroundColor = theme.base.surface
        field.font = theme.messageFont
        field.textColor = theme.base.text
        field.backgroundColor = theme.base.background
        field.text = path
        field.onSubmit = { [weak self] text in self?.submit(text) }
        field.onChange = { [weak self] _ in
            // Another path: the question about the old one no longer holds.
            guard let self, self.message != nil else { return }
            self.message = nil
            self.confirmingReplace = nil
            self.setNeedsPaint()
        }
        addChild(field)
    }

    /// Shows the dialog a third down `host`'s window, the field taking the keyboard.
    public func show(in host: WidgetHost) {
        present(in: host, width: min(width, max(260, host.size.width - 24)), top: max(8, (host.size.height / 3).rounded()))
    }

    public override func performLayout(_ constraints: BoxConstraints, _ context: LayoutContext) -> Size {
        let panelWidth = min(width, max(260, (host?.size.width ?? width + 24) - 24))
        let line = theme.messageFont.size * 1.4
        _ = field.layout(BoxConstraints(minWidth: panelWidth - 36, maxWidth: panelWidth - 36, minHeight: 0, maxHeight: 40), context)
        place(field, at: Point(x: 18, y: 18 + line + 8))
        return Size(width: panelWidth, height: (18 + line + 8 + 32 + 10 + 2 * line + 10 + line + 14).rounded(.up))
    }

    public override func paint(_ context: inout PaintContext) {
        super.paint(&context)
        context.stroke(bounds, width: 1, theme.base.border)
        let font = theme.messageFont
        let heading = context.layoutText(StyledText("Save image as", attributes: TextAttributes(
            font: FontSpec(role: .ui, size: font.size + 1, bold: true), foreground: theme.base.text)), maxWidth: bounds.width - 36)
        context.drawText(heading, at: Point(x: 18, y: 16))
        if let message {
            let colour = confirmingReplace != nil ? theme.base.text : theme.errorText
            let text = context.layoutText(StyledText(message, attributes: TextAttributes(font: font, foreground: colour)),
                                          maxWidth: bounds.width - 36)
            context.drawText(text, at: Point(x: 18, y: field.frame.maxY + 10))
        }
        let keys = context.layoutText(StyledText(confirmingReplace != nil ? "Enter: replace    Escape: cancel" : "Enter: save    Escape: cancel",
                                                 attributes: TextAttributes(font: FontSpec(role: .ui, size: max(8, font.size - 1), bold: true),
                                                                            foreground: theme.base.accent)),
                                      maxWidth: bounds.width - 36)
        context.drawText(keys, at: Point(x: 18, y: bounds.height - 12 - keys.size.height))
    }

    /// Enter in the field: saves, asks before replacing, or says what went wrong.
    func submit(_ path: String) {
        let path = String(path.trimmingBlanks)
        guard !path.isEmpty else {
            show(message: "Type where to save the image.", replacing: nil)
            return
        }
        switch onSave?(path, confirmingReplace == path) ?? .failed("Images cannot be saved here.") {
        case .saved:
            dismiss()
        case .exists:
            show(message: "“\(Self.fileName(path))” is already there. Enter again replaces it.", replacing: path)
        case .failed(let why):
            show(message: why, replacing: nil)
        }
    }

    private func show(message: String, replacing: String?) {
        self.message = message
        confirmingReplace = replacing
        setNeedsPaint()
    }

    private static func fileName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    public override func keyDown(_ event: KeyEvent) -> Bool {
        if event.key == .escape, event.modifiers.isEmpty {
            dismiss()
            return true
        }
        // Nothing else reaches the viewer or the chat while the dialog is open.
        return event.modifiers.isDisjoint(with: [.ctrl, .alt, .gui])
    }

    public override func mouseDown(_ event: MouseEvent) -> Bool { true }
}

import Widgets

/// The find bar above the message list (Ctrl+F): a query field and where the reader is among
/// the matches ("3 of 41"). Enter and F3 go to the next (older) match, Shift+Enter and Shift+F3
/// to the previous one; Escape closes the bar. What a query finds is the controller's business.
@MainActor
public final class FindBar: Widget {
    /// The query.
    public let field = TextField()
    /// "3 of 41", "no matches", or what is wrong with the query.
    public let status = Label("")
    /// Called to move to the next match (`backwards`: the previous one, towards newer).
    public var onStep: ((_ backwards: Bool) -> Void)?
    /// Called when the reader closes the bar.
    public var onClose: (() -> Void)?
    private let row: Stack
    private var theme: ChatTheme
    /// Whether the status shows an error (kept in the error colour when the theme changes).
    private var statusIsError = false

    /// A bar in the theme's colours.
    public init(theme: ChatTheme = .dark) {
        self.theme = theme
        field.placeholder = "Find: words, \"a phrase\", /pattern/, from:nick"
        field.font = theme.messageFont
        field.textColor = theme.base.text
        field.backgroundColor = theme.base.background
        field.flex = 1
        row = Stack(.horizontal, spacing: 10, [field, status])
        row.padding = EdgeInsets(top: 6, left: 10, bottom: 6, right: 10)
        row.crossAlignment = .center
        super.init()
        backgroundColor = theme.base.surface
        addChild(row)
        setStatus("")
    }

    /// Recolours the bar for `theme` (a switch between light and dark).
    public func apply(_ theme: ChatTheme) {
        self.theme = theme
        field.applyColors(theme, background: theme.base.background)
        field.font = theme.messageFont
        backgroundColor = theme.base.surface
        setStatus(status.text.string, isError: statusIsError)
        setNeedsPaint()
    }

    /// Shows `text` beside the field (`isError`: in the error colour).
    public func setStatus(_ text: String, isError: Bool = false) {
        statusIsError = isError
        status.text = StyledText(text, attributes: TextAttributes(font: theme.messageFont,
                                                                  foreground: isError ? theme.errorText : theme.dimText))
    }

    public override func performLayout(_ constraints: BoxConstraints, _ context: LayoutContext) -> Size {
        let size = row.layout(BoxConstraints(minWidth: constraints.maxWidth, maxWidth: constraints.maxWidth,
                                             minHeight: 0, maxHeight: constraints.maxHeight), context)
        place(row, at: .zero)
        return constraints.constrain(size)
    }

    public override func paint(_ context: inout PaintContext) {
        super.paint(&context)
        context.fill(Rect(x: 0, y: size.height - 1, width: size.width, height: 1), theme.base.border)
    }

    public override func keyDown(_ event: KeyEvent) -> Bool {
        let shift = event.modifiers == [.shift]
        switch event.key {
        case .enter where event.modifiers.isEmpty || shift, .function(3) where event.modifiers.isEmpty || shift:
            onStep?(shift)
            return true
        case .escape where event.modifiers.isEmpty:
            onClose?()
            return true
        default:
            return false
        }
    }
}

/// A push button with a text title. Activates on a click released inside it, or on Enter or
/// Space while focused. A button whose title changes (a toggle: "TLS: on", "TLS: off") names
/// its other titles in ``reservedTitles`` and keeps the width of the widest, so that a click
/// moves nothing beside it, nor anything out from under the pointer.
public final class Button: Widget {
    /// The title.
    public var title: String { didSet { if title != oldValue { setNeedsLayout() } } }
    /// The titles the button may show: it is as wide as the widest of them (or of ``title``,
    /// when that is wider), whichever it shows, the title centred.
    public var reservedTitles: [String] { didSet { if reservedTitles != oldValue { setNeedsLayout() } } }
    /// The title's font.
    public var font: FontSpec { didSet { if font != oldValue { setNeedsLayout() } } }
    /// Title colour.
    public var textColor = Theme.standard.text { didSet { if textColor != oldValue { setNeedsPaint() } } }
    /// Face colour at rest.
    public var faceColor = Theme.standard.surface { didSet { if faceColor != oldValue { setNeedsPaint() } } }
    /// Face colour under the pointer.
    public var hoverColor = Theme.standard.surfaceHover { didSet { if hoverColor != oldValue { setNeedsPaint() } } }
    /// Face colour while pressed.
    public var pressedColor = Theme.standard.surfacePressed { didSet { if pressedColor != oldValue { setNeedsPaint() } } }
    /// Focus ring colour.
    public var focusColor = Theme.standard.accent
    /// Space around the title.
    public var padding = EdgeInsets(horizontal: 12, vertical: 6) { didSet { if padding != oldValue { setNeedsLayout() } } }
    /// Called on activation.
    public var onPress: (() -> Void)?
    /// The keys that activate the focused button. A button whose Enter means something else
    /// to the widget holding it (a settings row's choice: Space steps, Enter saves) leaves
    /// Enter out, and the key goes on to that widget.
    public var pressKeys: Set<Key> = [.enter, .space]
    /// Called when the button gains (true) or loses (false) the keyboard.
    public var onFocusChange: ((Bool) -> Void)?

    /// Whether the pointer is over the button.
    public private(set) var isHovered = false { didSet { if isHovered != oldValue { setNeedsPaint() } } }
    /// Whether the button is held down with the pointer inside.
    public private(set) var isPressed = false { didSet { if isPressed != oldValue { setNeedsPaint() } } }
    private var tracking = false
    private var titleLayout: TextLayout?

    /// Creates a button; `reserving` are the other titles it may show: ``reservedTitles`` holds
    /// them and `title` (none: the button fits each title it is given).
    public init(_ title: String, reserving: [String] = [], font: FontSpec = Theme.standard.font, onPress: (() -> Void)? = nil) {
        self.title = title
        self.reservedTitles = reserving.isEmpty ? [] : [title] + reserving
        self.font = font
        self.onPress = onPress
        super.init()
    }

    public override var isFocusable: Bool { true }

    private var styledTitle: StyledText {
        StyledText(title, attributes: TextAttributes(font: font, foreground: textColor))
    }

    public override func performLayout(_ constraints: BoxConstraints, _ context: LayoutContext) -> Size {
        let layout = context.layoutText(StyledText(title, attributes: TextAttributes(font: font)), maxWidth: nil)
        titleLayout = layout
        var content = layout.size
        for other in reservedTitles {
            let size = context.layoutText(StyledText(other, attributes: TextAttributes(font: font)), maxWidth: nil).size
            content = Size(width: max(content.width, size.width), height: max(content.height, size.height))
        }
        return Size(width: content.width + padding.horizontal, height: content.height + padding.vertical)
    }

    public override func paint(_ context: inout PaintContext) {
        context.fillRounded(bounds, radius: 4, isPressed ? pressedColor : isHovered ? hoverColor : faceColor)
        if context.focusedWidget === self { context.stroke(bounds, width: 1, focusColor) }
        guard let layout = titleLayout?.restyled(styledTitle) else { return }
        context.drawText(layout, at: Point(x: (size.width - layout.size.width) / 2, y: (size.height - layout.size.height) / 2))
    }

    public override func focusChanged(_ focused: Bool) {
        setNeedsPaint()
        onFocusChange?(focused)
    }
    public override func mouseEntered() { isHovered = true }
    public override func mouseExited() { isHovered = false }

    public override func mouseDown(_ event: MouseEvent) -> Bool {
        guard event.button == .left else { return false }
        tracking = true
        isPressed = true
        return true
    }

    public override func mouseDragged(_ event: MouseEvent) {
        if tracking { isPressed = bounds.contains(event.position) }
    }

    public override func mouseUp(_ event: MouseEvent) {
        guard tracking else { return }
        tracking = false
        isPressed = false
        if bounds.contains(event.position) { onPress?() }
    }

    public override func keyDown(_ event: KeyEvent) -> Bool {
        guard event.modifiers.isEmpty, pressKeys.contains(event.key) else { return false }
        onPress?()
        return true
    }
}

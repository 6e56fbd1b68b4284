/// A single-line text editor: caret by grapheme cluster, selection by Shift+arrows, mouse drag
/// and double-click, word motion, clipboard, undo/redo, inline IME composition, horizontal
/// scrolling, and a caret that blinks off the host's time (damaging only the caret).
///
/// Key bindings (Ctrl on Linux): ←/→ (Ctrl: by word, Shift: select), Home/End, Backspace/Delete
/// (Ctrl: by word), Ctrl+A, Ctrl+C, Ctrl+X, Ctrl+V, Ctrl+Z, Ctrl+Shift+Z and Ctrl+Y, Enter
/// (``onSubmit``). Other keys (↑/↓, Tab, Page Up, Ctrl+Home, Ctrl+End…) are left to the parent:
/// the chat screen's message list uses Ctrl+Home/Ctrl+End while the input line has focus.
public final class TextField: Widget {
    /// Editing state (text, caret, selection).
    public internal(set) var state = TextEditingState()
    /// Undo/redo history.
    public internal(set) var history = UndoHistory()
    /// The keys of the editing commands beyond the standard ones (readline's, or the user's);
    /// they come before the standard keys and before any app shortcut on the same key.
    public var editingBindings: [EditingCommand: KeyEvent] = [:]
    /// What the last deleting editing commands in a row took, for ``EditingCommand/yank``.
    var killed = ""
    /// Whether the last change of the text or the caret was a kill (the next one adds to
    /// ``killed``); every other edit and caret move clears it.
    var killContinues = false
    /// The input method's composition, shown underlined at the caret.
    public internal(set) var composition: TextComposition?
    /// Horizontal scroll of the text inside the field.
    public internal(set) var scrollX = 0.0
    /// How far the text is scrolled up (a multi-line field past ``maxLines``).
    public internal(set) var scrollY = 0.0
    /// Most lines shown at once: 1 is a one-line field (the text scrolls sideways); more lets
    /// Shift+Enter break lines, wraps the text, and grows the field up to this many lines, after
    /// which the text scrolls.
    public var maxLines = 1 { didSet { if maxLines != oldValue { setNeedsLayout() } } }
    /// The layout of the displayed text (text with the composition inserted).
    public internal(set) var textLayout: TextLayout?

    /// The font.
    public var font: FontSpec { didSet { if font != oldValue { setNeedsLayout() } } }
    /// Text colour.
    public var textColor = Theme.standard.text { didSet { if textColor != oldValue { refreshText() } } }
    /// Placeholder shown when empty.
    public var placeholder = "" { didSet { if placeholder != oldValue { setNeedsPaint() } } }
    /// Placeholder colour.
    public var placeholderColor = Theme.standard.mutedText
    /// Selection highlight.
    public var selectionColor = Theme.standard.selection { didSet { if selectionColor != oldValue { setNeedsPaint() } } }
    /// Caret colour.
    public var caretColor = Theme.standard.text
    /// Border colour when focused.
    public var focusBorderColor = Theme.standard.accent
    /// Border colour when not focused.
    public var borderColor = Theme.standard.border
    /// Space between the border and the text.
    public var padding = EdgeInsets(horizontal: 6, vertical: 4) { didSet { if padding != oldValue { setNeedsLayout() } } }
    /// Width asked for when the parent does not bound it.
    public var preferredWidth = 200.0
    /// Seconds the caret stays on, then off.
    public var blinkInterval = 0.5
    /// Seconds after an edit or a caret move during which the caret blinks; then it stays
    /// solid and the field asks for no more ticks, so an idle window does no work at all.
    public var blinkTimeout = 5.0
    /// Called when Enter is pressed, with the text. When `nil`, Enter goes to the parent.
    public var onSubmit: ((String) -> Void)?
    /// Called after every change of the text.
    public var onChange: ((String) -> Void)?
    /// Called when the field gains (`true`) or loses (`false`) the keyboard: a form saves a
    /// field the user leaves.
    public var onFocusChange: ((Bool) -> Void)?
    /// Called with pasted text; return `true` to take it over (e.g. a multi-line paste).
    /// Otherwise it is inserted with line breaks turned into spaces.
    public var onPaste: ((String) -> Bool)?

    var hasFocus = false
    var blinkStart = FrameTime.zero
    var caretShownAtLastTick = true

    /// Creates a text field.
    public init(text: String = "", font: FontSpec = Theme.standard.font) {
        self.font = font
        super.init()
        state = TextEditingState(text)
        backgroundColor = Theme.standard.background
    }

    /// The text. Setting it replaces the content, puts the caret at the end and clears undo.
    public var text: String {
        get { state.text }
        set {
            guard newValue != state.text else { return }
            state.setText(newValue)
            history.removeAll()
            composition = nil
            contentChanged()
        }
    }

    /// Replaces the content and puts the caret at `caret` (a grapheme index), as one undoable
    /// edit (completion uses it).
    public func replaceText(_ newText: String, caret: Int) {
        guard newText != state.text || caret != state.caret else { return }
        history.record(state, kind: .other)
        state.setText(newText)
        state.caret = caret
        state.anchor = state.caret
        composition = nil
        contentChanged()
    }

    public override var isFocusable: Bool { true }
    public override var acceptsTextInput: Bool { true }

    /// Where the text's origin is, in local coordinates (scrolling included).
    var textOrigin: Point { Point(x: padding.left - scrollX, y: padding.top - scrollY) }

    /// Whether the text wraps and may hold line breaks.
    var isMultiline: Bool { maxLines > 1 }

    /// The width the text wraps at (multi-line), or `nil` (one line).
    func wrapWidth(for width: Double) -> Double? { isMultiline ? max(20, width - padding.horizontal) : nil }

    /// The caret position in the displayed text (inside the composition while composing).
    var displayCaret: Int {
        guard let composition else { return state.caret }
        return state.caret + min(max(0, composition.cursor), composition.text.count)
    }

    /// Styles the content for display (e.g. IRC formatting codes shown as markers and applied to
    /// the text after them). The spans must hold exactly the content's characters, one grapheme
    /// for each, so that caret positions stay where they are.
    public var styler: ((String, TextAttributes) -> [TextSpan])? { didSet { refreshText() } }

    /// A password field: every character shows as a bullet, and nothing can be copied or cut
    /// out of it.
    public var isSecure = false { didSet { if isSecure != oldValue { refreshText() } } }

    /// The displayed text: the content with the composition inserted (underlined) at the caret.
    var displayText: StyledText {
        let attributes = TextAttributes(font: font, foreground: textColor)
        func spans(_ text: String) -> [TextSpan] {
            guard !text.isEmpty else { return [] }
            if isSecure { return [TextSpan(String(repeating: "•", count: text.count), attributes)] }
            if let styler {
                let styled = styler(text, attributes)
                if styled.reduce(0, { $0 + $1.text.count }) == text.count { return styled }
            }
            return [TextSpan(text, attributes)]
        }
        guard let composition, !composition.text.isEmpty else {
            return StyledText(spans(state.text))
        }
        var underlined = attributes
        underlined.underline = true
        return StyledText(spans(String(state.characters[..<state.caret])) + [TextSpan(composition.text, underlined)]
                          + spans(String(state.characters[state.caret...])))
    }

    /// The caret rectangle in local coordinates.
    public var caretRect: Rect {
        let lineHeight = textLayout?.lines.first?.height ?? 0
        guard let textLayout, let measurer = host?.measurer else {
            return Rect(x: padding.left, y: padding.top, width: 1, height: lineHeight)
        }
        let rect = textLayout.caretRect(at: displayCaret, measurer: measurer)
        return Rect(x: (textOrigin.x + rect.minX).rounded(.down), y: textOrigin.y + rect.minY, width: 1, height: rect.height)
    }

    public override var textInputRect: Rect? { caretRect }

    /// Whether the caret is drawn at `time` (blinking while the field has focus).
    public func isCaretVisible(at time: FrameTime) -> Bool {
        guard hasFocus, blinkInterval > 0 else { return hasFocus }
        if time - blinkStart >= blinkTimeout { return true }
        return Int(((time - blinkStart) / blinkInterval).rounded(.down)) % 2 == 0
    }

    public override func performLayout(_ constraints: BoxConstraints, _ context: LayoutContext) -> Size {
        let width = constraints.maxWidth.isFinite ? constraints.maxWidth : preferredWidth
        let layout = context.layoutText(displayText, maxWidth: wrapWidth(for: width))
        textLayout = layout
        let lineHeight = layout.lines.first?.height ?? context.measurer.lineMetrics(font).lineHeight
        let height = lineHeight * Double(min(max(layout.lines.count, 1), maxLines)) + padding.vertical
        frame.size = constraints.constrain(Size(width: width, height: height))
        scrollCaretIntoView(measurer: context.measurer)
        return frame.size
    }

    /// Lays the displayed text out again without touching the field's size (the text does not
    /// affect it), so typing relayouts nothing above the field.
    func refreshText() {
        guard let host, let old = textLayout else { setNeedsLayout(); return }
        textLayout = host.textCache.layout(displayText, maxWidth: wrapWidth(for: size.width), measurer: host.measurer)
        // A multi-line field grows and shrinks with its lines (up to maxLines).
        if isMultiline, min(textLayout?.lines.count ?? 1, maxLines) != min(old.lines.count, maxLines) {
            setNeedsLayout()
        }
        scrollCaretIntoView(measurer: host.measurer)
        setNeedsPaint()
    }

    /// Keeps the caret inside the visible part of the field.
    func scrollCaretIntoView(measurer: any TextMeasurer) {
        guard let textLayout else { return }
        if isMultiline {
            // Wrapped: nothing to scroll sideways; up and down to keep the caret's line shown.
            let rect = textLayout.caretRect(at: displayCaret, measurer: measurer)
            let visible = max(1, size.height - padding.vertical)
            var scroll = scrollY
            if rect.maxY - scroll > visible { scroll = rect.maxY - visible }
            if rect.minY - scroll < 0 { scroll = rect.minY }
            scroll = max(0, min(scroll, textLayout.size.height - visible))
            if scroll != scrollY || scrollX != 0 {
                scrollY = scroll
                scrollX = 0
                setNeedsPaint()
            }
            return
        }
        let visible = max(1, size.width - padding.horizontal)
        let x = textLayout.caretX(at: displayCaret, measurer: measurer)
        var scroll = scrollX
        if x - scroll > visible - 1 { scroll = x - visible + 1 }
        if x - scroll < 0 { scroll = x }
        scroll = max(0, min(scroll, textLayout.size.width + 1 - visible))
        if scroll != scrollX {
            scrollX = scroll
            setNeedsPaint()
        }
    }

    /// After an edit: relayout the text, notify, restart the blink.
    func contentChanged() {
        killContinues = false
        refreshText()
        restartBlink()
        onChange?(state.text)
    }

    /// After a caret move or selection change.
    func selectionChanged() {
        killContinues = false
        history.breakCoalescing()
        if let host { scrollCaretIntoView(measurer: host.measurer) }
        setNeedsPaint()
        restartBlink()
    }

    func restartBlink() {
        guard let host, hasFocus else { return }
        blinkStart = host.now
        caretShownAtLastTick = true
        host.requestTick(for: self, at: blinkStart + blinkInterval)
    }

    public override func tick(_ time: FrameTime) -> FrameTime? {
        guard hasFocus, blinkInterval > 0 else { return nil }
        let shown = isCaretVisible(at: time)
        if shown != caretShownAtLastTick { invalidate(caretRect) }
        caretShownAtLastTick = shown
        if time - blinkStart >= blinkTimeout { return nil }   // solid from now on
        let phase = ((time - blinkStart) / blinkInterval).rounded(.down) + 1
        return min(blinkStart + phase * blinkInterval, blinkStart + blinkTimeout)
    }

    public override func focusChanged(_ focused: Bool) {
        hasFocus = focused && (host?.isWindowFocused ?? true) && isFocused
        setNeedsPaint()
        if hasFocus {
            // Focus shows a solid caret; blinking starts with the first edit or caret move.
            blinkStart = FrameTime(seconds: (host?.now ?? .zero).seconds - blinkTimeout)
            caretShownAtLastTick = true
        } else {
            host?.cancelTick(for: self)
        }
        onFocusChange?(focused)
    }

    public override func paint(_ context: inout PaintContext) {
        super.paint(&context)
        context.stroke(bounds, width: 1, context.focusedWidget === self ? focusBorderColor : borderColor)
        let saved = context.clip
        context.pushClip(bounds.inset(by: EdgeInsets(horizontal: padding.left / 2, vertical: 0)))
        if let textLayout {
            if state.hasSelection && composition == nil {
                for rect in textLayout.selectionRects(for: state.selection, measurer: context.measurer) {
                    context.fill(rect.offsetBy(textOrigin), selectionColor)
                }
            }
            if state.characters.isEmpty && composition == nil && !placeholder.isEmpty {
                let layout = context.layoutText(StyledText(placeholder, attributes: TextAttributes(font: font, foreground: placeholderColor)), maxWidth: nil)
                context.drawText(layout, at: Point(x: padding.left, y: padding.top))
            } else {
                context.drawText(textLayout, at: textOrigin)
            }
        }
        if isCaretVisible(at: context.time) { context.fill(caretRect, caretColor) }
        context.popClip(restoring: saved)
    }

    public override func cursor(at point: Point) -> CursorShape? { .ibeam }

    private func index(at point: Point) -> Int {
        guard let textLayout, let measurer = host?.measurer else { return state.caret }
        return min(textLayout.index(at: point - textOrigin, measurer: measurer), state.characters.count)
    }

    /// The menu for a right-click at the character index given (spelling suggestions); nil or
    /// empty: no menu.
    public var onContextMenu: ((Int) -> [MenuItem])?
    /// Colours of that menu.
    public var menuTheme = Theme.standard

    public override func mouseDown(_ event: MouseEvent) -> Bool {
        if event.button == .right, let onContextMenu, let host {
            let items = onContextMenu(index(at: event.position))
            guard !items.isEmpty else { return false }
            PopupMenu(items, theme: menuTheme).show(in: host, at: convertToWindow(event.position))
            return true
        }
        if event.button == .middle {
            // X11's paste of what was last selected anywhere, where the pointer is.
            state.moveCaret(to: index(at: event.position), extending: false)
            selectionChanged()
            paste(primary: true)
            return true
        }
        guard event.button == .left else { return false }
        let position = index(at: event.position)
        switch event.clickCount {
        case 2: state.selectWord(at: position)
        case 3...: state.selectAll()
        default: state.moveCaret(to: position, extending: event.modifiers.contains(.shift))
        }
        selectionChanged()
        offerPrimary()
        return true
    }

    public override func mouseUp(_ event: MouseEvent) {
        if event.button == .left { offerPrimary() }
    }

    /// What the mouse selected becomes the PRIMARY selection (the middle button pastes it
    /// elsewhere).
    private func offerPrimary() {
        if state.hasSelection { host?.clipboard.setPrimaryText(state.selectedText) }
    }

    public override func mouseDragged(_ event: MouseEvent) {
        let position = index(at: event.position)
        guard position != state.caret else { return }
        state.moveCaret(to: position, extending: true)
        selectionChanged()
    }

    public override func keyDown(_ event: KeyEvent) -> Bool {
        handleKey(event)
    }

    public override func textInput(_ text: String) -> Bool {
        let filtered = String(text.filter { !$0.isNewline && $0 != "\t" })
        composition = nil
        guard !filtered.isEmpty else { refreshText(); return true }
        insert(filtered, kind: .typing)
        return true
    }

    public override func textEditing(_ composition: TextComposition) -> Bool {
        self.composition = composition.text.isEmpty ? nil : composition
        refreshText()
        restartBlink()
        return true
    }
}

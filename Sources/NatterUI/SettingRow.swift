import ChatModel
import Widgets

/// One setting on the settings screen: its name, what it does (dimmed), its control and a
/// line under it, as the store has it. The control follows the kind: a switch for a bool, a
/// button stepping through the words of a choice, a password field that never shows the
/// stored value for a secret, a text field for the rest. What is typed is checked against the
/// store as it is typed (``SettingsStore/refusal(of:at:)``, the same check as saving), the
/// refusal shown under the field in the theme's error colour; Enter, or moving on to another
/// control of the screen, saves it (``SettingsStore/set(_:at:)``) and the field then shows
/// the store's answer. A choice is stepped as a field is typed in: Space, a click, ← and →
/// only show the next word, which is saved as a field is; each step saved would be a change
/// of its own (a network's login changed is a reconnection). The keyboard taken by something
/// over the screen (a question) or by nothing (the screen closing) saves nothing: the screen
/// decides that. "Reset" takes the value out of the file.
@MainActor
public final class SettingRow: Widget {
    /// The setting shown.
    public let address: SettingAddress
    /// The value as the store last said it.
    public private(set) var value: SettingValue
    /// The text field (every kind but bool and choice).
    public let field: TextField?
    /// The switch of a bool.
    public let toggle: ToggleSwitch?
    /// The button of a choice: a press shows the next word, saved with Enter or on leaving.
    public let choice: Button?
    /// Takes the value out of the file (shown while it is not the default).
    public let resetButton = Button("Reset")
    /// Why what the field holds cannot be saved (nil: it can), as the store said.
    public private(set) var refusal: String?
    /// Called after a value was saved or reset, with the store's answer.
    var onSaved: ((SettingValue) -> Void)?
    private let store: any SettingsStore
    private let message = Label("")
    /// A colour's value as a colour, beside its field.
    private let swatch = Swatch()
    private let theme: ChatTheme
    private let column = Stack(.vertical, spacing: 3)
    /// While the store saves: a field losing the keyboard meanwhile (the screen made again
    /// in a theme just set) must not save a second time from inside the first.
    private var saving = false
    /// The word a choice shows, stepped to and not saved yet (nil: it shows the saved value).
    private var steppedChoice: String?

    /// A row for `address` over `store`, in `theme`'s colours, named `title` (the setting's key
    /// unless told: a buffer's row among others names its buffer).
    public init(_ address: SettingAddress, title: String? = nil, store: any SettingsStore, theme: ChatTheme) {
        self.address = address
        self.store = store
        self.theme = theme
        value = store.value(at: address)
        switch address.info.kind {
        case .bool:
            (field, toggle, choice) = (nil, ToggleSwitch(isOn: Self.isTrue(value.text)), nil)
        case .choice(let words):
            let defaultTitle = "default: " + (address.info.defaultText.isEmpty ? "empty" : address.info.defaultText)
            let button = Button(value.text, reserving: words + [defaultTitle], font: FontSpec(role: .ui, size: theme.messageFont.size))
            (field, toggle, choice) = (nil, nil, button)
        default:
            (field, toggle, choice) = (TextField(text: "", font: theme.messageFont), nil, nil)
        }
        super.init()
        let size = theme.messageFont.size
        let name = Label(StyledText(title ?? address.info.key, attributes: TextAttributes(
            font: FontSpec(role: .mono, size: size - 1, bold: true), foreground: theme.base.text)))
        let summary = Label(StyledText(address.info.summary, attributes: TextAttributes(
            font: FontSpec(role: .ui, size: size - 2), foreground: theme.dimText)))
        column.addChild(name)
        column.addChild(summary)
        let controls = Stack(.horizontal, spacing: 8)
        controls.crossAlignment = .center
        if let field {
            field.applyColors(theme, background: theme.base.background)
            field.isSecure = address.info.kind == .secret
            field.flex = 1
            field.onChange = { [weak self] text in self?.check(text) }
            field.onSubmit = { [weak self] _ in self?.commit() }
            field.onFocusChange = { [weak self] focused in
                // The window losing the keyboard leaves the field focused: only a field left saves.
                guard let self, !focused, !(self.field?.isFocused ?? false) else { return }
                self.commitMovingOn()
            }
            controls.addChild(field)
            if address.info.kind == .colour {
                swatch.borderColor = theme.dimText
                controls.addChild(swatch)
            }
        }
        if let toggle {
            toggle.onColor = theme.base.accent
            toggle.offColor = theme.base.surfacePressed
            toggle.knobColor = theme.base.text
            toggle.focusColor = theme.base.accent
            toggle.onToggle = { [weak self] on in self?.save(on ? "true" : "false") }
            controls.addChild(toggle)
        }
        if let choice {
            choice.applyColors(theme, onSurface: true)
            choice.onPress = { [weak self] in self?.stepChoice(by: 1) }
            // Enter saves the word shown (the row's keyDown), as it saves a field.
            choice.pressKeys = [.space]
            choice.onFocusChange = { [weak self] focused in
                guard let self, !focused, !(self.choice?.isFocused ?? false) else { return }
                self.commitMovingOn()
            }
            controls.addChild(choice)
        }
        resetButton.font = FontSpec(role: .ui, size: size - 2)
        resetButton.applyColors(theme, onSurface: true)
        resetButton.padding = EdgeInsets(horizontal: 8, vertical: 3)
        resetButton.onPress = { [weak self] in self?.reset() }
        controls.addChild(resetButton)
        column.addChild(controls)
        column.addChild(message)
        addChild(column)
        show(value)
    }

    /// Whether a bool's text means on (the forms `/set` reads).
    static func isTrue(_ text: String) -> Bool { ["true", "on", "yes", "1"].contains(text.lowercased()) }

    /// The control that takes the keyboard: the field, the switch or the choice's button.
    public var control: Widget { field ?? toggle ?? choice ?? resetButton }

    /// Whether the field, or the choice, shows something else than the value saved.
    public var isEdited: Bool { editedText != nil }

    /// What the row shows unsaved: the field's text, or the word a choice was stepped to (nil:
    /// the saved value is shown).
    public var editedText: String? {
        if let steppedChoice { return steppedChoice == value.text ? nil : steppedChoice }
        guard let field else { return nil }
        let edited = address.info.kind == .secret ? !field.text.isEmpty : field.text != value.text
        return edited ? field.text : nil
    }

    /// Shows `text` as if typed in the field or stepped to on the choice: checked, not saved
    /// (an edit carried into a row made again).
    public func edit(_ text: String) {
        if choice != nil {
            steppedChoice = text
            choice?.title = text
            check(text)
            return
        }
        guard let field else { return }
        field.text = text
        check(text)
    }

    /// The row as the store has it now (an edit dropped).
    public func refresh() { show(store.value(at: address)) }

    /// Puts back the saved value in place of an unsaved edit (Escape), valid or not: nothing
    /// half-typed is saved by leaving this way. False when there was nothing to undo (Escape
    /// then closes the screen).
    public func revert() -> Bool {
        guard isEdited else { return false }
        show(value)
        return true
    }

    /// Saves what the row shows unsaved, unless it is refused or unchanged (Enter, leaving the
    /// row, closing the screen with its key or button).
    public func commit() {
        guard !saving, let text = editedText else { return }
        check(text)
        guard refusal == nil else { return }
        save(text)
    }

    /// Saves as the keyboard leaves the control, when it went to another control of the same
    /// screen: the user moved on. A question opened over the screen, or the screen closing
    /// (the keyboard going nowhere), leaves the edit as it is.
    private func commitMovingOn() {
        guard let focused = host?.focusedWidget else { return }
        var top: Widget = self
        while let up = top.parent { top = up }
        guard focused.isDescendant(of: top) else { return }
        commit()
    }

    /// Enter saves a choice's word (its button leaves Enter to the row); ← and → step it.
    public override func keyDown(_ event: KeyEvent) -> Bool {
        guard let choice, choice.isFocused, event.modifiers.isEmpty else { return false }
        switch event.key {
        case .enter: commit()
        case .left: stepChoice(by: -1)
        case .right: stepChoice(by: 1)
        default: return false
        }
        return true
    }

    private func check(_ text: String) {
        refusal = isEdited ? store.refusal(of: text, at: address) : nil
        showMessage()
    }

    private func save(_ text: String) {
        saving = true
        let answer = store.set(text, at: address)
        saving = false
        switch answer {
        case .success(let saved):
            show(saved)
            onSaved?(saved)
        case .failure(let failure):
            // Refused after all (the file changed under it): the control goes back to the value.
            show(value)
            refusal = failure.description
            showMessage()
        }
    }

    /// Shows the word `step` places on from the one shown (round), unsaved.
    private func stepChoice(by step: Int) {
        guard case .choice(let words) = address.info.kind, !words.isEmpty else { return }
        let shown = steppedChoice ?? value.text
        let index = words.firstIndex(of: shown).map { ($0 + step + words.count) % words.count } ?? (step > 0 ? 0 : words.count - 1)
        edit(words[index])
    }

    private func reset() {
        switch store.reset(address) {
        case .success(let saved):
            show(saved)   // the button goes, the keyboard on it going to the control first
            onSaved?(saved)
        case .failure(let failure):
            refusal = failure.description
            showMessage()
        }
    }

    private func show(_ newValue: SettingValue) {
        value = newValue
        refusal = nil
        steppedChoice = nil
        if let field {
            if address.info.kind == .secret {
                field.text = ""
                field.placeholder = newValue.text.isEmpty ? "not set" : "set (type a new one to replace it)"
            } else {
                field.text = newValue.text
                // An empty value is the default's, which may be words ("the nick"): said in the field.
                field.placeholder = defaultWords
            }
        }
        toggle?.isOn = Self.isTrue(newValue.text)
        choice?.title = newValue.text.isEmpty ? defaultWords : newValue.text
        swatch.color = Color(hex: newValue.text)
        if resetButton.isFocused, newValue.isDefault { host?.focus(control) }
        resetButton.isHidden = newValue.isDefault
        showMessage()
    }

    /// The default as the row says it.
    private var defaultWords: String {
        "default: " + (address.info.defaultText.isEmpty ? "empty" : address.info.defaultText)
    }

    private func showMessage() {
        let size = theme.messageFont.size - 2
        // A refused value's field is framed in the error colour too, where the eye is.
        field?.borderColor = refusal == nil ? theme.base.border : theme.errorText
        field?.focusBorderColor = refusal == nil ? theme.base.accent : theme.errorText
        field?.setNeedsPaint()
        if let refusal {
            message.text = StyledText(refusal, attributes: TextAttributes(font: FontSpec(role: .ui, size: size), foreground: theme.errorText))
        } else if steppedChoice != nil, isEdited {
            // A word stepped to looks like a saved one: the line under it says it is not.
            let saved = value.text.isEmpty ? defaultWords : value.text
            message.text = StyledText("not saved: Enter saves it, Escape puts back \(saved)",
                                      attributes: TextAttributes(font: FontSpec(role: .ui, size: size), foreground: theme.dimText))
        } else if !value.isDefault {
            message.text = StyledText(defaultWords,
                                      attributes: TextAttributes(font: FontSpec(role: .ui, size: size), foreground: theme.dimText))
        } else {
            message.text = StyledText("")
        }
        message.isHidden = message.text.string.isEmpty
    }

    public override func performLayout(_ constraints: BoxConstraints, _ context: LayoutContext) -> Size {
        let size = column.layout(constraints, context)
        place(column, at: .zero)
        return size
    }
}

/// A colour setting's value painted as a small square (nothing for text that is no colour).
@MainActor
private final class Swatch: Widget {
    var color: Color? { didSet { if color != oldValue { setNeedsPaint() } } }
    /// Framed, so that a colour near the panel's own still shows where it is.
    var borderColor = Color(rgb: 0x808080)

    override func performLayout(_ constraints: BoxConstraints, _ context: LayoutContext) -> Size { Size(width: 24, height: 24) }

    override func paint(_ context: inout PaintContext) {
        guard let color else { return }
        context.fillRounded(bounds, radius: 4, color)
        context.stroke(bounds, width: 1, borderColor)
    }
}

import ChatModel
import IRCProtocol
import Widgets

/// The Networks section's list: one line per configured network in the file's order, its name
/// opening its settings below, ↑ and ↓ (or Alt+↑ and Alt+↓ on the line) moving it, "Remove"
/// asking first; then a small form adding one. It only asks: the presenter moves the network
/// in the store and adds and removes through `/server add` and `/server del`, whose checks are
/// the model's (the form shows the parser's refusal as it is typed).
@MainActor
public final class SettingsNetworkList: Widget {
    /// The networks, in order.
    public private(set) var names: [String] = []
    /// The network whose settings are shown below the list.
    public private(set) var chosen: String?
    /// The network whose removal waits for a second press.
    public private(set) var confirming: String?
    /// The new network's fields.
    public let nameField = TextField()
    public let hostField = TextField()
    public let nickField = TextField()
    /// TLS for the new network (on: Natter's default).
    public let tlsSwitch = ToggleSwitch(isOn: true)
    public let addButton = Button("Add network")
    /// The add form's answer: why the line is refused, or what happened.
    public let message = Label("")
    /// Asked to show a network's settings.
    var onChoose: ((String) -> Void)?
    /// Asked to move a network to an index.
    var onMove: ((String, Int) -> Void)?
    /// Asked to remove a network (confirmed).
    var onRemove: ((String) -> Void)?
    /// Asked why the add line would be refused (nil: it would not).
    var checkAdd: ((String) -> String?)?
    /// Asked to run the add line; true when the network was added (a refusal is said on the
    /// form by the presenter).
    var onAdd: ((String) -> Bool)?
    private let list = Stack(.vertical, spacing: 4)
    private let column = Stack(.vertical, spacing: 8)
    private let theme: ChatTheme
    /// Each line's widgets by network, to give the keyboard back after a rebuild.
    private var lineButtons: [String: [Button]] = [:]
    /// The button the last ``show(_:chosen:)`` gave the keyboard to, for the line it was on:
    /// the screen built again around the list gives it back there.
    private(set) var refocused: Button?
    /// While the form is emptied after an add: the fields' changes must not check the form,
    /// which would put a half-empty line's refusal, then nothing, over what the add said.
    private var clearing = false

    /// An empty list in `theme`'s colours.
    public init(theme: ChatTheme) {
        self.theme = theme
        super.init()
        let size = theme.messageFont.size
        column.addChild(list)
        column.addChild(label("Add a network (as /server add)", bold: true))
        let fields: [(String, TextField, String)] = [("Name", nameField, "as the buffer list says it"), ("Server", hostField, "host or host:port"),
                                                     ("Nick", nickField, "empty: the first network's")]
        // The three fields side by side, each under its caption: one line of the form.
        let line = Stack(.horizontal, spacing: 10)
        for (title, field, placeholder) in fields {
            field.font = theme.messageFont
            field.applyColors(theme, background: theme.base.background)
            field.placeholder = placeholder
            field.onChange = { [weak self] _ in self?.checkForm() }
            field.onSubmit = { [weak self] _ in self?.add() }
            let cell = Stack(.vertical, spacing: 3, [label(title), field])
            cell.flex = 1
            line.addChild(cell)
        }
        column.addChild(line)
        tlsSwitch.onColor = theme.base.accent
        tlsSwitch.offColor = theme.base.surfacePressed
        tlsSwitch.knobColor = theme.base.text
        tlsSwitch.onToggle = { [weak self] _ in self?.checkForm() }
        addButton.font = FontSpec(role: .ui, size: size)
        addButton.applyColors(theme, onSurface: true)
        addButton.onPress = { [weak self] in self?.add() }
        let tlsLine = Stack(.horizontal, spacing: 8, [label("TLS"), tlsSwitch, addButton])
        tlsLine.crossAlignment = .center
        column.addChild(tlsLine)
        message.isHidden = true
        column.addChild(message)
        addChild(column)
    }

    private func label(_ text: String, bold: Bool = false) -> Label {
        Label(StyledText(text, attributes: TextAttributes(font: FontSpec(role: .ui, size: theme.messageFont.size - (bold ? 0 : 1), bold: bold),
                                                          foreground: bold ? theme.base.text : theme.dimText)))
    }

    /// The line `/server add` would be typed as, from the form.
    public var addLine: String {
        var words = ["/server", "add", nameField.text.trimmingBlanks, hostField.text.trimmingBlanks, tlsSwitch.isOn ? "-tls" : "-notls"]
        let nick = nickField.text.trimmingBlanks
        if !nick.isEmpty { words += ["-nick", nick] }
        return words.joined(separator: " ")
    }

    /// The button of the chosen network's line (where the keyboard starts in Networks).
    public var chosenButton: Button? { chosen.flatMap { lineButtons[$0]?.first } }

    /// Shows `names`, `chosen` marked, the keyboard kept on the line it was on.
    func show(_ names: [String], chosen: String?) {
        let focused = host?.focusedWidget
        let focusedLine = lineButtons.first { $0.value.contains { $0 === focused } }
        let focusedSlot = focusedLine.flatMap { line in line.value.firstIndex { $0 === focused }.map { (line.key, $0) } }
        self.names = names
        self.chosen = chosen
        if let confirming, !names.contains(confirming) { self.confirming = nil }
        list.removeAllChildren()
        lineButtons = [:]
        for (index, name) in names.enumerated() {
            let line = NetworkLine(name: name) { [weak self] up in
                guard let self else { return }
                self.onMove?(name, max(0, min(self.names.count - 1, index + (up ? -1 : 1))))
            }
            let open = button((name == chosen ? "▸ " : "") + name) { [weak self] in self?.onChoose?(name) }
            // As wide as the longest name: the arrows and Remove line up under each other.
            open.reservedTitles = names.map { "▸ " + $0 }
            let up = button("↑") { [weak self] in self?.onMove?(name, max(0, index - 1)) }
            let down = button("↓") { [weak self] in self?.onMove?(name, min(names.count - 1, index + 1)) }
            let remove = button(confirming == name ? "Remove \(name) and its settings" : "Remove") { [weak self] in
                guard let self else { return }
                if self.confirming == name {
                    self.confirming = nil
                    self.onRemove?(name)
                } else {
                    self.confirming = name
                    self.show(self.names, chosen: self.chosen)
                }
            }
            var buttons = [open, up, down, remove]
            if confirming == name {
                remove.textColor = theme.errorText
                buttons.append(button("Keep it") { [weak self] in
                    guard let self else { return }
                    self.confirming = nil
                    self.show(self.names, chosen: self.chosen)
                })
            }
            buttons.forEach(line.add)
            lineButtons[name] = buttons
            list.addChild(line)
        }
        if names.isEmpty { list.addChild(label("No network is configured yet.")) }
        // A moved line is elsewhere now, a confirmation went: the keyboard follows the line.
        refocused = nil
        if let (name, slot) = focusedSlot, let buttons = lineButtons[name] {
            refocused = buttons[min(slot, buttons.count - 1)]
            host?.focus(refocused)
        }
        setNeedsLayout()
    }

    private func button(_ title: String, _ action: @escaping () -> Void) -> Button {
        let button = Button(title, font: FontSpec(role: .ui, size: theme.messageFont.size), onPress: action)
        button.applyColors(theme, onSurface: true)
        button.padding = EdgeInsets(horizontal: 10, vertical: 4)
        return button
    }

    /// Shows why the form's line is refused as it is typed (nothing while it is empty).
    private func checkForm() {
        guard !clearing else { return }
        let empty = nameField.text.trimmingBlanks.isEmpty && hostField.text.trimmingBlanks.isEmpty && nickField.text.trimmingBlanks.isEmpty
        say(empty ? nil : checkAdd?(addLine), error: true)
    }

    /// Adds the network the form describes, if the line is taken. The fields are emptied only
    /// once the network is added: a refusal (a name already taken) stays on the form, with
    /// what was typed, to be put right.
    public func add() {
        if let refusal = checkAdd?(addLine) { return say(refusal, error: true) }
        guard onAdd?(addLine) == true else { return }
        clearing = true
        for field in [nameField, hostField, nickField] { field.text = "" }
        clearing = false
    }

    func say(_ text: String?, error: Bool) {
        message.text = StyledText(text ?? "", attributes: TextAttributes(font: FontSpec(role: .ui, size: theme.messageFont.size - 2),
                                                                         foreground: error ? theme.errorText : theme.dimText))
        message.isHidden = text == nil
    }

    public override func performLayout(_ constraints: BoxConstraints, _ context: LayoutContext) -> Size {
        let size = column.layout(constraints, context)
        place(column, at: .zero)
        return size
    }
}

/// One network's line; Alt+↑ and Alt+↓ on any of its buttons move the network.
@MainActor
final class NetworkLine: Widget {
    let name: String
    let move: (Bool) -> Void
    private let row = Stack(.horizontal, spacing: 6)

    init(name: String, move: @escaping (Bool) -> Void) {
        self.name = name
        self.move = move
        super.init()
        row.crossAlignment = .center
        super.addChild(row)
    }

    /// Puts `button` at the end of the line.
    func add(_ button: Button) { row.addChild(button) }

    override func performLayout(_ constraints: BoxConstraints, _ context: LayoutContext) -> Size {
        let size = row.layout(constraints, context)
        place(row, at: .zero)
        return size
    }

    override func keyDown(_ event: KeyEvent) -> Bool {
        guard event.modifiers == [.alt], event.key == .up || event.key == .down else { return false }
        move(event.key == .up)
        return true
    }
}

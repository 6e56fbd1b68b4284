import IRCProtocol
import ChatModel
import Widgets

/// The networks of a bouncer (soju.im/bouncer-networks), over the chat: one button per network
/// (its name and upstream state), a form for the chosen one (name, host, port, TLS, nick) and
/// Add / Save / Remove. Opened with `/bouncer`; Escape or a click outside closes it. It only
/// asks: what the bouncer answers comes back as network notifications, and ``networks`` is set
/// again from the model.
@MainActor
public final class BouncerNetworkForm: Widget, CentredPanel {
    /// One network as the bouncer described it.
    public struct Network: Hashable, Sendable {
        public var id: String
        public var attributes: [String: String]
        public init(id: String, attributes: [String: String]) { self.id = id; self.attributes = attributes }
        var title: String { attributes["name"].flatMap { $0.isEmpty ? nil : $0 } ?? attributes["host"] ?? id }
    }

    public let name = TextField()
    public let hostField = TextField()
    public let port = TextField()
    public let nickname = TextField()
    /// Toggles TLS; as wide as its longer title, so a click moves nothing beside it.
    public let tlsButton = Button(tlsTitles[0], reserving: [tlsTitles[1]])
    /// Adds the new network or saves the one edited; as wide as its longer title.
    public let saveButton = Button(saveTitles[0], reserving: [saveTitles[1]])
    private static let tlsTitles = ["TLS: on", "TLS: off (not encrypted)"]
    private static let saveTitles = ["Add network", "Save"]
    public let removeButton = Button("Remove")
    public let newButton = Button("New network")
    /// The networks shown; the one being edited stays chosen while it exists.
    public var networks: [Network] = [] { didSet { rebuildList() } }
    /// The network being edited, or `nil` for a new one.
    public private(set) var editing: String?
    public private(set) var tls = true
    /// Asks the bouncer to add a network with these attributes.
    public var onAdd: (([String: String]) -> Void)?
    /// Asks the bouncer to change these attributes of a network (only those edited).
    public var onChange: ((String, [String: String]) -> Void)?
    /// Asks the bouncer to remove a network.
    public var onRemove: ((String) -> Void)?
    private let list = Stack(.vertical, spacing: 4)
    private let heading = Label("")
    private let message = Label("")
    private let form: Stack
    private let theme: ChatTheme
    private let width = 520.0

    /// A form in the theme's colours.
    public init(theme: ChatTheme = .dark) {
        self.theme = theme
        func label(_ text: String) -> Label {
            Label(StyledText(text, attributes: TextAttributes(font: FontSpec(role: .ui, size: 13), foreground: theme.dimText)))
        }
        form = Stack(.vertical, spacing: 6)
        super.init()
        let title = Label(StyledText("Networks on the bouncer", attributes: TextAttributes(
            font: FontSpec(role: .ui, size: 18, bold: true), foreground: theme.base.text)))
        form.addChild(title)
        form.addChild(list)
        form.addChild(heading)
        for (text, field) in [("Name", name), ("Host", hostField), ("Port (empty: 6697 with TLS, 6667 without)", port),
                              ("Nick (empty: the bouncer's)", nickname)] {
            form.addChild(label(text))
            field.font = theme.messageFont
            field.applyColors(theme, background: theme.base.background)
            field.onSubmit = { [weak self] _ in self?.save() }
            form.addChild(field)
        }
        form.addChild(Stack(.horizontal, spacing: 8, [tlsButton, saveButton, removeButton]))
        form.addChild(message)
        form.padding = EdgeInsets(top: 14, left: 16, bottom: 14, right: 16)
        addChild(form)
        backgroundColor = theme.base.surface
        for button in [tlsButton, saveButton, removeButton, newButton] { button.applyColors(theme, onSurface: true) }
        tlsButton.onPress = { [weak self] in self?.setTLS(!(self?.tls ?? true)) }
        saveButton.onPress = { [weak self] in self?.save() }
        removeButton.onPress = { [weak self] in self?.remove() }
        newButton.onPress = { [weak self] in self?.edit(nil) }
        edit(nil)
    }

    /// Shows the form near the top of `host`'s window, taking the keyboard.
    public func show(in host: WidgetHost) {
        present(in: host, width: width, top: 40)
        host.focus(name)
    }

    /// Fills the fields from network `id` (or empties them for a new network).
    public func edit(_ id: String?) {
        let network = id.flatMap { id in networks.first { $0.id == id } }
        editing = network?.id
        let attributes = network?.attributes ?? [:]
        name.text = attributes["name"] ?? ""
        hostField.text = attributes["host"] ?? ""
        port.text = attributes["port"] ?? ""
        nickname.text = attributes["nickname"] ?? ""
        setTLS(attributes["tls"].map { $0 != "0" } ?? true)
        saveButton.title = Self.saveTitles[network == nil ? 0 : 1]
        // Nothing to remove while adding: hidden (a blank button would still show its face).
        removeButton.isHidden = network == nil
        let state = network.map { network in
            let upstream = network.attributes["state"] ?? "unknown"
            return network.attributes["error"].map { "\(upstream): \($0)" } ?? upstream
        }
        heading.text = StyledText(network.map { "Editing \($0.title) (\(state ?? "")), netid \($0.id)" } ?? "A new network",
                                  attributes: TextAttributes(font: FontSpec(role: .ui, size: 14, bold: true), foreground: theme.base.text))
        message.text = StyledText("")
        rebuildList()
    }

    private func setTLS(_ on: Bool) {
        tls = on
        tlsButton.title = Self.tlsTitles[on ? 0 : 1]
    }

    private func rebuildList() {
        if let editing, !networks.contains(where: { $0.id == editing }) {
            return edit(nil)   // removed meanwhile
        }
        list.removeAllChildren()
        var row: [Widget] = []
        for network in networks {
            let state = network.attributes["state"] ?? "?"
            let mark = network.id == editing ? "▸ " : ""
            let button = Button("\(mark)\(network.title) · \(state)") { [weak self] in self?.edit(network.id) }
            button.applyColors(theme, onSurface: true)
            row.append(button)
            if row.count == 3 {
                list.addChild(Stack(.horizontal, spacing: 6, row))
                row = []
            }
        }
        row.append(newButton)
        list.addChild(Stack(.horizontal, spacing: 6, row))
        setNeedsLayout()
    }

    /// The attributes the fields hold, checked; `nil` (and a message) when something is wrong.
    func fieldAttributes() -> [String: String]? {
        let hostText = hostField.text.trimmingBlanks
        guard !hostText.isEmpty, !hostText.contains(" ") else { return show("Enter the host the bouncer connects to") }
        var attributes = ["host": hostText, "tls": tls ? "1" : "0"]
        let nameText = name.text.trimmingBlanks
        if !nameText.isEmpty { attributes["name"] = nameText }
        let portText = port.text.trimmingBlanks
        if !portText.isEmpty {
            guard let number = Int(portText), (1...65535).contains(number) else { return show("The port must be a number from 1 to 65535") }
            attributes["port"] = String(number)
        }
        let nickText = nickname.text.trimmingBlanks
        if !nickText.isEmpty {
            guard !nickText.contains(" "), let first = nickText.first, !first.isNumber else { return show("That nick cannot be used") }
            attributes["nickname"] = nickText
        }
        return attributes
    }

    /// Add (a new network) or Save (the changed attributes of the one edited).
    public func save() {
        guard let attributes = fieldAttributes() else { return }
        guard let editing, let network = networks.first(where: { $0.id == editing }) else {
            onAdd?(attributes)
            _ = show("Asked the bouncer to add \(attributes["name"] ?? attributes["host"]!)…", error: false)
            return
        }
        var changed = attributes.filter { network.attributes[$0.key] != $0.value }
        // A field emptied: the attribute goes back to the bouncer's default (empty value).
        for key in ["name", "port", "nickname"] where attributes[key] == nil && network.attributes[key] != nil {
            changed[key] = ""
        }
        guard !changed.isEmpty else { _ = show("Nothing changed", error: false); return }
        onChange?(editing, changed)
        _ = show("Asked the bouncer to change \(network.title)…", error: false)
    }

    /// Remove the network edited.
    public func remove() {
        guard let editing, let network = networks.first(where: { $0.id == editing }) else { return }
        onRemove?(editing)
        _ = show("Asked the bouncer to remove \(network.title)…", error: false)
    }

    @discardableResult
    private func show(_ text: String, error: Bool = true) -> [String: String]? {
        message.text = StyledText(text, attributes: TextAttributes(font: FontSpec(role: .ui, size: 13),
                                                                   foreground: error ? theme.errorText : theme.dimText))
        return nil
    }

    public override func performLayout(_ constraints: BoxConstraints, _ context: LayoutContext) -> Size {
        let size = form.layout(BoxConstraints(minWidth: width, maxWidth: width, minHeight: 0, maxHeight: constraints.maxHeight), context)
        place(form, at: .zero)
        return Size(width: width, height: size.height)
    }

    public override func paint(_ context: inout PaintContext) {
        super.paint(&context)
        context.stroke(bounds, width: 1, theme.base.border)
    }

    public override func keyDown(_ event: KeyEvent) -> Bool {
        guard event.modifiers.isEmpty, event.key == .escape else { return false }
        dismiss()
        return true
    }
}

import ChatModel
import Widgets

/// A script's permissions on the settings screen (`scripts.NAME.permissions`, a list of
/// `files` and `processes`): a switch for each, named by what it lets the script do, under a
/// warning that a script granted them can do what the user can. A switch turned saves the list
/// at once through the store, as a setting's switch does; a refusal is said under them and the
/// switches show the store's value again.
@MainActor
public final class ScriptPermissionsRow: Widget {
    /// The permissions setting shown.
    public let address: SettingAddress
    /// On: the script may read and write files.
    public let filesToggle = ToggleSwitch()
    /// On: the script may run programs.
    public let processesToggle = ToggleSwitch()
    /// Called after the list was saved, with the store's answer.
    var onSaved: ((SettingValue) -> Void)?
    private let store: any SettingsStore
    private let theme: ChatTheme
    private let message = Label("")

    /// The permissions at `address` over `store`, in `theme`'s colours.
    public init(_ address: SettingAddress, store: any SettingsStore, theme: ChatTheme) {
        self.address = address
        self.store = store
        self.theme = theme
        super.init()
        let size = theme.messageFont.size
        let column = Stack(.vertical, spacing: 4)
        column.addChild(Label(StyledText("permissions", attributes: TextAttributes(
            font: FontSpec(role: .mono, size: size - 1, bold: true), foreground: theme.base.text))))
        column.addChild(Label(StyledText("A script granted these can do what you can: read, change or delete your files, run any program.",
                                         attributes: TextAttributes(font: FontSpec(role: .ui, size: size - 2), foreground: theme.errorText))))
        for (toggle, title) in [(filesToggle, "Read and write files"), (processesToggle, "Run programs")] {
            toggle.onColor = theme.base.accent
            toggle.offColor = theme.base.surfacePressed
            toggle.knobColor = theme.base.text
            toggle.focusColor = theme.base.accent
            toggle.onToggle = { [weak self] _ in self?.save() }
            let line = Stack(.horizontal, spacing: 8, [toggle, Label(StyledText(title, attributes: TextAttributes(
                font: FontSpec(role: .ui, size: size - 1), foreground: theme.base.text)))])
            line.crossAlignment = .center
            column.addChild(line)
        }
        column.addChild(message)
        message.isHidden = true
        addChild(column)
        refresh()
    }

    /// The permissions the switches show: the store's.
    public var granted: Set<ScriptPermission> {
        Set(store.value(at: address).text.split(separator: ",").compactMap { ScriptPermission(rawValue: String($0).trimmingBlanks) })
    }

    /// Shows the store's value again.
    public func refresh() {
        let granted = granted
        filesToggle.isOn = granted.contains(.files)
        processesToggle.isOn = granted.contains(.processes)
    }

    private func save() {
        let words = [(filesToggle, ScriptPermission.files), (processesToggle, .processes)].filter { $0.0.isOn }.map(\.1.rawValue)
        switch store.set(words.joined(separator: ", "), at: address) {
        case .success(let value):
            message.isHidden = true
            refresh()
            onSaved?(value)
        case .failure(let refusal):
            message.text = StyledText(refusal.description, attributes: TextAttributes(
                font: FontSpec(role: .ui, size: theme.messageFont.size - 2), foreground: theme.errorText))
            message.isHidden = false
            refresh()
        }
        setNeedsLayout()
    }

    public override func performLayout(_ constraints: BoxConstraints, _ context: LayoutContext) -> Size {
        guard let column = children.first else { return constraints.smallest }
        let size = column.layout(constraints, context)
        place(column, at: .zero)
        return size
    }
}

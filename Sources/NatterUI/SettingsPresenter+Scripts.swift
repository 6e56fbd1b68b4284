import ChatModel
import Widgets

/// The settings screen's Scripts section, and the headings and notes every section uses.
/// Scripts lists, script by script (in the store's order), what each declared, the keys of its
/// `[scripts.NAME]` table it did not, and its permissions as two switches.
extension SettingsPresenter {
    /// What the section says when no script has any settings.
    static let noScripts = "No script has settings: a script declares them with natter.setting(KEY, {default = …}), "
        + "and scripts go in ~/.local/share/natter/scripts/ ($XDG_DATA_HOME/natter/scripts/; autoload/ there loads them at start)."

    /// The scripts' settings of `infos` grouped by script, in order (a script's key is
    /// `NAME.KEY`).
    static func scripts(_ infos: [SettingInfo]) -> [(script: String, settings: [SettingInfo])] {
        var groups: [(script: String, settings: [SettingInfo])] = []
        for info in infos where info.scope == .script {
            let script = String(info.key.prefix { $0 != "." })
            if groups.last?.script == script { groups[groups.count - 1].settings.append(info) } else { groups.append((script, [info])) }
        }
        return groups
    }

    /// Whether `info` is a script's permissions, shown as switches rather than a list.
    static func isPermissions(_ info: SettingInfo) -> Bool { info.scope == .script && info.key.hasSuffix(".permissions") }

    /// A script setting's row is named by its key alone: the heading names the script.
    static func scriptKey(_ address: SettingAddress) -> String { String(address.info.key.drop { $0 != "." }.dropFirst()) }

    /// The switches of a script's permissions.
    func permissionsRow(_ address: SettingAddress, store: any SettingsStore) -> ScriptPermissionsRow {
        let row = ScriptPermissionsRow(address, store: store, theme: chat.styler.theme)
        row.onSaved = { [weak self] _ in self?.view?.rows.forEach { if !$0.isEdited { $0.refresh() } } }
        return row
    }

    func heading(_ text: String) -> Label {
        let theme = chat.styler.theme
        let label = Label(StyledText(text, attributes: TextAttributes(font: FontSpec(role: .ui, size: theme.messageFont.size + 1, bold: true),
                                                                      foreground: theme.base.text)))
        label.padding = EdgeInsets(top: 6, left: 0, bottom: 0, right: 0)
        return label
    }

    func note(_ text: String) -> Label {
        let theme = chat.styler.theme
        return Label(StyledText(text, attributes: TextAttributes(font: theme.messageFont, foreground: theme.dimText)))
    }
}

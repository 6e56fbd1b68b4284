/// `/set`: the configuration's settings listed, shown, changed and reset, as WeeChat's and
/// irssi's `/set` do. The store (``ChatModel/settingsStore``) checks, writes the file and
/// applies; this says what happened where the command was typed.
extension Commands {
    func runSet(name: String?, value: String?, reset: Bool, in scope: CommandScope) {
        guard let store = model.settingsStore else {
            scope.note("There are no settings to change here", error: true)
            return
        }
        guard let name else {
            list(store.values(matching: ""), titled: "Every setting", in: scope)
            return
        }
        let address: SettingAddress
        switch store.address(of: name, in: scope.id) {
        case .success(let found): address = found
        case .failure(let refusal):
            // A word that names no setting filters them, as WeeChat's /set does.
            let matching = store.values(matching: name)
            if value == nil && !reset && !matching.isEmpty {
                list(matching, titled: "Settings with \"\(name)\"", in: scope)
            } else {
                scope.note(refusal.description, error: true)
            }
            return
        }
        let before = store.value(at: address)
        if reset {
            switch store.reset(address) {
            case .success(let after): scope.note("\(after.address.name) = \(Self.shown(after)) (the default)")
            case .failure(let refusal): scope.note("\(address.name) was not reset: \(refusal)", error: true)
            }
            return
        }
        guard let value else {
            describe(before, in: scope)
            return
        }
        switch store.set(value, at: address) {
        case .success(let after):
            scope.note("\(after.address.name) = \(Self.shown(after))" + (after.text == before.text ? "" : " (was \(Self.shown(before)))"))
        case .failure(let refusal):
            scope.note("\(address.name) stays \(Self.shown(before)): \(refusal)", error: true)
        }
    }

    private func list(_ values: [SettingValue], titled title: String, in scope: CommandScope) {
        scope.note("\(title) (\(values.count)); /set KEY VALUE changes one, /set -default KEY resets it:")
        for value in values {
            let defaultText = value.address.info.defaultText.isEmpty ? "none" : value.address.info.defaultText
            scope.note("\(value.address.name) = \(Self.shown(value))" + (value.isDefault ? "" : "  (default: \(defaultText))"))
        }
    }

    private func describe(_ value: SettingValue, in scope: CommandScope) {
        let info = value.address.info
        scope.note("\(value.address.name) = \(Self.shown(value))" + (value.isDefault ? " (the default)" : ""))
        scope.note("  \(info.summary); \(Self.describe(info.kind)); default: \(info.defaultText.isEmpty ? "none" : info.defaultText)")
    }

    /// A value as the listing shows it: empty ones say so.
    static func shown(_ value: SettingValue) -> String {
        if value.address.info.kind == .secret { return value.text.isEmpty ? "(not set)" : value.text }
        guard value.text.isEmpty else { return value.text }
        // A buffer's own value left to its default reads as that default.
        return value.isDefault && value.address.info.scope == .buffer ? value.address.info.defaultText : "(none)"
    }

    /// What a setting of `kind` takes, in words.
    static func describe(_ kind: SettingKind) -> String {
        switch kind {
        case .bool: "true or false"
        case .integer(let range): "a whole number from \(range.lowerBound) to \(range.upperBound)"
        case .number(let range): "a number from \(number(range.lowerBound)) to \(number(range.upperBound))"
        case .text: "text"
        case .choice(let names): "one of \(names.joined(separator: ", "))"
        case .list: "a list, between commas"
        case .colour: "a colour, #RRGGBB (#RRGGBBAA: translucent)"
        case .key: "a key, such as Ctrl+Shift+K"
        case .secret: "a password (never shown), or keyring:NAME"
        }
    }

    private static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}

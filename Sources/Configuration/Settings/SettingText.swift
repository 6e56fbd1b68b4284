import ChatModel

/// Values as `/set` and the settings screen type them, turned into what the file writes: the
/// kind of a setting says how its text reads (a list between commas, `on` for true, …).
public enum SettingText {
    /// `number` without a needless fraction (`14`, `1.5`); with `fraction`, always with one,
    /// as TOML writes a float.
    static func number(_ number: Double, fraction: Bool = false) -> String {
        if number == number.rounded(), abs(number) < 1e15 {
            let whole = String(Int(number))
            return fraction ? whole + ".0" : whole
        }
        return String(number)
    }

    /// The value `text` stands for in a setting of `kind`, as the file writes it; throws why
    /// it cannot be one (the setting's own check comes after, when the file is read back).
    static func literal(_ text: String, kind: SettingKind) throws(SettingRefusal) -> TOMLLiteral {
        let typed = text.trimmingBlanks
        switch kind {
        case .bool:
            switch typed.lowercased() {
            case "true", "on", "yes": return .boolean(true)
            case "false", "off", "no": return .boolean(false)
            default: throw SettingRefusal("must be true or false (on or off)")
            }
        case .integer(let range):
            guard let number = Int(typed) else { throw SettingRefusal("must be a whole number from \(range.lowerBound) to \(range.upperBound)") }
            return .integer(number)
        case .number(let range):
            guard let number = Double(typed), number.isFinite else {
                throw SettingRefusal("must be a number from \(Self.number(range.lowerBound)) to \(Self.number(range.upperBound))")
            }
            return number == number.rounded() && abs(number) < 1e15 ? .integer(Int(number)) : .float(number)
        case .choice(let names):
            guard names.contains(typed.lowercased()) else { throw SettingRefusal("must be one of \(names.joined(separator: ", "))") }
            return .string(typed.lowercased())
        case .list:
            return .array(try items(typed).map { .string($0) })
        case .secret where typed.hasPrefix("keyring:"):
            let name = String(typed.dropFirst("keyring:".count)).trimmingBlanks
            guard !name.isEmpty else { throw SettingRefusal("keyring: takes the name the password has in the keyring") }
            return .inlineTable([TOMLLiteral.Pair("keyring", .string(name))])
        case .colour, .key:
            return .string(try quotedOrPlain(typed))
        case .secret:
            // Never echoed, even in a refusal.
            guard let first = typed.first, first == "\"" || first == "'" else { return .string(typed) }
            guard let text = try? quotedOrPlain(typed) else { throw SettingRefusal("a password in quotes must end with its quote") }
            return .string(text)
        case .text:
            // Blanks at the ends are dropped (a stray one would break a login unseen); quotes
            // keep them (`": "` for a completion suffix).
            return .string(try quotedOrPlain(typed))
        }
    }

    /// Text typed plain, or in TOML's quotes (to keep blanks at its ends, or to write `""`).
    private static func quotedOrPlain(_ text: String) throws(SettingRefusal) -> String {
        guard let first = text.first, first == "\"" || first == "'" else { return text }
        guard let table = try? TOMLTable(parsing: "v = " + text), let value = table["v"]?.string else {
            throw SettingRefusal("\(text) is not a finished text in quotes")
        }
        return value
    }

    /// A list typed between commas (`a, b`), or as a TOML array (`["a,b", "c"]`); nothing
    /// typed is the empty list.
    static func items(_ text: String) throws(SettingRefusal) -> [String] {
        if text.hasPrefix("[") {
            guard let table = try? TOMLTable(parsing: "v = " + text), let array = table["v"]?.array else {
                throw SettingRefusal("\(text) is not a list: write items between commas, or [\"a\", \"b\"]")
            }
            var items: [String] = []
            for item in array {
                guard let string = item.string else { throw SettingRefusal("a list of texts takes texts in quotes") }
                items.append(string)
            }
            return items
        }
        return text.split(separator: ",").map { String($0).trimmingBlanks }.filter { !$0.isEmpty }
    }
}

import ChatModel

/// One setting of the catalog (``SettingsCatalog``): what it is (``SettingInfo``), how its value
/// in the file is read and checked into `Target` (the configuration, or a network being read),
/// and how the value `Target` holds is shown, as `/set` takes it. The reader, `/set`, the
/// settings screen and the reference all come from these, so they cannot drift apart.
struct Setting<Target>: Sendable {
    let info: SettingInfo
    /// Reads the file's value into the target; throws why it is refused (without the key:
    /// the reader adds where).
    let read: @Sendable (TOMLValue, inout Target) throws(SettingRefusal) -> Void
    /// The value the target holds, as `/set` takes it.
    let show: @Sendable (Target) -> String

    /// The table path in the file and the last key: `theme.dark.accent` is `accent` of
    /// `theme.dark`.
    var tablePath: [String] { Array(info.key.split(separator: ".").dropLast().map(String.init)) }
    var leaf: String { String(info.key.split(separator: ".").last ?? "") }
}

/// A TOML value checked to be of the kind a setting takes, with the reader's wording.
enum SettingValueReader {
    static func bool(_ value: TOMLValue) throws(SettingRefusal) -> Bool {
        guard let bool = value.bool else { throw SettingRefusal("must be true or false") }
        return bool
    }

    static func int(_ value: TOMLValue) throws(SettingRefusal) -> Int {
        guard let int = value.int else { throw SettingRefusal("must be a whole number") }
        return int
    }

    static func number(_ value: TOMLValue) throws(SettingRefusal) -> Double {
        if let int = value.int { return Double(int) }
        guard let double = value.double else { throw SettingRefusal("must be a number") }
        return double
    }

    static func string(_ value: TOMLValue) throws(SettingRefusal) -> String {
        guard let string = value.string else { throw SettingRefusal("must be text in quotes") }
        return string
    }

    static func strings(_ value: TOMLValue) throws(SettingRefusal) -> [String] {
        guard let array = value.array else { throw SettingRefusal("must be a list of texts") }
        var result: [String] = []
        for item in array {
            guard let string = item.string else { throw SettingRefusal("must be a list of texts") }
            result.append(string)
        }
        return result
    }

    /// A list as `/set` shows it: items between commas, or a TOML array when one holds a comma
    /// (or is empty, or has blanks at an end) and would not come back the same.
    static func showList(_ items: [String]) -> String {
        let plain = items.allSatisfy { !$0.isEmpty && !$0.contains(",") && $0.trimmingBlanks == $0 && !$0.hasPrefix("[") }
        if plain { return items.joined(separator: ", ") }
        return TOMLLiteral.array(items.map { .string($0) }).text
    }
}

extension Setting {
    /// `true` or `false`.
    static func flag(_ key: String, _ scope: SettingScope, _ section: SettingSection, _ summary: String,
                     default defaultText: String, _ path: any WritableKeyPath<Target, Bool> & Sendable) -> Setting {
        Setting(info: SettingInfo(key: key, scope: scope, kind: .bool, section: section, summary: summary, defaultText: defaultText),
                read: { value, target throws(SettingRefusal) in target[keyPath: path] = try SettingValueReader.bool(value) },
                show: { $0[keyPath: path] ? "true" : "false" })
    }

    /// A whole number in `range`; `refusal` says so in the setting's own words.
    static func whole(_ key: String, _ scope: SettingScope, _ section: SettingSection, _ summary: String,
                      default defaultText: String, _ range: ClosedRange<Int>, refusal: String,
                      _ path: any WritableKeyPath<Target, Int> & Sendable) -> Setting {
        Setting(info: SettingInfo(key: key, scope: scope, kind: .integer(range), section: section, summary: summary,
                                  defaultText: defaultText),
                read: { value, target throws(SettingRefusal) in
                    let number = try SettingValueReader.int(value)
                    guard range.contains(number) else { throw SettingRefusal(refusal) }
                    target[keyPath: path] = number
                },
                show: { String($0[keyPath: path]) })
    }

    /// A number in `range`.
    static func number(_ key: String, _ scope: SettingScope, _ section: SettingSection, _ summary: String,
                       default defaultText: String, _ range: ClosedRange<Double>, refusal: String,
                       _ path: any WritableKeyPath<Target, Double> & Sendable) -> Setting {
        Setting(info: SettingInfo(key: key, scope: scope, kind: .number(range), section: section, summary: summary,
                                  defaultText: defaultText),
                read: { value, target throws(SettingRefusal) in
                    let number = try SettingValueReader.number(value)
                    guard range.contains(number) else { throw SettingRefusal(refusal) }
                    target[keyPath: path] = number
                },
                show: { SettingText.number($0[keyPath: path]) })
    }

    /// Text, checked by `check` (nil: any text).
    static func text(_ key: String, _ scope: SettingScope, _ section: SettingSection, _ summary: String,
                     default defaultText: String, kind: SettingKind = .text,
                     check: (@Sendable (String) -> String?)? = nil,
                     _ path: any WritableKeyPath<Target, String> & Sendable) -> Setting {
        Setting(info: SettingInfo(key: key, scope: scope, kind: kind, section: section, summary: summary, defaultText: defaultText),
                read: { value, target throws(SettingRefusal) in
                    let text = try SettingValueReader.string(value)
                    if let refusal = check?(text) { throw SettingRefusal(refusal) }
                    target[keyPath: path] = text
                },
                show: { $0[keyPath: path] })
    }

    /// Text that may be absent (nil shows as nothing).
    static func optionalText(_ key: String, _ scope: SettingScope, _ section: SettingSection, _ summary: String,
                             default defaultText: String, check: (@Sendable (String) -> String?)? = nil,
                             _ path: any WritableKeyPath<Target, String?> & Sendable) -> Setting {
        Setting(info: SettingInfo(key: key, scope: scope, kind: .text, section: section, summary: summary, defaultText: defaultText),
                read: { value, target throws(SettingRefusal) in
                    let text = try SettingValueReader.string(value)
                    if let refusal = check?(text) { throw SettingRefusal(refusal) }
                    target[keyPath: path] = text
                },
                show: { $0[keyPath: path] ?? "" })
    }

    /// One of an enumeration's cases by its raw value, written in any case.
    static func choice<Choice: RawRepresentable & CaseIterable & Sendable>(
        _ key: String, _ scope: SettingScope, _ section: SettingSection, _ summary: String,
        _ path: any WritableKeyPath<Target, Choice> & Sendable) -> Setting where Choice.RawValue == String {
        let names = Choice.allCases.map(\.rawValue)
        return Setting(info: SettingInfo(key: key, scope: scope, kind: .choice(names), section: section, summary: summary,
                                         defaultText: ""),
                       read: { value, target throws(SettingRefusal) in
                           let text = try SettingValueReader.string(value)
                           guard let choice = Choice(rawValue: text.lowercased()) else {
                               throw SettingRefusal("must be one of \(names.joined(separator: ", "))")
                           }
                           target[keyPath: path] = choice
                       },
                       show: { $0[keyPath: path].rawValue })
    }

    /// A list of texts, each checked by `check` (nil: any).
    static func list(_ key: String, _ scope: SettingScope, _ section: SettingSection, _ summary: String,
                     default defaultText: String, check: (@Sendable ([String]) -> String?)? = nil,
                     _ path: any WritableKeyPath<Target, [String]> & Sendable) -> Setting {
        Setting(info: SettingInfo(key: key, scope: scope, kind: .list, section: section, summary: summary, defaultText: defaultText),
                read: { value, target throws(SettingRefusal) in
                    let items = try SettingValueReader.strings(value)
                    if let refusal = check?(items) { throw SettingRefusal(refusal) }
                    target[keyPath: path] = items
                },
                show: { SettingValueReader.showList($0[keyPath: path]) })
    }

    /// The same setting with `defaultText` filled in (from a default configuration, say).
    func defaulting(to text: String) -> Setting {
        Setting(info: SettingInfo(key: info.key, scope: info.scope, kind: info.kind, section: info.section,
                                  summary: info.summary, defaultText: text),
                read: read, show: show)
    }
}

import ChatModel

/// `[scripts.NAME]` tables: each script's own settings, whatever keys it declares (the reader
/// cannot know them: a script declares them when it loads, and the user may write them before),
/// and `permissions`, Natter's own key there: what the user lets the script do.
extension ConfigReader {
    /// The permission words, in the order they are shown.
    static let permissionWords = ScriptPermission.allCases.map(\.rawValue)

    /// Reads every `[scripts.NAME]` table of `root` into `config`; throws at the first value
    /// a script setting cannot hold, with its file, line and key.
    func readScripts(_ root: TOMLTable, into config: inout NatterConfig) throws(ConfigError) {
        guard let value = root["scripts"] else { return }
        guard let scripts = value.table else { throw fail("scripts", "must hold one [scripts.NAME] table per script") }
        for name in scripts.keys {
            guard Self.isScriptName(name) else {
                throw fail("scripts.\(name)", "is not a script's name (letters, digits, - and _)")
            }
            guard let table = scripts[name]?.table else { throw fail("scripts.\(name)", "must be a table ([scripts.\(name)])") }
            var values: [String: ScriptSettingValue] = [:]
            for key in table.keys {
                let path = "scripts.\(name).\(key)"
                guard Self.isScriptName(key) else { throw fail(path, "is not a setting's name (letters, digits, - and _)") }
                if key == "permissions" {
                    config.scriptPermissions[name] = try permissions(table[key]!, at: path)
                    continue
                }
                guard let read = Self.scriptValue(table[key]!) else {
                    throw fail(path, "must be true or false, a number, text in quotes or a list of texts")
                }
                values[key] = read
            }
            config.scripts[name] = values
        }
    }

    /// `permissions = ["files", "processes"]`: a list of the permission words.
    private func permissions(_ value: TOMLValue, at path: String) throws(ConfigError) -> Set<ScriptPermission> {
        let allowed = Self.permissionWords.joined(separator: ", ")
        guard let items = value.array else { throw fail(path, "must be a list of \(allowed) (such as [\"files\"])") }
        var granted: Set<ScriptPermission> = []
        for item in items {
            guard let word = item.string, let permission = ScriptPermission(rawValue: word) else {
                let shown = item.string.map { "\"\($0)\"" } ?? "a value that is not text"
                throw fail(path, "holds \(shown): a permission is one of \(allowed)")
            }
            granted.insert(permission)
        }
        return granted
    }

    /// A script's or a setting's name: letters, digits, `-` and `_` (a bare key in the file).
    static func isScriptName(_ name: String) -> Bool {
        !name.isEmpty && name.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-" || scalar == "_")
        }
    }

    /// The file's value as a script setting holds it; nil for any other kind (a date, a table,
    /// a list of anything but texts).
    static func scriptValue(_ value: TOMLValue) -> ScriptSettingValue? {
        switch value {
        case .boolean(let flag): return .bool(flag)
        case .integer(let number): return .integer(number)
        case .float(let number): return .number(number)
        case .string(let text): return .text(text)
        case .array(let items):
            var texts: [String] = []
            for item in items {
                guard let text = item.string else { return nil }
                texts.append(text)
            }
            return .list(texts)
        default: return nil
        }
    }
}

import ChatModel

/// The scripts' settings (`[scripts.NAME]`) over the same file and edits as the rest: a
/// declared setting is checked by its kind, a key the file has and no loaded script declares is
/// kept and shown as it is written, and `permissions` is the user's grant, never the script's.
/// A script's settings are named `scripts.NAME.KEY` (``SettingScope/script``, key `NAME.KEY`).
extension ConfigSettingsStore: ScriptSettingsStore {
    public func declare(script: String, settings: [ScriptSettingSpec]) {
        declaredScripts[script] = settings.filter { $0.key != "permissions" }
    }

    public func forget(script: String) {
        declaredScripts[script] = nil
    }

    public func values(of script: String) -> [String: ScriptSettingValue] {
        let name = knownScript(script) ?? script
        var values = config.scripts[name] ?? [:]
        // A number the file writes whole (`3`) is still a number to a setting that takes any.
        for spec in declaredScripts[name] ?? [] {
            if case .number = spec.kind, case .integer(let whole) = values[spec.key] { values[spec.key] = .number(Double(whole)) }
        }
        return values
    }

    public func set(_ value: ScriptSettingValue, key: String, of script: String) -> Result<Void, SettingRefusal> {
        let refused = SettingRefusal("permissions are the user's to grant (/set scripts.\(script).permissions), not a script's")
        guard key.lowercased() != "permissions" else { return .failure(refused) }
        let address: SettingAddress
        switch scriptAddress(of: "\(script).\(key)") {
        case .success(let found): address = found
        case .failure(let refusal): return .failure(refusal)
        }
        // However the key was written: the address it names decides.
        guard address.info.key.split(separator: ".").last.map(String.init)?.lowercased() != "permissions" else { return .failure(refused) }
        let literal: TOMLLiteral
        do throws(SettingRefusal) { literal = try Self.literal(value, kind: declaredSpec(of: address)?.kind) } catch {
            return .failure(SettingRefusal("scripts.\(script).\(key) \(error.description)"))
        }
        return commit(edited(at: address) { editor, table, key throws(TOMLEditError) in try editor.set(key, literal, in: table) })
            .map { _ in () }
    }

    public func permissions(of script: String) -> Set<ScriptPermission> {
        config.scriptPermissions[knownScript(script) ?? script] ?? []
    }

    // MARK: Names

    /// The scripts with settings to show: those that declared some, and those the file has a
    /// table for, by name.
    var scriptNames: [String] {
        let declared = declaredScripts.filter { !$0.value.isEmpty }.keys
        return Set(declared).union(config.scripts.keys).union(config.scriptPermissions.keys)
            .sorted { ($0.lowercased(), $0) < ($1.lowercased(), $1) }
    }

    /// Every script's settings, script by script: what it declared, in its order, then the
    /// keys of its table it did not declare, then its permissions.
    var scriptInfos: [SettingInfo] {
        scriptNames.flatMap { script in
            let declared = declaredScripts[script] ?? []
            let others = (config.scripts[script] ?? [:]).keys.filter { key in !declared.contains { $0.key == key } }.sorted()
            return declared.map { Self.info($0, of: script) } + others.map { Self.undeclared($0, of: script) }
                + [Self.permissionsInfo(of: script)]
        }
    }

    /// The script setting `rest` names (`NAME.KEY`, after `scripts.`): a declared one, a key
    /// of the file, `permissions`, or, for a script that declared nothing (not loaded yet),
    /// any key, so that its values can be written before it loads.
    func scriptAddress(of rest: String) -> Result<SettingAddress, SettingRefusal> {
        guard let dot = rest.firstIndex(of: ".") else {
            return .failure(SettingRefusal("write scripts.NAME.KEY (/set scripts. lists the scripts' settings)"))
        }
        let typedScript = String(rest[..<dot]), typedKey = String(rest[rest.index(after: dot)...])
        guard ConfigReader.isScriptName(typedScript) else {
            return .failure(SettingRefusal("\(typedScript) is not a script's name (letters, digits, - and _)"))
        }
        guard ConfigReader.isScriptName(typedKey) else {
            return .failure(SettingRefusal("\(typedKey) is not a setting's name (letters, digits, - and _)"))
        }
        let script = knownScript(typedScript) ?? typedScript
        if typedKey.lowercased() == "permissions" { return .success(SettingAddress(Self.permissionsInfo(of: script))) }
        let declared = declaredScripts[script] ?? []
        if let spec = declared.first(where: { $0.key == typedKey }) ?? declared.first(where: { $0.key.lowercased() == typedKey.lowercased() }) {
            return .success(SettingAddress(Self.info(spec, of: script)))
        }
        let written = Array((config.scripts[script] ?? [:]).keys)
        if let key = written.first(where: { $0 == typedKey }) ?? written.first(where: { $0.lowercased() == typedKey.lowercased() }) {
            return .success(SettingAddress(Self.undeclared(key, of: script)))
        }
        guard declared.isEmpty else {
            let keys = declared.map(\.key) + ["permissions"]
            return .failure(SettingRefusal("script \(script) has no setting \(typedKey) (its settings: \(keys.joined(separator: ", ")))"))
        }
        return .success(SettingAddress(Self.undeclared(typedKey, of: script)))
    }

    /// The script and the key of a script setting's address.
    static func scriptAndKey(of address: SettingAddress) -> (script: String, key: String) {
        let parts = address.info.key.split(separator: ".", maxSplits: 1).map(String.init)
        return (parts.first ?? "", parts.count > 1 ? parts[1] : "")
    }

    /// The name a script's settings go under: the one declared or written in another case.
    private func knownScript(_ name: String) -> String? {
        let known = Array(declaredScripts.keys) + Array(config.scripts.keys) + Array(config.scriptPermissions.keys)
        return known.first { $0 == name } ?? known.first { $0.lowercased() == name.lowercased() }
    }

    private func declaredSpec(of address: SettingAddress) -> ScriptSettingSpec? {
        let (script, key) = Self.scriptAndKey(of: address)
        return declaredScripts[script]?.first { $0.key == key }
    }

    private static func info(_ spec: ScriptSettingSpec, of script: String) -> SettingInfo {
        SettingInfo(key: "\(script).\(spec.key)", scope: .script, kind: spec.kind, section: .scripts, summary: spec.summary,
                    defaultText: shown(spec.defaultValue))
    }

    private static func undeclared(_ key: String, of script: String) -> SettingInfo {
        SettingInfo(key: "\(script).\(key)", scope: .script, kind: .text, section: .scripts,
                    summary: "Not declared by a loaded script: kept as written", defaultText: "")
    }

    static func permissionsInfo(of script: String) -> SettingInfo {
        SettingInfo(key: "\(script).permissions", scope: .script, kind: .list, section: .scripts,
                    summary: "What you let the script do beyond its sandbox: files (read and write them), processes (run programs)",
                    defaultText: "")
    }

    // MARK: Values

    func scriptValue(at address: SettingAddress) -> SettingValue {
        let (script, key) = Self.scriptAndKey(of: address)
        if key == "permissions" {
            let granted = config.scriptPermissions[script]
            let words = ScriptPermission.allCases.filter { granted?.contains($0) == true }.map(\.rawValue)
            return SettingValue(address: address, text: words.joined(separator: ", "), isDefault: granted == nil)
        }
        guard let value = config.scripts[script]?[key] else {
            return SettingValue(address: address, text: address.info.defaultText, isDefault: true)
        }
        return SettingValue(address: address, text: Self.typeable(Self.shown(value), .text), isDefault: false)
    }

    /// A value as `/set` shows and takes it.
    static func shown(_ value: ScriptSettingValue) -> String {
        switch value {
        case .bool(let flag): flag ? "true" : "false"
        case .integer(let number): String(number)
        case .number(let number): SettingText.number(number)
        case .text(let text): text
        case .list(let items): SettingValueReader.showList(items)
        }
    }

    /// The file with `text` as the value at a script setting's `address`: checked by the kind
    /// declared, read as it looks where none is (`true`, `12`, `1.5`, `[…]`, else text), and for
    /// `permissions` only the permission words.
    func scriptCandidate(_ text: String, at address: SettingAddress) -> Result<Edited, SettingRefusal> {
        let literal: TOMLLiteral
        do throws(SettingRefusal) {
            if Self.scriptAndKey(of: address).key == "permissions" {
                literal = try Self.permissionsLiteral(text)
            } else if let spec = declaredSpec(of: address) {
                literal = try Self.literal(text, kind: spec.kind)
            } else {
                literal = try Self.lookingLiteral(text)
            }
        } catch {
            return .failure(error)
        }
        return edited(at: address) { editor, table, key throws(TOMLEditError) in try editor.set(key, literal, in: table) }
    }

    private static func permissionsLiteral(_ text: String) throws(SettingRefusal) -> TOMLLiteral {
        var words: [String] = []
        for item in try SettingText.items(text) {
            guard let permission = ScriptPermission(rawValue: item.lowercased()) else {
                throw SettingRefusal("\(item) is not a permission: write files, processes, both, or nothing")
            }
            if !words.contains(permission.rawValue) { words.append(permission.rawValue) }
        }
        return .array(words.map { .string($0) })
    }

    /// `text` typed for a declared setting of `kind`: the range and the choices are the
    /// script's own, so they are checked here (the reader cannot).
    private static func literal(_ text: String, kind: SettingKind) throws(SettingRefusal) -> TOMLLiteral {
        let typed = text.trimmingBlanks
        switch kind {
        case .integer(let range):
            guard let number = Int(typed), range.contains(number) else {
                throw SettingRefusal("must be a whole number from \(range.lowerBound) to \(range.upperBound)")
            }
            return .integer(number)
        case .number(let range):
            guard let number = Double(typed), number.isFinite, range.contains(number) else {
                throw SettingRefusal("must be a number from \(SettingText.number(range.lowerBound)) to \(SettingText.number(range.upperBound))")
            }
            return .float(number)
        case .choice(let words):
            guard let word = words.first(where: { $0 == typed }) ?? words.first(where: { $0.lowercased() == typed.lowercased() }) else {
                throw SettingRefusal("must be one of \(words.joined(separator: ", "))")
            }
            return .string(word)
        default:
            return try SettingText.literal(text, kind: kind)
        }
    }

    /// A value a script gives (`natter.set`) as the file writes it, checked by the kind
    /// declared (none: any).
    private static func literal(_ value: ScriptSettingValue, kind: SettingKind?) throws(SettingRefusal) -> TOMLLiteral {
        let literal: TOMLLiteral = switch value {
        case .bool(let flag): .boolean(flag)
        case .integer(let number): .integer(number)
        case .number(let number): .float(number)
        case .text(let text): .string(text)
        case .list(let items): .array(items.map { .string($0) })
        }
        guard let kind else { return literal }
        switch (kind, value) {
        case (.bool, .bool), (.text, .text), (.list, .list): return literal
        case (.integer, .integer), (.number, .integer), (.number, .number), (.choice, .text): return try Self.literal(shown(value), kind: kind)
        case (.integer, .number(let number)) where number == number.rounded():
            return try Self.literal(String(Int(exactly: number) ?? .max), kind: kind)
        case (.bool, _): throw SettingRefusal("must be true or false")
        case (.integer, _): throw SettingRefusal("must be a whole number")
        case (.number, _): throw SettingRefusal("must be a number")
        case (.list, _): throw SettingRefusal("must be a list of texts")
        default: throw SettingRefusal("must be text")
        }
    }

    /// Text typed for a key no loaded script declares, read as it looks.
    private static func lookingLiteral(_ text: String) throws(SettingRefusal) -> TOMLLiteral {
        let typed = text.trimmingBlanks
        switch typed {
        case "true", "false": return .boolean(typed == "true")
        case _ where Int(typed) != nil: return .integer(Int(typed)!)
        case _ where typed.contains(".") && Double(typed)?.isFinite == true: return .float(Double(typed)!)
        case _ where typed.hasPrefix("["): return .array(try SettingText.items(typed).map { .string($0) })
        default: return try SettingText.literal(text, kind: .text)
        }
    }
}

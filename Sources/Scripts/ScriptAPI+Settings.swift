import ChatModel
import Scripting

extension Installer {
    /// `natter.setting`, `get`, `set` (in the configuration's `[scripts.NAME]`) and
    /// `natter.store.get`, `set`, `keys` (the script's store in the state folder).
    func settings() {
        define("setting") { script, manager, arguments in
            let key = try arguments.string(0, "key")
            try ScriptSettings.checkKey(key, arguments)
            let options = try arguments.table(1, "options")?.fields ?? [:]
            let spec = try ScriptSettings.spec(key: key, options: options, arguments)
            script.declared.removeAll { $0.key == key }
            script.declared.append(spec)
            manager.model.scriptSettings?.declare(script: script.name, settings: script.declared)
            return [ScriptSettings.lua(ScriptSettings.current(key, of: script))]
        }
        define("get") { script, _, arguments in
            let key = try arguments.string(0, "key")
            return [ScriptSettings.current(key, of: script).map(ScriptSettings.lua) ?? .nil]
        }
        define("set") { script, manager, arguments in
            let key = try arguments.string(0, "key")
            try ScriptSettings.checkKey(key, arguments)
            let spec = script.declared.first { $0.key == key }
            let value = try ScriptSettings.value(arguments[1], for: spec, arguments)
            script.memorySettings[key] = value
            if manager.model.scriptSettings != nil { manager.ask(.setSetting(script: script.name, key: key, value: value)) }
            return []
        }
        define("store.get") { script, _, arguments in [script.store.get(try arguments.string(0, "key"))] }
        define("store.set") { script, _, arguments in
            try script.store.set(try arguments.string(0, "key"), arguments[1])
            return []
        }
        define("store.keys") { script, _, _ in [.array(script.store.keys.map(LuaValue.string))] }
    }
}

/// Scripts' settings between Lua values and the configuration's.
enum ScriptSettings {
    static func checkKey(_ key: String, _ arguments: ScriptArguments) throws(ScriptAPIError) {
        guard !key.isEmpty, key != "permissions",
              key.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) else {
            throw arguments.fail(key == "permissions" ? "permissions are the user's to grant, in the settings"
                                                      : "a setting's key holds letters, digits, '-' and '_' only, not \"\(key)\"")
        }
    }

    /// A declaration from `natter.setting`'s options: the kind follows the default's type.
    static func spec(key: String, options: [String: LuaValue], _ arguments: ScriptArguments) throws(ScriptAPIError) -> ScriptSettingSpec {
        let summary = options["summary"]?.stringValue ?? ""
        func bound(_ name: String) throws(ScriptAPIError) -> Double? {
            switch options[name] {
            case nil, .nil?: return nil
            case .integer(let value)?: return Double(value)
            case .number(let value)? where !value.isNaN: return value
            default: throw arguments.fail("options.\(name) must be a number")
            }
        }
        let low = try bound("min"), high = try bound("max")
        if let low, let high, low > high { throw arguments.fail("options.min is above options.max") }
        // A bound as an integer: beyond Int's range (1e300, ±inf) it is Int's end.
        func whole(_ bound: Double) -> Int {
            bound >= 0x1p63 ? Int.max : bound < -0x1p63 ? Int.min : Int(bound)
        }
        switch options["default"] ?? .nil {
        case .bool(let flag):
            return ScriptSettingSpec(key: key, kind: .bool, defaultValue: .bool(flag), summary: summary)
        case .integer(let value):
            // A bound alone past the other's default (min = 1e300) is a range with nothing in
            // it, which ClosedRange refuses with a trap: it is the default's mistake instead.
            let lower = low.map(whole) ?? Int.min / 2, upper = high.map(whole) ?? Int.max / 2
            guard lower <= upper, (lower...upper).contains(Int(value)) else {
                throw arguments.fail("the default \(value) is outside min…max")
            }
            let range = lower...upper
            return ScriptSettingSpec(key: key, kind: .integer(range), defaultValue: .integer(Int(value)), summary: summary)
        case .number(let value):
            let lower = low ?? -Double.greatestFiniteMagnitude, upper = high ?? Double.greatestFiniteMagnitude
            guard lower <= upper, (lower...upper).contains(value) else {
                throw arguments.fail("the default \(value) is outside min…max")
            }
            let range = lower...upper
            return ScriptSettingSpec(key: key, kind: .number(range), defaultValue: .number(value), summary: summary)
        case .string(let text):
            if case .table(let words, _)? = options["choices"] {
                let choices = words.compactMap(\.stringValue)
                guard choices.contains(text) else { throw arguments.fail("the default \"\(text)\" is not one of the choices") }
                return ScriptSettingSpec(key: key, kind: .choice(choices), defaultValue: .text(text), summary: summary)
            }
            return ScriptSettingSpec(key: key, kind: .text, defaultValue: .text(text), summary: summary)
        case .table(let items, _):
            let texts = items.compactMap(\.stringValue)
            guard texts.count == items.count else { throw arguments.fail("a list's default holds strings only") }
            return ScriptSettingSpec(key: key, kind: .list, defaultValue: .list(texts), summary: summary)
        case .nil:
            return ScriptSettingSpec(key: key, kind: .text, defaultValue: .text(""), summary: summary)
        case .function:
            throw arguments.fail("options.default must be a boolean, a number, a string or a table of strings")
        }
    }

    /// The value of `key` for `script` now: the configuration's (made to fit the declared
    /// kind), else the declared default; nil for a key neither declares nor sets.
    static func current(_ key: String, of script: LoadedScript) -> ScriptSettingValue? {
        let spec = script.declared.first { $0.key == key }
        guard let stored = script.memorySettings[key] else { return spec?.defaultValue }
        guard let spec else { return stored }
        return fit(stored, to: spec) ?? spec.defaultValue
    }

    /// `value` as `spec`'s kind takes it, or nil when it does not fit.
    static func fit(_ value: ScriptSettingValue, to spec: ScriptSettingSpec) -> ScriptSettingValue? {
        switch (spec.kind, value) {
        case (.bool, .bool), (.text, .text), (.list, .list): return value
        case (.integer(let range), .integer(let number)): return range.contains(number) ? value : nil
        case (.number(let range), .number(let number)): return range.contains(number) ? value : nil
        case (.number(let range), .integer(let number)): return range.contains(Double(number)) ? .number(Double(number)) : nil
        case (.choice(let words), .text(let word)): return words.contains(word) ? value : nil
        case (.text, .integer(let number)): return .text(String(number))
        default: return nil
        }
    }

    /// What `natter.set` was given, as a setting's value (checked by the declared kind).
    static func value(_ value: LuaValue, for spec: ScriptSettingSpec?, _ arguments: ScriptArguments) throws(ScriptAPIError) -> ScriptSettingValue {
        let made: ScriptSettingValue
        switch value {
        case .bool(let flag): made = .bool(flag)
        case .integer(let number): made = .integer(Int(number))
        case .number(let number): made = .number(number)
        case .string(let text): made = .text(text)
        case .table(let items, _):
            let texts = items.compactMap(\.stringValue)
            guard texts.count == items.count else { throw arguments.fail("a list holds strings only") }
            made = .list(texts)
        case .nil, .function: throw arguments.fail("argument 2 (value) must be a boolean, a number, a string or a table of strings")
        }
        guard let spec else { return made }
        guard let fitted = fit(made, to: spec) else { throw arguments.fail("\(ScriptAPI.text(of: value)) does not fit setting \(spec.key)") }
        return fitted
    }

    static func lua(_ value: ScriptSettingValue?) -> LuaValue {
        switch value {
        case nil: .nil
        case .bool(let flag)?: .bool(flag)
        case .integer(let number)?: .integer(Int64(number))
        case .number(let number)?: .number(number)
        case .text(let text)?: .string(text)
        case .list(let items)?: .array(items.map(LuaValue.string))
        }
    }
}

extension ScriptManager {
    /// Settings changed (by `/set`, the screen or the file): scripts' values are read again,
    /// and scripts following "config" are told each name.
    public func settingsChanged(_ names: [String]) {
        for script in scripts where names.contains(where: { $0.hasPrefix("scripts.\(script.name).") }) {
            script.memorySettings = model.scriptSettings?.values(of: script.name) ?? script.memorySettings
        }
        for name in names { happened(.settingChanged(name)) }
    }
}

import ChatModel
import FoundationEssentials
import DesktopBus
import NatterUI
import Widgets

/// The settings of config.toml for `/set` and the settings screen, over the catalog
/// (``SettingsCatalog``): a value is checked, written into the file in place (``TOMLEditor``:
/// the rest of the file stays as the user wrote it), read back whole by the same reader as at
/// start, and only then kept and applied (``onChange``). The scripts' settings live here too
/// (`ConfigSettingsStore+Scripts`). Used on the window's thread.
public final class ConfigSettingsStore: SettingsStore {
    /// The file.
    public let path: String
    /// Natter's other changes to the file, finished before each of these reads it.
    let editsQueue: ConfigEditQueue?
    /// The configuration the client runs with.
    public private(set) var config: NatterConfig
    /// What the file sets, as last read (a key it leaves out has its default).
    private(set) var writtenTable: TOMLTable
    /// Applies a configuration changed here to the running client.
    public var onChange: (NatterConfig) -> Void = { _ in }
    /// Keeps a password typed for a setting in the desktop's keyring under a name, or says why
    /// it could not (nil: there is no keyring). A password is never written into the file:
    /// the file names the keyring's item instead, as the first-run form does.
    public var keepSecret: ((_ password: String, _ name: String) -> String?)?
    /// A network's password changed in the keyring while the file stayed as it was (it named
    /// the item already): the running network must fetch it again.
    public var onSecretChanged: ((_ network: String) -> Void)?
    /// Told the full names of the settings whose values changed (by `/set`, the screen, the
    /// scripts or a new reading of the file), after each reading that changed any.
    public var onSettingsChanged: (([String]) -> Void)?
    /// The settings each loaded script declared, in its order (`natter.setting`).
    var declaredScripts: [String: [ScriptSettingSpec]] = [:]

    /// A store of the file at `path`, which `config` was read from.
    public init(path: String, config: NatterConfig, edits: ConfigEditQueue? = nil) {
        self.path = path
        self.config = config
        editsQueue = edits
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        writtenTable = (try? TOMLTable(parsing: text)) ?? TOMLTable()
    }

    /// Reads the file again (Natter's other writes, a change on disk), when it reads.
    public func refresh() {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8),
              let config = try? ConfigLoader.parse(text, file: path) else { return }
        reloaded(config, text: text)
    }

    /// The file was read again (a change on disk): what it says is the store's now.
    public func reloaded(_ config: NatterConfig, text: String) {
        let before = onSettingsChanged == nil ? [:] : shownValues()
        self.config = config
        if let table = try? TOMLTable(parsing: text) { writtenTable = table }
        guard let onSettingsChanged else { return }
        let after = shownValues()
        let changed = Set(before.keys).union(after.keys).filter { before[$0] != after[$0] }.sorted()
        if !changed.isEmpty { onSettingsChanged(changed) }
    }

    /// Every setting's value as `/set` shows it, by full name: two readings compared give the
    /// settings that changed between them (one taken out of the file is there in one only).
    private func shownValues() -> [String: String] {
        Dictionary(values(matching: "").map { ($0.address.name, $0.text) }, uniquingKeysWith: { first, _ in first })
    }

    public var settings: [SettingInfo] { SettingsCatalog.infos + scriptInfos }

    public var networkNames: [String] { config.networks.map(\.name) }

    // MARK: Names

    public func address(of name: String, in context: BufferID?) -> Result<SettingAddress, SettingRefusal> {
        let typed = name.trimmingBlanks
        let lower = typed.lowercased()
        if lower.hasPrefix("scripts.") { return scriptAddress(of: String(typed.dropFirst("scripts.".count))) }
        if let setting = SettingsCatalog.global.first(where: { $0.info.key == lower }) { return .success(SettingAddress(setting.info)) }
        if lower.hasPrefix("networks.") {
            let rest = Self.unquotingFirst(String(typed.dropFirst("networks.".count)))
            // The longest network name that fits: names hold dots (`irc.libera.chat`).
            for network in config.networks.sorted(by: { $0.name.count > $1.name.count })
            where rest.lowercased().hasPrefix(network.name.lowercased() + ".") {
                let key = String(rest.dropFirst(network.name.count + 1)).lowercased()
                guard let setting = SettingsCatalog.network.first(where: { $0.info.key == key }) else {
                    return .failure(SettingRefusal("\(network.name) has no setting \(key) (/set networks.\(network.name). lists them)"))
                }
                return .success(SettingAddress(setting.info, network: network.name))
            }
            return .failure(SettingRefusal("no network is named so (/server list); write networks.NAME.KEY"))
        }
        if lower.hasPrefix("buffers.") {
            let rest = Self.unquotingFirst(String(typed.dropFirst("buffers.".count)))
            guard let dot = rest.lastIndex(of: "."), let slash = rest.firstIndex(of: "/"), slash < dot,
                  let setting = SettingsCatalog.buffer.first(where: { $0.info.key == rest[rest.index(after: dot)...].lowercased() }) else {
                return .failure(SettingRefusal("write buffers.NETWORK/BUFFER.KEY, KEY one of "
                                               + SettingsCatalog.buffer.map(\.info.key).joined(separator: ", ")))
            }
            // Any network's buffer: one opened by a link or a bouncer is not in the file, and its
            // key is only a name.
            let networkName = String(rest[..<slash])
            let network = config.networks.first { $0.name.lowercased() == networkName.lowercased() }?.name ?? networkName
            return .success(SettingAddress(setting.info, network: network, buffer: String(rest[rest.index(after: slash)..<dot])))
        }
        // A network's or a buffer's key alone: where it was typed (`notify` is both: a
        // channel's or query's own in one, the network's in its server buffer).
        if let setting = SettingsCatalog.network.first(where: { $0.info.key == lower }),
           context?.name.isEmpty != false || !SettingsCatalog.buffer.contains(where: { $0.info.key == lower }) {
            guard let context else {
                return .failure(SettingRefusal("\(lower) is a network's: type it in one of its buffers, or write networks.NAME.\(lower)"))
            }
            guard let network = config.networks.first(where: { $0.name.lowercased() == context.network.lowercased() }) else {
                return .failure(SettingRefusal("\(context.network) is not in config.toml (opened by a link, --server or a bouncer): "
                                               + "it has no settings of its own"))
            }
            return .success(SettingAddress(setting.info, network: network.name))
        }
        if let setting = SettingsCatalog.buffer.first(where: { $0.info.key == lower }) {
            guard let context, !context.name.isEmpty else {
                return .failure(SettingRefusal("\(lower) is a buffer's: type it in that buffer, or write buffers.NETWORK/BUFFER.\(lower)"))
            }
            let network = config.networks.first { $0.name.lowercased() == context.network.lowercased() }?.name ?? context.network
            return .success(SettingAddress(setting.info, network: network, buffer: context.name))
        }
        return .failure(SettingRefusal("there is no setting \(typed) (/set alone lists them all)"))
    }

    /// `text` as it must be typed to come back the same: in quotes when it has blanks at an end
    /// or starts with a quote (`": "`).
    static func typeable(_ text: String, _ kind: SettingKind) -> String {
        guard kind == .text, text.trimmingBlanks != text || text.hasPrefix("\"") || text.hasPrefix("'") else { return text }
        return TOMLLiteral.string(text).text
    }

    /// `"My Net".nick` as `My Net.nick`: a name with blanks is typed in quotes.
    static func unquotingFirst(_ text: String) -> String {
        guard text.hasPrefix("\""), let end = text.dropFirst().firstIndex(of: "\"") else { return text }
        return String(text[text.index(after: text.startIndex)..<end]) + String(text[text.index(after: end)...])
    }

    // MARK: Values

    public func value(at address: SettingAddress) -> SettingValue {
        switch address.info.scope {
        case .global:
            let setting = SettingsCatalog.global.first { $0.info.key == address.info.key }!
            let present = table(writtenTable, setting.tablePath)?[setting.leaf] != nil
            return SettingValue(address: address, text: Self.typeable(setting.show(config), address.info.kind), isDefault: !present)
        case .network:
            let setting = SettingsCatalog.network.first { $0.info.key == address.info.key }!
            guard let network = config.networks.first(where: { $0.name == address.network }) else {
                return SettingValue(address: address, text: "", isDefault: true)
            }
            let draft = NetworkDraft(network, banMask: config.networkBanMasks[network.name.lowercased()],
                                     notify: config.networkNotifyLevels[network.name.lowercased()],
                                     previews: config.previews.networkModes[network.name.lowercased()])
            let present = networkTable(named: network.name).flatMap { table($0, setting.tablePath)?[setting.leaf] } != nil
            return SettingValue(address: address, text: Self.typeable(setting.show(draft), address.info.kind), isDefault: !present)
        case .buffer:
            let setting = SettingsCatalog.buffer.first { $0.info.key == address.info.key }!
            let key = "\(address.network ?? "")/\(address.buffer ?? "")"
            let own = setting.show(config, key)
            return SettingValue(address: address, text: own ?? "", isDefault: own == nil)
        case .script:
            return scriptValue(at: address)
        }
    }

    public func values(matching filter: String) -> [SettingValue] {
        var all: [SettingValue] = SettingsCatalog.global.map { value(at: SettingAddress($0.info)) }
        for network in config.networks {
            all += SettingsCatalog.network.map { value(at: SettingAddress($0.info, network: network.name)) }
        }
        for setting in SettingsCatalog.buffer {
            let path = setting.table.split(separator: ".").map(String.init)
            for key in table(writtenTable, path)?.keys ?? [] {
                let parts = key.split(separator: "/", maxSplits: 1).map(String.init)
                guard parts.count == 2 else { continue }
                let network = config.networks.first { $0.name.lowercased() == parts[0].lowercased() }?.name ?? parts[0]
                all.append(value(at: SettingAddress(setting.info, network: network, buffer: parts[1])))
            }
        }
        all += scriptInfos.map { value(at: SettingAddress($0)) }
        let wanted = filter.trimmingBlanks.lowercased()
        guard !wanted.isEmpty else { return all }
        return all.filter { $0.address.name.lowercased().contains(wanted) || $0.address.info.summary.lowercased().contains(wanted) }
    }

    // MARK: Changes

    public func refusal(of text: String, at address: SettingAddress) -> String? {
        switch candidate(text, at: address) {
        case .success: nil
        case .failure(let refusal): refusal.description
        }
    }

    public func set(_ text: String, at address: SettingAddress) -> Result<SettingValue, SettingRefusal> {
        let result = candidate(text, at: address)
        var stored = false
        if case .success = result, let (password, name) = typedSecret(text, at: address) {
            guard let keep = keepSecret else {
                return .failure(SettingRefusal("there is no keyring to keep it in: use password_command, or write it in the file yourself"))
            }
            if let failure = keep(password, name) { return .failure(SettingRefusal("the keyring did not keep it: \(failure)")) }
            stored = true
        }
        let index = config.networks.firstIndex { $0.name == address.network }
        return commit(result).map { written in
            if stored, !written, let network = address.network { onSecretChanged?(network) }
            return value(at: readdressed(address, index: index))
        }
    }

    /// `address` after a change that may have renamed its network (its `name`, or the `host`
    /// of a network named after it): the network at the same place in the file.
    private func readdressed(_ address: SettingAddress, index: Int?) -> SettingAddress {
        guard address.info.scope == .network, let index, index < config.networks.count else { return address }
        return SettingAddress(address.info, network: config.networks[index].name)
    }

    public func reset(_ address: SettingAddress) -> Result<SettingValue, SettingRefusal> {
        let index = config.networks.firstIndex { $0.name == address.network }
        return commit(edited(at: address) { editor, table, key throws(TOMLEditError) in _ = try editor.remove(key, in: table) })
            .map { _ in value(at: readdressed(address, index: index)) }
    }

    public func moveNetwork(_ name: String, to index: Int) -> Result<Void, SettingRefusal> {
        let result = edited(at: nil) { editor, _, _ throws(TOMLEditError) in
            guard let from = editor.element(of: "networks", whereKey: "name", is: name, orElse: "host") else {
                throw TOMLEditError("no [[networks]] table is named \(name)")
            }
            try editor.move(element: from, of: "networks", to: min(max(index, 0), editor.count(of: "networks") - 1))
        }
        return commit(result).map { _ in () }
    }
}

extension ConfigSettingsStore {
    /// A ``keepSecret`` over the desktop's Secret Service (the session bus, or the bus at
    /// `address`): the item is stored as `secret-tool` finds it (`xdg:schema
    /// chat.natter.Password key NAME`), replacing one of the same name.
    public static func keyringKeeper(address: String? = nil) -> (String, String) -> String? {
        { password, name in
            let keyring = SecretService(address: address)
            defer { keyring.stop() }
            do throws(BusError) {
                try keyring.store(password, for: name, label: "Natter: \(name)", timeout: 30)
                return nil
            } catch {
                return "\(error)"
            }
        }
    }
}

extension ConfigSettingsStore {
    /// What the desktop's keyring keeps under `name` (nil: nothing, or no keyring).
    public static func keyringLookup(address: String? = nil) -> (String) -> String? {
        { name in
            let keyring = SecretService(address: address)
            defer { keyring.stop() }
            return (try? keyring.password(for: name, timeout: 30)) ?? nil
        }
    }
}

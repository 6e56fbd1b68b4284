import ChatModel
import IRCSession
import IRCTransport
import NatterUI
import FoundationEssentials
import Widgets

/// Reads checked values out of the parsed TOML, with paths for error messages.
struct ConfigReader {
    let file: String
    let lines: KeyLines

    func read(_ root: TOMLTable) throws(ConfigError) -> NatterConfig {
        var config = NatterConfig()
        try checkTables(root)
        if let value = root["networks"] {
            guard let array = value.array else { throw fail("networks", "must be a list of [[networks]] tables") }
            for (index, item) in array.enumerated() {
                guard let table = item.table else { throw fail("networks[\(index)]", "must be a table") }
                let draft = try network(table, at: "networks[\(index)]")
                config.networks.append(draft.network)
                if let template = draft.banMask { config.networkBanMasks[draft.network.name.lowercased()] = template }
                if let level = draft.notify { config.networkNotifyLevels[draft.network.name.lowercased()] = level }
                if let mode = draft.previews { config.previews.networkModes[draft.network.name.lowercased()] = mode }
            }
            let names = config.networks.map { $0.name.lowercased() }
            if let duplicate = names.first(where: { name in names.filter { $0 == name }.count > 1 }) {
                throw fail("networks", "two networks are named \(duplicate)")
            }
        }
        for setting in SettingsCatalog.global {
            guard let value = try self.table(root, setting.tablePath)?[setting.leaf] else { continue }
            do { try setting.read(value, &config) } catch { throw fail(setting.info.key, error.description) }
        }
        // A trim batch the file leaves out follows a small scrollback down.
        if try table(root, ["scrollback"])?["trim_batch"] == nil {
            config.trimBatch = min(config.trimBatch, config.scrollbackLines)
        } else if config.trimBatch > config.scrollbackLines {
            throw fail("scrollback.trim_batch", "must be between 1 and scrollback.lines")
        }
        for setting in SettingsCatalog.buffer {
            guard let table = try self.table(root, setting.table.split(separator: ".").map(String.init)) else { continue }
            for key in table.keys {
                do { try setting.read(table[key]!, &config, key) } catch { throw fail("\(setting.table).\(key)", error.description) }
            }
        }
        if let aliases = try table(root, ["aliases"]) {
            for name in aliases.keys {
                if let refusal = CommandAliases.refusal(of: name) { throw fail("aliases.\(name)", refusal) }
                // Names are told apart without regard to case, as typed commands are.
                if let other = config.aliases.keys.first(where: { $0.lowercased() == name.lowercased() }) {
                    throw fail("aliases.\(name)", "is the same command as \(other): keep one of them")
                }
                guard let expansion = aliases[name]?.string, !expansion.isEmpty else {
                    throw fail("aliases.\(name)", "must be the command line(s) it stands for, such as \"/join $1\"")
                }
                config.aliases[name] = expansion
            }
        }
        try readScripts(root, into: &config)
        return config
    }

    /// Every table of the file is one the catalog knows, with only the keys it knows: a typo
    /// is named, not ignored.
    private func checkTables(_ root: TOMLTable) throws(ConfigError) {
        var known: [[String]: Set<String>] = [[]: ["networks"]]
        // `path` is a key (`isTable` false) or a table: the tables on its way are tables.
        func add(_ path: [String], isTable: Bool) {
            for depth in 0..<path.count {
                known[Array(path.prefix(depth)), default: []].insert(path[depth])
            }
            if isTable && known[path] == nil { known[path] = [] }
        }
        for setting in SettingsCatalog.global { add(setting.info.key.split(separator: ".").map(String.init), isTable: false) }
        let free = Set(SettingsCatalog.freeTables.map { [$0] } + SettingsCatalog.buffer.map { $0.table.split(separator: ".").map(String.init) })
        for path in free { add(path, isTable: true) }
        func check(_ table: TOMLTable, _ path: [String]) throws(ConfigError) {
            guard !free.contains(path), let allowed = known[path] else { return }
            for key in table.keys {
                let full = (path + [key]).joined(separator: ".")
                guard allowed.contains(key) else {
                    throw fail(full, "unknown setting (known here: \(allowed.sorted().joined(separator: ", ")))")
                }
                if key == "networks" && path.isEmpty { continue }
                if known[path + [key]] != nil {
                    guard let inner = table[key]!.table else { throw fail(full, "must be a table") }
                    try check(inner, path + [key])
                }
            }
        }
        try check(root, [])
    }

    /// The table at `path` (nil where the file has none); throws where a key on the way is
    /// not a table.
    private func table(_ root: TOMLTable, _ path: [String]) throws(ConfigError) -> TOMLTable? {
        var table = root
        for (depth, step) in path.enumerated() {
            guard let value = table[step] else { return nil }
            guard let inner = value.table else { throw fail(path.prefix(depth + 1).joined(separator: "."), "must be a table") }
            table = inner
        }
        return table
    }

    private func network(_ table: TOMLTable, at path: String) throws(ConfigError) -> NetworkDraft {
        var allowed = Set(SettingsCatalog.network.map { String($0.info.key.split(separator: ".")[0]) })
        for key in table.keys where !allowed.contains(key) {
            throw fail("\(path).\(key)", "unknown setting (known here: \(allowed.sorted().joined(separator: ", ")))")
        }
        if let sasl = table["sasl"] {
            guard let saslTable = sasl.table else { throw fail("\(path).sasl", "must be a table") }
            allowed = Set(SettingsCatalog.network.filter { $0.info.key.hasPrefix("sasl.") }.map(\.leaf))
            for key in saslTable.keys where !allowed.contains(key) {
                throw fail("\(path).sasl.\(key)", "unknown setting (known here: \(allowed.sorted().joined(separator: ", ")))")
            }
        }
        var draft = NetworkDraft()
        var written: Set<String> = []
        for setting in SettingsCatalog.network {
            guard let value = try self.table(table, setting.tablePath)?[setting.leaf] else { continue }
            written.insert(setting.info.key)
            do { try setting.read(value, &draft) } catch { throw fail("\(path).\(setting.info.key)", error.description) }
        }
        // What follows other keys, now that all are read.
        guard written.contains("host") else { throw fail("\(path).host", "is required") }
        if written.contains("password") && written.contains("password_command") {
            throw fail("\(path).password", "give password or password_command, not both")
        }
        if written.contains("sasl.password") && written.contains("sasl.password_command") {
            throw fail("\(path).sasl.password", "give password or password_command, not both")
        }
        var network = draft.network
        if !written.contains("port") { network.port = network.tls ? 6697 : 6667 }
        if !written.contains("name") { network.name = network.host }
        if !written.contains("user") { network.user = network.nick }
        if !written.contains("realname") { network.realName = network.nick }
        if !written.contains("client_key") { network.clientKey = network.clientCertificate }
        if table["sasl"] != nil {
            let mechanism = draft.saslMechanism
            if mechanism != .external && draft.saslPassword == nil {
                throw fail("\(path).sasl", "\(mechanism.rawValue) needs password_command (or password)")
            }
            network.sasl = NatterConfig.SASL(mechanism: mechanism, account: draft.saslAccount ?? network.nick,
                                             password: draft.saslPassword)
            draft.saslAccount = network.sasl?.account
        }
        if network.sasl?.mechanism == .external && network.clientCertificate == nil {
            throw fail("\(path).client_certificate", "is needed for SASL EXTERNAL")
        }
        if network.tlsFingerprint != nil && !network.tls { throw fail("\(path).tls_fingerprint", "needs tls = true") }
        draft.network = network
        return draft
    }

    static func isNick(_ nick: String) -> Bool {
        guard let first = nick.first, !nick.isEmpty, nick.count <= 64 else { return false }
        return !first.isNumber && first != "-" && !"#&:".contains(first)
            && !nick.contains { $0 == " " || $0 == "," || $0 == "*" || $0 == "?" || $0 == "!" || $0 == "@" }
    }

    func fail(_ path: String, _ message: String) -> ConfigError {
        ConfigError(file: file, line: lines.line(of: path), key: path, message: message)
    }

}

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
        try onlyKeys(root, ["networks", "theme", "scrollback", "highlights", "ignores", "notifications", "typing", "completion", "keys",
                            "display", "ctcp", "spelling", "messages", "privacy", "aliases", "bans", "filter"], at: "")
        if let value = root["networks"] {
            guard let array = value.array else { throw fail("networks", "must be a list of [[networks]] tables") }
            for (index, item) in array.enumerated() {
                guard let table = item.table else { throw fail("networks[\(index)]", "must be a table") }
                config.networks.append(try network(table, at: "networks[\(index)]"))
                if let template = try banMask(table, "ban_mask", at: "networks[\(index)]") {
                    config.networkBanMasks[config.networks[index].name.lowercased()] = template
                }
            }
            let names = config.networks.map { $0.name.lowercased() }
            if let duplicate = names.first(where: { name in names.filter { $0 == name }.count > 1 }) {
                throw fail("networks", "two networks are named \(duplicate)")
            }
        }
        if let theme = try table(root, "theme", at: "") {
            try onlyKeys(theme, ["font", "mono_font", "font_size", "timestamp_format", "appearance", "dark", "light",
                                 "readable_colours"], at: "theme")
            config.theme.readableColours = try bool(theme, "readable_colours", at: "theme") ?? true
            if let name = try string(theme, "appearance", at: "theme") {
                guard let appearance = Appearance(rawValue: name.lowercased()) else {
                    throw fail("theme.appearance", "must be one of auto, dark, light")
                }
                config.theme.appearance = appearance
            }
            config.theme.darkColors = try themeColors(theme, "dark")
            config.theme.lightColors = try themeColors(theme, "light")
            config.theme.font = try string(theme, "font", at: "theme") ?? config.theme.font
            config.theme.monoFont = try string(theme, "mono_font", at: "theme") ?? config.theme.monoFont
            if let size = try number(theme, "font_size", at: "theme") {
                guard (6...72).contains(size) else { throw fail("theme.font_size", "must be between 6 and 72") }
                config.theme.fontSize = size
            }
            if let format = try string(theme, "timestamp_format", at: "theme") {
                do {
                    _ = try TimestampFormat(checking: format)
                } catch {
                    throw fail("theme.timestamp_format", error.description)
                }
                config.theme.timestampFormat = format
            }
        }
        if let scrollback = try table(root, "scrollback", at: "") {
            try onlyKeys(scrollback, ["lines", "trim_batch"], at: "scrollback")
            if let lines = try int(scrollback, "lines", at: "scrollback") {
                guard (100...1_000_000).contains(lines) else { throw fail("scrollback.lines", "must be between 100 and 1000000") }
                config.scrollbackLines = lines
            }
            if let batch = try int(scrollback, "trim_batch", at: "scrollback") {
                guard batch >= 1 && batch <= config.scrollbackLines else {
                    throw fail("scrollback.trim_batch", "must be between 1 and scrollback.lines")
                }
                config.trimBatch = batch
            }
        }
        if let highlights = try table(root, "highlights", at: "") {
            try onlyKeys(highlights, ["keywords", "masks"], at: "highlights")
            config.highlightKeywords = try strings(highlights, "keywords", at: "highlights") ?? []
            config.highlightMasks = try strings(highlights, "masks", at: "highlights") ?? []
        }
        if let ignores = try table(root, "ignores", at: "") {
            try onlyKeys(ignores, ["masks"], at: "ignores")
            config.ignoreMasks = try strings(ignores, "masks", at: "ignores") ?? []
            // Checked here, so that a bad entry is named with its line at start; lapsed ones
            // are dropped when the list is built (``NatterConfig/ignores(at:)``).
            do {
                _ = try IgnoreList(configured: config.ignoreMasks, now: .distantPast)
            } catch {
                throw fail("ignores.masks", "entry \(error.index + 1), \(error)")
            }
        }
        if let aliases = try table(root, "aliases", at: "") {
            for name in aliases.keys {
                if let refusal = CommandAliases.refusal(of: name) { throw fail("aliases.\(name)", refusal) }
                // Names are told apart without regard to case, as typed commands are.
                if let other = config.aliases.keys.first(where: { $0.lowercased() == name.lowercased() }) {
                    throw fail("aliases.\(name)", "is the same command as \(other): keep one of them")
                }
                guard let expansion = try string(aliases, name, at: "aliases"), !expansion.isEmpty else {
                    throw fail("aliases.\(name)", "must be the command line(s) it stands for, such as \"/join $1\"")
                }
                config.aliases[name] = expansion
            }
        }
        if let notifications = try table(root, "notifications", at: "") {
            try onlyKeys(notifications, ["enabled", "urgent", "buffers"], at: "notifications")
            if let buffers = try table(notifications, "buffers", at: "notifications") {
                for key in buffers.keys {
                    guard key.contains("/"), let text = try string(buffers, key, at: "notifications.buffers"),
                          let level = NotifyLevel(rawValue: text.lowercased()) else {
                        throw fail("notifications.buffers.\(key)", "takes \"NETWORK/BUFFER\" = \"all\", \"mentions\" or \"none\"")
                    }
                    config.notifyLevels[key.lowercased()] = level
                }
            }
            config.notifications = try bool(notifications, "enabled", at: "notifications") ?? true
            config.urgentHint = try bool(notifications, "urgent", at: "notifications") ?? true
        }
        if let ctcp = try table(root, "ctcp", at: "") {
            try onlyKeys(ctcp, ["answer", "version"], at: "ctcp")
            if let answer = try strings(ctcp, "answer", at: "ctcp") {
                let known: Set<String> = ["VERSION", "PING", "TIME", "CLIENTINFO"]
                let chosen = Set(answer.map { $0.uppercased() })
                if let bad = chosen.subtracting(known).first {
                    throw fail("ctcp.answer", "\(bad) is not one of version, ping, time, clientinfo")
                }
                config.ctcpAnswered = chosen
            }
            if let version = try string(ctcp, "version", at: "ctcp") { config.ctcpVersion = version }
        }
        if let display = try table(root, "display", at: "") {
            try onlyKeys(display, ["renderer", "scale"], at: "display")
            if let scale = try number(display, "scale", at: "display") {
                guard scale == 0 || NatterConfig.scales.contains(scale) else {
                    throw fail("display.scale", "must be 0 (the desktop's scale) or between 0.5 and 4")
                }
                config.scale = scale == 0 ? nil : scale
            }
            if let name = try string(display, "renderer", at: "display") {
                guard let choice = NatterConfig.Renderer(rawValue: name.lowercased()) else {
                    throw fail("display.renderer", "must be one of auto, software, accelerated")
                }
                config.renderer = choice
            }
        }
        if let spelling = try table(root, "spelling", at: "") {
            try onlyKeys(spelling, ["language", "buffers"], at: "spelling")
            if let language = try string(spelling, "language", at: "spelling") {
                config.spellLanguage = language.lowercased() == "off" ? "" : language
            }
            if let buffers = try table(spelling, "buffers", at: "spelling") {
                for key in buffers.keys {
                    guard key.contains("/"), let language = try string(buffers, key, at: "spelling.buffers") else {
                        throw fail("spelling.buffers.\(key)", "takes NETWORK/BUFFER = \"LANGUAGE\" (or \"off\")")
                    }
                    config.spellBuffers[key] = language.lowercased() == "off" ? "" : language
                }
            }
        }
        if let typing = try table(root, "typing", at: "") {
            try onlyKeys(typing, ["send"], at: "typing")
            config.sendTyping = try bool(typing, "send", at: "typing") ?? true
        }
        if let privacy = try table(root, "privacy", at: "") {
            try onlyKeys(privacy, ["password_targets"], at: "privacy")
            config.passwordTargets = try strings(privacy, "password_targets", at: "privacy") ?? []
        }
        if let bans = try table(root, "bans", at: "") {
            try onlyKeys(bans, ["mask"], at: "bans")
            config.banMask = try banMask(bans, "mask", at: "bans")
        }
        if let messages = try table(root, "messages", at: "") {
            try onlyKeys(messages, ["quit"], at: "messages")
            config.quitMessage = try string(messages, "quit", at: "messages") ?? config.quitMessage
        }
        if let filter = try table(root, "filter", at: "") {
            try onlyKeys(filter, ["smart", "minutes"], at: "filter")
            config.smartFilter = try bool(filter, "smart", at: "filter") ?? config.smartFilter
            if let minutes = try int(filter, "minutes", at: "filter") {
                guard (1...1440).contains(minutes) else { throw fail("filter.minutes", "must be a whole number from 1 to 1440") }
                config.smartFilterMinutes = minutes
            }
        }
        if let completion = try table(root, "completion", at: "") {
            try onlyKeys(completion, ["suffix"], at: "completion")
            config.completionSuffix = try string(completion, "suffix", at: "completion") ?? config.completionSuffix
        }
        if let keys = try table(root, "keys", at: "") {
            try onlyKeys(keys, KeyBindings.actions + ["editing"], at: "keys")
            for action in keys.keys {
                guard let name = try string(keys, action, at: "keys") else { continue }
                if action == "editing" {
                    guard EditingKeys(rawValue: name) != nil else {
                        throw fail("keys.editing", "must be \"standard\" or \"readline\"")
                    }
                    config.keys[action] = name
                    continue
                }
                do { _ = try KeyName.parse(name) } catch { throw fail("keys.\(action)", error.text) }
                config.keys[action] = name
            }
        }
        return config
    }

    private func network(_ table: TOMLTable, at path: String) throws(ConfigError) -> NatterConfig.Network {
        try onlyKeys(table, ["name", "host", "port", "tls", "verify_certificate", "nick", "alternative_nicks", "user",
                             "realname", "channels", "password", "password_command", "sasl", "client_certificate",
                             "client_key", "autoconnect", "friends", "tls_fingerprint", "sasl_fail", "sasl_timeout",
                             "on_connect", "remember_channels", "ban_mask"], at: path)
        guard let host = try string(table, "host", at: path), !host.isEmpty else { throw fail("\(path).host", "is required") }
        let tls = try bool(table, "tls", at: path) ?? true
        let port = try int(table, "port", at: path) ?? (tls ? 6697 : 6667)
        guard (1...65535).contains(port) else { throw fail("\(path).port", "must be a whole number from 1 to 65535") }
        let login = ProcessEnvironment.userName
        guard let nick = try string(table, "nick", at: path) ?? Optional(login), Self.isNick(nick) else {
            throw fail("\(path).nick", "is not a valid nick")
        }
        let alternatives = try strings(table, "alternative_nicks", at: path) ?? []
        if let bad = alternatives.first(where: { !Self.isNick($0) }) { throw fail("\(path).alternative_nicks", "\(bad) is not a valid nick") }
        var channels: [(name: String, key: String?)] = []
        for entry in try strings(table, "channels", at: path) ?? [] {
            let parts = entry.split(separator: " ", maxSplits: 1).map(String.init)
            guard let name = parts.first, name.count > 1, "#&+!".contains(name.first!) else {
                throw fail("\(path).channels", "\(entry) is not a channel (write \"#name\" or \"#name key\")")
            }
            channels.append((name, parts.count > 1 ? parts[1] : nil))
        }
        var sasl: NatterConfig.SASL?
        if let saslTable = try self.table(table, "sasl", at: path) {
            let sub = "\(path).sasl"
            try onlyKeys(saslTable, ["mechanism", "account", "password", "password_command"], at: sub)
            let mechanismName = try string(saslTable, "mechanism", at: sub) ?? "plain"
            guard let mechanism = NatterConfig.SASL.Mechanism(rawValue: mechanismName.lowercased()) else {
                throw fail("\(sub).mechanism", "must be one of plain, external, scram-sha-256")
            }
            let account = try string(saslTable, "account", at: sub) ?? nick
            let password = try secret(saslTable, at: sub)
            if mechanism != .external && password == nil {
                throw fail(sub, "\(mechanism.rawValue) needs password_command (or password)")
            }
            sasl = NatterConfig.SASL(mechanism: mechanism, account: account, password: password)
        }
        let certificate = try string(table, "client_certificate", at: path)
        if sasl?.mechanism == .external && certificate == nil {
            throw fail("\(path).client_certificate", "is needed for SASL EXTERNAL")
        }
        var pin: [UInt8]?
        if let written = try string(table, "tls_fingerprint", at: path) {
            guard tls else { throw fail("\(path).tls_fingerprint", "needs tls = true") }
            guard let bytes = CertificatePin.parse(written) else {
                throw fail("\(path).tls_fingerprint", "must be \"sha256:\" and 64 hex digits (openssl x509 -noout -fingerprint -sha256)")
            }
            pin = bytes
        }
        var saslFailure = SASLFailurePolicy.disconnect
        if let written = try string(table, "sasl_fail", at: path) {
            guard let policy = SASLFailurePolicy(rawValue: written.lowercased()) else {
                throw fail("\(path).sasl_fail", "must be one of disconnect, continue, reconnect")
            }
            saslFailure = policy
        }
        let saslTimeout = try number(table, "sasl_timeout", at: path) ?? 15
        guard saslTimeout >= 1 && saslTimeout <= 300 else {
            throw fail("\(path).sasl_timeout", "must be between 1 and 300 seconds")
        }
        let onConnect = try strings(table, "on_connect", at: path) ?? []
        if let bad = onConnect.first(where: { !$0.hasPrefix("/") }) {
            throw fail("\(path).on_connect", "\(bad) is not a command: each entry starts with /, as typed (\"/mode $nick +x\")")
        }
        var network = NatterConfig.Network(
            name: try string(table, "name", at: path) ?? host, host: host, port: port, tls: tls,
            verifyCertificate: try bool(table, "verify_certificate", at: path) ?? true,
            nick: nick, alternativeNicks: alternatives, user: try string(table, "user", at: path) ?? nick,
            realName: try string(table, "realname", at: path) ?? nick, channels: channels,
            password: try secret(table, at: path), sasl: sasl, clientCertificate: certificate,
            clientKey: try string(table, "client_key", at: path) ?? certificate,
            autoConnect: try bool(table, "autoconnect", at: path) ?? true,
            friends: try friends(table, at: path), tlsFingerprint: pin, saslFailure: saslFailure,
            saslTimeout: saslTimeout)
        network.onConnect = onConnect
        network.rememberChannels = try bool(table, "remember_channels", at: path) ?? true
        return network
    }

    /// A `ban_mask` template (``BanMaskTemplate``), checked.
    private func banMask(_ table: TOMLTable, _ key: String, at path: String) throws(ConfigError) -> String? {
        guard let text = try string(table, key, at: path) else { return nil }
        do { _ = try BanMaskTemplate(text) } catch { throw fail("\(path).\(key)", error.description) }
        return text
    }

    private func friends(_ table: TOMLTable, at path: String) throws(ConfigError) -> [String] {
        let nicks = try strings(table, "friends", at: path) ?? []
        if let bad = nicks.first(where: { !Self.isNick($0) }) { throw fail("\(path).friends", "\(bad) is not a valid nick") }
        return nicks
    }

    private func secret(_ table: TOMLTable, at path: String) throws(ConfigError) -> NatterConfig.Secret? {
        // `password = { keyring = "NAME" }`: the desktop's keyring holds it.
        if let keyring = table["password"]?.table {
            try onlyKeys(keyring, ["keyring"], at: "\(path).password")
            guard let name = try string(keyring, "keyring", at: "\(path).password"), !name.isEmpty else {
                throw fail("\(path).password", "takes text, or { keyring = \"NAME\" }")
            }
            if table["password_command"] != nil { throw fail("\(path).password", "give password or password_command, not both") }
            return .keyring(name)
        }
        let literal = try string(table, "password", at: path)
        let command = try string(table, "password_command", at: path)
        if literal != nil && command != nil { throw fail("\(path).password", "give password or password_command, not both") }
        if let command { return .command(command) }
        return literal.map { .literal($0) }
    }

    static func isNick(_ nick: String) -> Bool {
        guard let first = nick.first, !nick.isEmpty, nick.count <= 64 else { return false }
        return !first.isNumber && first != "-" && !"#&:".contains(first)
            && !nick.contains { $0 == " " || $0 == "," || $0 == "*" || $0 == "?" || $0 == "!" || $0 == "@" }
    }

    // MARK: - Typed access

    /// `[theme.NAME]`: colours as `#RRGGBB` by ``ThemeColors/keys``, and `nick_colors`.
    private func themeColors(_ theme: TOMLTable, _ name: String) throws(ConfigError) -> ThemeColors {
        var colors = ThemeColors()
        guard let table = try table(theme, name, at: "theme") else { return colors }
        let path = "theme.\(name)"
        try onlyKeys(table, ThemeColors.keys.keys.sorted() + ["nick_colors"], at: path)
        for key in ThemeColors.keys.keys {
            guard let text = try string(table, key, at: path) else { continue }
            guard let color = Color(hex: text) else { throw fail("\(path).\(key)", "must be a colour written #RRGGBB, not \(text)") }
            colors.colors[key] = color
        }
        if let list = try strings(table, "nick_colors", at: path) {
            var nickColors: [Color] = []
            for text in list {
                guard let color = Color(hex: text) else { throw fail("\(path).nick_colors", "must be colours written #RRGGBB, not \(text)") }
                nickColors.append(color)
            }
            guard !nickColors.isEmpty else { throw fail("\(path).nick_colors", "must name at least one colour") }
            colors.nickColors = nickColors
        }
        return colors
    }

    private func fail(_ path: String, _ message: String) -> ConfigError {
        ConfigError(file: file, line: lines.line(of: path), key: path, message: message)
    }

    private func onlyKeys(_ table: TOMLTable, _ allowed: [String], at path: String) throws(ConfigError) {
        for key in table.keys where !allowed.contains(key) {
            let full = path.isEmpty ? key : "\(path).\(key)"
            throw fail(full, "unknown setting (known here: \(allowed.joined(separator: ", ")))")
        }
    }

    private func table(_ table: TOMLTable, _ key: String, at path: String) throws(ConfigError) -> TOMLTable? {
        guard let value = table[key] else { return nil }
        guard let result = value.table else { throw fail(path.isEmpty ? key : "\(path).\(key)", "must be a table") }
        return result
    }

    private func string(_ table: TOMLTable, _ key: String, at path: String) throws(ConfigError) -> String? {
        guard let value = table[key] else { return nil }
        guard let string = value.string else { throw fail("\(path).\(key)", "must be text in quotes") }
        return string
    }

    private func int(_ table: TOMLTable, _ key: String, at path: String) throws(ConfigError) -> Int? {
        guard let value = table[key] else { return nil }
        guard let int = value.int else { throw fail("\(path).\(key)", "must be a whole number") }
        return int
    }

    private func number(_ table: TOMLTable, _ key: String, at path: String) throws(ConfigError) -> Double? {
        guard let value = table[key] else { return nil }
        if let int = value.int { return Double(int) }
        guard let double = value.double else { throw fail("\(path).\(key)", "must be a number") }
        return double
    }

    private func bool(_ table: TOMLTable, _ key: String, at path: String) throws(ConfigError) -> Bool? {
        guard let value = table[key] else { return nil }
        guard let bool = value.bool else { throw fail("\(path).\(key)", "must be true or false") }
        return bool
    }

    private func strings(_ table: TOMLTable, _ key: String, at path: String) throws(ConfigError) -> [String]? {
        guard let value = table[key] else { return nil }
        guard let array = value.array else { throw fail("\(path).\(key)", "must be a list of texts") }
        var result: [String] = []
        for item in array {
            guard let string = item.string else { throw fail("\(path).\(key)", "must be a list of texts") }
            result.append(string)
        }
        return result
    }
}

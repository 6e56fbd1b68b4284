import ChatModel
import Configuration
import FoundationEssentials

/// `/server add` and `/server del`: the networks managed in the window, kept in config.toml.
extension ChatSession {
    /// `/server add`: the network joins the configuration (its nick, user and real name those
    /// of the first network, else the login name's) and starts as any configured one does.
    func add(_ spec: ServerSpec) {
        let template = networks.first
        let nick = spec.nick ?? template?.nick ?? ProcessEnvironment.userName
        var network = NatterConfig.Network(
            name: spec.name, host: spec.host, port: spec.port, tls: spec.tls, verifyCertificate: true, nick: nick,
            alternativeNicks: template?.alternativeNicks ?? [], user: spec.nick ?? template?.user ?? nick,
            realName: template?.realName ?? nick, channels: spec.channels.map { ($0, nil) }, password: nil, sasl: nil,
            clientCertificate: nil, clientKey: nil, autoConnect: spec.connects)
        // Passwords typed with -password and -sasl: used as typed for this run, kept in the
        // keyring for the next (the file names the item; a password is never written there).
        network.password = spec.password.map { .literal($0) }
        if let account = spec.saslAccount, let password = spec.saslPassword {
            network.sasl = NatterConfig.SASL(mechanism: .plain, account: account, password: .literal(password))
        }
        let keep = settingsStore?.keepSecret ?? ConfigSettingsStore.keyringKeeper()
        func kept(_ password: String?, as item: String, _ what: String) -> Bool {
            guard let password else { return false }
            guard let failure = keep(password, item) else { return true }
            model.note("The \(what) of \(spec.name) was not kept in the keyring (\(failure)): it is used for this run only; "
                       + "/set networks.\(spec.name).\(what == "SASL password" ? "sasl.password" : "password") keeps it",
                       in: BufferID(network: spec.name, name: ""), isError: true, at: Date())
            return false
        }
        networks.append(network)
        reloadState.addedByHand.insert(network.name)
        // Not added to `running`: the reload this edit wakes finds it running and leaves it
        // so, and if the edit fails (a file that does not read), the file's next version does
        // not take it away.
        starter.add(network, ctcp: ctcp)
        var entries = Self.fileEntries(of: network, connects: spec.connects)
        if kept(spec.password, as: spec.name, "password") {
            entries.append(("password", .inlineTable([TOMLLiteral.Pair("keyring", .string(spec.name))])))
        }
        var sasl: [(String, TOMLLiteral)] = []
        if let account = spec.saslAccount, kept(spec.saslPassword, as: "\(spec.name)/sasl", "SASL password") {
            sasl = [("mechanism", .string("plain")), ("account", .string(account)),
                    ("password", .inlineTable([TOMLLiteral.Pair("keyring", .string("\(spec.name)/sasl"))]))]
        }
        let written = entries, saslWritten = sasl
        configEdits.edit("The network \(spec.name)") { editor throws(TOMLEditError) in
            try editor.append(to: "networks", written)
            let element = TOMLEditor.Table.element(editor.count(of: "networks") - 1, of: "networks").sub("sasl")
            for (key, value) in saslWritten { try editor.set(key, value, in: element) }
        }
        // The settings screen lists the networks as the file has them: it sees this one now.
        configEdits.waitUntilIdle()
        settingsStore?.refresh()
    }

    /// A network running already (opened from a link) written into the configuration as
    /// `/server add` writes one; the reload this wakes leaves it running as it is.
    func keepInFile(_ network: NatterConfig.Network, connects: Bool) {
        reloadState.addedByHand.insert(network.name)
        let entries = Self.fileEntries(of: network, connects: connects)
        configEdits.edit("The network \(network.name)") { editor throws(TOMLEditError) in try editor.append(to: "networks", entries) }
    }

    /// A `[[networks]]` table's keys for `network` (its passwords aside): what the next start
    /// needs to see the same network as this run.
    static func fileEntries(of network: NatterConfig.Network, connects: Bool) -> [(String, TOMLLiteral)] {
        var entries: [(String, TOMLLiteral)] = network.name == network.host ? [] : [("name", .string(network.name))]
        entries += [("host", .string(network.host)), ("port", .integer(network.port)), ("tls", .boolean(network.tls)),
                    ("nick", .string(network.nick))]
        if !network.channels.isEmpty {
            entries.append(("channels", .array(network.channels.map { channel in
                .string(channel.key.map { "\(channel.name) \($0)" } ?? channel.name)
            })))
        }
        if !connects { entries.append(("autoconnect", .boolean(false))) }
        // What the first network lends besides the nick is written too.
        if network.user != network.nick { entries.append(("user", .string(network.user))) }
        if network.realName != network.nick { entries.append(("realname", .string(network.realName))) }
        if !network.alternativeNicks.isEmpty {
            entries.append(("alternative_nicks", .array(network.alternativeNicks.map { .string($0) })))
        }
        return entries
    }

    /// `/server del`: the network leaves the configuration (the model let it go already).
    func remove(_ name: String) {
        networks.removeAll { $0.name == name }
        // One taken out of the file already (its reload asked, and the user kept it): nothing
        // to take out. `running` keeps the others until the file's next version is read: if
        // the edit fails, a later version that still has it does not bring it back.
        guard reloadState.keptOutOfFile.remove(name) == nil else { return }
        configEdits.edit("The removal of \(name)") { editor throws(TOMLEditError) in
            guard let index = editor.element(of: "networks", whereKey: "name", is: name, orElse: "host") else {
                throw TOMLEditError("no [[networks]] table named \(name)")
            }
            try editor.remove(element: index, of: "networks")
        }
        configEdits.waitUntilIdle()
        settingsStore?.refresh()
    }
}

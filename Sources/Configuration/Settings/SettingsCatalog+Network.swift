import ChatModel
import IRCSession
import IRCTransport

/// A `[[networks]]` table as it is read: the network, with what its keys leave to follow
/// others (the port follows TLS, the user and real name the nick) settled once all are read.
struct NetworkDraft: Sendable {
    var network: NatterConfig.Network
    /// `ban_mask` and `notify`, kept by the configuration beside the network.
    var banMask: String?
    var notify: NotifyLevel?
    /// `previews`, kept by the configuration beside the network.
    var previews: PreviewMode?
    /// The SASL table's keys, made into ``NatterConfig/SASL`` at the end.
    var saslMechanism = NatterConfig.SASL.Mechanism.plain
    var saslAccount: String?
    var saslPassword: NatterConfig.Secret?

    /// A draft before any key is read.
    init() {
        network = NatterConfig.Network(name: "", host: "", port: 0, tls: true, verifyCertificate: true,
                                       nick: ProcessEnvironment.userName, alternativeNicks: [], user: "", realName: "",
                                       channels: [], password: nil, sasl: nil, clientCertificate: nil, clientKey: nil,
                                       autoConnect: true)
    }

    /// The draft a read network amounts to (to show its values).
    init(_ network: NatterConfig.Network, banMask: String?, notify: NotifyLevel? = nil, previews: PreviewMode? = nil) {
        self.network = network
        self.banMask = banMask
        self.notify = notify
        self.previews = previews
        if let sasl = network.sasl {
            saslMechanism = sasl.mechanism
            saslAccount = sasl.account
            saslPassword = sasl.password
        }
    }
}

extension SettingsCatalog {
    /// A network's settings (`[[networks]]` keys; `sasl.…` in its `[networks.sasl]` table).
    static let network: [Setting<NetworkDraft>] = [
        .text("name", .network, .networks, "The network's name: its buffers' and its logs' key", default: "the host",
              check: { $0.trimmingBlanks.isEmpty ? "must not be empty" : nil }, \.network.name),
        .text("host", .network, .networks, "The server's address (required)", default: "none",
              check: { $0.trimmingBlanks.isEmpty || $0.contains(" ") ? "must be a host name or address" : nil }, \.network.host),
        .whole("port", .network, .networks, "The server's port", default: "6697 with TLS, 6667 without", 1...65535,
               refusal: "must be a whole number from 1 to 65535", \.network.port),
        .flag("tls", .network, .networks, "Connect with TLS", default: "true", \.network.tls),
        .flag("verify_certificate", .network, .networks, "Check the server's certificate (false: accept any)",
              default: "true", \.network.verifyCertificate),
        .text("nick", .network, .networks, "Your nick", default: "your login name", check: nickRefusal, \.network.nick),
        .list("alternative_nicks", .network, .networks, "Nicks to try when the nick is taken", default: "",
              check: { $0.first { nickRefusal($0) != nil }.map { "\($0) is not a valid nick" } }, \.network.alternativeNicks),
        .text("user", .network, .networks, "The user name (ident)", default: "the nick", \.network.user),
        .text("realname", .network, .networks, "The real name WHOIS shows", default: "the nick", \.network.realName),
        Setting(info: SettingInfo(key: "channels", scope: .network, kind: .list, section: .networks,
                                  summary: "Channels joined on connecting (\"#name key\" for a keyed one)", defaultText: ""),
                read: { value, draft throws(SettingRefusal) in
                    var channels: [(name: String, key: String?)] = []
                    for entry in try SettingValueReader.strings(value) {
                        let parts = entry.split(separator: " ", maxSplits: 1).map(String.init)
                        guard let name = parts.first, name.count > 1, "#&+!".contains(name.first!) else {
                            throw SettingRefusal("\(entry) is not a channel (write \"#name\" or \"#name key\")")
                        }
                        channels.append((name, parts.count > 1 ? parts[1] : nil))
                    }
                    draft.network.channels = channels
                },
                show: { draft in SettingValueReader.showList(draft.network.channels.map { channel in channel.key.map { "\(channel.name) \($0)" } ?? channel.name }) }),
        secret("password", "The server password (PASS): text, or keyring:NAME for the desktop's keyring",
               \.network.password),
        Setting(info: SettingInfo(key: "password_command", scope: .network, kind: .text, section: .networks,
                                  summary: "A command that prints the server password (run when connecting)", defaultText: ""),
                read: { value, draft throws(SettingRefusal) in draft.network.password = .command(try SettingValueReader.string(value)) },
                show: { if case .command(let command) = $0.network.password { command } else { "" } }),
        Setting(info: SettingInfo(key: "sasl.mechanism", scope: .network,
                                  kind: .choice(NatterConfig.SASL.Mechanism.allCases.map(\.rawValue)), section: .networks,
                                  summary: "How to log in with SASL: plain, external, scram-sha-256 (/set … none: no SASL)",
                                  defaultText: "plain, where the sasl table is written"),
                read: { value, draft throws(SettingRefusal) in
                    let text = try SettingValueReader.string(value)
                    guard let mechanism = NatterConfig.SASL.Mechanism(rawValue: text.lowercased()) else {
                        throw SettingRefusal("must be one of plain, external, scram-sha-256 (no SASL: no sasl table)")
                    }
                    draft.saslMechanism = mechanism
                },
                show: { $0.network.sasl == nil ? "none" : $0.saslMechanism.rawValue }),
        Setting(info: SettingInfo(key: "sasl.account", scope: .network, kind: .text, section: .networks,
                                  summary: "The SASL account", defaultText: "the nick"),
                read: { value, draft throws(SettingRefusal) in draft.saslAccount = try SettingValueReader.string(value) },
                show: { $0.saslAccount ?? "" }),
        secret("sasl.password", "The SASL password: text, or keyring:NAME for the desktop's keyring", \.saslPassword),
        Setting(info: SettingInfo(key: "sasl.password_command", scope: .network, kind: .text, section: .networks,
                                  summary: "A command that prints the SASL password", defaultText: ""),
                read: { value, draft throws(SettingRefusal) in draft.saslPassword = .command(try SettingValueReader.string(value)) },
                show: { if case .command(let command) = $0.saslPassword { command } else { "" } }),
        .optionalText("client_certificate", .network, .networks, "A PEM file with the TLS client certificate (CertFP, SASL EXTERNAL)",
                      default: "", \.network.clientCertificate),
        .optionalText("client_key", .network, .networks, "The PEM file with its private key", default: "the certificate's file",
                      \.network.clientKey),
        .flag("autoconnect", .network, .networks, "Connect at start (false: /connect does)", default: "true", \.network.autoConnect),
        .list("friends", .network, .networks, "Nicks watched with MONITOR (the sidebar's friends)", default: "",
              check: { $0.first { nickRefusal($0) != nil }.map { "\($0) is not a valid nick" } }, \.network.friends),
        Setting(info: SettingInfo(key: "tls_fingerprint", scope: .network, kind: .text, section: .networks,
                                  summary: "Accept exactly this certificate: sha256: and its 64 hex digits", defaultText: ""),
                read: { value, draft throws(SettingRefusal) in
                    guard let bytes = CertificatePin.parse(try SettingValueReader.string(value)) else {
                        throw SettingRefusal("must be \"sha256:\" and 64 hex digits (openssl x509 -noout -fingerprint -sha256)")
                    }
                    draft.network.tlsFingerprint = bytes
                },
                show: { $0.network.tlsFingerprint.map(CertificatePin.format) ?? "" }),
        .choice("sasl_fail", .network, .networks,
                "When SASL is not offered or fails: disconnect, continue unauthenticated, or reconnect",
                \.network.saslFailure).defaulting(to: "disconnect"),
        .number("sasl_timeout", .network, .networks, "Seconds a SASL login may take", default: "15", 1...300,
                refusal: "must be between 1 and 300 seconds", \.network.saslTimeout),
        .list("on_connect", .network, .networks, "Commands run once registered, before the channels are joined ($nick, $network)",
              default: "", check: { $0.first { !$0.hasPrefix("/") }.map {
                  "\($0) is not a command: each entry starts with /, as typed (\"/mode $nick +x\")"
              } }, \.network.onConnect),
        .flag("remember_channels", .network, .networks, "Channels joined and parted by hand are kept in channels",
              default: "true", \.network.rememberChannels),
        .optionalText("ban_mask", .network, .networks, "This network's form of a ban by nick", default: "bans.mask",
                      check: banMaskRefusal, \.banMask),
        Setting(info: SettingInfo(key: "notify", scope: .network, kind: .choice(NotifyLevel.allCases.map(\.rawValue)),
                                  section: .notifications,
                                  summary: "What the network's buffers count and notify where they have no level of their own "
                                      + "(a private conversation only when none)",
                                  defaultText: "mentions (all in a private conversation)"),
                read: { value, draft throws(SettingRefusal) in
                    guard let level = NotifyLevel(rawValue: try SettingValueReader.string(value).lowercased()) else {
                        throw SettingRefusal("must be one of all, mentions, none")
                    }
                    draft.notify = level
                },
                show: { $0.notify?.rawValue ?? "" }),
        Setting(info: SettingInfo(key: "previews", scope: .network, kind: .choice(PreviewMode.allCases.map(\.rawValue)),
                                  section: .appearance,
                                  summary: "The network's link previews where a buffer has none of its own: off, links, all",
                                  defaultText: "previews.show"),
                read: { value, draft throws(SettingRefusal) in
                    guard let mode = PreviewMode(rawValue: try SettingValueReader.string(value).lowercased()) else {
                        throw SettingRefusal("must be one of off, links, all")
                    }
                    draft.previews = mode
                },
                show: { $0.previews?.rawValue ?? "" }),
    ]

    /// A password: text in the file, or `{ keyring = "NAME" }` (typed `keyring:NAME`).
    private static func secret(_ key: String, _ summary: String,
                               _ path: any WritableKeyPath<NetworkDraft, NatterConfig.Secret?> & Sendable) -> Setting<NetworkDraft> {
        Setting(info: SettingInfo(key: key, scope: .network, kind: .secret, section: .networks, summary: summary, defaultText: ""),
                read: { value, draft throws(SettingRefusal) in
                    if let table = value.table {
                        guard table.keys == ["keyring"], let name = table["keyring"]?.string, !name.isEmpty else {
                            throw SettingRefusal("takes text, or { keyring = \"NAME\" }")
                        }
                        draft[keyPath: path] = .keyring(name)
                    } else if let text = value.string {
                        draft[keyPath: path] = .literal(text)
                    } else {
                        throw SettingRefusal("takes text, or { keyring = \"NAME\" }")
                    }
                },
                show: { draft in
                    switch draft[keyPath: path] {
                    case .keyring(let name): "keyring:\(name)"
                    case .literal: "(set)"
                    case .command, nil: ""
                    }
                })
    }

    /// Why `nick` cannot be a nick (nil: it can).
    @Sendable static func nickRefusal(_ nick: String) -> String? {
        ConfigReader.isNick(nick) ? nil : "is not a valid nick"
    }
}

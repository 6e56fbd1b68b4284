import FoundationEssentials
import IRCSession
import IRCTransport

/// A network's passwords, as the session logs in with them: the SASL password and the
/// server password (`PASS`), each `nil` where the config has none.
public struct NetworkSecrets: Sendable, Equatable {
    public var sasl: String?
    public var server: String?
    /// The keys of channels the config keeps in the keyring (`"#c keyring:NAME"`), by the
    /// channel's name in lower case.
    public var channelKeys: [String: String] = [:]

    /// The passwords `sasl` and `server` (none by default).
    public init(sasl: String? = nil, server: String? = nil, channelKeys: [String: String] = [:]) {
        self.sasl = sasl
        self.server = server
        self.channelKeys = channelKeys
    }

    /// Fetches `network`'s passwords: literals at once; the keyring and `password_command` may
    /// take long (a command up to 10 s, an unlock prompt up to a minute), so the window asks
    /// for those off its own thread (``NetworkStarter``).
    public static func fetch(for network: NatterConfig.Network, keyringBus: String? = nil) throws(ConfigError) -> NetworkSecrets {
        var keys: [String: String] = [:]
        for (channel, item) in network.keyringChannelKeys {
            keys[channel.lowercased()] = try SecretResolver.resolve(.keyring(item), keyringBus: keyringBus)
        }
        return NetworkSecrets(sasl: try network.saslSecret.map { s throws(ConfigError) in try SecretResolver.resolve(s, keyringBus: keyringBus) },
                              server: try network.password.map { s throws(ConfigError) in try SecretResolver.resolve(s, keyringBus: keyringBus) },
                              channelKeys: keys)
    }

    /// The passwords when the config holds them all itself (or there are none); `nil` when one
    /// of them has to be fetched.
    public static func immediate(for network: NatterConfig.Network) -> NetworkSecrets? {
        guard [network.saslSecret, network.password].allSatisfy({ $0?.isLiteral ?? true }), network.keyringChannelKeys.isEmpty else {
            return nil
        }
        return try? fetch(for: network)
    }

    /// Stand-ins for every password the config names (empty strings), to check the rest of
    /// the settings before the real ones are fetched.
    public static func placeholders(for network: NatterConfig.Network) -> NetworkSecrets {
        NetworkSecrets(sasl: network.saslSecret.map { _ in "" }, server: network.password.map { _ in "" },
                       channelKeys: Dictionary(network.keyringChannelKeys.map { ($0.channel.lowercased(), "") }) { first, _ in first })
    }

    /// Where the passwords that have to be fetched come from, for the server buffer:
    /// "the keyring (libera)", "`pass show irc`".
    public static func sources(for network: NatterConfig.Network) -> String {
        let sources = ([network.saslSecret, network.password] + network.keyringChannelKeys.map { .keyring($0.item) }).compactMap { secret -> String? in
            switch secret {
            case .keyring(let name): "the keyring (\(name))"
            case .command(let command): "`\(command)`"
            case .literal, nil: nil
            }
        }
        return sources.joined(separator: " and ")
    }
}

extension NatterConfig.Network {
    /// The channels whose key the keyring keeps (`"#c keyring:NAME"` in `channels`), with
    /// the item's name.
    public var keyringChannelKeys: [(channel: String, item: String)] {
        channels.compactMap { channel in channel.key.flatMap(Self.keyringItem).map { (channel.name, $0) } }
    }

    /// The keyring item a channel key names (`keyring:NAME`), nil for a key itself.
    public static func keyringItem(_ key: String) -> String? {
        guard key.hasPrefix("keyring:"), key.count > "keyring:".count else { return nil }
        return String(key.dropFirst("keyring:".count))
    }

    /// Whether a channel key joined by hand goes to the keyring: the network keeps a password
    /// there already, or the channel's key was there.
    public func keepsChannelKeysInKeyring(_ channel: String) -> Bool {
        if case .keyring = password { return true }
        if case .keyring = sasl?.password { return true }
        return keyringChannelKeys.contains { $0.channel.lowercased() == channel.lowercased() }
    }

    /// The SASL password the mechanism uses (EXTERNAL uses none).
    var saslSecret: NatterConfig.Secret? {
        guard let sasl, sasl.mechanism != .external else { return nil }
        return sasl.password
    }
}

extension NatterConfig.Secret {
    var isLiteral: Bool {
        if case .literal = self { return true }
        return false
    }
}

/// A configured network turned into what the session and the transport take.
public struct NetworkSetup {
    /// The session's settings: who logs in, how, and what it joins.
    public let session: SessionConfiguration
    /// Where the transport connects, and how.
    public let endpoint: IRCServerEndpoint

    /// `network` with its passwords fetched here (which may block: see ``NetworkSecrets``) and
    /// the CTCP replies `ctcp` allows (by default all, naming Natter's version).
    public init(_ network: NatterConfig.Network,
         ctcp: CTCPConfiguration = CTCPConfiguration(versionString: "Natter \(NatterVersion.string)")) throws(ConfigError) {
        try self.init(network, secrets: try NetworkSecrets.fetch(for: network), ctcp: ctcp)
    }

    /// `network` with the passwords `secrets`.
    public init(_ network: NatterConfig.Network, secrets: NetworkSecrets, ctcp: CTCPConfiguration) throws(ConfigError) {
        var sasl: SASLMechanismConfig?
        if let configured = network.sasl {
            switch configured.mechanism {
            case .external:
                sasl = .external
            case .plain:
                guard let password = secrets.sasl else { throw Self.missing(network, "SASL password") }
                sasl = .plain(account: configured.account, password: password)
            case .scramSHA256:
                guard let password = secrets.sasl else { throw Self.missing(network, "SASL password") }
                sasl = .scramSHA256(account: configured.account, password: password)
            }
        }
        var session = SessionConfiguration(
            nick: network.nick, alternativeNicks: network.alternativeNicks, user: network.user,
            realName: network.realName, serverPassword: secrets.server,
            sasl: sasl, autoJoin: network.channels.map { channel in
                // A key kept in the keyring: the one fetched.
                ChannelKey(channel.name, key: channel.key.flatMap { key in
                    NatterConfig.Network.keyringItem(key) == nil ? key : secrets.channelKeys[channel.name.lowercased()]
                })
            },
            ctcp: ctcp)
        session.monitor = network.friends
        session.saslFailure = network.saslFailure
        session.saslTimeout = network.saslTimeout
        self.session = session
        endpoint = Self.endpoint(of: network)
    }

    /// Where `network`'s transport connects, and how.
    static func endpoint(of network: NatterConfig.Network) -> IRCServerEndpoint {
        let security: IRCTransportSecurity
        if network.tls {
            var options = IRCTLSOptions(verifiesCertificate: network.verifyCertificate,
                                        pinnedFingerprint: network.tlsFingerprint)
            if let certificate = network.clientCertificate {
                options.clientCertificate = IRCClientCertificate(certificateFile: certificate,
                                                                 privateKeyFile: network.clientKey ?? certificate)
            }
            security = .tls(options)
        } else {
            security = .plaintext
        }
        return IRCServerEndpoint(host: network.host, port: network.port, security: security)
    }

    private static func missing(_ network: NatterConfig.Network, _ what: String) -> ConfigError {
        ConfigError(file: network.name, line: nil, key: nil, message: "no \(what) configured")
    }
}

import FoundationEssentials
import IRCSession
import IRCTransport

/// A configured network turned into what the session and the transport take, with its
/// passwords resolved.
struct NetworkSetup {
    let session: SessionConfiguration
    let endpoint: IRCServerEndpoint

    /// `network` with the CTCP replies `ctcp` allows (by default all, naming Natter's version).
    init(_ network: NatterConfig.Network,
         ctcp: CTCPConfiguration = CTCPConfiguration(versionString: "Natter \(NatterVersion.string)")) throws(ConfigError) {
        var sasl: SASLMechanismConfig?
        if let configured = network.sasl {
            switch configured.mechanism {
            case .external:
                sasl = .external
            case .plain:
                guard let secret = configured.password else { throw Self.missing(network, "SASL password") }
                sasl = .plain(account: configured.account, password: try SecretResolver.resolve(secret))
            case .scramSHA256:
                guard let secret = configured.password else { throw Self.missing(network, "SASL password") }
                sasl = .scramSHA256(account: configured.account, password: try SecretResolver.resolve(secret))
            }
        }
        var session = SessionConfiguration(
            nick: network.nick, alternativeNicks: network.alternativeNicks, user: network.user,
            realName: network.realName, serverPassword: try network.password.map { s throws(ConfigError) in try SecretResolver.resolve(s) },
            sasl: sasl, autoJoin: network.channels.map { ChannelKey($0.name, key: $0.key) },
            ctcp: ctcp)
        session.monitor = network.friends
        session.saslFailure = network.saslFailure
        session.saslTimeout = network.saslTimeout
        self.session = session
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
        endpoint = IRCServerEndpoint(host: network.host, port: network.port, security: security)
    }

    private static func missing(_ network: NatterConfig.Network, _ what: String) -> ConfigError {
        ConfigError(file: network.name, line: nil, key: nil, message: "no \(what) configured")
    }
}

extension QuickStart {
    /// The network the command-line flags describe.
    /// A bouncer's network is chosen by the username `LOGIN/NETWORK` (ZNC and soju).
    var network: NatterConfig.Network {
        let user = login ?? nick
        return NatterConfig.Network(name: bouncerNetwork ?? host, host: host, port: port, tls: tls,
                                    verifyCertificate: verifyCertificate, nick: nick, alternativeNicks: [],
                                    user: bouncerNetwork.map { "\(user)/\($0)" } ?? user, realName: nick,
                                    channels: channels.map { ($0, nil) }, password: passwordCommand.map { .command($0) },
                                    sasl: nil, clientCertificate: nil, clientKey: nil, autoConnect: true)
    }
}

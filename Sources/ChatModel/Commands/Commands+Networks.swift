import IRCSession

/// A network to add with `/server add` (the app writes it to the configuration and connects it).
public struct ServerSpec: Hashable, Sendable {
    public var name: String
    public var host: String
    public var port: Int
    public var tls: Bool
    /// The nick; nil: the first network's.
    public var nick: String?
    public var channels: [String]
    /// Whether it connects now (and at each start): not with `-noconnect`.
    public var connects: Bool
    /// A SASL PLAIN login (`-sasl ACCOUNT PASSWORD`) and a server password (`-password PASS`):
    /// the app keeps the passwords in the keyring, never in the file.
    public var saslAccount: String?
    public var saslPassword: String?
    public var password: String?

    public init(name: String, host: String, port: Int, tls: Bool, nick: String?, channels: [String], connects: Bool,
                saslAccount: String? = nil, saslPassword: String? = nil, password: String? = nil) {
        self.name = name
        self.host = host
        self.port = port
        self.tls = tls
        self.nick = nick
        self.channels = channels
        self.connects = connects
        self.saslAccount = saslAccount
        self.saslPassword = saslPassword
        self.password = password
    }
}

/// `/server add|del|list`: the networks, managed in the app as WeeChat's and irssi's
/// `/server` do. The model checks and says; the app keeps the configuration and connects.
extension Commands {
    func runNetworks(_ command: ChatCommand, in scope: CommandScope) -> [CommandEffect] {
        switch command {
        case .serverList:
            for network in model.networks where network.bouncer == nil {
                scope.note("\(network.name): \(network.statusSummary)" + (network.link.summary.isEmpty ? "" : ", \(network.link.summary)"))
            }
        case .serverAdd(let spec):
            if let taken = model.networks.first(where: { $0.name.lowercased() == spec.name.lowercased() }) {
                scope.note("There is a network named \(taken.name) already (/server del \(taken.name) first)", error: true)
                return []
            }
            scope.note("Adding \(spec.name): \(spec.host) port \(spec.port)\(spec.tls ? " with TLS" : " without TLS")"
                       + (spec.saslAccount.map { ", logging in as \($0) with SASL" } ?? "")
                       + (spec.connects ? "" : ", not connecting") + "; kept in the configuration")
            return [.addNetwork(spec)]
        case .serverRemove(let name):
            guard let network = model.networks.first(where: { $0.name.lowercased() == name.lowercased() }) else {
                scope.note("No network named \(name) (/server list)", error: true)
                return []
            }
            model.dropNetwork(network.name, now: scope.now)
            scope.note("Removed \(network.name) from the configuration (its logs stay)")
            return [.removeNetwork(network.name)]
        default:
            break
        }
        return []
    }
}

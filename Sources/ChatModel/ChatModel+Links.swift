import FoundationEssentials
import IRCProtocol
import IRCSession

/// What the model asks of one network's connection. The app's network hub carries it out on
/// the transport; scenarios and tests record it. Nothing above the model sends lines itself.
public enum LinkRequest: Sendable, Hashable {
    /// Lines for the server. `registering`: sent before the welcome (CAP, NICK, USER,
    /// AUTHENTICATE, BOUNCER BIND), which the transport sends at once, outside the pacing of
    /// what the user types.
    case send([IRCMessage], registering: Bool)
    /// The session found the link dead: close it; the transport reconnects.
    case close(reason: String)
    /// `/connect`: connect a network that was stopped.
    case connect
    /// `/disconnect` or `/quit`: close the link and stop reconnecting.
    case disconnect
    /// `/reconnect`: close the link and connect again at once.
    case reconnect
    /// A network of a bouncer (soju.im/bouncer-networks) appeared: connect it the way the
    /// bouncer's own network `parent` is connected (same server, same login); its session binds
    /// it to its network.
    case bind(parent: String)
    /// STS: connect again at once over TLS to `port` (certificate checked, no fallback).
    case upgradeToTLS(port: Int)
    /// STS: the server's policy, seen on a secure link: TLS only for `duration` seconds.
    case rememberSTS(duration: Int)
}

/// The state of a network's link as the transport reports it, beyond the session's phase.
public enum LinkState: Sendable, Hashable {
    /// Never started, or stopped by the user.
    case idle
    /// Opening the socket (or the TLS handshake) to `host:port`.
    case connecting(host: String, port: Int)
    /// Up; `warning` names what is not protected ("no TLS", "insecure TLS"), empty when nothing.
    case connected(warning: String)
    /// Down, with the next attempt in `seconds`.
    case reconnecting(seconds: Int)
    /// Stopped on its own (a rejected certificate): only `/connect` starts it again.
    case stopped
    /// Not started yet, for the reason given ("waiting for the password"): the login it
    /// needs is being fetched, or could not be.
    case held(String)

    /// How the status line under the buffer list shows it ("" when the session's own phase
    /// says enough).
    public var summary: String {
        switch self {
        case .idle: ""
        case .connecting: "connecting…"
        case .connected(let warning): warning
        case .reconnecting(let seconds): "reconnecting in \(seconds) s"
        case .stopped: "disconnected"
        case .held(let reason): reason
        }
    }
}

extension ChatModel {
    /// Feeds one input to a network's session, applies its events, and hands the lines it
    /// produces to the network's link (``linkRequests``).
    public func deliver(_ input: SessionInput, network name: String) {
        let lines = handle(input, network: name)
        guard !lines.isEmpty else { return }
        send(lines, network: name)
    }

    /// A typed intent of the user for a network's session, now.
    public func perform(_ intent: UserIntent, network name: String, now: SessionTime) {
        deliver(.intent(intent, now: now), network: name)
    }

    /// Hands lines to the network's link; lines before the welcome are registration.
    func send(_ lines: [IRCMessage], network name: String) {
        let registering = network(name)?.session.state.phase != .registered
        linkRequests?(name, .send(lines, registering: registering))
    }

    /// Gives a network the login its next connection registers with (its passwords, fetched
    /// after the network was added); what its session holds stays.
    public func setCredentials(sasl: SASLMechanismConfig?, serverPassword: String?, network name: String) {
        network(name)?.session.setCredentials(sasl: sasl, serverPassword: serverPassword)
    }

    /// Asks the network's link to connect, disconnect, reconnect or close.
    public func requestLink(_ request: LinkRequest, network name: String) {
        linkRequests?(name, request)
    }

    /// Records what the transport says of a network's link, for the status line.
    public func setLink(_ state: LinkState, network name: String) {
        guard let network = network(name), network.link != state else { return }
        network.link = state
        changes.append(.connectionChanged(network: name))
    }
}

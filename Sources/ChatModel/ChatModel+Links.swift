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
    /// `/disconnect` or `/quit`: close the link and stop reconnecting. `farewell` (the QUIT)
    /// is written after the lines already handed over, and the link closes after it (the
    /// server's close, or the transport's once a few seconds have passed).
    case disconnect(farewell: [IRCMessage])
    /// `/reconnect`: as `disconnect`, then connect again.
    case reconnect(farewell: [IRCMessage])
    /// A network of a bouncer (soju.im/bouncer-networks) appeared: connect it the way the
    /// bouncer's own network `parent` is connected (same server, same login); its session binds
    /// it to its network.
    case bind(parent: String)
    /// STS: connect again at once over TLS to `port` (certificate checked, no fallback).
    case upgradeToTLS(port: Int)
    /// STS: the server's policy, seen on a secure link: TLS only for `duration` seconds.
    case rememberSTS(duration: Int)
}

extension LinkRequest {
    /// The farewell of a request that ends the link with one (`disconnect`, `reconnect`).
    public var farewell: [IRCMessage]? {
        switch self {
        case .disconnect(let lines), .reconnect(let lines): lines
        default: nil
        }
    }
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
    /// produces to the network's link (``linkRequests``), before the link requests the events
    /// made: a QUIT the session wrote is the farewell of the disconnect that follows it, so
    /// the close never overtakes it.
    public func deliver(_ input: SessionInput, network name: String) {
        var lines: [IRCMessage] = []
        let requests = holdingLinkRequests { lines = handle(input, network: name) }
        hand(lines, then: requests, network: name)
        // A paste that waited for the network to be ready goes on.
        if let network = network(name), network.isPasting, !network.awaitsDrain, network.session.isReady {
            releasePaste(on: network, now: input.time)
        }
    }

    /// Leaves `name`'s server: QUIT with `reason` (when a link is up), then the link closes
    /// and stops, or connects again (`reconnect`). The QUIT follows what is already queued.
    public func leave(_ name: String, reason: String, reconnect: Bool, now: SessionTime) {
        let request: LinkRequest = reconnect ? .reconnect(farewell: []) : .disconnect(farewell: [])
        // Leaving for good, a paste going out stops (a dropped link's paste waits instead).
        if !reconnect, let network = network(name) {
            for buffer in network.buffers { cancelPaste(in: buffer.id, now: now.wall) }
        }
        guard let network = network(name), network.session.state.phase != .disconnected else {
            return requestLink(request, network: name)
        }
        var lines: [IRCMessage] = []
        let requests = holdingLinkRequests {
            lines = handle(.intent(.quit(reason: reason), now: now), network: name)
            requestLink(request, network: name)
        }
        hand(lines, then: requests, network: name)
    }

    /// Runs `body`, keeping the link requests it makes instead of handing them over.
    private func holdingLinkRequests(_ body: () -> Void) -> [(network: String, request: LinkRequest)] {
        let outer = heldLinkRequests
        heldLinkRequests = []
        body()
        defer { heldLinkRequests = outer }
        return heldLinkRequests ?? []
    }

    /// Hands `lines` to `name`'s link, then `requests`. A QUIT among the lines (and anything
    /// after it) becomes the farewell of a disconnect or reconnect of the same network.
    private func hand(_ lines: [IRCMessage], then requests: [(network: String, request: LinkRequest)], network name: String) {
        var lines = lines, requests = requests
        if let quit = lines.firstIndex(where: { $0.command == "QUIT" }),
           let index = requests.firstIndex(where: { $0.network == name && $0.request.farewell != nil }) {
            var farewell = Array(lines[quit...])
            lines.removeSubrange(quit...)
            // The farewell passes the scripts' raw-out hooks as every other line does.
            if let scripts, scripts.hooked.contains(.sending) { farewell = scripts.sending(farewell, network: name) }
            switch requests[index].request {
            case .reconnect(let earlier): requests[index].request = .reconnect(farewell: earlier + farewell)
            case .disconnect(let earlier): requests[index].request = .disconnect(farewell: earlier + farewell)
            default: break
            }
        }
        if !lines.isEmpty { send(lines, network: name) }
        for (network, request) in requests { requestLink(request, network: network) }
    }

    /// A typed intent of the user for a network's session, now.
    public func perform(_ intent: UserIntent, network name: String, now: SessionTime) {
        deliver(.intent(intent, now: now), network: name)
    }

    /// Hands lines to the network's link; lines before the welcome are registration.
    func send(_ lines: [IRCMessage], network name: String) {
        var lines = lines
        if let scripts, scripts.hooked.contains(.sending) {
            lines = scripts.sending(lines, network: name)
            if lines.isEmpty { return }
        }
        let registering = network(name)?.session.state.phase != .registered
        // A paced line is on the link now: a paste waits for the link to say it is written.
        if !registering { network(name)?.awaitsDrain = true }
        linkRequests?(name, .send(lines, registering: registering))
    }

    /// Gives a network the login its next connection registers with (its passwords, fetched
    /// after the network was added); what its session holds stays.
    public func setCredentials(sasl: SASLMechanismConfig?, serverPassword: String?, network name: String) {
        network(name)?.session.setCredentials(sasl: sasl, serverPassword: serverPassword)
    }

    /// Changes what network `name`'s session is configured with (``IRCSession/reconfigure(_:)``).
    public func reconfigure(network name: String, _ change: (inout SessionConfiguration) -> Void) {
        network(name)?.session.reconfigure(change)
    }

    /// Leaves network `name` for good (QUIT with the configured message) and forgets it and
    /// its buffers; its logs stay. `/server del`, and a network taken out of config.toml.
    public func dropNetwork(_ name: String, now: SessionTime) {
        leave(name, reason: settings.quitMessage, reconnect: false, now: now)
        removeNetwork(name)
    }

    /// Asks the network's link to connect, disconnect, reconnect or close (held while a
    /// session input is handled: see ``deliver(_:network:)``).
    public func requestLink(_ request: LinkRequest, network name: String) {
        if heldLinkRequests != nil {
            heldLinkRequests?.append((name, request))
        } else {
            linkRequests?(name, request)
        }
    }

    /// Records what the transport says of a network's link, for the status line.
    public func setLink(_ state: LinkState, network name: String) {
        guard let network = network(name), network.link != state else { return }
        network.link = state
        changes.append(.connectionChanged(network: name))
    }
}

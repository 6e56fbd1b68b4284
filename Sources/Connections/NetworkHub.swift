import ChatModel
import FoundationEssentials
import Glibc
import IRCProtocol
import IRCSession
import IRCTransport

/// The network loop of the app, outside the interface: owns the model's links, one
/// `IRCTransport` per network. Transport events (drained on the UI thread when the queue wakes
/// the window loop) go into the model (`ChatModel.deliver`), and what the model asks of a link
/// (lines to send, close, connect, disconnect, reconnect: `LinkRequest`) comes back here
/// through `ChatModel.linkRequests`. The link's state is recorded in the model
/// (`ChatNetwork.link`); the interface only reads the model.
@MainActor
public final class NetworkHub {
    /// The model whose networks this hub connects.
    public let model: ChatModel
    private let queue: IRCTransportEventQueue
    private var transports: [String: IRCTransport] = [:]
    private var networks: [IRCTransportID: String] = [:]
    private var configurations: [String: IRCTransportConfiguration] = [:]
    /// Transports given up by a disconnect, still saying goodbye (their QUIT, then the close).
    private var leaving: [IRCTransportID: IRCTransport] = [:]
    /// How long a leaving link waits for the server to close it after the QUIT.
    public var leaveWithin = Duration.seconds(3)
    /// Every request the model made of a link, when ``recordsRequests`` is on (tests).
    public private(set) var requests: [(network: String, request: LinkRequest)] = []
    /// Whether ``requests`` keeps what the model asked (tests read it).
    public var recordsRequests = false
    /// The STS policies servers gave (kept on disk between runs).
    private var sts: STSPolicyStore
    /// The TLS settings of a link that STS moved to TLS from plaintext (the certificate is
    /// always checked; tests add their private CA here).
    public var stsTLSOptions = IRCTLSOptions()
    /// Networks that cannot connect yet (their passwords are being fetched): `/connect` on one
    /// goes to ``onConnectHeld`` instead.
    private var held: Set<String> = []
    /// Called for `/connect` on a held network.
    public var onConnectHeld: ((String) -> Void)?
    /// Called for `/disconnect` on a held network: it must not connect when its login comes.
    public var onDisconnectHeld: ((String) -> Void)?
    /// The time stamped on what the transports report.
    private let clock: () -> SessionTime

    /// A hub for `model`. `wakeUp` is called (on a transport's thread) when events wait for
    /// ``drain()``: the window passes its loop's wake-up, tests their own. `clock` stamps the
    /// events (the window passes the clock its model has). `stsPolicies` is the STS policy
    /// file (tests give one of their own). The hub becomes the model's link (`linkRequests`).
    public init(model: ChatModel, clock: @escaping () -> SessionTime = SessionClock.now,
                wakeUp: @escaping @Sendable () -> Void, stsPolicies: String = STSPolicyStore.defaultPath()) {
        self.model = model
        self.clock = clock
        sts = STSPolicyStore(path: stsPolicies)
        queue = IRCTransportEventQueue(wakeUp: wakeUp)
        model.linkRequests = { [weak self] network, request in self?.perform(request, network: network) }
    }

    /// The session time now.
    public func now() -> SessionTime {
        clock()
    }

    /// Starts connecting `network` to `endpoint`.
    public func connect(network: String, endpoint: IRCServerEndpoint) {
        connect(network: network, configuration: IRCTransportConfiguration(endpoint: endpoint))
    }

    /// Learns where `network` connects without connecting it (a network configured not to
    /// connect at start): `/connect` starts it.
    public func add(network: String, endpoint: IRCServerEndpoint) {
        configurations[network] = IRCTransportConfiguration(endpoint: endpoint)
    }

    /// Holds `network` back until ``release(network:endpoint:connect:)``: it has no login yet.
    public func hold(network: String) {
        held.insert(network)
    }

    /// Whether `network` has a link, up or on its way (connecting, waiting to reconnect).
    public func isLinked(_ network: String) -> Bool { transports[network] != nil }

    /// Whether `network` is held back.
    public func isHeld(_ network: String) -> Bool { held.contains(network) }

    /// Lets a held network connect: to `endpoint`, at once when `connect`.
    public func release(network: String, endpoint: IRCServerEndpoint, connect now: Bool) {
        held.remove(network)
        if now {
            connect(network: network, endpoint: endpoint)
        } else {
            add(network: network, endpoint: endpoint)
        }
    }

    /// Starts connecting `network` with a whole transport configuration (reconnect backoff, tick
    /// interval, …), kept for `/connect` after a stop.
    public func connect(network: String, configuration: IRCTransportConfiguration) {
        var configuration = configuration
        let endpoint = configuration.endpoint
        if let policy = sts.policy(for: endpoint.host, at: Date()) {
            // A host that asked for TLS (STS) gets nothing else until the policy expires: its
            // TLS port, and a checked certificate even where the settings turned checks off.
            configuration.endpoint = Self.secured(endpoint, port: policy.port, fallback: stsTLSOptions)
            if configuration.endpoint != endpoint {
                model.note("\(endpoint.host) asked for TLS only (STS, until \(Self.shortDate(policy.expires))): "
                           + "connecting over TLS to port \(policy.port), certificate checked",
                           in: BufferID(network: network, name: ""), at: Date())
            }
        }
        configurations[network] = configuration
        let transport = IRCTransport(configuration, events: queue)
        transports[network] = transport
        networks[transport.id] = network
        transport.start()
    }

    /// Carries out what the model asks of `network`'s link.
    public func perform(_ request: LinkRequest, network: String) {
        if recordsRequests { requests.append((network, request)) }
        switch request {
        case .send(let lines, let registering):
            // A network leaving its server still takes lines (they go before its QUIT, or come
            // back unsent and wait as pending); with no link at all they come back at once.
            if let transport = transports[network] ?? leavingTransport(of: network) {
                transport.send(lines, priority: registering ? .registration : .normal)
            } else {
                requeue(lines, network: network, now: now())
            }
        case .close(let reason):
            transports[network]?.forceClose(reason: reason)
        case .disconnect(let farewell):
            if held.contains(network) {
                onDisconnectHeld?(network)
                return
            }
            if let transport = transports.removeValue(forKey: network) {
                transport.leave(farewell: farewell, within: leaveWithin, reconnect: false)
                leaving[transport.id] = transport
                // A network the model no longer has (a bouncer network removed): forget it.
                if model.network(network) == nil {
                    configurations[network] = nil
                    networks[transport.id] = nil
                }
            }
            model.setLink(.idle, network: network)
        case .reconnect(let farewell):
            if let transport = transports[network] {
                transport.leave(farewell: farewell, within: leaveWithin, reconnect: true)
            } else {
                restart(network: network)
            }
        case .connect:
            restart(network: network)
        case .upgradeToTLS(let port):
            // STS on a plaintext link: at once, over TLS, never back to plaintext by itself.
            guard var configuration = configurations[network] else { return }
            transports.removeValue(forKey: network)?.stop()
            configuration.endpoint = Self.secured(configuration.endpoint, port: port, fallback: stsTLSOptions)
            connect(network: network, configuration: configuration)
        case .rememberSTS(let duration):
            guard let endpoint = configurations[network]?.endpoint else { return }
            if let problem = sts.set(host: endpoint.host, port: endpoint.port, duration: duration, now: Date()) {
                model.note("Could not keep the server's STS policy in \(sts.path): \(problem)",
                           in: BufferID(network: network, name: ""), isError: true, at: Date())
            }
        case .bind(let parent):
            // A bouncer network: the bouncer's server and login; the session binds it.
            guard transports[network] == nil, let configuration = configurations[parent] else { return }
            connect(network: network, configuration: configuration)
        }
    }

    /// Connects `network` again after a stop, with the configuration it last had.
    private func restart(network: String) {
        if held.contains(network) {
            onConnectHeld?(network)
            return
        }
        guard transports[network] == nil else { return }
        guard let configuration = configurations[network] else {
            // Its settings could not be used (said when it was added).
            model.note("Cannot connect: this network's settings could not be used (see above)",
                       in: BufferID(network: network, name: ""), isError: true, at: Date())
            return
        }
        connect(network: network, configuration: configuration)
    }

    /// `endpoint` moved to TLS on `port`, its certificate checked (a pinned one stays pinned).
    nonisolated static func secured(_ endpoint: IRCServerEndpoint, port: Int, fallback: IRCTLSOptions) -> IRCServerEndpoint {
        var options: IRCTLSOptions
        if case .tls(let current) = endpoint.security { options = current } else { options = fallback }
        options.verifiesCertificate = true
        return IRCServerEndpoint(host: endpoint.host, port: port, security: .tls(options))
    }

    /// The transport of `network` still saying goodbye, if any.
    private func leavingTransport(of network: String) -> IRCTransport? {
        leaving.first { networks[$0.key] == network }?.value
    }

    /// Stops every transport at once (those still leaving too).
    public func stopAll() {
        for transport in transports.values { transport.stop() }
        for transport in leaving.values { transport.stop() }
    }

    /// Quitting Natter: every connected network leaves its server (QUIT with `reason`, after
    /// what is queued), and the hub waits up to `seconds` for the links to close, applying what
    /// they report meanwhile (the logs record the end); then stops what is still open. Peers
    /// see the quit message instead of "Connection closed".
    public func leaveAll(reason: String, waitingUpTo seconds: Double) {
        for network in transports.keys.sorted() {
            model.leave(network, reason: reason, reconnect: false, now: now())
        }
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        while !leaving.isEmpty, ContinuousClock.now < deadline {
            if !queue.hasEvents { usleep(5_000) }
            drain()
        }
        // Those still open are stopped (a QUIT not yet written goes now), and given a moment
        // to be: the process ends next.
        stopAll()
        let grace = ContinuousClock.now + .milliseconds(300)
        while !leaving.isEmpty || !transports.isEmpty, ContinuousClock.now < grace {
            if !queue.hasEvents { usleep(5_000) }
            drain()
        }
    }

    /// Whether links are still saying goodbye after a disconnect.
    public var isLeaving: Bool { !leaving.isEmpty }

    /// Whether the transports reported more since the last ``drain()``: in a flood, the next
    /// batch is already waiting (the window then paces its frames).
    public var isBehind: Bool { queue.hasEvents }

    /// Applies what the transports reported since the last wake-up, their log lines written
    /// in one batch.
    public func drain() {
        let events = queue.drain()
        guard !events.isEmpty else { return }
        model.batchingLogs { apply(events) }
    }

    private func apply(_ events: [IRCTransportEvent]) {
        for event in events {
            if case .stopped = event.kind { leaving[event.transport] = nil }
            guard let network = networks[event.transport] else { continue }
            // A link given up by a disconnect whose network has a new one (a quick /connect):
            // what it still says is not the network's any more; its unsent lines are.
            if let current = transports[network], current.id != event.transport {
                switch event.kind {
                case .disconnected(_, let unsent), .notSent(let unsent, _): requeue(unsent, network: network, now: now())
                default: break
                }
                continue
            }
            let now = now()
            let server = BufferID(network: network, name: "")
            switch event.kind {
            case .connecting(let endpoint):
                model.setLink(.connecting(host: endpoint.host, port: endpoint.port), network: network)
                model.note("Connecting to \(endpoint.host):\(endpoint.port)…", in: server, at: now.wall)
            case .connected(let info):
                model.setLink(.connected(warning: info.isInsecure && info.isTLS ? "insecure TLS" : (info.isTLS ? "" : "no TLS")),
                              network: network)
                if let warning = Self.insecurityWarning(info.endpoint.security) {
                    model.note(warning, in: server, isError: true, at: now.wall)
                }
                model.deliver(.connected(now: now, secure: info.isTLS && !info.isInsecure), network: network)
            case .received(let message):
                model.deliver(.received(message, now: now), network: network)
            case .malformedLine(let bad):
                model.note("Skipped a malformed line from the server: \(bad.problem)", in: server, isError: true, at: now.wall)
            case .tick:
                model.deliver(.tick(now: now), network: network)
            case .disconnected(let reason, let unsent):
                if let (text, isError) = Self.describe(reason) {
                    model.note(text, in: server, isError: isError, at: now.wall)
                }
                model.deliver(.disconnected(reason: "\(reason)", now: now), network: network)
                requeue(unsent, network: network, now: now)
            case .reconnectScheduled(let delay):
                let seconds = Double(delay.components.seconds) + Double(delay.components.attoseconds) / 1e18
                model.setLink(.reconnecting(seconds: Int(seconds.rounded())), network: network)
                model.note("Reconnecting in \(Int(seconds.rounded())) s", in: server, at: now.wall)
            case .notSent(let lines, _):
                requeue(lines, network: network, now: now)
            case .drained(let interval):
                model.linkDrained(network: network, interval: interval, now: now)
            case .stopped:
                // Stopped on its own (not by a disconnect request, which forgot it first):
                // /connect and /reconnect start a new transport.
                if transports[network]?.id == event.transport {
                    transports[network] = nil
                    model.setLink(.stopped, network: network)
                }
            }
        }
    }

    /// Messages that never reached the socket go back to the session, which types them again
    /// as pending, sent after reconnecting, and not twice: nothing typed is lost.
    private func requeue(_ lines: [IRCMessage], network: String, now: SessionTime) {
        guard !lines.isEmpty else { return }
        model.deliver(.notSent(lines, now: now), network: network)
    }

    /// The server buffer's warning for a link that is not protected by verified TLS, or `nil`.
    nonisolated static func insecurityWarning(_ security: IRCTransportSecurity) -> String? {
        switch security {
        case .plaintext: "Connected without TLS: everything, passwords included, travels in clear text (insecure)"
        case .tls(let options) where !options.verifiesCertificate:
            "Connected WITHOUT checking the server's TLS certificate (insecure)"
        case .tls: nil
        }
    }

    /// The server buffer's row for a dropped or failed link (the session only learns that the
    /// link is gone, and nothing at all when it never came up), or `nil` for a deliberate stop.
    nonisolated static func describe(_ reason: IRCDisconnectReason) -> (text: String, isError: Bool)? {
        switch reason {
        case .connectFailed(let detail): ("Could not connect: \(detail)", true)
        case .certificateRejected(let detail):
            ("The server's TLS certificate was rejected: \(detail). Not reconnecting: check the certificate, then "
                + "/connect, or turn off certificate verification for this server (insecure)", true)
        case .tlsFailed(let detail): ("TLS failed: \(detail)", true)
        case .closedByServer: ("The server closed the connection", true)
        case .failed(let detail): ("Connection lost: \(detail)", true)
        case .closedByOwner(let detail): ("Disconnected: \(detail)", false)
        case .stopped: nil
        }
    }

    /// `2026-12-26 14:05`, local time.
    static func shortDate(_ date: Date) -> String {
        var clock = LocalClock(timeZone: .current)
        return clock.day(of: date) + " " + clock.time(of: date).prefix(5)
    }
}

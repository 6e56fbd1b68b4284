import IRCProtocol
import NIOCore
import NIOPosix
import NIOSSL
import Synchronization

/// One network's connection: TCP or TLS through SwiftNIO, CRLF framing with size limits,
/// outgoing flood control, reconnect with backoff, and ticks for the session's keepalive.
///
/// It moves lines, not meaning: registration, CAP, SASL, PING replies and rejoining belong to the
/// session. Everything it observes is posted to an ``IRCTransportEventQueue``. All methods are
/// thread-safe and return at once; the work happens on the transport's event loop.
///
///     let queue = IRCTransportEventQueue { window.wakeUp() }
///     let transport = IRCTransport(IRCTransportConfiguration(
///         endpoint: IRCServerEndpoint(host: "irc.libera.chat")), events: queue)
///     transport.start()
///     // on .connected: transport.send([nick, user])
///
/// Nothing is dropped silently: lines queued but unsent when a link drops come back in
/// ``IRCTransportEvent/Kind/disconnected(reason:unsent:)``, and lines sent while no link is up
/// come back in ``IRCTransportEvent/Kind/notSent(_:reason:)``.
///
/// Call ``stop()`` when done: a live link keeps the transport alive until it closes.
public final class IRCTransport: Sendable {
    /// How urgently a line should go out.
    public enum Priority: Sendable {
        /// Behind every queued line, at the flood-control rate.
        case normal
        /// At once, ahead of queued lines (PONG, QUIT); still counted by flood control.
        case immediate
        /// At once, and not counted by flood control: registration (CAP, NICK, USER,
        /// AUTHENTICATE), which servers give an allowance of its own. Counting it would make the
        /// user's first messages, and the joins, wait behind it.
        case registration
    }

    public let id: IRCTransportID
    public let configuration: IRCTransportConfiguration
    private let eventLoop: any EventLoop
    private let events: IRCTransportEventQueue
    private let state: NIOLoopBoundBox<State>

    private static let nextID = Atomic<Int>(1)

    /// Creates a transport (idle until ``start()``).
    ///
    /// - Parameters:
    ///   - random: the source of reconnect jitter (inject a seeded one in tests).
    ///   - eventLoopGroup: where the connection runs; by default NIO's shared singleton group.
    public init(_ configuration: IRCTransportConfiguration, events: IRCTransportEventQueue,
                random: sending any RandomNumberGenerator = SystemRandomNumberGenerator(),
                eventLoopGroup: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton) {
        id = IRCTransportID(rawValue: Self.nextID.wrappingAdd(1, ordering: .relaxed).oldValue)
        self.configuration = configuration
        self.events = events
        eventLoop = eventLoopGroup.next()
        state = .makeBoxSendingValue(State(configuration: configuration, random: random), eventLoop: eventLoop)
    }

    // MARK: - Owner's API

    /// Starts connecting. Calling it again has no effect.
    public func start() {
        eventLoop.execute {
            guard !self.state.value.started else { return }
            self.state.value.started = true
            self.connect()
        }
    }

    /// Queues `messages` in order. Invalid messages, and all of them while no link is up, come back
    /// as ``IRCTransportEvent/Kind/notSent(_:reason:)``.
    public func send(_ messages: [IRCMessage], priority: Priority = .normal) {
        eventLoop.execute { self.enqueue(messages, priority: priority) }
    }

    /// Queues one message; see ``send(_:priority:)-(IRCMessage],_)``.
    public func send(_ message: IRCMessage, priority: Priority = .normal) {
        send([message], priority: priority)
    }

    /// Closes the current link (e.g. declared dead after a silence); a reconnect follows. Queued
    /// lines come back in the disconnect event. Has no effect while no link is up or connecting.
    public func forceClose(reason: String) {
        eventLoop.execute {
            let s = self.state.value
            guard s.live else { return }
            self.state.value.pendingReason = .closedByOwner(reason)
            if let channel = s.channel { channel.close(promise: nil) } else {
                self.connectionEnded(s.connection, reason: .closedByOwner(reason))
            }
        }
    }

    /// Closes the link for good (no reconnect). Queued lines come back in the disconnect event;
    /// ``IRCTransportEvent/Kind/stopped`` is the last event. Send an urgent QUIT first if wanted.
    public func stop() {
        eventLoop.execute {
            guard !self.state.value.stopped else { return }
            self.state.value.stopped = true
            self.state.value.reconnectTimer?.cancel()
            self.state.value.reconnectTimer = nil
            let s = self.state.value
            if s.live {
                self.state.value.pendingReason = .stopped
                if let channel = s.channel { channel.close(promise: nil) } else {
                    self.connectionEnded(s.connection, reason: .stopped)
                }
            } else {
                self.post(.stopped, connection: s.connection)
            }
        }
    }

    /// Changes the outgoing rate (keeps the current debt), e.g. to slow down on a lagging server.
    public func adjustFloodControl(burst: Int, interval: Duration) {
        eventLoop.execute {
            self.state.value.flood.burst = burst
            self.state.value.flood.interval = interval
            self.pump()
        }
    }

    // MARK: - Connecting

    private func connect() {
        state.value.connection += 1
        state.value.live = true
        state.value.ready = false
        state.value.channel = nil
        state.value.pendingReason = nil
        state.value.connectedAt = nil
        let connection = state.value.connection
        let endpoint = configuration.endpoint
        post(.connecting(endpoint), connection: connection)

        let sslContext: NIOSSLContext?
        let serverName: String?
        var pinned: [UInt8]?
        if case .tls(let options) = endpoint.security {
            pinned = options.pinnedFingerprint
            do {
                sslContext = try Self.makeSSLContext(options)
            } catch {
                connectionEnded(connection, reason: .tlsFailed("cannot load the TLS settings: \(error)"))
                return
            }
            let name = options.serverName ?? endpoint.host
            serverName = Self.isIPAddress(name) ? nil : name
        } else {
            sslContext = nil
            serverName = nil
        }
        let pin = pinned
        let limits = configuration.incomingLimits
        let timeout = TimeAmount.nanoseconds(Int64(configuration.connectTimeout.seconds * 1e9))
        ClientBootstrap(group: eventLoop)
            .connectTimeout(timeout)
            .channelOption(.socketOption(.so_keepalive), value: 1)
            .channelOption(.tcpOption(.tcp_nodelay), value: 1)
            .channelInitializer { [self] channel in
                do {
                    if let sslContext, let pin {
                        // Pinned: exactly that certificate, instead of the chain and name checks.
                        try channel.pipeline.syncOperations.addHandler(
                            NIOSSLClientHandler(context: sslContext, serverHostname: serverName,
                                                customVerificationCallback: { [self] certificates, promise in
                                                    promise.succeed(self.checkPin(pin, certificates, connection: connection))
                                                }))
                    } else if let sslContext {
                        try channel.pipeline.syncOperations.addHandler(
                            NIOSSLClientHandler(context: sslContext, serverHostname: serverName))
                    }
                    try channel.pipeline.syncOperations.addHandler(
                        IRCLineHandler(transport: self, connection: connection,
                                       waitsForTLSHandshake: sslContext != nil, limits: limits))
                    return channel.eventLoop.makeSucceededVoidFuture()
                } catch {
                    return channel.eventLoop.makeFailedFuture(error)
                }
            }
            .connect(host: endpoint.host, port: endpoint.port)
            .hop(to: eventLoop)
            .whenComplete { result in
                switch result {
                case .success(let channel):
                    guard self.state.value.live, self.state.value.connection == connection else {
                        channel.close(promise: nil)
                        return
                    }
                    self.state.value.channel = channel
                    if sslContext != nil && !self.state.value.ready {
                        self.state.value.handshakeTimer = self.eventLoop.scheduleTask(in: timeout) {
                            guard self.state.value.live, self.state.value.connection == connection,
                                  !self.state.value.ready else { return }
                            self.state.value.pendingReason = .tlsFailed("the TLS handshake timed out")
                            channel.close(promise: nil)
                        }
                    }
                case .failure(let error):
                    self.connectionEnded(connection, reason: Self.classify(error, connecting: true))
                }
            }
    }

    private static func makeSSLContext(_ options: IRCTLSOptions) throws -> NIOSSLContext {
        var tls = TLSConfiguration.makeClientConfiguration()
        if !options.verifiesCertificate { tls.certificateVerification = .none }
        // Pinned: the callback compares the certificate itself; the name it was issued for does
        // not matter (a self-signed server reached by address), and NIOSSL's own host name check
        // would run after the callback.
        if options.pinnedFingerprint != nil { tls.certificateVerification = .noHostnameVerification }
        tls.additionalTrustRoots = options.additionalTrustRootFiles.map { .file($0) }
        if let client = options.clientCertificate {
            tls.certificateChain = try NIOSSLCertificate.fromPEMFile(client.certificateFile).map { .certificate($0) }
            tls.privateKey = .privateKey(try NIOSSLPrivateKey(file: client.privateKeyFile, format: .pem))
        }
        return try NIOSSLContext(configuration: tls)
    }

    private static func isIPAddress(_ host: String) -> Bool {
        (try? SocketAddress(ipAddress: host, port: 0)) != nil
    }

    /// Names the failure the way the UI should show it.
    static func classify(_ error: any Error, connecting: Bool) -> IRCDisconnectReason {
        if let extra = error as? NIOSSLExtraError, extra == .failedToValidateHostname {
            return .certificateRejected("the certificate is not valid for this host name (\(extra))")
        }
        if let ssl = error as? NIOSSLError {
            if case .handshakeFailed(let boring) = ssl {
                let text = "\(boring)"
                if text.contains("CERTIFICATE_VERIFY_FAILED") {
                    return .certificateRejected("certificate verify failed: the server's certificate is "
                        + "self-signed, untrusted, expired or for another host (\(text))")
                }
                return .tlsFailed("TLS handshake failed: \(text)")
            }
            return .tlsFailed("\(ssl)")
        }
        if error is NIOSSLExtraError { return .tlsFailed("\(error)") }
        return connecting ? .connectFailed("\(error)") : .failed("\(error)")
    }

    // MARK: - Called by the channel handler (on the event loop)

    func linkReady(_ connection: Int, channel: any Channel) {
        guard state.value.live, state.value.connection == connection, !state.value.ready else { return }
        state.value.channel = channel
        state.value.ready = true
        state.value.connectedAt = .now()
        state.value.handshakeTimer?.cancel()
        state.value.handshakeTimer = nil
        state.value.flood = configuration.floodControl.with(rate: state.value.flood)
        state.value.flood.reset()
        let isTLS = if case .tls = configuration.endpoint.security { true } else { false }
        post(.connected(IRCConnectionInfo(endpoint: configuration.endpoint, isTLS: isTLS)), connection: connection)
        let tick = TimeAmount.nanoseconds(Int64(configuration.tickInterval.seconds * 1e9))
        state.value.tickTask = eventLoop.scheduleRepeatedTask(initialDelay: tick, delay: tick) { _ in
            self.post(.tick(.now), connection: connection)
        }
        pump()
    }

    func linesReceived(_ lines: [Result<String, IRCLineError>], connection: Int) {
        guard state.value.live, state.value.connection == connection, !lines.isEmpty else { return }
        let limits = configuration.incomingLimits
        let batch = lines.map { result -> IRCTransportEvent in
            let kind: IRCTransportEvent.Kind
            switch result {
            case .success(let line):
                do {
                    kind = .received(try IRCMessage(parsing: line, limits: limits))
                } catch {
                    kind = .malformedLine(IRCMalformedLine(line: line, problem: "\(error)"))
                }
            case .failure(let error):
                kind = .malformedLine(IRCMalformedLine(line: nil, problem: "\(error)"))
            }
            return IRCTransportEvent(transport: id, connection: connection, kind: kind)
        }
        events.post(batch)
    }

    func writabilityChanged(_ connection: Int) {
        guard state.value.connection == connection else { return }
        pump()
    }

    /// The pinned certificate check (on the event loop, during the handshake): the leaf's
    /// SHA-256 must be `pin`. A mismatch is kept as the reason, naming the fingerprint seen so
    /// that the user can check it and pin the new one.
    func checkPin(_ pin: [UInt8], _ certificates: [NIOSSLCertificate], connection: Int) -> NIOSSLVerificationResult {
        guard let leaf = certificates.first, let seen = try? CertificatePin.fingerprint(of: leaf) else {
            if state.value.connection == connection {
                state.value.pendingReason = .certificateRejected("the server sent no certificate to check against the pinned fingerprint")
            }
            return .failed
        }
        if seen == pin { return .certificateVerified }
        if state.value.connection == connection {
            state.value.pendingReason = .certificateRejected(
                "the server's certificate is \(CertificatePin.format(seen)), not the pinned \(CertificatePin.format(pin))")
        }
        return .failed
    }

    func linkFailed(_ connection: Int, error: any Error) {
        guard state.value.live, state.value.connection == connection, state.value.pendingReason == nil else { return }
        state.value.pendingReason = Self.classify(error, connecting: !state.value.ready)
    }

    func linkClosed(_ connection: Int) {
        connectionEnded(connection, reason: state.value.pendingReason ?? .closedByServer)
    }

    // MARK: - Ending and reconnecting

    private func connectionEnded(_ connection: Int, reason: IRCDisconnectReason) {
        guard state.value.live, state.value.connection == connection else { return }
        state.value.live = false
        state.value.ready = false
        state.value.tickTask?.cancel()
        state.value.tickTask = nil
        state.value.pumpTimer?.cancel()
        state.value.pumpTimer = nil
        state.value.handshakeTimer?.cancel()
        state.value.handshakeTimer = nil
        state.value.channel?.close(promise: nil)
        state.value.channel = nil
        let unsent = state.value.queue.map(\.message)
        state.value.queue.removeAll()
        state.value.openBatches = 0
        post(.disconnected(reason: reason, unsent: unsent), connection: connection)

        // A rejected certificate does not change by itself: retrying would only repeat the
        // error every backoff step. The owner connects again once the user has looked at it.
        var rejected = false
        if case .certificateRejected = reason { rejected = true }
        if state.value.stopped || !configuration.reconnects || rejected {
            state.value.stopped = true
            post(.stopped, connection: connection)
            return
        }
        if let connectedAt = state.value.connectedAt {
            let uptime = NIODeadline.now() - connectedAt
            state.value.backoff.connectionEnded(after: .nanoseconds(uptime.nanoseconds))
        }
        var random = state.value.random
        let delay = state.value.backoff.nextDelay(using: &random)
        state.value.random = random
        post(.reconnectScheduled(delay: delay), connection: connection)
        state.value.reconnectTimer = eventLoop.scheduleTask(in: .nanoseconds(Int64(delay.seconds * 1e9))) {
            self.state.value.reconnectTimer = nil
            guard !self.state.value.stopped else { return }
            self.connect()
        }
    }

    // MARK: - Sending

    private func enqueue(_ messages: [IRCMessage], priority: Priority) {
        guard !messages.isEmpty else { return }
        let connection = state.value.connection
        guard state.value.ready, let channel = state.value.channel else {
            post(.notSent(messages, reason: .notConnected), connection: connection)
            return
        }
        var urgent = false
        for message in messages {
            let line: String
            do {
                line = try message.validatedSerialization(limits: configuration.outgoingLimits)
            } catch {
                post(.notSent([message], reason: .invalid(error)), connection: connection)
                continue
            }
            if priority == .immediate || priority == .registration {
                if priority == .immediate { state.value.flood.recordSend(at: Self.now()) }
                channel.write(Self.wire(line), promise: nil)
                urgent = true
            } else {
                // A client batch (`BATCH +ref …` to `BATCH -ref`, e.g. a multiline message) is
                // paced as one message: its lines go together in one slot.
                let opens = message.command == "BATCH" && message.parameters.first?.hasPrefix("+") == true
                let closes = message.command == "BATCH" && message.parameters.first?.hasPrefix("-") == true
                if opens { state.value.openBatches += 1 }
                if closes { state.value.openBatches = max(0, state.value.openBatches - 1) }
                state.value.queue.append(Outgoing(message: message, line: line, joinsNext: state.value.openBatches > 0))
            }
        }
        if urgent { channel.flush() }
        pump()
    }

    /// Writes every queued line whose flood-control slot has come; schedules itself for the next.
    private func pump() {
        guard state.value.ready, let channel = state.value.channel, !state.value.queue.isEmpty else { return }
        let now = Self.now()
        var wrote = false
        while let next = state.value.queue.first, channel.isWritable {
            let slot = state.value.flood.earliestSendTime(at: now)
            guard slot <= now else {
                if state.value.pumpTimer == nil {
                    let wait = TimeAmount.nanoseconds(Int64((slot - now).seconds * 1e9) + 1)
                    state.value.pumpTimer = eventLoop.scheduleTask(in: wait) {
                        self.state.value.pumpTimer = nil
                        self.pump()
                    }
                }
                break
            }
            state.value.flood.recordSend(at: now)
            state.value.queue.removeFirst()
            channel.write(Self.wire(next.line), promise: nil)
            wrote = true
            // The rest of its batch goes in the same slot.
            var joins = next.joinsNext
            while joins, let following = state.value.queue.first {
                state.value.queue.removeFirst()
                channel.write(Self.wire(following.line), promise: nil)
                joins = following.joinsNext
            }
        }
        if wrote { channel.flush() }
    }

    private static func wire(_ line: String) -> ByteBuffer {
        var buffer = ByteBuffer()
        buffer.reserveCapacity(line.utf8.count + 2)
        buffer.writeString(line)
        buffer.writeBytes([0x0D, 0x0A])
        return buffer
    }

    private static func now() -> Duration {
        .nanoseconds(Int64(NIODeadline.now().uptimeNanoseconds))
    }

    private func post(_ kind: IRCTransportEvent.Kind, connection: Int) {
        events.post([IRCTransportEvent(transport: id, connection: connection, kind: kind)])
    }
}

extension IRCTransport {
    struct Outgoing {
        let message: IRCMessage
        let line: String
        /// Whether the next queued line goes with this one, in the same flood-control slot:
        /// the lines of a client batch (a multiline message) are one message to pace.
        var joinsNext = false
    }

    /// Mutable state, only touched on the transport's event loop.
    struct State {
        var started = false
        var stopped = false
        /// Number of the current (or last) connection attempt.
        var connection = 0
        /// The current attempt is in progress or up (not yet ended).
        var live = false
        /// The link is up (TCP connected and, for TLS, the handshake done).
        var ready = false
        var channel: (any Channel)?
        var connectedAt: NIODeadline?
        var pendingReason: IRCDisconnectReason?
        var queue = CircularBuffer<Outgoing>()
        /// Client batches opened and not yet closed among the queued lines.
        var openBatches = 0
        var flood: FloodControl
        var backoff: ReconnectBackoff
        var random: any RandomNumberGenerator
        var pumpTimer: Scheduled<Void>?
        var tickTask: RepeatedTask?
        var reconnectTimer: Scheduled<Void>?
        var handshakeTimer: Scheduled<Void>?

        init(configuration: IRCTransportConfiguration, random: any RandomNumberGenerator) {
            flood = configuration.floodControl
            backoff = configuration.backoff
            self.random = random
        }
    }
}

extension FloodControl {
    /// A fresh bucket with `other`'s rate (the owner may have adjusted it).
    func with(rate other: FloodControl) -> FloodControl {
        FloodControl(burst: other.burst, interval: other.interval)
    }
}

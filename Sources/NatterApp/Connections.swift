import ChatModel
import Foundation
import IRCProtocol
import IRCSession
import IRCTransport
import NatterUI
import SDLBackend

/// The live connections of the desktop app: one IRCTransport per network, whose events arrive
/// on the UI thread through a queue that wakes the window loop (an SDL user event), and go
/// through the controller into the session and the model.
@MainActor
public final class Connections {
    private let queue: IRCTransportEventQueue
    private var transports: [String: IRCTransport] = [:]
    private var networks: [IRCTransportID: String] = [:]
    private weak var controller: ChatController?

    /// Connections whose events wake the window loop; tests pass their own `wakeUp`.
    public init(wakeUp: @escaping @Sendable () -> Void = { AppWindow.wakeUp() }) {
        queue = IRCTransportEventQueue(wakeUp: wakeUp)
    }

    /// The session time now.
    public func now() -> SessionTime {
        SessionTime(monotonic: WidgetWindow.now(), wall: Date())
    }

    private var configurations: [String: IRCTransportConfiguration] = [:]

    /// Starts connecting `network` to `endpoint`; lines the controller sends go to it.
    public func connect(network: String, endpoint: IRCServerEndpoint, controller: ChatController) {
        connect(network: network, configuration: IRCTransportConfiguration(endpoint: endpoint), controller: controller)
    }

    /// Starts connecting `network` with a whole transport configuration (reconnect backoff, tick
    /// interval, …), kept for ``restart(network:)``.
    public func connect(network: String, configuration: IRCTransportConfiguration, controller: ChatController) {
        self.controller = controller
        configurations[network] = configuration
        let transport = IRCTransport(configuration, events: queue)
        transports[network] = transport
        networks[transport.id] = network
        transport.start()
    }

    /// Lines from the session to the server.
    /// Lines from the session to the server; those of registration (`registering`) go at
    /// once, outside the flood control's pacing.
    public func send(network: String, lines: [IRCMessage], registering: Bool = false) {
        transports[network]?.send(lines, priority: registering ? .registration : .normal)
    }

    /// Closes a link (a dead link, or /reconnect); the transport reconnects.
    public func forceClose(network: String, reason: String) {
        transports[network]?.forceClose(reason: reason)
    }

    /// /reconnect: closes a live link so that it reconnects, or connects again a network whose
    /// transport stopped on its own (a rejected certificate).
    public func reconnect(network: String) {
        if transports[network] != nil {
            forceClose(network: network, reason: "reconnecting")
        } else {
            restart(network: network)
        }
    }

    /// Disconnects `network` and stops reconnecting (/quit, /disconnect).
    public func stop(network: String) {
        transports.removeValue(forKey: network)?.stop()
    }

    /// Connects `network` again after a /disconnect (/connect).
    public func restart(network: String) {
        guard transports[network] == nil, let configuration = configurations[network], let controller else { return }
        connect(network: network, configuration: configuration, controller: controller)
    }

    /// Stops every transport (at quit).
    public func stopAll() {
        for transport in transports.values { transport.stop() }
    }

    /// Applies what the transports reported since the last wake-up.
    public func drain() {
        guard let controller else { return }
        for event in queue.drain() {
            guard let network = networks[event.transport] else { continue }
            let now = now()
            switch event.kind {
            case .connecting(let endpoint):
                controller.linkStatus[network] = "connecting…"
                controller.model.note("Connecting to \(endpoint.host):\(endpoint.port)…", in: serverBuffer(network, controller),
                                      at: now.wall)
            case .connected(let info):
                controller.linkStatus[network] = info.isInsecure && info.isTLS ? "insecure TLS" : (info.isTLS ? "" : "no TLS")
                if let warning = Self.insecurityWarning(info.endpoint.security) {
                    controller.model.note(warning, in: serverBuffer(network, controller), isError: true, at: now.wall)
                }
                controller.deliver(.connected(now: now), network: network)
            case .received(let message):
                controller.receive(message, network: network)
            case .malformedLine(let bad):
                controller.model.note("Skipped a malformed line from the server: \(bad.problem)",
                                      in: serverBuffer(network, controller), isError: true, at: now.wall)
            case .tick:
                controller.deliver(.tick(now: now), network: network)
            case .disconnected(let reason, let unsent):
                if let (text, isError) = Self.describe(reason) {
                    controller.model.note(text, in: serverBuffer(network, controller), isError: isError, at: now.wall)
                }
                controller.deliver(.disconnected(reason: "\(reason)", now: now), network: network)
                requeue(unsent, network: network, controller: controller, now: now)
            case .reconnectScheduled(let delay):
                let seconds = Double(delay.components.seconds) + Double(delay.components.attoseconds) / 1e18
                controller.linkStatus[network] = "reconnecting in \(Int(seconds.rounded())) s"
                controller.model.note("Reconnecting in \(Int(seconds.rounded())) s", in: serverBuffer(network, controller),
                                      at: now.wall)
            case .notSent(let lines, _):
                requeue(lines, network: network, controller: controller, now: now)
            case .stopped:
                controller.linkStatus[network] = "disconnected"
                // Stopped on its own (not by stop(network:), which forgot it first): /connect and
                // /reconnect start a new transport.
                if transports[network]?.id == event.transport { transports[network] = nil }
            }
        }
    }

    /// Messages that never reached the socket are typed again into the session, which queues
    /// them as pending while disconnected and sends them after reconnecting: nothing typed is
    /// lost.
    private func requeue(_ lines: [IRCMessage], network: String, controller: ChatController, now: SessionTime) {
        for line in lines where (line.command == "PRIVMSG" || line.command == "NOTICE") && line.parameters.count == 2 {
            let target = line.parameters[0], text = line.parameters[1]
            let intent: UserIntent
            if let ctcp = CTCPMessage(decoding: text), ctcp.command == "ACTION" {
                intent = .sendAction(target: target, text: ctcp.parameters ?? "")
            } else {
                intent = line.command == "NOTICE" ? .sendNotice(target: target, text: text) : .sendMessage(target: target, text: text)
            }
            controller.deliver(.intent(intent, now: now), network: network)
        }
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

    private func serverBuffer(_ network: String, _ controller: ChatController) -> BufferID {
        BufferID(network: network, name: "")
    }
}

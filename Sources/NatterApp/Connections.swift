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

    private var endpoints: [String: IRCServerEndpoint] = [:]

    /// Starts connecting `network` to `endpoint`; lines the controller sends go to it.
    public func connect(network: String, endpoint: IRCServerEndpoint, controller: ChatController) {
        self.controller = controller
        endpoints[network] = endpoint
        let transport = IRCTransport(IRCTransportConfiguration(endpoint: endpoint), events: queue)
        transports[network] = transport
        networks[transport.id] = network
        transport.start()
    }

    /// Lines from the session to the server.
    public func send(network: String, lines: [IRCMessage]) {
        transports[network]?.send(lines)
    }

    /// Closes a link (a dead link, or /reconnect); the transport reconnects.
    public func forceClose(network: String, reason: String) {
        transports[network]?.forceClose(reason: reason)
    }

    /// Disconnects `network` and stops reconnecting (/quit, /disconnect).
    public func stop(network: String) {
        transports.removeValue(forKey: network)?.stop()
    }

    /// Connects `network` again after a /disconnect (/connect).
    public func restart(network: String) {
        guard transports[network] == nil, let endpoint = endpoints[network], let controller else { return }
        connect(network: network, endpoint: endpoint, controller: controller)
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
                if !info.isTLS {
                    controller.model.note("Connected without TLS: the connection is not encrypted",
                                          in: serverBuffer(network, controller), at: now.wall)
                } else if info.isInsecure {
                    controller.model.note("Connected WITHOUT checking the server's TLS certificate (insecure)",
                                          in: serverBuffer(network, controller), isError: true, at: now.wall)
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

    private func serverBuffer(_ network: String, _ controller: ChatController) -> BufferID {
        BufferID(network: network, name: "")
    }
}

import Dispatch
import Foundation
import IRCProtocol
import IRCTestServers
import IRCTransport

/// Collects one transport's events through a real ``IRCTransportEventQueue``, woken by its
/// callback (a semaphore here, an SDL user event in the app), and lets a test wait for one.
final class EventRecorder {
    let queue: IRCTransportEventQueue
    private let signal: DispatchSemaphore
    /// Events drained but not yet consumed by ``next(_:timeout:where:)``.
    private var buffer: [IRCTransportEvent] = []
    /// Every event seen, in order.
    private(set) var history: [IRCTransportEvent] = []

    init() {
        let signal = DispatchSemaphore(value: 0)
        self.signal = signal
        queue = IRCTransportEventQueue { signal.signal() }
    }

    /// Waits for an event matching `predicate`; drops the events before it. Throws on timeout.
    @discardableResult
    func next(_ description: String, timeout: Double = 10,
              where predicate: (IRCTransportEvent.Kind) -> Bool) throws -> IRCTransportEvent {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let index = buffer.firstIndex(where: { predicate($0.kind) }) {
                let event = buffer[index]
                buffer.removeFirst(index + 1)
                return event
            }
            buffer.removeAll()
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else {
                throw TestServerError("timed out waiting for \(description); last events: "
                    + history.suffix(5).map { "\($0.kind)" }.joined(separator: " | "))
            }
            _ = signal.wait(timeout: .now() + remaining)
            let drained = queue.drain()
            history += drained
            buffer += drained
        }
    }

    /// Waits for a received message with `command` (and matching `predicate`).
    @discardableResult
    func message(_ command: String, timeout: Double = 10,
                 where predicate: (IRCMessage) -> Bool = { _ in true }) throws -> IRCMessage {
        let event = try next("\(command)", timeout: timeout) {
            if case .received(let message) = $0 { message.command == command && predicate(message) } else { false }
        }
        guard case .received(let message) = event.kind else { fatalError("unreachable") }
        return message
    }

    /// Collects everything that arrives within `seconds`.
    func collect(for seconds: Double) -> [IRCTransportEvent] {
        let deadline = Date().addingTimeInterval(seconds)
        var collected = buffer
        buffer.removeAll()
        while deadline.timeIntervalSinceNow > 0 {
            _ = signal.wait(timeout: .now() + deadline.timeIntervalSinceNow)
            let drained = queue.drain()
            history += drained
            collected += drained
        }
        return collected
    }
}

extension IRCTransportEvent.Kind {
    var isConnected: Bool { if case .connected = self { true } else { false } }
    var isTick: Bool { if case .tick = self { true } else { false } }
    var isReceived: Bool { if case .received = self { true } else { false } }
    var isStopped: Bool { if case .stopped = self { true } else { false } }
    var disconnect: (reason: IRCDisconnectReason, unsent: [IRCMessage])? {
        if case .disconnected(let reason, let unsent) = self { (reason, unsent) } else { nil }
    }
    var reconnectDelay: Duration? {
        if case .reconnectScheduled(let delay) = self { delay } else { nil }
    }
}

/// A transport for tests: fast ticks and flood control unless told otherwise.
func makeTransport(port: UInt16 = 0, security: IRCTransportSecurity = .plaintext, endpoint: IRCServerEndpoint? = nil,
                   reconnects: Bool = false, backoff: ReconnectBackoff = ReconnectBackoff(),
                   floodControl: FloodControl = FloodControl(burst: 20, interval: .milliseconds(50)),
                   tickInterval: Duration = .seconds(5)) -> (IRCTransport, EventRecorder) {
    let recorder = EventRecorder()
    let configuration = IRCTransportConfiguration(
        endpoint: endpoint ?? IRCServerEndpoint(host: "127.0.0.1", port: Int(port), security: security),
        reconnects: reconnects, backoff: backoff, floodControl: floodControl,
        tickInterval: tickInterval, connectTimeout: .seconds(5))
    return (IRCTransport(configuration, events: recorder.queue), recorder)
}

/// NICK/USER by hand over the transport, then waits for 001.
func register(_ transport: IRCTransport, _ recorder: EventRecorder, nick: String) throws {
    transport.send([IRCMessage(command: "NICK", parameters: [nick]),
                    IRCMessage(command: "USER", parameters: [nick, "0", "*", "Natter transport test"])])
    try recorder.message("001")
}

/// Stops a transport and waits for its last event.
func shutDown(_ transport: IRCTransport, _ recorder: EventRecorder) throws {
    if recorder.history.contains(where: { $0.kind.isStopped }) { return }
    transport.stop()
    try recorder.next("stopped", timeout: 5) { $0.isStopped }
}

/// Registers the transport as `nick` and, alongside, a raw peer on `peerPort` as `peerNick`, and
/// puts both in `channel`. Returns the peer.
func meetInChannel(_ channel: String, _ transport: IRCTransport, _ recorder: EventRecorder, nick: String,
                   peerNick: String, peerPort: UInt16) throws -> RawIRCClient {
    let peer = try RawIRCClient(port: peerPort)
    try peer.send(lines: ["NICK \(peerNick)", "USER \(peerNick) 0 * :peer"])
    try register(transport, recorder, nick: nick)
    try peer.waitFor(command: "001")
    try peer.join(channel)
    transport.send(IRCMessage(command: "JOIN", parameters: [channel]))
    try recorder.message("366")
    return peer
}

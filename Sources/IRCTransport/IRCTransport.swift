import IRCProtocol
// Re-exported: this module's API is written in the machine's values (configuration,
// endpoint, events), so whoever uses the transport needs them, and gets them with it.
@_exported import IRCTransportCore
import NIOCore
import NIOPosix
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
/// This class is the shell: every decision (attempts, readiness, pacing, timers, backoff) is
/// ``TransportMachine``'s. The shell feeds it what NIO reports and carries out its actions:
/// opening and closing channels, writing, scheduling timers, posting events.
///
/// Call ``stop()`` when done: a live link keeps the transport alive until it closes.
public final class IRCTransport: Sendable {
    /// How urgently a line should go out.
    public typealias Priority = TransportMachine.Priority

    public let id: IRCTransportID
    public let configuration: IRCTransportConfiguration
    let eventLoop: any EventLoop
    let events: IRCTransportEventQueue
    private let state: NIOLoopBoundBox<Shell>

    private static let nextID = Atomic<Int>(1)

    /// What only the event loop touches: the machine, the channels of its attempts (by attempt
    /// number; a late one is kept until the machine says to close it), pending timers (with a
    /// generation: NIO may still run a task cancelled in the batch it is running), and inputs
    /// that arrive while actions are being carried out.
    struct Shell {
        var machine: TransportMachine
        var channels: [Int: any Channel] = [:]
        var timers: [TransportMachine.Timer: (generation: Int, task: Scheduled<Void>)] = [:]
        var timerGeneration = 0
        var performing = false
        var pending: [TransportMachine.Input] = []
    }

    /// The one network thread every transport runs on by default. An IRC client's few links
    /// carry little; NIO's singleton group starts a thread per core instead, each with its own
    /// event loop and a 196 KiB task buffer reserved up front (3 MiB on a 16-core machine).
    public static let sharedEventLoopGroup = MultiThreadedEventLoopGroup(numberOfThreads: 1)

    /// Creates a transport (idle until ``start()``).
    ///
    /// - Parameters:
    ///   - random: the source of reconnect jitter (inject a seeded one in tests).
    ///   - eventLoopGroup: where the connection runs; by default ``sharedEventLoopGroup``.
    public init(_ configuration: IRCTransportConfiguration, events: IRCTransportEventQueue,
                random: sending any RandomNumberGenerator = SystemRandomNumberGenerator(),
                eventLoopGroup: any EventLoopGroup = IRCTransport.sharedEventLoopGroup) {
        id = IRCTransportID(rawValue: Self.nextID.wrappingAdd(1, ordering: .relaxed).oldValue)
        self.configuration = configuration
        self.events = events
        eventLoop = eventLoopGroup.next()
        state = .makeBoxSendingValue(Shell(machine: TransportMachine(configuration: configuration, random: random)),
                                     eventLoop: eventLoop)
    }

    // MARK: - Owner's API

    /// Starts connecting. Calling it again has no effect.
    public func start() {
        eventLoop.execute { self.handle(.start) }
    }

    /// Queues `messages` in order. Invalid messages, and all of them while no link is up, come back
    /// as ``IRCTransportEvent/Kind/notSent(_:reason:)``.
    public func send(_ messages: [IRCMessage], priority: Priority = .normal) {
        eventLoop.execute { self.handle(.send(messages, priority)) }
    }

    /// Queues one message; see ``send(_:priority:)-(IRCMessage],_)``.
    public func send(_ message: IRCMessage, priority: Priority = .normal) {
        send([message], priority: priority)
    }

    /// Closes the current link (e.g. declared dead after a silence); a reconnect follows. Queued
    /// lines come back in the disconnect event. Has no effect while no link is up or connecting.
    public func forceClose(reason: String) {
        eventLoop.execute { self.handle(.forceClose(reason: reason)) }
    }

    /// Closes the link for good (no reconnect). Queued lines come back in the disconnect event;
    /// ``IRCTransportEvent/Kind/stopped`` is the last event. Send an urgent QUIT first if wanted.
    public func stop() {
        eventLoop.execute { self.handle(.stop) }
    }

    /// Closes after what is queued and then `farewell` (a QUIT) have been written, giving the
    /// server up to `within` to close the link after them; then stops, or reconnects
    /// (`reconnect`). Lines still queued when the time is up come back in the disconnect event.
    public func leave(farewell: [IRCMessage], within: Duration, reconnect: Bool) {
        eventLoop.execute { self.handle(.leave(farewell: farewell, within: within, reconnect: reconnect)) }
    }

    /// Changes the outgoing rate (keeps the current debt), e.g. to slow down on a lagging server.
    public func adjustFloodControl(burst: Int, interval: Duration) {
        eventLoop.execute { self.handle(.adjustFloodControl(burst: burst, interval: interval)) }
    }

    // MARK: - The machine and its actions (on the event loop)

    /// Feeds `input` to the machine and carries out what it returns. An input that arrives
    /// while actions are carried out (closing or writing to a channel can report its close at
    /// once) waits until they are all done, so no action runs on a decision made before it.
    func handle(_ input: TransportMachine.Input) {
        guard !state.value.performing else {
            state.value.pending.append(input)
            return
        }
        state.value.performing = true
        var next: TransportMachine.Input? = input
        while let input = next {
            let now = Duration.nanoseconds(Int64(NIODeadline.now().uptimeNanoseconds))
            let actions = state.value.machine.handle(input, now: now)
            for action in actions { perform(action) }
            next = state.value.pending.isEmpty ? nil : state.value.pending.removeFirst()
        }
        state.value.performing = false
    }

    /// Stores `channel` as attempt `connection`'s, then reports `input` about it.
    func handle(_ input: TransportMachine.Input, channel: any Channel, connection: Int) {
        state.value.channels[connection] = channel
        handle(input)
    }

    /// Whether the current attempt is up (for naming an error: connecting or dropped).
    var isReady: Bool { state.value.machine.isReady }

    private func perform(_ action: TransportMachine.Action) {
        switch action {
        case .open(let connection):
            open(connection)
        case .write(let lines, let connection):
            guard let channel = state.value.channels[connection] else { return }
            for line in lines { channel.write(Self.wire(line), promise: nil) }
            channel.flush()
        case .close(let connection):
            state.value.channels.removeValue(forKey: connection)?.close(promise: nil)
        case .schedule(let timer, let delay):
            state.value.timers[timer]?.task.cancel()
            state.value.timerGeneration += 1
            let generation = state.value.timerGeneration
            let task = eventLoop.scheduleTask(in: .nanoseconds(Int64(delay.seconds * 1e9) + 1)) {
                guard self.state.value.timers[timer]?.generation == generation else { return }
                self.state.value.timers[timer] = nil
                self.handle(.timerFired(timer))
            }
            state.value.timers[timer] = (generation, task)
        case .cancel(let timer):
            state.value.timers.removeValue(forKey: timer)?.task.cancel()
        case .post(let kinds, let connection):
            events.post(kinds.map { IRCTransportEvent(transport: id, connection: connection, kind: $0) })
        case .tick(let connection):
            events.post([IRCTransportEvent(transport: id, connection: connection, kind: .tick(.now))])
        }
    }

    private static func wire(_ line: String) -> ByteBuffer {
        var buffer = ByteBuffer()
        buffer.reserveCapacity(line.utf8.count + 2)
        buffer.writeString(line)
        buffer.writeBytes([0x0D, 0x0A])
        return buffer
    }
}

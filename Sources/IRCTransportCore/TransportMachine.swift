import DequeModule
import IRCProtocol

/// The decisions of one network's connection, without I/O: connection attempts and their
/// generations, readiness, the handshake deadline, flood-controlled sending, ticks, and
/// reconnecting with backoff. `IRCTransport` (in the module of that name) is the thin NIO
/// shell that feeds it what the sockets and timers report and carries out the ``Action``s it
/// returns.
///
/// Like `IRCSession`, it is a value driven by `handle(_:now:)`; time is a `Duration` on the
/// caller's monotonic clock, so tests run it on a virtual one. Each attempt is numbered
/// (`connection`); reports about an older attempt are stale and change nothing, except that a
/// stale channel is closed.
public struct TransportMachine {
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

    /// The machine's timers; at most one of each is pending.
    public enum Timer: Hashable, Sendable {
        /// The next flood-control slot for queued lines.
        case pump
        /// The session's keepalive tick while a link is up.
        case tick
        /// The next connection attempt after a drop.
        case reconnect
        /// The TLS handshake's deadline.
        case handshake
        /// The last moment of a ``Input/leave(farewell:within:reconnect:)``: the farewell is
        /// written if it has not been, and the link closed.
        case leave
    }

    /// What the owner, the sockets and the timers report.
    public enum Input {
        /// The owner starts connecting (once).
        case start
        /// The owner sends lines.
        case send([IRCMessage], Priority)
        /// The owner declares the link dead; a reconnect follows.
        case forceClose(reason: String)
        /// The owner closes for good, at once.
        case stop
        /// The owner closes after the lines already queued and then `farewell` (a QUIT) are
        /// written: the queue keeps its pace, the farewell follows it, and the server's close
        /// (its answer to QUIT) ends the link. Once `within` has passed the farewell is written
        /// whatever is still queued (which comes back unsent), and the machine closes the link
        /// itself. Then it stops for good, or reconnects (`reconnect`, as after a drop).
        case leave(farewell: [IRCMessage], within: Duration, reconnect: Bool)
        /// The owner changes the outgoing rate.
        case adjustFloodControl(burst: Int, interval: Duration)
        /// Attempt `connection` has a TCP channel (not yet ready for TLS).
        case channelOpened(connection: Int)
        /// Attempt `connection` could not be made.
        case connectFailed(connection: Int, reason: IRCDisconnectReason)
        /// Attempt `connection`'s peer certificate, checked against the pinned fingerprint
        /// (`seen` is `nil` when the server sent none).
        case certificateChecked(connection: Int, seen: [UInt8]?)
        /// Attempt `connection` is ready for lines (TCP up, and the TLS handshake done).
        case linkReady(connection: Int)
        /// Lines framed from attempt `connection`'s bytes.
        case received(connection: Int, lines: [Result<String, IRCLineError>])
        /// Attempt `connection`'s channel became writable or stopped being so.
        case writabilityChanged(connection: Int, isWritable: Bool)
        /// Attempt `connection` hit an error; its channel closes next.
        case linkFailed(connection: Int, reason: IRCDisconnectReason)
        /// Attempt `connection`'s channel closed.
        case linkClosed(connection: Int)
        /// A timer the machine scheduled came due.
        case timerFired(Timer)
    }

    /// What the shell must do, in order.
    public enum Action: Hashable, Sendable {
        /// Open attempt `connection` to the configured endpoint.
        case open(connection: Int)
        /// Write these lines (without line ends) to attempt `connection`'s channel, and flush.
        case write([String], connection: Int)
        /// Close attempt `connection`'s channel, if it has one.
        case close(connection: Int)
        /// Run `timer` after `delay`, replacing a pending one.
        case schedule(Timer, after: Duration)
        /// Cancel `timer` if it is pending.
        case cancel(Timer)
        /// Post these events, as one batch, for attempt `connection`.
        case post([IRCTransportEvent.Kind], connection: Int)
        /// Post a tick (stamped by the shell's clock) for attempt `connection`.
        case tick(connection: Int)
    }

    struct Outgoing {
        let message: IRCMessage
        let line: String
        /// Whether the next queued line goes with this one, in the same flood-control slot:
        /// the lines of a client batch (a multiline message) are one message to pace.
        var joinsNext = false
    }

    public let configuration: IRCTransportConfiguration
    /// The current (or last) attempt's number; the first is 1.
    public internal(set) var connection = 0
    /// Whether the link is up: TCP connected and, for TLS, the handshake done.
    public internal(set) var isReady = false
    /// Whether the machine has stopped for good.
    public internal(set) var isStopped = false
    /// Lines waiting for their flood-control slot.
    public var queuedCount: Int { queue.count }

    var started = false
    /// The current attempt is in progress or up (not yet ended).
    var live = false
    /// The current attempt has a channel to close.
    var hasChannel = false
    /// The current attempt's channel is being closed (a TLS close can take seconds): no line
    /// goes out meanwhile, so the queue comes back whole in the disconnect event, and a late
    /// handshake does not make the link ready.
    var closing = false
    var isWritable = true
    var pumpPending = false
    var connectedAt: Duration?
    var pendingReason: IRCDisconnectReason?
    /// The farewell of a ``Input/leave(farewell:within:reconnect:)`` in progress, as lines to
    /// write, and whether they have been.
    var farewell: (lines: [String], written: Bool)?
    var queue = Deque<Outgoing>()
    /// Client batches opened and not yet closed among the queued lines.
    var openBatches = 0
    var flood: FloodControl
    var backoff: ReconnectBackoff
    var random: any RandomNumberGenerator
    var actions: [Action] = []

    /// A machine for `configuration`; `random` is the reconnect jitter's source.
    public init(configuration: IRCTransportConfiguration,
                random: any RandomNumberGenerator = SystemRandomNumberGenerator()) {
        self.configuration = configuration
        flood = configuration.floodControl
        backoff = configuration.backoff
        self.random = random
    }

    /// Applies `input` at `now` and returns what to do.
    public mutating func handle(_ input: Input, now: Duration) -> [Action] {
        actions.removeAll(keepingCapacity: true)
        switch input {
        case .start:
            guard !started else { break }
            started = true
            connect()
        case .send(let messages, let priority): enqueue(messages, priority: priority, now: now)
        case .forceClose(let reason): closeLink(because: .closedByOwner(reason), now: now)
        case .stop: stop(now: now)
        case .leave(let lines, let within, let reconnect): leave(farewell: lines, within: within, reconnect: reconnect, now: now)
        case .adjustFloodControl(let burst, let interval):
            flood.burst = burst
            flood.interval = interval
            pump(now: now)
        case .channelOpened(let attempt): channelOpened(attempt)
        case .connectFailed(let attempt, let reason): ended(attempt, reason: reason, now: now)
        case .certificateChecked(let attempt, let seen): certificateChecked(attempt, seen: seen)
        case .linkReady(let attempt): linkReady(attempt, now: now)
        case .received(let attempt, let lines): received(attempt, lines)
        case .writabilityChanged(let attempt, let writable):
            guard attempt == connection else { break }
            isWritable = writable
            pump(now: now)
        case .linkFailed(let attempt, let reason):
            guard isCurrent(attempt), pendingReason == nil else { break }
            pendingReason = reason
        case .linkClosed(let attempt): ended(attempt, reason: pendingReason ?? .closedByServer, now: now)
        case .timerFired(let timer): fired(timer, now: now)
        }
        return actions
    }

    func isCurrent(_ attempt: Int) -> Bool { live && attempt == connection }

    mutating func post(_ kinds: IRCTransportEvent.Kind...) {
        actions.append(.post(kinds, connection: connection))
    }

    private mutating func fired(_ timer: Timer, now: Duration) {
        switch timer {
        case .pump:
            pumpPending = false
            pump(now: now)
        case .tick:
            guard live, isReady else { return }
            actions.append(.tick(connection: connection))
            actions.append(.schedule(.tick, after: configuration.tickInterval))
        case .reconnect:
            guard !isStopped, !live else { return }
            connect()
        case .handshake:
            guard live, !isReady, !closing else { return }
            pendingReason = .tlsFailed("the TLS handshake timed out")
            closing = true
            actions.append(.close(connection: connection))
        case .leave:
            guard live, let farewell else { return }
            if !farewell.written {
                self.farewell?.written = true
                actions.append(.write(farewell.lines, connection: connection))
            }
            closeLink(because: pendingReason ?? .stopped, now: now)
        }
    }
}

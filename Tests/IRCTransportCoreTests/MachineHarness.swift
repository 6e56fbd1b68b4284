import IRCProtocol
import IRCTransportCore

/// Runs a ``TransportMachine`` on a virtual clock, doing what the NIO shell would: it keeps
/// the pending timers and fires them as time advances, keeps which attempts have an open
/// channel, and records lines written and events posted.
struct MachineHarness {
    var machine: TransportMachine
    private(set) var now = Duration.zero
    private(set) var timers: [TransportMachine.Timer: Duration] = [:]
    /// Attempts whose channel is open (opened by the test, closed by the machine).
    private(set) var channels: Set<Int> = []
    /// Whether a channel the machine closes reports its close at once (plain TCP), or only at
    /// ``finishClosing()`` (a TLS close waits for the server's close notice, up to seconds).
    var closesAtOnce = true
    /// Channels asked to close whose close has not been reported yet.
    private(set) var closing: Set<Int> = []
    /// Inputs reported while actions are carried out, handled after them (as the shell does).
    private var pending: [TransportMachine.Input] = []
    private var performing = false
    /// Attempts the machine asked to open.
    private(set) var opened: [Int] = []
    /// Lines written, with the attempt and the time.
    private(set) var written: [(line: String, connection: Int, at: Duration)] = []
    /// Events posted, with their attempt.
    private(set) var events: [(kind: IRCTransportEvent.Kind, connection: Int)] = []
    private(set) var ticks = 0

    init(_ configuration: IRCTransportConfiguration) {
        machine = TransportMachine(configuration: configuration)
    }

    static func plain(reconnects: Bool = true, burst: Int = 5, interval: Duration = .seconds(2),
                      backoff: ReconnectBackoff = ReconnectBackoff(initialDelay: .seconds(2), jitter: 0),
                      security: IRCTransportSecurity = .plaintext) -> MachineHarness {
        MachineHarness(IRCTransportConfiguration(
            endpoint: IRCServerEndpoint(host: "irc.test", port: 6667, security: security), reconnects: reconnects,
            backoff: backoff, floodControl: FloodControl(burst: burst, interval: interval),
            tickInterval: .seconds(5), connectTimeout: .seconds(20)))
    }

    mutating func handle(_ input: TransportMachine.Input) {
        guard !performing else {
            pending.append(input)
            return
        }
        performing = true
        perform(input)
        while !pending.isEmpty { perform(pending.removeFirst()) }
        performing = false
    }

    /// Reports the close of every channel still closing.
    mutating func finishClosing() {
        for connection in closing.sorted() { handle(.linkClosed(connection: connection)) }
        closing.removeAll()
    }

    private mutating func perform(_ input: TransportMachine.Input) {
        for action in machine.handle(input, now: now) {
            switch action {
            case .open(let connection): opened.append(connection)
            case .write(let lines, let connection):
                precondition(channels.contains(connection), "wrote to attempt \(connection), which has no channel")
                written += lines.map { ($0, connection, now) }
            case .close(let connection):
                // The channel's close comes back as a report, as NIO's would.
                guard channels.remove(connection) != nil else { break }
                if closesAtOnce { handle(.linkClosed(connection: connection)) } else { closing.insert(connection) }
            case .schedule(let timer, let delay): timers[timer] = now + delay
            case .cancel(let timer): timers[timer] = nil
            case .post(let kinds, let connection): events += kinds.map { ($0, connection) }
            case .tick: ticks += 1
            }
        }
    }

    /// Moves the clock on by `duration`, firing each timer at its time, earliest first.
    mutating func advance(_ duration: Duration) {
        let end = now + duration
        while let (timer, due) = timers.filter({ $0.value <= end }).min(by: { $0.value < $1.value }) {
            now = max(now, due)
            timers[timer] = nil
            handle(.timerFired(timer))
        }
        now = end
    }

    /// Attempt `connection`'s TCP channel opens (for TLS, the handshake is still to come).
    mutating func channelOpens(_ connection: Int) {
        channels.insert(connection)
        handle(.channelOpened(connection: connection))
    }

    /// Attempt `connection`'s channel opens and is ready (plain TCP).
    mutating func linkUp(_ connection: Int) {
        channelOpens(connection)
        handle(.linkReady(connection: connection))
    }

    /// The server closes attempt `connection`'s channel.
    mutating func serverCloses(_ connection: Int) {
        channels.remove(connection)
        handle(.linkClosed(connection: connection))
    }

    var lines: [String] { written.map(\.line) }
    var kinds: [IRCTransportEvent.Kind] { events.map(\.kind) }

    /// Short names of the events, for readable expectations.
    var eventNames: [String] {
        events.map { event in
            switch event.kind {
            case .connecting: "connecting"
            case .connected: "connected"
            case .received: "received"
            case .malformedLine: "malformed"
            case .tick: "tick"
            case .disconnected: "disconnected"
            case .reconnectScheduled(let delay): "reconnect \(delay)"
            case .notSent: "notSent"
            case .drained: "drained"
            case .stopped: "stopped"
            }
        }
    }
}

func privmsg(_ text: String) -> IRCMessage { IRCMessage(command: "PRIVMSG", parameters: ["#c", text]) }

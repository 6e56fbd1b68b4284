import FoundationEssentials
import IRCProtocol

/// An I/O-free IRC client: feed it ``SessionInput``s, get back lines to send and events.
///
/// The session is a plain value. It never reads a clock or touches a socket; the transport calls
/// ``handle(_:)`` with each parsed line, a tick about once a second, and the user's intents, then
/// writes the ``SessionOutput/send(_:)`` messages and hands the events to the model.
///
/// ```swift
/// var session = IRCSession(configuration: config)
/// for output in session.handle(.connected(now: now)) { … }       // CAP LS 302, NICK, USER
/// for output in session.handle(.received(message, now: now)) { … }
/// ```
/// The work is split by concern into extensions: registration and CAP, SASL, channels and
/// members, chat messages and CTCP, history, keepalive, and user intents.
public struct IRCSession: Sendable {
    /// The configuration the session was created with (its passwords may come later:
    /// ``setCredentials(sasl:serverPassword:)``).
    public private(set) var configuration: SessionConfiguration
    /// What the session knows right now.
    public internal(set) var state: SessionState

    // Per-connection bookkeeping (reset by `connected`).
    var outputs: [SessionOutput] = []
    var capListBuffer: [String] = []
    var capNegotiationOpen = false
    var nickAttempt = 0
    var nicksTried: [String] = []
    /// Whether this connection runs over verified TLS (for STS).
    var linkIsSecure = false
    /// The nick we want back: the configured one once registration had to fall back to another
    /// (it was taken, often by our own ghost after a reconnect), or the last /nick. When it
    /// frees up, we take it. `nil` otherwise: a nick the server or a bouncer gave us stays.
    var wantedNick: String?
    /// The nick the user last took with /nick (the server agreed): a reconnect registers with
    /// it, not the configured one. A nick the server gave us is not one the user chose.
    var chosenNick: String?
    /// The nick the user's last /nick asked for, until the server answers.
    var requestedNick: String?
    /// NAMES gives every member's host (`userhost-in-names`): messages need not teach them.
    var namesGiveHosts = false
    /// We sent QUIT on this connection: its end is our choice, and owes no gap warning.
    var quitting = false
    var sasl: SASLExchange?
    var registrationFinished = false
    var batches: [String: OpenBatch] = [:]
    var namesInProgress: [String: [String: ChannelMember]] = [:]
    var keepalive = KeepaliveState()
    var awaitingEcho: [AwaitingEcho] = []
    /// Lines requeued when the link dropped before their echo, by target and body, until the
    /// transport's own report of them (``linesNotSent(_:now:)``) or the next registration.
    var requeuedAtDrop: [String: Int] = [:]
    var nextLabel = 0
    var nextBatch = 0
    /// Questions typed and the answers being collected (IRCSession+Answers).
    var answers = AnswerTracker()

    // Kept across reconnects.
    var desiredChannels: [ChannelKey]
    /// Whether a reconnection joins `channel` again (we joined it and have not left it, and
    /// no join of it was refused).
    public func rejoins(_ channel: String) -> Bool {
        desiredChannels.contains { state.isupport.equal($0.name, channel) }
    }
    /// The key to join `channel` with: the one it was joined with, or the one its modes show.
    public func joinKey(for channel: String) -> String? {
        if let key = desiredChannels.first(where: { state.isupport.equal($0.name, channel) })?.key { return key }
        guard let key = state.channel(named: channel)?.modes["k"], !key.isEmpty, key != "*" else { return nil }
        return key
    }
    var desiredAway: String?
    /// AWAY went before CAP END this connection (draft/pre-away): not again once registered.
    var awaySentEarly = false
    /// The nicks watched with MONITOR (kept across reconnects).
    public internal(set) var monitorList: [String] = []
    /// When a typing notification last went to each target (folded), for the 3 s throttle.
    var typingSentAt: [String: Double] = [:]
    /// A `done` the throttle held back, by folded target: the target as named, and when it may go.
    var typingDoneHeld: [String: (target: String, due: Double)] = [:]
    var pending: [PendingMessage] = []
    var nextLocalID = 0
    var history = HistoryTracker()
    var ctcpBucket: TokenBucket
    /// CTCP PINGs sent this connection and not answered yet, to time their answers.
    var ctcpPings: [SentPing] = []
    /// The WHOs sent by the session after joins (`IRCSession+AutoWho.swift`).
    var autoWho = AutoWhoState()
    /// Quits and joins that look like a netsplit, grouped (`IRCSession+Netsplits.swift`).
    var splits = SplitTracker()

    /// Creates a disconnected session.
    public init(configuration: SessionConfiguration) {
        self.configuration = configuration
        state = SessionState(nick: configuration.nick)
        desiredChannels = configuration.autoJoin
        monitorList = configuration.monitor
        ctcpBucket = TokenBucket(capacity: configuration.ctcp.burst,
                                 refillInterval: configuration.ctcp.refillInterval)
    }

    /// Gives the session the login it registers with from its next connection on: the
    /// passwords of a network whose keyring or `password_command` answered after the session
    /// was made. Everything else it holds (messages typed meanwhile, channels to join) stays.
    public mutating func setCredentials(sasl: SASLMechanismConfig?, serverPassword: String?) {
        configuration.sasl = sasl
        configuration.serverPassword = serverPassword
    }

    /// Changes the settings the session reads as it goes (its login at the next registration,
    /// the CTCP answers, SASL's failure policy): config.toml edited while Natter runs. The
    /// channels added to ``SessionConfiguration/autoJoin`` are joined from the next
    /// registration on, those taken out no longer: nothing is joined or parted now, and what
    /// the user joined or parted meanwhile stays so. The watched nicks change by intents
    /// instead (`monitorAdd`, `monitorRemove`).
    public mutating func reconfigure(_ change: (inout SessionConfiguration) -> Void) {
        let before = configuration.autoJoin
        change(&configuration)
        let isupport = state.isupport
        let listed = { (list: [ChannelKey], channel: ChannelKey) in list.contains { isupport.equal($0.name, channel.name) } }
        for gone in before where !listed(configuration.autoJoin, gone) {
            desiredChannels.removeAll { isupport.equal($0.name, gone.name) }
        }
        for added in configuration.autoJoin where !listed(before, added) && !listed(desiredChannels, added) {
            desiredChannels.append(added)
        }
        // A channel whose key changed (or whose key arrived from the keyring) rejoins with it.
        for channel in configuration.autoJoin {
            guard let old = before.first(where: { isupport.equal($0.name, channel.name) }), old.key != channel.key,
                  let index = desiredChannels.firstIndex(where: { isupport.equal($0.name, channel.name) }) else { continue }
            desiredChannels[index].key = channel.key
        }
    }

    /// Feeds one input and returns what to send and what to tell the model, in order.
    public mutating func handle(_ input: SessionInput) -> [SessionOutput] {
        outputs = []
        switch input {
        case .connected(let now, let secure):
            startRegistration(now: now)
            linkIsSecure = secure
        case .disconnected(let reason, let now):
            connectionLost(reason: reason, now: now)
        case .received(let message, let now):
            keepalive.lastReceived = now.monotonic
            keepalive.deadReported = false
            receive(message, now: now)
        case .tick(let now):
            tick(now: now)
            flushTypingDone(now: now)
            autoWhoTick(now: now)
            flushSplits(now: now)
        case .intent(let intent, let now):
            perform(intent, now: now)
        case .notSent(let lines, let now):
            linesNotSent(lines, now: now)
        }
        let result = outputs
        outputs = []
        return result
    }

    /// Whether 001 arrived and the end of the MOTD was seen: joins and queued messages went out.
    public var isReady: Bool { state.phase == .registered && registrationFinished }

    // MARK: Output helpers

    mutating func send(_ command: String, _ parameters: String..., tags: [String: String] = [:]) {
        outputs.append(.send(IRCMessage(tags: tags, command: command, parameters: parameters)))
    }

    mutating func send(_ message: IRCMessage) { outputs.append(.send(message)) }

    mutating func emit(_ event: SessionEvent) { outputs.append(.event(event)) }

    mutating func setPhase(_ phase: ConnectionPhase) {
        guard state.phase != phase else { return }
        state.phase = phase
        emit(.connectionPhase(phase))
    }

    /// A fresh `label` tag value, when `labeled-response` is enabled.
    mutating func makeLabel() -> String? {
        guard state.capabilities.has("labeled-response") else { return nil }
        nextLabel += 1
        return "n\(nextLabel)"
    }

    // MARK: Dispatch

    mutating func receive(_ message: IRCMessage, now: SessionTime) {
        if let batch = message.tags["batch"], batches[batch] != nil, message.command.uppercased() != "BATCH" {
            countBatchLine(message, in: batch)
        }
        if let account = message.tags["account"], let nick = message.parsedSource?.nick,
           state.users[state.fold(nick)] != nil {
            state.users[state.fold(nick)]?.account = account == "*" ? nil : account
        }
        let command = message.command.uppercased()
        // A /names of a joined channel also refreshes its members: the answer takes a copy.
        if command == "353" || command == "366", let name = message.parameters.dropFirst(command == "353" ? 2 : 1).first,
           state.channel(named: name) != nil {
            _ = collectAnswer(message)
        }
        // Most of what arrives is chat: tested before the switch, which compares the strings
        // in order (PRIVMSG came some twenty comparisons down).
        if command == "PRIVMSG" || command == "NOTICE" {
            handleChatMessage(message, now: now)
            return
        }
        if command == "352" || command == "354" || command == "315",
           absorbAutoWhoReply(message, command: command, now: now) { return }
        let namesCompleting = command == "366" ? channelAwaitingNames(message) : nil
        defer { if let key = namesCompleting { queueAutoWho(for: key, now: now) } }
        switch command {
        case "CAP": handleCAP(message)
        case "AUTHENTICATE": handleAuthenticate(message)
        case "900", "901", "902", "903", "904", "905", "906", "907", "908": handleSASLNumeric(message)
        case "001": handleWelcome(message)
        case "005": handleISupport(message)
        case "376", "422": handleEndOfMOTD(message, now: now)
        case "432", "433", "436", "437": handleNickRejected(message)
        case "421": handleUnknownCommand(message)
        case "PING": send(IRCMessage(command: "PONG", parameters: message.parameters))
        case "PONG": handlePong(message, now: now)
        case "ERROR": emit(.serverError(message.parameters.last ?? ""))
        case "BATCH": handleBatch(message, now: now)
        case "JOIN": handleJoin(message, now: now)
        case "PART": handlePart(message)
        case "KICK": handleKick(message, now: now)
        case "QUIT": handleQuit(message, now: now)
        case "NICK": handleNick(message)
        case "MODE": handleMode(message)
        case "324": handleChannelModeIs(message)
        case "TOPIC", "331", "332", "333": handleTopic(message)
        case "353": handleNamesReply(message)
        case "366": handleEndOfNames(message)
        case "AWAY", "305", "306": handleAway(message)
        case "CHGHOST": handleChghost(message)
        case "SETNAME": handleSetname(message)
        case "INVITE": handleInvite(message)
        case "ACCOUNT": handleAccount(message)
        case "396": handleDisplayedHost(message)
        case "354": handleWhoxReply(message)
        case "730", "731": handleMonitor(message)
        case "MARKREAD": handleMarkRead(message)
        case "BOUNCER": handleBouncer(message)
        case "FAIL", "WARN", "NOTE": handleStandardReply(message)
        case "ACK": handleLabelAck(message)
        case "403", "405", "471", "473", "474", "475", "476", "477", "489":
            handleJoinFailure(message)
        case "TAGMSG": handleTagMessage(message, now: now)
        case "REDACT": handleRedact(message, now: now)
        default: showReply(message)
        }
    }

    /// Shows a numeric or unknown command in the server buffer (or the buffer it names).
    mutating func showReply(_ message: IRCMessage) {
        if collectAnswer(message) { return }
        let isNumeric = message.command.count == 3 && message.command.allSatisfy(\.isNumber)
        let parameters = isNumeric ? Array(message.parameters.dropFirst()) : message.parameters
        let code = Int(message.command) ?? 0
        var target: String?
        if let first = parameters.first, parameters.count > 1,
           state.channel(named: first) != nil || (code >= 400 && code < 600 && !state.isupport.isChannel(first)) {
            target = state.channel(named: first)?.name ?? first
        }
        let isError = (400..<600).contains(code)
        let origin = questionOrigin(forError: message) ?? answerOrigin(for: message, isError: isError)
        emit(.serverReply(ServerReply(command: message.command, parameters: parameters,
                                      isError: isError, target: target, origin: origin)))
    }

    /// The time a message was sent: its `time` tag, else the wall clock now.
    func messageTime(_ message: IRCMessage, now: SessionTime) -> Date {
        message.tags["time"].flatMap(ServerTime.parse) ?? now.wall
    }

    /// The `label` that applies to a message: its own tag or that of an enclosing batch.
    func label(of message: IRCMessage) -> String? {
        message.tags["label"] ?? enclosingLabel(from: message.tags["batch"])
    }

    /// The label of open batch `id` or of the nearest batch around it that has one; at most 16
    /// levels up, since a server may nest batches in a cycle.
    func enclosingLabel(from id: String?) -> String? {
        var id = id
        var depth = 0
        while let current = id, let batch = batches[current], depth < 16 {
            if let label = batch.label { return label }
            id = batch.parent
            depth += 1
        }
        return nil
    }
}

import IRCProtocol

/// Registration: PASS, CAP LS 302 and its negotiation, NICK/USER with nick fallback, 001–005,
/// the end of the MOTD, and what a new or lost connection resets.
extension IRCSession {
    /// The longest `CAP REQ` list we send in one line, so that the server's ACK echoing it back
    /// (with its name and our nick in front) still fits in 512 bytes.
    static let maxCapRequestBytes = 400

    mutating func startRegistration(now: SessionTime) {
        // A new link: a QUIT sent on the old one (a reconnect with new settings, whose drop the
        // hub no longer reports) does not make this link's drop one we asked for.
        quitting = false
        resetConnection(now: now)
        setPhase(.negotiatingCapabilities)
        capNegotiationOpen = true
        send("CAP", "LS", "302")
        if let password = configuration.serverPassword { send("PASS", password) }
        state.nick = preferredNick
        nicksTried = [preferredNick]
        send("NICK", preferredNick)
        send("USER", configuration.user, "0", "*", configuration.realName)
    }

    /// Forgets everything that belongs to one connection; keeps what the user wants back
    /// (channels, away, monitor list, queued messages, history positions).
    mutating func resetConnection(now: SessionTime) {
        state.capabilities.reset()
        namesGiveHosts = false
        state.channels = [:]
        state.users = [:]
        state.serverName = nil
        state.isupport = ISupport()
        state.account = nil
        state.awayMessage = nil
        state.userModes = []
        state.lag = nil
        capListBuffer = []
        capNegotiationOpen = false
        nickAttempt = 0
        requestedNick = nil
        nicksTried = []
        answers = AnswerTracker()
        sasl = nil
        registrationFinished = false
        awaySentEarly = false
        batches = [:]
        namesInProgress = [:]
        ctcpPings = []
        autoWho = AutoWhoState()
        splits = SplitTracker()
        requeueUnconfirmed()
        history.outstanding = [:]
        history.labels = [:]
        for (key, gap) in history.gaps { history.unfilled[key] = min(history.unfilled[key] ?? gap.from, gap.from) }
        history.gaps = [:]
        keepalive = KeepaliveState(lastReceived: now.monotonic)
    }

    mutating func connectionLost(reason: String, now: SessionTime) {
        // A drop we did not ask for: what was said meanwhile may be missing (a /quit or
        // /reconnect is the user's choice, like a part).
        if !quitting {
            for key in state.channels.keys { history.stoppedHearing[key] = now.wall }
        }
        quitting = false
        flushSplits(now: now, all: true)
        resetConnection(now: now)
        setPhase(.disconnected)
    }

    // MARK: CAP

    mutating func handleCAP(_ message: IRCMessage) {
        let p = message.parameters
        guard p.count >= 2 else { return }
        let list = p.count >= 3 ? p[p.count - 1].split(separator: " ").map(String.init) : []
        switch p[1].uppercased() {
        case "LS":
            capListBuffer += list
            // `CAP * LS * :…` means more lines follow.
            if p.count >= 4 && p[2] == "*" { return }
            for token in capListBuffer { state.capabilities.offer(token: token) }
            capListBuffer = []
            if followSTS() { return }
            guard capNegotiationOpen else { return }
            requestCapabilities()
            if state.capabilities.pending.isEmpty { capabilitiesSettled() }
        case "ACK":
            state.capabilities.acknowledge(list)
            namesGiveHosts = state.capabilities.has("userhost-in-names")
            emit(.capabilitiesChanged(enabled: state.capabilities.enabled))
            if state.capabilities.pending.isEmpty { capabilitiesSettled() }
        case "NAK":
            state.capabilities.reject(list)
            if state.capabilities.pending.isEmpty { capabilitiesSettled() }
        case "NEW":
            for token in list { state.capabilities.offer(token: token) }
            if followSTS() { return }
            requestCapabilities()
        case "DEL":
            state.capabilities.remove(list)
            namesGiveHosts = state.capabilities.has("userhost-in-names")
            emit(.capabilitiesChanged(enabled: state.capabilities.enabled))
        default:
            showReply(message)
        }
    }

    /// Sends `CAP REQ` for every wanted capability on offer, in lines of at most
    /// ``maxCapRequestBytes``. SASL is asked for only while registering and only when our
    /// mechanism is on offer.
    mutating func requestCapabilities() {
        let includeSASL = capNegotiationOpen && saslUsable()
        var caps = state.capabilities.toRequest(includeSASL: includeSASL)
        // A connection bound to one bouncer network does not follow the list of networks.
        if configuration.bouncerNetID != nil { caps.removeAll { $0 == "soju.im/bouncer-networks-notify" } }
        for line in Self.capRequestLines(caps, maxBytes: Self.maxCapRequestBytes) { sendCapRequest(line) }
    }

    /// Groups capability names into `CAP REQ` lists of at most `maxBytes` bytes each (a single
    /// longer name still gets a line of its own).
    static func capRequestLines(_ caps: [String], maxBytes: Int) -> [[String]] {
        var lines: [[String]] = []
        var line: [String] = []
        var bytes = 0
        for cap in caps {
            if !line.isEmpty && bytes + 1 + cap.utf8.count > maxBytes {
                lines.append(line)
                line = []
                bytes = 0
            }
            bytes += (line.isEmpty ? 0 : 1) + cap.utf8.count
            line.append(cap)
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    private mutating func sendCapRequest(_ caps: [String]) {
        state.capabilities.request(caps)
        send("CAP", "REQ", caps.joined(separator: " "))
    }

    /// Every request was answered: authenticate if we can, else end negotiation.
    mutating func capabilitiesSettled() {
        guard capNegotiationOpen, sasl == nil else { return }
        if let mechanism = configuration.sasl {
            if state.capabilities.has("sasl") {
                startSASL(mechanism)
                return
            }
            let offered = state.capabilities.saslMechanisms
            emit(.sasl(.unavailable(offered: offered)))
            if state.capabilities.available["sasl"] == nil {
                return saslDidNotSucceed(reason: "the server does not offer SASL")
            }
            return saslDidNotSucceed(reason: "the server offers SASL with \(offered.joined(separator: ", ")), not \(mechanism.mechanismName)")
        }
        endCapNegotiation()
    }

    mutating func endCapNegotiation() {
        guard capNegotiationOpen else { return }
        capNegotiationOpen = false
        // draft/pre-away: away before registering, so a bouncer or a multi-connection server
        // never shows us present for a moment after a reconnect.
        if state.capabilities.has("draft/pre-away"), let away = desiredAway {
            send("AWAY", away)
            awaySentEarly = true
        }
        bindBouncerNetwork()
        send("CAP", "END")
        if state.phase != .registered { setPhase(.registering) }
    }

    /// `421 <nick> CAP :Unknown command`: an old server; NICK and USER are already on their way.
    mutating func handleUnknownCommand(_ message: IRCMessage) {
        if message.parameters.count >= 2, message.parameters[1].uppercased() == "CAP", capNegotiationOpen {
            capNegotiationOpen = false
            if configuration.sasl != nil {
                emit(.sasl(.unavailable(offered: [])))
                if configuration.saslFailure != .continue {
                    send("QUIT", "SASL login required")
                    emit(.saslAbandoned(reason: "the server knows no CAP, so no SASL",
                                        reconnect: configuration.saslFailure == .reconnect))
                    return
                }
            }
            if state.phase != .registered { setPhase(.registering) }
            return
        }
        showReply(message)
    }

    // MARK: Nick, welcome, ISUPPORT, MOTD

    /// The nick registration starts with: the one the user last chose with /nick on this
    /// network, else the configured one.
    var preferredNick: String { chosenNick ?? configuration.nick }

    /// The nick to try after `attempt` refusals: the alternatives, then `nick_`…`nick____`,
    /// then the nick cut to 7 characters with 1…9 appended (short enough for NICKLEN=9).
    func nickCandidate(_ attempt: Int) -> String? {
        let base = preferredNick
        var candidates = [base] + configuration.alternativeNicks
        candidates += (1...4).map { base + String(repeating: "_", count: $0) }
        candidates += (1...9).map { String(base.prefix(7)) + String($0) }
        return attempt < candidates.count ? candidates[attempt] : nil
    }

    mutating func handleNickRejected(_ message: IRCMessage) {
        guard state.phase != .registered else {
            // The /nick asked for is refused: a later rename to it is not the user's doing.
            if message.parameters.count > 1, let requested = requestedNick, state.isupport.equal(message.parameters[1], requested) {
                requestedNick = nil
            }
            showReply(message)
            return
        }
        nickAttempt += 1
        if wantedNick == nil { wantedNick = preferredNick }
        // Skip candidates we already tried (an alternative may equal a generated one).
        while let next = nickCandidate(nickAttempt), nicksTried.contains(next) { nickAttempt += 1 }
        guard let next = nickCandidate(nickAttempt) else {
            emit(.nickUnavailable(tried: nicksTried))
            send("QUIT", "No usable nickname")
            return
        }
        nicksTried.append(next)
        state.nick = next
        send("NICK", next)
    }

    mutating func handleWelcome(_ message: IRCMessage) {
        if let nick = message.parameters.first, !nick.isEmpty, nick != "*" { state.nick = nick }
        // A /nick typed while registering, and welcomed: the user's choice too.
        if let requested = requestedNick, requested == state.nick {
            chosenNick = requested
            requestedNick = nil
        }
        state.serverName = message.source
        capNegotiationOpen = false
        setPhase(.registered)
        var me = UserInfo(nick: state.nick)
        me.user = state.ownUser
        me.host = state.ownHost
        state.users[state.fold(state.nick)] = me
        emit(.registered(nick: state.nick, server: message.source ?? ""))
        showReply(message)
    }

    mutating func handleISupport(_ message: IRCMessage) {
        let before = state.isupport.caseMapping
        state.isupport.apply(message)
        if state.isupport.caseMapping != before { refoldKeys() }
        showReply(message)
    }

    /// Re-keys the dictionaries after CASEMAPPING changed.
    mutating func refoldKeys() {
        var channels: [String: ChannelState] = [:]
        for (_, var channel) in state.channels {
            channel.members = Dictionary(channel.members.values.map { (state.fold($0.nick), $0) },
                                         uniquingKeysWith: { a, _ in a })
            channels[state.fold(channel.name)] = channel
        }
        state.channels = channels
        state.users = Dictionary(state.users.values.map { (state.fold($0.nick), $0) }, uniquingKeysWith: { a, _ in a })
    }

    /// End of MOTD (or no MOTD): join channels, restore away and MONITOR, send queued messages.
    mutating func handleEndOfMOTD(_ message: IRCMessage, now: SessionTime) {
        showReply(message)
        guard state.phase == .registered, !registrationFinished else { return }
        registrationFinished = true
        sendJoins(desiredChannels)
        if let away = desiredAway, !awaySentEarly { send("AWAY", away) }
        awaySentEarly = false
        if !monitorList.isEmpty, state.isupport.supportsMonitor { sendMonitor("+", monitorList) }
        flushPending(now: now)
        listBouncerNetworks()
        watchWantedNick()
    }
}

import FoundationEssentials
import IRCProtocol

/// A CTCP PING we sent: its token, whom it went to (folded) and when (monotonic seconds).
struct SentPing: Sendable, Hashable {
    var token: String
    var target: String
    var sent: Double
}

/// What the user asks about others: WHO (with WHOX fields where the server has them) and CTCP
/// requests, a PING's answer timed.
extension IRCSession {
    /// The WHOX fields /who asks for: token, channel, user, host, nick, flags, account, real
    /// name. The server answers them in this order whatever order they are asked in.
    static let whoxFields = "tcuhnfar"
    /// The token that marks the 354 replies to our own WHO (at most three digits).
    static let whoxToken = "152"
    /// How many unanswered CTCP PINGs are remembered, and for how long (seconds).
    static let pingsKept = 16
    static let pingLifetime = 300.0

    /// `WHO mask`, with our WHOX fields and token where the server has WHOX.
    mutating func sendWho(_ mask: String) {
        autoWho.sent(state.fold(mask), ours: false)
        if state.isupport.supportsWHOX {
            send("WHO", mask, "%\(Self.whoxFields),\(Self.whoxToken)")
        } else {
            send("WHO", mask)
        }
    }

    /// A WHOX reply (354). One to our WHO (our token) tells a known user's user, host,
    /// account and real name, which a ban by host needs, and is a row of the WHO's table
    /// (IRCSession+Answers). Anything else is shown as it came.
    mutating func handleWhoxReply(_ message: IRCMessage) {
        let p = message.parameters
        // <own nick> <token> <channel> <user> <host> <nick> <flags> <account> <real name>
        guard p.count == 9, p[1] == Self.whoxToken else { return showReply(message) }
        let key = state.fold(p[5])
        if var user = state.users[key] {
            user.user = p[3]
            user.host = p[4]
            user.account = p[7] == "0" ? nil : p[7]   // "0": not logged in
            user.realName = p[8]
            state.users[key] = user
        }
        collectWhoxRow(p, label: label(of: message))
    }

    /// A CTCP request to `target`. A PING without parameters carries the time now, in
    /// milliseconds, as its token, and is remembered to time its answer.
    mutating func sendCTCP(to target: String, command: String, parameters: String?, now: SessionTime) {
        var parameters = parameters
        if command.uppercased() == "PING", parameters == nil {
            let token = String(Int64((now.wall.timeIntervalSince1970 * 1000).rounded()))
            parameters = token
            ctcpPings.removeAll { now.monotonic - $0.sent > Self.pingLifetime }
            ctcpPings.append(SentPing(token: token, target: state.fold(target), sent: now.monotonic))
            if ctcpPings.count > Self.pingsKept { ctcpPings.removeFirst() }
        }
        send("PRIVMSG", target, CTCPMessage(command: command, parameters: parameters).encoded())
    }

    /// Whether `item` answers one of our PINGs: then its round trip is reported
    /// (``SessionEvent/ctcpPingReply(nick:seconds:)``) instead of the message. A PING to a
    /// channel stays remembered for the other members' answers.
    mutating func answersOurPing(_ item: BufferMessage, now: SessionTime) -> Bool {
        guard case .ctcpReply(let command) = item.kind, command == "PING", !item.isOwn,
              let nick = item.source?.nick,
              let index = ctcpPings.firstIndex(where: { $0.token == item.text }) else { return false }
        let ping = ctcpPings[index]
        if ping.target == state.fold(nick) { ctcpPings.remove(at: index) }
        emit(.ctcpPingReply(nick: nick, seconds: max(0, now.monotonic - ping.sent)))
        return true
    }
}

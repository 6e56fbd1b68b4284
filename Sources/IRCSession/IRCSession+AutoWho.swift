import FoundationEssentials
import IRCProtocol

/// The WHOs the session sends by itself after joining a channel, one at a time.
///
/// `away-notify` tells of changes only: who was already away when we joined is known from a
/// WHO alone, whatever else the server offers (`extended-join` and `account-notify` give
/// accounts, not away states). So every channel we join is asked about once its names are
/// complete, as HexChat and WeeChat do; one WHO is out at a time so that joining fifty channels
/// does not flood the server (nor our own send queue, where a typed line would wait behind
/// them).
struct AutoWhoState: Sendable {
    /// Channels (folded) waiting for their WHO, in join order, with their names as given.
    var queue: [(key: String, name: String)] = []
    /// The channel whose WHO is out (folded) and when it was sent (monotonic seconds).
    var inFlight: (key: String, sent: Double)?
    /// Channels whose WHO timed out: their late replies stay silent until their 315.
    var abandoned: [String: Double] = [:]

    /// Every WHO out, ours and the user's (a /who, a ban's), in the order sent: a server
    /// answers them in that order, so a plain 352 (which carries no token) belongs to the
    /// first; the 315 that ends it takes it off.
    var order: [(mask: String, isOurs: Bool)] = []
    /// How many WHOs are remembered out at once (a server that never ends one cannot grow it).
    static let orderLimit = 64

    /// Whether replies about `key` belong to one of our own WHOs.
    func owns(_ key: String) -> Bool { inFlight?.key == key || abandoned[key] != nil }

    /// A WHO of `mask` (folded) went out.
    mutating func sent(_ mask: String, ours: Bool) {
        order.append((mask, ours))
        if order.count > Self.orderLimit { order.removeFirst(order.count - Self.orderLimit) }
    }

    /// Whether a plain 352 about channel `key` answers one of our WHOs: the first WHO out is
    /// ours (when the order is known), or one of ours timed out and was forgotten.
    func ownsPlainReply(about key: String) -> Bool {
        if let first = order.first { return first.isOurs }
        return owns(key)
    }

    /// A WHO ended (its 315 names `mask`): off the order, with any sent before it, which a
    /// server answering in order will not answer now. A 315 naming no WHO out (`*`, as
    /// Solanum's answer to a WHO it will not run) ends the first. Returns whether the WHO it
    /// ended was one of ours; nil when none was out.
    mutating func ended(_ mask: String) -> Bool? {
        guard !order.isEmpty else { return nil }
        let index = order.firstIndex { $0.mask == mask } ?? 0
        let entry = order[index]
        order.removeFirst(index + 1)
        return entry.isOurs
    }

    /// Our WHO of `key` is given up: it no longer heads the order.
    mutating func forget(_ key: String) {
        if let index = order.firstIndex(where: { $0.isOurs && $0.mask == key }) { order.remove(at: index) }
    }
}

extension IRCSession {
    /// The token of the 354 replies to the WHOs sent after a join (the user's own /who has
    /// ``whoxToken``): they teach the session and are not shown.
    static let autoWhoToken = "153"
    /// Channels with more members than this are not asked: their answer would be thousands of
    /// lines the server sends (and many servers throttle) for dimming names nobody can scan;
    /// `away-notify` still keeps those who go away or come back afterwards current.
    static let autoWhoMemberLimit = 500
    /// How long a WHO may stay unanswered before the next channel is asked (seconds).
    static let autoWhoTimeout = 30.0

    /// The channel (folded) a 366 completes the first names of since our join, if any: its
    /// WHO goes once the names are in (a /names typed later completes them again, no WHO).
    func channelAwaitingNames(_ message: IRCMessage) -> String? {
        guard message.parameters.count >= 2 else { return nil }
        let key = state.fold(message.parameters[1])
        guard let channel = state.channels[key], !channel.membersComplete else { return nil }
        return key
    }

    /// Our join of the channel (folded `key`) completed (366 after it): its WHO is queued.
    mutating func queueAutoWho(for key: String, now: SessionTime) {
        guard let channel = state.channels[key], channel.members.count <= Self.autoWhoMemberLimit,
              !autoWho.queue.contains(where: { $0.key == key }), autoWho.inFlight?.key != key else { return }
        autoWho.queue.append((key, channel.name))
        sendNextAutoWho(now: now)
    }

    /// Sends the next queued WHO when none is out; channels left meanwhile are skipped.
    mutating func sendNextAutoWho(now: SessionTime) {
        guard autoWho.inFlight == nil else { return }
        while !autoWho.queue.isEmpty {
            let next = autoWho.queue.removeFirst()
            guard state.channels[next.key] != nil else { continue }
            autoWho.inFlight = (next.key, now.monotonic)
            autoWho.sent(next.key, ours: true)
            if state.isupport.supportsWHOX {
                send("WHO", next.name, "%\(Self.whoxFields),\(Self.autoWhoToken)")
            } else {
                send("WHO", next.name)
            }
            return
        }
    }

    /// A WHO out for too long stops holding the others back (its late replies stay silent).
    mutating func autoWhoTick(now: SessionTime) {
        autoWho.abandoned = autoWho.abandoned.filter { now.monotonic - $0.value < 10 * Self.autoWhoTimeout }
        guard let out = autoWho.inFlight, now.monotonic - out.sent >= Self.autoWhoTimeout else { return }
        autoWho.abandoned[out.key] = now.monotonic
        autoWho.forget(out.key)
        autoWho.inFlight = nil
        sendNextAutoWho(now: now)
    }

    /// Takes a reply to one of our own WHOs (352, 354 with our token, 315 for its channel):
    /// what it says about members is learnt, nothing is shown. Returns false for any other
    /// line, which goes on as before (a WHO the user typed shows its answer).
    mutating func absorbAutoWhoReply(_ message: IRCMessage, command: String, now: SessionTime) -> Bool {
        let p = message.parameters
        switch command {
        case "354":
            // <me> <token> <channel> <user> <host> <nick> <flags> <account> <real name>
            guard p.count == 9, p[1] == Self.autoWhoToken else { return false }
            learnFromWho(nick: p[5], user: p[3], host: p[4], flags: p[6],
                         account: .some(p[7] == "0" ? nil : p[7]), realName: p[8])
            return true
        case "352":
            // <me> <channel> <user> <host> <server> <nick> <flags> :<hopcount> <real name>
            guard p.count == 8, autoWho.ownsPlainReply(about: state.fold(p[1])) else { return false }
            let trailing = p[7]
            let realName = trailing.firstIndex(of: " ").map { String(trailing[trailing.index(after: $0)...]) } ?? ""
            learnFromWho(nick: p[5], user: p[2], host: p[3], flags: p[6], account: nil, realName: realName)
            return true
        case "315":
            guard p.count >= 2 else { return false }
            let key = state.fold(p[1])
            switch autoWho.ended(key) {
            case false?:
                // The user's WHO (of the same channel, sent before ours, say) ends first.
                return false
            case true?:
                // Ours, by its channel or as the first out (a `315 *`): the next one may go.
                autoWho.abandoned[key] = nil
                autoWho.inFlight = nil
                sendNextAutoWho(now: now)
                return true
            case nil:
                return autoWho.abandoned.removeValue(forKey: key) != nil
            }
        default:
            return false
        }
    }

    /// What a WHO reply says about a user we know: their user and host, account (when the
    /// reply carries one: `account` is `.some(nil)` for "not logged in"), real name, and
    /// whether they are away (`G` for gone, `H` for here). A change of away state or account
    /// is told, so the nick lists dim or light the name.
    mutating func learnFromWho(nick: String, user: String, host: String, flags: String,
                               account: String??, realName: String) {
        let key = state.fold(nick)
        guard var info = state.users[key] else { return }
        info.user = user
        info.host = host
        if !realName.isEmpty { info.realName = realName }
        let accountChanged = account.map { $0 != info.account } ?? false
        if let account { info.account = account }
        // The WHO says whether, not why: a known away message is kept, an unknown one is empty.
        let wasAway = info.awayMessage != nil
        if flags.hasPrefix("G"), !wasAway {
            info.awayMessage = ""
        } else if flags.hasPrefix("H") {
            info.awayMessage = nil
        }
        state.users[key] = info
        if state.isOwnNick(nick) { return }
        if wasAway != (info.awayMessage != nil) { emit(.away(nick: info.nick, message: info.awayMessage)) }
        if accountChanged { emit(.accountChanged(nick: info.nick, account: info.account)) }
    }
}

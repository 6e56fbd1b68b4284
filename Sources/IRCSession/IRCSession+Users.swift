import FoundationEssentials
import IRCProtocol

/// User metadata and small server features: AWAY (away-notify, 305/306), CHGHOST, SETNAME,
/// INVITE (invite-notify), ACCOUNT, 396, MONITOR replies, read markers, bouncer networks,
/// standard replies and JOIN failures.
extension IRCSession {
    mutating func handleAway(_ message: IRCMessage) {
        switch message.command {
        case "305":
            state.awayMessage = nil
            emit(.away(nick: state.nick, message: nil))
            showReply(message)
        case "306":
            state.awayMessage = desiredAway ?? ""
            emit(.away(nick: state.nick, message: state.awayMessage))
            showReply(message)
        default:
            guard let nick = message.parsedSource?.nick else { return }
            let text = message.parameters.first.flatMap { $0.isEmpty ? nil : $0 }
            state.users[state.fold(nick)]?.awayMessage = text
            emit(.away(nick: nick, message: text))
        }
    }

    mutating func handleChghost(_ message: IRCMessage) {
        guard let nick = message.parsedSource?.nick, message.parameters.count >= 2 else { return }
        let (user, host) = (message.parameters[0], message.parameters[1])
        state.users[state.fold(nick)]?.user = user
        state.users[state.fold(nick)]?.host = host
        if state.isOwnNick(nick) {
            state.ownUser = user
            state.ownHost = host
        }
        emit(.hostChanged(nick: nick, user: user, host: host))
    }

    mutating func handleSetname(_ message: IRCMessage) {
        guard let nick = message.parsedSource?.nick, let name = message.parameters.first else { return }
        state.users[state.fold(nick)]?.realName = name
        emit(.realNameChanged(nick: nick, realName: name))
    }

    mutating func handleInvite(_ message: IRCMessage) {
        guard message.parameters.count >= 2 else { return }
        emit(.invited(channel: message.parameters[1], nick: message.parameters[0], by: message.parsedSource))
    }

    mutating func handleAccount(_ message: IRCMessage) {
        guard let nick = message.parsedSource?.nick, let account = message.parameters.first else { return }
        let value = account == "*" ? nil : account
        state.users[state.fold(nick)]?.account = value
        if state.isOwnNick(nick) { state.account = value }
        emit(.accountChanged(nick: nick, account: value))
    }

    /// `396 <me> <host> :is now your displayed host`.
    mutating func handleDisplayedHost(_ message: IRCMessage) {
        if message.parameters.count >= 2 {
            state.ownHost = message.parameters[1]
            state.users[state.fold(state.nick)]?.host = message.parameters[1]
        }
        showReply(message)
    }

    /// Whether `nick` is ours, or the nick we want back that the user does not watch.
    func isWatchedOnlyToRegain(_ nick: String) -> Bool {
        if state.isOwnNick(nick) { return true }
        guard let wanted = wantedNick, state.isupport.equal(nick, wanted) else { return false }
        return !monitorList.contains { state.isupport.equal($0, nick) }
    }

    /// 730 (online, `nick!user@host` list) and 731 (offline, nick list).
    mutating func handleMonitor(_ message: IRCMessage) {
        guard let list = message.parameters.last, message.parameters.count >= 2 else { return }
        let entries = list.split(separator: ",").map(String.init)
        if message.command == "730" {
            // The nick we watch only to take it back (``watchWantedNick()``), held by us or by
            // our ghost: no news for the user.
            let others = entries.map { IRCSource(parsing: $0) }.filter { !isWatchedOnlyToRegain($0.nick) }
            if !others.isEmpty { emit(.monitorOnline(others)) }
        } else {
            let others = entries.filter { !isWatchedOnlyToRegain($0) }
            if !others.isEmpty { emit(.monitorOffline(others)) }
            for nick in entries { regainNick(freedBy: nick) }
        }
    }

    /// `MARKREAD <target> timestamp=…` or `MARKREAD <target> *`.
    mutating func handleMarkRead(_ message: IRCMessage) {
        guard message.parameters.count >= 2 else { return }
        let value = message.parameters[1]
        let date = value.hasPrefix("timestamp=") ? ServerTime.parse(String(value.dropFirst(10))) : nil
        emit(.readMarker(target: message.parameters[0], timestamp: date))
    }

    mutating func handleStandardReply(_ message: IRCMessage) {
        let p = message.parameters
        guard p.count >= 3 else { return showReply(message) }
        if message.command == "FAIL", p[0].uppercased() == "CHATHISTORY" {
            historyRequestFailed(label: label(of: message), context: Array(p.dropFirst(2).dropLast()))
        }
        if message.command == "FAIL", p[0].uppercased() == "BOUNCER", p.count >= 4, p[2].uppercased() == "BIND" {
            emit(.bouncerBindRefused(code: p[1], description: p[p.count - 1]))
        }
        emit(.standardReply(StandardReply(kind: message.command, command: p[0], code: p[1],
                                          context: Array(p.dropFirst(2).dropLast()), description: p[p.count - 1],
                                          origin: answers.origin(label: label(of: message), now: keepalive.lastReceived))))
    }

    /// A channel we wanted cannot be joined: stop trying it on reconnect.
    mutating func handleJoinFailure(_ message: IRCMessage) {
        if message.parameters.count >= 2 {
            let name = message.parameters[1]
            desiredChannels.removeAll { state.isupport.equal($0.name, name) }
        }
        showReply(message)
    }
}

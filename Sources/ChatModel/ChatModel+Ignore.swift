import FoundationEssentials
import IRCProtocol
import IRCSession

/// Whether what someone did is hidden (``ModelSettings/ignores``). The mask is matched against
/// the sender as the session knows them: a typing notice or a reaction names only a nick, so
/// the user, host and account come from the session's users (joins, WHO, `account-notify`,
/// `account-tag`). Our own lines are never ignored.
extension ChatModel {
    /// Whether `source` (logged in to `account`, when the event says so) is ignored for
    /// `level` on `network` at `now`.
    func isIgnored(_ source: IRCSource, account: String? = nil, level: IgnoreLevels, on network: ChatNetwork,
                   now: Date) -> Bool {
        guard !settings.ignores.entries.isEmpty, !network.caseMapping.equal(source.nick, network.nick) else { return false }
        let known = network.session.state.user(named: source.nick)
        let full = IRCSource(nick: source.nick, user: source.user ?? known?.user, host: source.host ?? known?.host)
        let account = account ?? known?.account ?? departingAccounts[network.caseMapping.lowercased(source.nick)]
        return settings.ignores.ignores(full, account: account, level: level, network: network.name,
                                        at: now, caseMapping: network.caseMapping)
    }

    /// The nick of whoever sent `input` when it is a CTCP request (not an ACTION) from someone
    /// ignored for CTCPS: the session's automatic answer to it is not sent.
    func ctcpRequesterIgnored(_ input: SessionInput, on network: ChatNetwork) -> String? {
        guard case .received(let message, let now) = input, message.command == "PRIVMSG", !settings.ignores.entries.isEmpty,
              let body = message.parameters.last, body.hasPrefix("\u{1}"), !body.hasPrefix("\u{1}ACTION"),
              let source = message.parsedSource,
              isIgnored(source, account: message.tags["account"], level: .ctcps, on: network, now: now.wall) else { return nil }
        return source.nick
    }

    /// The account of whoever parts or quits in `input`, as known before the session handles
    /// it (it forgets a user it no longer shares a channel with): by the line's account tag,
    /// else the session's users. Asked only while an ignore names an account.
    func departingAccounts(in input: SessionInput, on network: ChatNetwork) -> [String: String] {
        guard case .received(let message, _) = input, message.command == "PART" || message.command == "QUIT",
              settings.ignores.entries.contains(where: { $0.account != nil }) else { return [:] }
        guard let nick = message.parsedSource?.nick, let account = message.tags["account"] ?? network.session.state.user(named: nick)?.account else { return [:] }
        return [network.caseMapping.lowercased(nick): account]
    }

    /// Whether a message is hidden: its kind says the level (a CTCP request or answer is
    /// CTCPS, an action ACTIONS).
    func isIgnored(_ message: BufferMessage, on network: ChatNetwork, now: Date) -> Bool {
        guard !message.isOwn, let source = message.source else { return false }
        let level: IgnoreLevels = switch message.kind {
        case .privmsg: .msgs
        case .notice: .notices
        case .action: .actions
        case .ctcpRequest, .ctcpReply: .ctcps
        }
        return isIgnored(source, account: message.tags["account"], level: level, on: network, now: now)
    }

    /// Writes what an ignored sender did to the log of `logName`, marked (a reader of the
    /// file can tell; reading the logs back leaves it out), and nowhere else. A line a bouncer
    /// replays into `buffer` that the log holds already is not written again.
    func logIgnored(_ line: ChatLine, on network: ChatNetwork, logName: String, buffer: ChatBuffer? = nil) {
        var line = line
        line.isIgnored = true
        if let buffer, isReplayedDuplicate(line, in: buffer, on: network) { return }
        writeLog(line, on: network, buffer: logName)
    }

    /// The log name of the buffer `name` of `network` would have, without opening it (an
    /// ignored private message opens no query).
    func logName(of target: MessageTarget, on network: ChatNetwork) -> String {
        switch target {
        case .server: return "server"
        case .channel(let name), .query(let name): return network.bufferID(for: name).name
        }
    }

    /// Drops the ignores that lapsed by `now`; returns whether any did (the configuration
    /// then keeps the rest: ``CommandEffect/ignoresChanged(_:)``).
    @discardableResult
    public func dropExpiredIgnores(now: Date) -> Bool {
        settings.ignores.dropExpired(at: now)
    }
}

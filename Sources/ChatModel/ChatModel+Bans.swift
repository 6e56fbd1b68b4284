import FoundationEssentials
import IRCProtocol
import IRCSession

/// A ban by nick waiting for the server to say who the nick is (a WHO), and what to do then.
struct PendingBan {
    /// What was typed.
    enum Action: Equatable {
        case ban, kickban(reason: String?), quiet(adding: Bool), unban
    }
    var action: Action
    var channel: String
    /// The buffer the command was typed in: its notes go there.
    var origin: BufferID
    /// When its WHO went (monotonic seconds).
    var askedAt: Double = 0
}

/// Bans by nick (`/ban NICK`, `/kickban`, `/quiet NICK`, `/unban NICK`, the nick list's menu):
/// the mask is the network's ``BanMaskTemplate`` (`ban_mask`) filled with what the session
/// knows of the nick. When the template needs a user or host not known yet, a WHO asks first
/// and the ban is sent when its answer comes (352, or WHOX's 354); a nick the server does not
/// know is said so, and nothing is banned (never a silent `nick!*@*`).
extension ChatModel {
    /// How long a ban waits for its WHO's answer before a new ban of the nick asks again.
    static let banWhoPatience = 60.0

    /// The `ban_mask` template of `network`.
    public func banMaskTemplate(for network: String) -> BanMaskTemplate {
        settings.networkBanMasks[network.lowercased()] ?? settings.banMask
    }

    /// The mask that bans `nick` on `network` by its template, or nil until a WHO tells what
    /// the template needs.
    public func banMask(for nick: String, on network: ChatNetwork) -> String? {
        let user = network.session.state.user(named: nick)
        return banMaskTemplate(for: network.name).mask(nick: nick, user: user?.user, host: user?.host)
    }

    /// Carries out `action` on `nick` in `channel`: at once when its mask is known, else after
    /// a WHO (asked once for any number of bans waiting on the same nick).
    func ban(_ nick: String, _ action: PendingBan.Action, channel: String, origin: BufferID, on network: ChatNetwork,
             now: SessionTime) {
        if let mask = banMask(for: nick, on: network) {
            return carryOut(action, nick: nick, mask: mask, channel: channel, origin: origin, on: network, now: now)
        }
        let key = network.caseMapping.lowercased(nick)
        // A WHO unanswered for a minute will not be answered (a server that ran out of patience
        // with WHOs, a reply lost): the bans waiting on it are given up, and it is asked again.
        if let waiting = network.pendingBans[key], let first = waiting.first, now.monotonic - first.askedAt >= Self.banWhoPatience {
            for ban in waiting {
                note("The server never said who \(nick) is: that earlier ban was not set", in: ban.origin, isError: true, at: now.wall)
            }
            network.pendingBans[key] = nil
        }
        let asked = network.pendingBans[key] != nil
        network.pendingBans[key, default: []].append(PendingBan(action: action, channel: channel, origin: origin,
                                                                askedAt: now.monotonic))
        note("Asking the server who \(nick) is (WHO), for a ban by \(banMaskTemplate(for: network.name))…", in: origin, at: now.wall)
        if !asked { perform(.who(nick), network: network.name, now: now) }
    }

    private func carryOut(_ action: PendingBan.Action, nick: String, mask: String, channel: String, origin: BufferID,
                          on network: ChatNetwork, now: SessionTime) {
        // Lifting, the ban by nick older Natters (and other clients) set goes too: a server
        // ignores lifting a ban that is not there.
        let byNick = "\(nick)!*@*"
        let lifted = mask == byNick ? [mask] : [mask, byNick]
        func mode(_ modes: String, _ parameters: [String]) {
            perform(.setMode(target: channel, modes: modes, parameters: parameters), network: network.name, now: now)
        }
        switch action {
        case .ban:
            mode("+b", [mask])
        case .kickban(let reason):
            mode("+b", [mask])
            perform(.kick(channel: channel, nick: nick, reason: reason), network: network.name, now: now)
        case .unban:
            mode("-" + String(repeating: "b", count: lifted.count), lifted)
        case .quiet(let adding):
            let masks = adding ? [mask] : lifted
            let changes = masks.compactMap(network.quietMode(for:))
            guard changes.count == masks.count, !changes.isEmpty else {
                note("this server has no quiet mode (neither a q list mode nor the m extended ban): /ban keeps someone out",
                     in: origin, isError: true, at: now.wall)
                return
            }
            mode((adding ? "+" : "-") + String(changes.map(\.mode)), changes.map(\.parameter))
        }
    }

    /// Takes the replies to a ban's WHO: its rows (352 or 354, collected by the session into one
    /// answer) carry out the bans waiting on the nick; a 315 alone says nobody answered.
    /// Returns whether the event was such a reply (it is not shown: the ban or the note says
    /// what happened).
    func answersBanWho(_ event: SessionEvent, on network: ChatNetwork, now: Date) -> Bool {
        guard !network.pendingBans.isEmpty else { return false }
        switch event {
        case .connectionPhase(.disconnected):
            // No answer comes over a dead link.
            for (nick, bans) in network.pendingBans {
                for ban in bans {
                    note("The connection dropped before the server said who \(nick) is: not banned", in: ban.origin, isError: true, at: now)
                }
            }
            network.pendingBans = [:]
            return false
        case .answer(let answer):
            // The session collects a WHO's rows into one answer (IRCSession+Answers).
            guard case .who(let mask, let rows) = answer.content else { return false }
            let key = network.caseMapping.lowercased(mask)
            guard let waiting = network.pendingBans[key] else { return false }
            guard let row = rows.first(where: { network.caseMapping.equal($0.nick, mask) }) else {
                network.pendingBans[key] = nil
                for ban in waiting { notFound(mask, ban, on: network, now: now) }
                return true
            }
            network.pendingBans[key] = nil
            let template = banMaskTemplate(for: network.name)
            guard let mask = template.mask(nick: row.nick, user: row.user, host: row.host) else { return true }
            for ban in waiting {
                carryOut(ban.action, nick: row.nick, mask: mask, channel: ban.channel, origin: ban.origin, on: network,
                         now: time(at: now))
            }
            return true
        case .serverReply(let reply) where reply.command == "315" && !reply.parameters.isEmpty:
            // A WHO that matched no one ends without rows, so without an answer: its end alone.
            let nick = reply.parameters[0]
            guard let waiting = network.pendingBans.removeValue(forKey: network.caseMapping.lowercased(nick)) else { return false }
            for ban in waiting { notFound(nick, ban, on: network, now: now) }
            return true
        default:
            return false
        }
    }

    /// Nobody answered to `nick`'s WHO: a ban waiting on it says so; an unban lifts the ban by
    /// nick only.
    private func notFound(_ nick: String, _ ban: PendingBan, on network: ChatNetwork, now: Date) {
        if ban.action == .unban {
            note("\(nick) is not on the server: lifting only the ban by nick", in: ban.origin, at: now)
            carryOut(.unban, nick: nick, mask: "\(nick)!*@*", channel: ban.channel, origin: ban.origin, on: network,
                     now: time(at: now))
        } else {
            note("\(nick) is not on the server (WHO found nobody): nothing banned; /ban MASK bans a mask",
                 in: ban.origin, isError: true, at: now)
        }
    }

    /// The session time of the input being handled (the WHO's answer), at `wall`.
    private func time(at wall: Date) -> SessionTime {
        SessionTime(monotonic: handlingTime?.monotonic ?? 0, wall: wall)
    }
}

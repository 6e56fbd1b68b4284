import FoundationEssentials
import IRCProtocol
import IRCSession

/// The events of an ignored sender, per level: written to the log marked as ignored, and not
/// shown, counted or notified. What the rest of the client needs of them still happens: the
/// nick list follows joins, parts, quits and nick changes; a query follows a nick change.
extension SessionEventApplier {
    /// Applies `event` when its sender is ignored for its level; returns false, doing
    /// nothing, when it is not (or it is ours, or of no level).
    func applyIgnored(_ event: SessionEvent, on network: ChatNetwork, now: Date) -> Bool {
        guard !model.settings.ignores.entries.isEmpty else { return false }
        func line(_ kind: ChatLineKind, _ nick: String?, _ text: String = "") -> ChatLine {
            ChatLine(id: model.localID(), time: now, kind: kind, nick: nick, text: text)
        }
        switch event {
        case .message(let message):
            guard model.isIgnored(message, on: network, now: now), let shown = model.line(for: message, on: network) else { return false }
            let existing: ChatBuffer? = switch message.target {
            case .server: nil
            case .channel(let name), .query(let name): network.buffer(named: name)
            }
            model.logIgnored(shown, on: network, logName: model.logName(of: message.target, on: network), buffer: existing)
        case .typing(let notice):
            return model.isIgnored(IRCSource(nick: notice.nick), level: .typing, on: network, now: now)
        case .reaction(let reaction):
            return !reaction.isOwn && model.isIgnored(IRCSource(nick: reaction.nick), level: .reactions, on: network, now: now)
        case .joined(let channel, let user, let account, _, let isOwn):
            guard !isOwn, model.isIgnored(user, account: account, level: .joins, on: network, now: now) else { return false }
            guard let buffer = network.buffer(named: channel) else { return true }
            model.logIgnored(line(.join, user.nick), on: network, logName: model.logName(buffer), buffer: buffer)
            model.changes.append(.membersChanged(buffer.id))
        case .parted(let channel, let user, let reason, let isOwn):
            guard !isOwn, model.isIgnored(user, level: .parts, on: network, now: now) else { return false }
            guard let buffer = network.buffer(named: channel) else { return true }
            if buffer.typing.removeValue(forKey: network.caseMapping.lowercased(user.nick)) != nil {
                model.changes.append(.typingChanged(buffer.id))
            }
            model.logIgnored(line(.part, user.nick, reason ?? ""), on: network, logName: model.logName(buffer), buffer: buffer)
            model.changes.append(.membersChanged(buffer.id))
        case .quit(let user, let reason, let channels):
            guard model.isIgnored(user, level: .quits, on: network, now: now) else { return false }
            stopTyping(user.nick, on: network)
            for buffer in openBuffers(channels + [user.nick], on: network) {
                model.logIgnored(line(.quit, user.nick, reason ?? ""), on: network, logName: model.logName(buffer), buffer: buffer)
                model.changes.append(.membersChanged(buffer.id))
            }
        case .nickChanged(let from, let to, let isOwn, let channels):
            // The session knows them by the new nick already; a mask may name either.
            let known = network.session.state.user(named: to)
            let old = IRCSource(nick: from, user: known?.user, host: known?.host)
            guard !isOwn, model.isIgnored(IRCSource(nick: to), level: .nicks, on: network, now: now)
                    || model.isIgnored(old, account: known?.account, level: .nicks, on: network, now: now) else { return false }
            stopTyping(from, on: network)
            if let query = network.buffer(named: from), query.kind == .query {
                query.name = to
                query.id = network.bufferID(for: to)
                model.changes.append(.buffersChanged(network: network.name))
            }
            for buffer in openBuffers(channels + [to], on: network) {
                model.logIgnored(line(.nickChange(newNick: to), from), on: network, logName: model.logName(buffer), buffer: buffer)
                model.changes.append(.membersChanged(buffer.id))
            }
        case .invited(let channel, let nick, let by):
            guard let by, model.isIgnored(by, level: .invites, on: network, now: now) else { return false }
            model.logIgnored(line(.info, nil, "\(by.nick) invited \(nick) to \(channel)"), on: network, logName: "server")
        default:
            return false
        }
        return true
    }

    /// The open buffers among `names` (channels and queries), each once.
    private func openBuffers(_ names: [String], on network: ChatNetwork) -> [ChatBuffer] {
        var seen = Set<BufferID>()
        return names.compactMap { network.buffer(named: $0) }.filter { seen.insert($0.id).inserted }
    }
}

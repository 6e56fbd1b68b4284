import FoundationEssentials
import IRCProtocol

/// User intents: what the user asks for, turned into lines (or queued, or refused).
extension IRCSession {
    mutating func perform(_ intent: UserIntent, now: SessionTime) {
        switch intent {
        case .asked(let inner, let origin):
            performAsked(inner, from: origin, now: now)
        case .sendMessage(let target, let text):
            sendChat(kind: .privmsg, target: target, text: text, now: now)
        case .sendNotice(let target, let text):
            sendChat(kind: .notice, target: target, text: text, now: now)
        case .sendAction(let target, let text):
            sendChat(kind: .action, target: target, text: text, now: now)
        case .sendMultiline(let target, let text, let parent):
            sendMultiline(kind: .privmsg, target: target, text: text, now: now, replyTo: parent)
        case .reply(let target, let text, let parent):
            sendChat(kind: .privmsg, target: target, text: text, now: now, replyTo: parent)
        case .sendTyping(let target, let typingState):
            // Never an error for the user: quietly not sent when it cannot be.
            sendTyping(typingState, to: target, now: now)
        case .discardPending(let target):
            let dropped = pending.filter { item in target.map { state.isupport.equal($0, item.target) } ?? true }
            guard !dropped.isEmpty else { return }
            pending.removeAll { dropped.contains($0) }
            emit(.pendingFailed(dropped))
        case .join(let channels):
            for channel in channels {
                if let index = desiredChannels.firstIndex(where: { state.isupport.equal($0.name, channel.name) }) {
                    desiredChannels[index] = channel
                } else {
                    desiredChannels.append(channel)
                }
            }
            // Not ready: they are joined with the others once registered.
            if isReady { sendJoins(channels) }
        case .part(let channel, let reason):
            desiredChannels.removeAll { state.isupport.equal($0.name, channel) }
            history.stoppedHearing[state.fold(channel)] = nil   // left by choice, even offline
            guard isReady else { return }
            if let reason { send("PART", channel, reason) } else { send("PART", channel) }
        case .away(let message):
            desiredAway = message
            if isReady { send("AWAY", message) }
        case .back:
            desiredAway = nil
            if isReady { send("AWAY") }
        case .monitorAdd(let nicks):
            let new = nicks.filter { nick in !monitorList.contains { state.isupport.equal($0, nick) } }
            monitorList += new
            if isReady, state.isupport.supportsMonitor, !new.isEmpty { sendMonitor("+", new) }
        case .monitorRemove(let nicks):
            monitorList.removeAll { nick in nicks.contains { state.isupport.equal($0, nick) } }
            if isReady, state.isupport.supportsMonitor, !nicks.isEmpty { sendMonitor("-", nicks) }
        case .requestOlderHistory(let target, let before, let limit):
            requestOlderHistory(target: target, before: before, limit: limit, intent: intent)
        case .requestHistoryAround(let target, let around, let limit):
            requestHistory("AROUND", target: target, anchor: around, limit: limit, kind: .around, intent: intent)
        default:
            performCommand(intent, now: now)
        }
    }

    /// Intents that only make sense on a live link; refused otherwise.
    private mutating func performCommand(_ intent: UserIntent, now: SessionTime) {
        let linked = state.phase != .disconnected
        guard linked else { return emit(.intentRejected(intent, reason: "not connected")) }
        switch intent {
        case .changeNick(let nick):
            wantedNick = nick
            requestedNick = nick
            if state.phase != .registered { state.nick = nick }
            send("NICK", nick)
        case .quit(let reason):
            quitting = true
            if let reason { send("QUIT", reason) } else { send("QUIT") }
        case .raw(let line):
            guard let message = try? IRCMessage(parsing: line, limits: .outgoing) else {
                return emit(.intentRejected(intent, reason: "not a valid IRC line"))
            }
            send(message)
        case .whois(let nick):
            send("WHOIS", nick)
        default:
            guard isReady else { return emit(.intentRejected(intent, reason: "not registered yet")) }
            performRegisteredCommand(intent, now: now)
        }
    }

    private mutating func performRegisteredCommand(_ intent: UserIntent, now: SessionTime) {
        switch intent {
        case .sendCTCP(let target, let command, let parameters):
            sendCTCP(to: target, command: command, parameters: parameters, now: now)
        case .command(let command, let parameters):
            let message = IRCMessage(command: command, parameters: parameters)
            do {
                _ = try message.validatedSerialization()
            } catch {
                return emit(.intentRejected(intent, reason: "\(command) cannot be sent: \(error.description)"))
            }
            send(message)
        case .who(let mask):
            sendWho(mask)
        case .setRealName(let name):
            guard state.capabilities.has("setname") else {
                return emit(.intentRejected(intent, reason: "this server cannot change your real name (no setname capability)"))
            }
            send("SETNAME", name)
        case .setTopic(let channel, let topic):
            send("TOPIC", channel, topic)
        case .setMode(let target, let modes, let parameters):
            send(IRCMessage(command: "MODE", parameters: [target, modes] + parameters))
        case .kick(let channel, let nick, let reason):
            if let reason { send("KICK", channel, nick, reason) } else { send("KICK", channel, nick) }
        case .invite(let nick, let channel):
            send("INVITE", nick, channel)
        case .bouncer(let request):
            performBouncer(request, intent: intent)
        case .markRead(let target, let timestamp):
            guard state.capabilities.has("draft/read-marker") else {
                return emit(.intentRejected(intent, reason: "the server has no read markers"))
            }
            send("MARKREAD", target, "timestamp=" + ServerTime.format(timestamp))
        case .react(let target, let msgid, let reaction, let removing):
            let tag = removing ? ClientTag.unreact : ClientTag.react
            guard isReady, state.capabilities.has("message-tags"), state.isupport.allowsClientTag(tag) else {
                return emit(.intentRejected(intent, reason: "the server does not relay reactions"))
            }
            var tags = [tag: reaction]
            for name in ClientTag.reply { tags[name] = msgid }
            send(IRCMessage(tags: tags, command: "TAGMSG", parameters: [target]))
            // Without echo-message nothing comes back: our reaction shows at once.
            if !state.capabilities.has("echo-message") {
                emit(.reaction(Reaction(target: ownTarget(target), parent: msgid, reaction: reaction, nick: state.nick,
                                        isOwn: true, isRemoval: removing)))
            }
        case .redact(let target, let msgid, let reason):
            guard isReady, state.capabilities.has("draft/message-redaction") else {
                return emit(.intentRejected(intent, reason: "the server cannot delete messages"))
            }
            send(IRCMessage(command: "REDACT", parameters: [target, msgid] + (reason.map { [$0] } ?? [])))
            if !state.capabilities.has("echo-message") {
                emit(.redaction(Redaction(target: ownTarget(target), msgid: msgid, by: state.nick, reason: reason)))
            }
        default:
            break
        }
    }

    /// JOINs as few lines as fit the line length (and TARGMAX): keyed channels first, since
    /// keys pair with channels by position.
    mutating func sendJoins(_ channels: [ChannelKey]) {
        guard !channels.isEmpty else { return }
        let ordered = channels.filter { $0.key != nil } + channels.filter { $0.key == nil }
        let maxTargets = state.isupport.maxTargets(for: "JOIN") ?? Int.max
        let limit = state.isupport.lineLength
        var names: [String] = []
        var keys: [String] = []
        func length(_ names: [String], _ keys: [String]) -> Int {
            // "JOIN " names [" " keys] CR LF
            5 + names.joined(separator: ",").utf8.count + (keys.isEmpty ? 0 : 1 + keys.joined(separator: ",").utf8.count) + 2
        }
        func flush(_ names: [String], _ keys: [String]) -> IRCMessage {
            IRCMessage(command: "JOIN", parameters: keys.isEmpty ? [names.joined(separator: ",")]
                       : [names.joined(separator: ","), keys.joined(separator: ",")])
        }
        for channel in ordered {
            let newNames = names + [channel.name]
            let newKeys = channel.key.map { keys + [$0] } ?? keys
            if !names.isEmpty && (length(newNames, newKeys) > limit || newNames.count > maxTargets) {
                send(flush(names, keys))
                names = [channel.name]
                keys = channel.key.map { [$0] } ?? []
            } else {
                names = newNames
                keys = newKeys
            }
        }
        if !names.isEmpty { send(flush(names, keys)) }
    }

    /// `MONITOR +/- a,b,…` in lines that fit.
    mutating func sendMonitor(_ sign: String, _ nicks: [String]) {
        var batch: [String] = []
        var bytes = 0
        for nick in nicks {
            if !batch.isEmpty && bytes + 1 + nick.utf8.count > 400 {
                send("MONITOR", sign, batch.joined(separator: ","))
                batch = []
                bytes = 0
            }
            bytes += (batch.isEmpty ? 0 : 1) + nick.utf8.count
            batch.append(nick)
        }
        if !batch.isEmpty { send("MONITOR", sign, batch.joined(separator: ",")) }
    }
}

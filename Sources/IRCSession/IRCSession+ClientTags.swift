import FoundationEssentials
import IRCProtocol

/// TAGMSG and REDACT in: typing notifications, reactions and redactions, live or inside a
/// history batch (where they apply once the batch's lines are shown).
extension IRCSession {
    /// A TAGMSG: its `+typing`, or its `+draft/react`/`+draft/unreact` with a reply tag.
    /// Tags this client does not know are ignored, as the message-tags specification asks.
    mutating func handleTagMessage(_ message: IRCMessage, now: SessionTime) {
        guard let first = message.parameters.first,
              let item = bufferMessage(IRCMessage(tags: message.tags, source: message.source, command: "PRIVMSG",
                                                  parameters: [first, ""]), now: now, buffer: historyTarget(of: message)),
              let nick = item.source?.nick else { return }
        var events: [SessionEvent] = reactionEvent(message.tags, in: item.target, by: nick, isOwn: item.isOwn).map { [$0] } ?? []
        // Typing from history is long over; our own (another client of ours) is not shown.
        if historyBatchID(of: message) == nil, !item.isOwn, let raw = message.tags[ClientTag.typing],
           let state = TypingState(rawValue: raw) {
            events.append(.typing(TypingNotice(target: item.target, nick: nick, state: state, time: item.time)))
        }
        deliver(events, of: message)
    }

    /// The reaction a message's tags carry: `+draft/react` or `+draft/unreact` with a reply tag
    /// naming the message reacted to.
    func reactionEvent(_ tags: [String: String], in target: MessageTarget, by nick: String, isOwn: Bool) -> SessionEvent? {
        guard let parent = ClientTag.replyTo(tags) else { return nil }
        if let value = tags[ClientTag.react], !value.isEmpty {
            return .reaction(Reaction(target: target, parent: parent, reaction: value, nick: nick, isOwn: isOwn, isRemoval: false))
        }
        if let value = tags[ClientTag.unreact], !value.isEmpty {
            return .reaction(Reaction(target: target, parent: parent, reaction: value, nick: nick, isOwn: isOwn, isRemoval: true))
        }
        return nil
    }

    /// A PRIVMSG or NOTICE that also carries a reaction (the specification's reaction with a
    /// message body): the reaction counts on its message too, after the message itself.
    mutating func noteReaction(of item: BufferMessage, from message: IRCMessage) {
        guard let nick = item.source?.nick, let event = reactionEvent(message.tags, in: item.target, by: nick, isOwn: item.isOwn) else { return }
        deliver([event], of: message)
    }

    /// `REDACT <target> <msgid> [<reason>]`.
    mutating func handleRedact(_ message: IRCMessage, now: SessionTime) {
        guard message.parameters.count >= 2,
              let item = bufferMessage(IRCMessage(tags: message.tags, source: message.source, command: "PRIVMSG",
                                                  parameters: [message.parameters[0], ""]), now: now,
                                       buffer: historyTarget(of: message)) else { return }
        let reason = message.parameters.count > 2 && !message.parameters[2].isEmpty ? message.parameters[2] : nil
        deliver([.redaction(Redaction(target: item.target, msgid: message.parameters[1], by: item.source?.nick,
                                      reason: reason))], of: message)
    }

    /// Sends `+typing=STATE` to `target` when the server relays client tags and allows this
    /// one, at most once every 3 s per target (the specification's throttle, which holds for
    /// every state: a `done` within 3 s of an `active` is dropped and ends by itself in 6 s).
    mutating func sendTyping(_ typing: TypingState, to target: String, now: SessionTime) {
        guard isReady, state.capabilities.has("message-tags"), state.isupport.allowsClientTag(ClientTag.typing) else { return }
        let key = state.fold(target)
        if typing != .done { typingDoneHeld[key] = nil }
        if let last = typingSentAt[key], now.monotonic - last < 3 {
            // A `done` is not lost to the throttle (others would see us typing for 30 s after a
            // `paused`): it goes once the 3 s are over, at a tick.
            if typing == .done { typingDoneHeld[key] = (target, last + 3) }
            return
        }
        typingSentAt[key] = now.monotonic
        send(IRCMessage(tags: [ClientTag.typing: typing.rawValue], command: "TAGMSG", parameters: [target]))
    }

    /// Sends the held `done`s whose time has come (a message sent meanwhile dropped its own).
    mutating func flushTypingDone(now: SessionTime) {
        for (key, held) in typingDoneHeld where held.due <= now.monotonic {
            typingDoneHeld[key] = nil
            sendTyping(.done, to: held.target, now: now)
        }
    }

    /// The buffer a target we send to names: a channel, or the query with that nick.
    func ownTarget(_ target: String) -> MessageTarget {
        state.isupport.isChannel(target) ? .channel(state.channel(named: target)?.name ?? target) : .query(target)
    }

    /// Emits `events` now, or, for a line inside a history batch, after that batch's lines.
    mutating func deliver(_ events: [SessionEvent], of message: IRCMessage) {
        if let id = historyBatchID(of: message) {
            batches[id]?.after += events
        } else {
            for event in events { emit(event) }
        }
    }

    private func historyBatchID(of message: IRCMessage) -> String? {
        message.tags["batch"].flatMap { historyBatchID(containing: $0) }
    }

    /// The buffer a history batch names, for a line inside one (its own target may differ).
    private func historyTarget(of message: IRCMessage) -> MessageTarget? {
        guard let id = historyBatchID(of: message), let name = batches[id]?.parameters.first else { return nil }
        return state.isupport.isChannel(name) ? .channel(state.channel(named: name)?.name ?? name) : .query(name)
    }
}

import FoundationEssentials
import IRCProtocol

/// A message we sent and whose echo (`echo-message`) we are waiting for.
struct AwaitingEcho: Sendable, Hashable {
    var label: String?
    var target: String
    var body: String
    var localID: Int
    /// What to type again if the link drops before the echo: the text (an action's without
    /// its CTCP wrapping), its kind and the message it replies to.
    var kind: MessageKind = .privmsg
    var text: String = ""
    var replyTo: String?
}

/// PRIVMSG and NOTICE in both directions: buffers, CTCP, echo-message matching, splitting long
/// texts and the queue of messages typed while disconnected.
extension IRCSession {
    /// Turns a received PRIVMSG/NOTICE into a ``BufferMessage`` for `buffer` (or the buffer the
    /// message itself names).
    func bufferMessage(_ message: IRCMessage, now: SessionTime, buffer: MessageTarget? = nil) -> BufferMessage? {
        guard message.parameters.count >= 2 else { return nil }
        var rawTarget = message.parameters[0]
        let body = message.parameters[1]
        let source = message.parsedSource
        let isOwn = source.map { state.isOwnNick($0.nick) } ?? false
        var statusPrefix: Character?
        if let first = rawTarget.first, state.isupport.prefixSymbols.contains(first), state.isupport.isChannel(String(rawTarget.dropFirst())) {
            statusPrefix = first
            rawTarget = String(rawTarget.dropFirst())
        }
        let isNotice = message.command.uppercased() == "NOTICE"
        let target: MessageTarget
        if let buffer {
            target = buffer
        } else if state.isupport.isChannel(rawTarget) {
            target = .channel(state.channel(named: rawTarget)?.name ?? rawTarget)
        } else if isOwn {
            target = .query(rawTarget)
        } else if isNotice && (state.phase != .registered || rawTarget == "*") {
            // Notices during registration (auth, SaslServ's "last login" lines) belong to the
            // server buffer, not to a query with the service.
            target = .server
        } else if source == nil || source?.user == nil && source?.host == nil
                    && (source?.nick.contains(".") ?? true || rawTarget == "*" || state.phase != .registered) {
            target = .server
        } else {
            target = .query(source?.nick ?? rawTarget)
        }
        var kind: MessageKind = isNotice ? .notice : .privmsg
        var text = body
        if let ctcp = CTCPMessage(decoding: body) {
            text = ctcp.parameters ?? ""
            if ctcp.command == "ACTION" && kind == .privmsg {
                kind = .action
            } else {
                kind = kind == .privmsg ? .ctcpRequest(command: ctcp.command) : .ctcpReply(command: ctcp.command)
            }
        }
        return BufferMessage(target: target, source: source, kind: kind, text: text,
                             time: messageTime(message, now: now), msgid: message.tags["msgid"],
                             tags: message.tags, isOwn: isOwn, statusPrefix: statusPrefix,
                             batch: message.tags["batch"])
    }

    mutating func handleChatMessage(_ message: IRCMessage, now: SessionTime) {
        if collectMultiline(message) { return }
        if let batchID = message.tags["batch"], let historyID = historyBatchID(containing: batchID) {
            collectHistory(message, now: now, batchID: historyID)
            if let item = batches[historyID]?.messages.last { noteReaction(of: item, from: message) }
            return
        }
        guard var item = bufferMessage(message, now: now) else { return }
        if answersOurPing(item, now: now) { return }
        // A member's host, when NAMES did not give it (no userhost-in-names): what a ban by
        // host needs. Kept from their first message; with userhost-in-names nothing is done.
        if !namesGiveHosts, let source = item.source, let host = source.host, !item.isOwn {
            let key = state.fold(source.nick)
            if state.users[key] != nil, state.users[key]?.host == nil {
                state.users[key]?.host = host
                state.users[key]?.user = source.user
            }
        }
        if item.isOwn, state.capabilities.has("echo-message") {
            item.localID = matchEcho(label: label(of: message), target: message.parameters[0], body: message.parameters[1])
        }
        if let target = historyKey(for: item.target) {
            if let msgid = item.msgid, !history.remember(msgid: msgid, for: target) { return }
            history.noteLatest(item.time, msgid: item.msgid, for: target)
        }
        emit(.message(item))
        noteReaction(of: item, from: message)
        if case .ctcpRequest(let command) = item.kind, !item.isOwn, let nick = item.source?.nick {
            answerCTCP(CTCPMessage(command: command, parameters: item.text.isEmpty ? nil : item.text),
                       to: nick, now: now)
        }
    }

    /// Finds (and forgets) the send an echo belongs to: by label, else by target and text.
    mutating func matchEcho(label: String?, target: String, body: String) -> Int? {
        if let label, let index = awaitingEcho.firstIndex(where: { $0.label == label }) {
            return awaitingEcho.remove(at: index).localID
        }
        if let index = awaitingEcho.firstIndex(where: { state.isupport.equal($0.target, target) && $0.body == body }) {
            return awaitingEcho.remove(at: index).localID
        }
        return nil
    }

    /// Answers VERSION, PING, TIME and CLIENTINFO with a NOTICE, within the rate limit.
    mutating func answerCTCP(_ request: CTCPMessage, to nick: String, now: SessionTime) {
        guard configuration.ctcp.answersRequests, configuration.ctcp.answered.contains(request.command),
              var reply = request.reply(versionString: configuration.ctcp.versionString, now: now.wall),
              ctcpBucket.take(now: now.monotonic) else { return }
        // CLIENTINFO names only what is answered (and ACTION, which is not a request).
        if reply.command == "CLIENTINFO" {
            reply.parameters = CTCPMessage.supportedCommands.filter { $0 == "ACTION" || configuration.ctcp.answered.contains($0) }
                .joined(separator: " ")
        }
        let message = IRCMessage(command: "NOTICE", parameters: [nick, reply.encoded()])
        // A hostile PING parameter could make the reply too long to send: drop it then.
        guard (try? message.validatedSerialization()) != nil else { return }
        send(message)
    }

    // MARK: Sending

    /// Our `nick!user@host` as the server will relay it; when unknown, a worst case (10-byte
    /// user, 63-byte host) so that split lines always fit.
    var ownSourceForSplitting: String {
        let user = state.ownUser ?? String(repeating: "u", count: 10)
        let host = state.ownHost ?? String(repeating: "h", count: 63)
        return "\(state.nick)!\(user)@\(host)"
    }

    /// Sends (or queues, when not ready) a message the user typed.
    mutating func sendChat(kind: MessageKind, target: String, text: String, now: SessionTime, id: Int? = nil,
                           replyTo: String? = nil) {
        let localID = id ?? { nextLocalID += 1; return nextLocalID }()
        typingDoneHeld[state.fold(target)] = nil   // the message says we stopped typing
        guard isReady else {
            let item = PendingMessage(id: localID, target: target, text: text, kind: kind, replyTo: replyTo)
            pending.append(item)
            emit(.messageQueued(item))
            return
        }
        let command = kind == .notice ? "NOTICE" : "PRIVMSG"
        let lines: [IRCMessage]
        do {
            lines = try IRCMessageSplitter.messages(command: command, target: target, text: text,
                                                    ownSource: ownSourceForSplitting,
                                                    lineLength: state.isupport.lineLength,
                                                    ctcpCommand: kind == .action ? "ACTION" : nil)
        } catch {
            emit(.intentRejected(.sendMessage(target: target, text: text), reason: "target name too long to send"))
            return
        }
        let echo = state.capabilities.has("echo-message")
        // The reply tags go on every line of a split text (each is a message of its own), when
        // the server relays client tags at all.
        let replyTags = replyTo.flatMap { parent in
            state.capabilities.has("message-tags") && ClientTag.reply.allSatisfy(state.isupport.allowsClientTag)
                ? Dictionary(uniqueKeysWithValues: ClientTag.reply.map { ($0, parent) }) : nil
        } ?? [:]
        for var line in lines {
            let label = echo ? makeLabel() : nil
            if let label { line.tags["label"] = label }
            line.tags.merge(replyTags) { current, _ in current }
            send(line)
            if echo {
                let body = line.parameters[1]
                let plain = kind == .action ? (CTCPMessage(decoding: body)?.parameters ?? "") : body
                awaitingEcho.append(AwaitingEcho(label: label, target: target, body: body, localID: localID,
                                                 kind: kind, text: plain, replyTo: replyTo))
                if awaitingEcho.count > 200 { awaitingEcho.removeFirst() }
            } else if var item = bufferMessage(IRCMessage(tags: replyTags, source: ownSourceForSplitting, command: command,
                                                          parameters: line.parameters), now: now) {
                item.source = IRCSource(nick: state.nick, user: state.ownUser, host: state.ownHost)
                item.localID = localID
                emit(.message(item))
            }
        }
    }

    /// Sends the queued messages in the order they were typed.
    mutating func flushPending(now: SessionTime) {
        requeuedAtDrop = [:]   // registered again: the transport's reports of the last link are in
        guard !pending.isEmpty else { return }
        let queued = pending
        pending = []
        for item in queued {
            sendChat(kind: item.kind, target: item.target, text: item.text, now: now, id: item.id, replyTo: item.replyTo)
        }
        emit(.pendingSent(queued.map(\.id)))
    }
}

extension IRCSession {
    /// The link dropped before the server echoed what we sent (echo-message): nothing says it
    /// arrived (a stalled link swallows it), so each such line is typed again, as a pending
    /// message sent after the reconnect, in order. Typed text is never silently lost; the
    /// price is a rare duplicate when the server took the line but the echo was lost with the
    /// link.
    mutating func requeueUnconfirmed() {
        let unconfirmed = awaitingEcho
        awaitingEcho = []
        for echo in unconfirmed where !echo.text.isEmpty {
            requeuedAtDrop[Self.unsentKey(echo.target, echo.body), default: 0] += 1
            nextLocalID += 1
            let item = PendingMessage(id: nextLocalID, target: echo.target, text: echo.text, kind: echo.kind,
                                      replyTo: echo.replyTo)
            pending.append(item)
            emit(.messageQueued(item))
        }
    }
}

extension IRCSession {
    static func unsentKey(_ target: String, _ body: String) -> String { target.lowercased() + "\u{0}" + body }

    /// The transport says these lines never reached a socket. What the user typed among them
    /// is typed again as pending, once: a line still awaiting its echo is taken from there,
    /// and one already requeued when the link dropped (``requeueUnconfirmed()``) is not
    /// requeued twice, whichever of the two reports comes first.
    mutating func linesNotSent(_ lines: [IRCMessage], now: SessionTime) {
        for line in lines where (line.command == "PRIVMSG" || line.command == "NOTICE") && line.parameters.count == 2 {
            let target = line.parameters[0], body = line.parameters[1]
            let key = Self.unsentKey(target, body)
            if let index = awaitingEcho.firstIndex(where: { state.isupport.equal($0.target, target) && $0.body == body }) {
                awaitingEcho.remove(at: index)
            } else if let count = requeuedAtDrop[key], count > 0 {
                requeuedAtDrop[key] = count - 1
                continue
            }
            let kind: MessageKind
            let text: String
            if let ctcp = CTCPMessage(decoding: body), ctcp.command == "ACTION" {
                kind = .action
                text = ctcp.parameters ?? ""
            } else {
                kind = line.command == "NOTICE" ? .notice : .privmsg
                text = body
            }
            if isReady {
                // The session still thinks the link is up (its drop is reported next): the line
                // waits with the others rather than going into the dead link again.
                nextLocalID += 1
                let item = PendingMessage(id: nextLocalID, target: target, text: text, kind: kind, replyTo: nil)
                pending.append(item)
                emit(.messageQueued(item))
            } else {
                sendChat(kind: kind, target: target, text: text, now: now)
            }
        }
    }
}

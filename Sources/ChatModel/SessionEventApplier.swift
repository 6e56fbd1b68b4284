import FoundationEssentials
import IRCProtocol
import IRCSession

/// Turns the session's events into the model's lines, counts and changes: messages and history
/// batches into buffers, joins, parts, modes and the like into event rows, the connection's
/// phase and SASL into notes, typing, reactions and redactions onto their lines (in place, as a
/// `lineChanged`: the list keeps what the reader looks at where it is). The model keeps the
/// state and its primitives (appending, event rows, notes); this is what a session event means
/// for them.
struct SessionEventApplier {
    let model: ChatModel

    /// Turns one session event into lines, counts and model.changes.
    func apply(_ event: SessionEvent, on network: ChatNetwork, now: Date) {
        // What an ignored sender did is logged, marked, and shown nowhere (+Ignore); the
        // answer to a ban's WHO bans (ChatModel+Bans).
        if applyIgnored(event, on: network, now: now) || model.answersBanWho(event, on: network, now: now) { return }
        // Once the event is applied: a script greeting a channel just joined finds its buffer.
        defer { tellScripts(event, on: network) }
        switch event {
        case .message(let message):
            applyMessage(message, on: network)
        case .history(let batch):
            applyHistory(batch, on: network, now: now)
        case .ctcpPingReply(let nick, let seconds):
            // Where the PING was typed; else the buffer on screen, if it is this network's.
            let shown = model.activeBuffer.flatMap { $0.network == network.name ? model.buffer($0) : nil }
            let buffer = network.ctcpOrigin(of: nick).flatMap { model.buffer($0) } ?? shown ?? network.serverBuffer
            model.event(.info, nick: nil, text: "PING reply from \(nick): \(Self.seconds(seconds)) s", in: buffer, on: network,
                        at: now)
        case .typing(let notice):
            applyTyping(notice, on: network, now: now)
        case .reaction(let reaction):
            applyReaction(reaction, on: network)
        case .redaction(let redaction):
            applyRedaction(redaction, on: network)
        case .joined(let channel, let user, _, _, let isOwn):
            let buffer = model.buffer(named: channel, kind: .channel, on: network)
            if isOwn {
                buffer.isJoined = true
                buffer.name = channel
            }
            let rejoined = isOwn && buffer.awaitsRejoin && network.linkCount == buffer.droppedOnLink + 1
            if isOwn {
                buffer.awaitsRejoin = false
                buffer.membersWhenLeft = []
                network.remember(joined: channel)
            }
            if rejoined {
                model.event(.info, nick: nil, text: "Rejoined \(channel)", in: buffer, on: network, at: now)
            } else if isOwn {
                model.event(.join, nick: user.nick, in: buffer, on: network, at: now)
            } else {
                model.filterableEvent(.join, nick: user.nick, in: buffer, on: network, at: now)
            }
            model.changes.append(.membersChanged(buffer.id))
        case .parted(let channel, let user, let reason, let isOwn):
            if isOwn { network.forget(parted: channel) }
            guard let buffer = network.buffer(named: channel) else { return }
            if isOwn { leftForGood(buffer) }
            if buffer.typing.removeValue(forKey: network.caseMapping.lowercased(user.nick)) != nil {
                model.changes.append(.typingChanged(buffer.id))
            }
            model.filterableEvent(.part, nick: user.nick, text: reason ?? "", in: buffer, on: network, at: now)
            model.changes.append(.membersChanged(buffer.id))
        case .kicked(let channel, let nick, let by, let reason, let isOwn):
            guard let buffer = network.buffer(named: channel) else { return }
            if buffer.typing.removeValue(forKey: network.caseMapping.lowercased(nick)) != nil {
                model.changes.append(.typingChanged(buffer.id))
            }
            if isOwn { leftForGood(buffer) }
            model.event(.kick(by: by?.nick), nick: nick, text: reason ?? "", in: buffer, on: network, at: now)
            model.changes.append(.membersChanged(buffer.id))
        case .quit(let user, let reason, let channels):
            stopTyping(user.nick, on: network)
            for buffer in buffers(channels + [user.nick], on: network) {
                model.filterableEvent(.quit, nick: user.nick, text: reason ?? "", in: buffer, on: network, at: now)
                model.changes.append(.membersChanged(buffer.id))
            }
        case .netsplit(let servers, let users, let channels), .netjoin(let servers, let users, let channels):
            let joined: Bool = { if case .netjoin = event { return true } else { return false } }()
            applySplit(joined: joined, servers: servers, users: users, channels: channels, on: network, now: now)
        case .nickChanged(let from, let to, let isOwn, let channels):
            stopTyping(from, on: network)   // the next notice comes under the new nick
            applyNickChange(from: from, to: to, isOwn: isOwn, channels: channels, on: network, now: now)
        case .modeChanged(let target, let by, let modeChanges):
            let text = Self.modeString(modeChanges)
            let buffer = network.isChannel(target) ? model.buffer(named: target, kind: .channel, on: network)
                                                   : network.serverBuffer
            if by == nil {
                // The server's answer to /mode (324): what is set, not a change someone made.
                model.event(.info, nick: nil, text: "Modes of \(target): " + (text.isEmpty ? "none" : text),
                            in: buffer, on: network, at: now)
            } else {
                model.event(.mode, nick: by?.nick ?? target, text: text, in: buffer, on: network, at: now)
            }
            if buffer.kind == .channel { model.changes.append(.membersChanged(buffer.id)) }
            // A key set on a channel we keep joining is the key to join it with next time.
            if by != nil, buffer.kind == .channel, buffer.isJoined, modeChanges.contains(where: { $0.mode == "k" }) {
                network.remember(joined: target, keyChanged: true)
            }
        case .topic(let channel, let topic, let setBy, _, let isChange):
            let buffer = model.buffer(named: channel, kind: .channel, on: network)
            buffer.topic = topic
            // A reply naming who set the topic (333) follows the topic itself (332): the pair
            // makes one line.
            let isSetterReply = !isChange && setBy != nil
            if !isSetterReply {
                model.event(.topic, nick: isChange ? setBy : nil, text: topic, in: buffer, on: network, at: now)
            }
            model.changes.append(.topicChanged(buffer.id))
        case .membersComplete(let channel, _):
            guard let buffer = network.buffer(named: channel) else { break }
            model.changes.append(.membersChanged(buffer.id))
        case .realNameChanged(let nick, let name) where network.caseMapping.equal(nick, network.nick):
            model.info("Your real name is now \(name)", on: network, at: now)
        case .away(let nick, _), .hostChanged(let nick, _, _), .realNameChanged(let nick, _), .accountChanged(let nick, _):
            // Our own away state shows in the network's status line too.
            if case .away = event, network.caseMapping.equal(nick, network.session.state.nick) {
                model.changes.append(.connectionChanged(network: network.name))
            }
            for buffer in network.buffers where buffer.kind == .channel
                && network.session.state.channel(named: buffer.name)?.members[network.caseMapping.lowercased(nick)] != nil {
                model.changes.append(.membersChanged(buffer.id))
            }
        case .invited(let channel, let nick, let by):
            model.info("\(by?.nick ?? "Someone") invited \(nick) to \(channel)", on: network, at: now)
        case .connectionPhase(let phase):
            applyPhase(phase, on: network, now: now)
        case .registered(let nick, let server):
            network.linkCount += 1
            model.info("Connected to \(server) as \(nick)", on: network, at: now)
            // A channel parted while disconnected, or refused before, is not joined again.
            for buffer in network.buffers where buffer.awaitsRejoin && !network.session.rejoins(buffer.name) {
                leftForGood(buffer)
                model.changes.append(.membersChanged(buffer.id))
            }
        case .nickUnavailable(let tried):
            model.info("No nick could be used (tried \(tried.joined(separator: ", ")))", on: network, at: now, error: true)
        case .sasl(let outcome):
            applySASL(outcome, on: network, now: now)
        case .lag:
            model.changes.append(.connectionChanged(network: network.name))
        case .linkDead(let silent):
            model.info("No data from the server for \(Int(silent)) s: reconnecting", on: network, at: now, error: true)
            model.requestLink(.close(reason: "no data for \(Int(silent)) s"), network: network.name)
        case .serverError(let text):
            model.info("Server closed the link: \(text)", on: network, at: now, error: true)
        case .serverReply(let reply) where ["321", "322", "323"].contains(reply.command):
            model.applyChannelList(reply, on: network)
        case .serverReply(let reply):
            // The buffer it names, else the one where the command it answers was typed.
            let target = reply.target.flatMap { network.buffer(named: $0) } ?? reply.origin.flatMap { network.buffer(named: $0) }
                ?? network.serverBuffer
            let text = reply.isError ? ReplySentence.sentence(for: reply) ?? reply.text : reply.text
            model.event(reply.isError ? .error : .info, nick: nil, text: text, in: target, on: network, at: now)
        case .standardReply(let reply):
            let named = reply.context.lazy.filter { network.isChannel($0) }.compactMap { network.buffer(named: $0) }.first
            let target = named ?? reply.origin.flatMap { network.buffer(named: $0) } ?? network.serverBuffer
            model.event(reply.kind == "FAIL" ? .error : .info, nick: nil, text: ReplySentence.sentence(for: reply),
                        in: target, on: network, at: now)
            if reply.kind == "FAIL", reply.command == "CHATHISTORY" {
                // The request is over: the buffers it names (all, when it names none) stop waiting.
                let named = reply.context.compactMap { network.buffer(named: $0) }
                endHistoryRequests(in: named.isEmpty ? network.buffers : named)
            }
        case .answer(let answer):
            model.applyAnswer(answer, on: network, at: now)
        case .messageQueued(let pending):
            applyQueued(pending, on: network, now: now)
        case .pendingSent:
            break // each queued message comes back as a message event with its local id
        case .pendingFailed(let failed):
            applyFailed(failed, on: network)
        case .intentRejected(_, let reason):
            model.info(reason, on: network, at: now, error: true)
        case .readMarker(let target, let timestamp):
            if let buffer = network.buffer(named: target), let timestamp { model.applyReadMarker(timestamp, to: buffer) }
        case .monitorOnline(let users):
            model.info("Online: \(users.map(\.nick).joined(separator: ", "))", on: network, at: now)
            for user in users {
                let key = network.caseMapping.lowercased(user.nick)
                // A friend seen offline who comes online is worth telling; the first answer
                // after connecting is not.
                if network.friendsOnline[key] == false {
                    model.changes.append(.notify(network.serverBuffer.id, title: "\(user.nick) is online", body: "on \(network.name)"))
                }
                network.friendsOnline[key] = true
            }
            model.changes.append(.connectionChanged(network: network.name))
        case .monitorOffline(let nicks):
            model.info("Offline: \(nicks.joined(separator: ", "))", on: network, at: now)
            for nick in nicks { network.friendsOnline[network.caseMapping.lowercased(nick)] = false }
            model.changes.append(.connectionChanged(network: network.name))
        case .historyGap(let target, let from, let to, let reason):
            model.applyGap(in: target, from: from, to: to, reason: reason, on: network)
        case .bouncerNetwork(let update):
            model.applyBouncerNetwork(update, on: network, now: now)
        case .batchAbandoned(let type, let seconds):
            model.info("The server left a \(type) batch open for \(Int(seconds)) s: showing what it sent", on: network, at: now,
                 error: true)
        case .stsUpgrade(let port):
            model.info("The server requires TLS (STS): connecting again over TLS to port \(port)", on: network, at: now)
            model.requestLink(.upgradeToTLS(port: port), network: network.name)
        case .stsPolicy(let duration, _):
            model.requestLink(.rememberSTS(duration: duration), network: network.name)
        case .saslAbandoned(let reason, let reconnect):
            if reconnect {
                model.info("Not staying without the SASL login: \(reason). Trying again later (sasl_fail = reconnect)",
                     on: network, at: now, error: true)
                model.requestLink(.reconnect(farewell: []), network: network.name)
            } else {
                model.info("Not staying without the SASL login: \(reason). Disconnected: check the account, then /connect "
                     + "(or set sasl_fail = \"continue\" for this network to stay unauthenticated)", on: network, at: now, error: true)
                model.requestLink(.disconnect(farewell: []), network: network.name)
            }
        case .bouncerNetworksListed(let netids):
            model.forgetBouncerNetworks(notIn: Set(netids), on: network, now: now)
        case .bouncerBindRefused(let code, let description):
            model.info("The bouncer refused this network: \(description) (\(code)); not reconnecting", on: network, at: now,
                 error: true)
            model.requestLink(.disconnect(farewell: []), network: network.name)
        case .bouncerRequestDone(let subcommand, let id):
            let what = ["ADDNETWORK": "added", "CHANGENETWORK": "changed", "DELNETWORK": "removed"][subcommand] ?? "done"
            model.info("The bouncer \(what) network \(network.bouncerNetworks[id]?["name"] ?? id)", on: network, at: now)
        case .bouncerBindUnavailable(let netid):
            model.info("Cannot reach bouncer network \(netid): the server does not offer soju.im/bouncer-model.networks",
                 on: network, at: now, error: true)
        case .capabilitiesChanged:
            break
        }
    }

    private func applyMessage(_ message: BufferMessage, on network: ChatNetwork) {
        // Our own CTCP request coming back (echo-message): its note said it went.
        if message.isOwn, case .ctcpRequest = message.kind { return }
        // Our own notice to someone we have no conversation with: the command said where it was
        // typed that it went ("Notice sent to bob: …"), so it opens none (neither HexChat nor
        // WeeChat does); the log of that nick keeps it.
        let isCTCPReply: Bool = { if case .ctcpReply = message.kind { true } else { false } }()
        // (Our client's automatic CTCP answers, echoed, likewise: each would show where the user is.)
        if message.isOwn, message.kind == .notice || isCTCPReply, case .query(let nick) = message.target,
           network.buffer(named: nick) == nil {
            if let line = model.line(for: message, on: network) { model.writeLog(line, on: network, buffer: network.bufferID(for: nick).name) }
            return
        }
        guard var line = model.line(for: message, on: network) else { return }
        // Scripts judge it before a buffer is opened for it: a hidden message opens none.
        // Our own messages too (sent, or echoed), for scripts that keep what is said; what they
        // answer changes only others' lines (ours are not hidden or highlighted).
        switch scriptsVerdict(on: message, line: line, on: network) {
        case .keep: break
        case .highlight where !message.isOwn: line.isHighlight = true
        case .hide where !message.isOwn:
            // Hidden from the screen, not from the record (as an ignored sender's line).
            model.writeLog(line, on: network, buffer: model.logName(of: message.target, on: network))
            return
        case .highlight, .hide: break
        }
        let buffer = model.buffer(for: message, on: network)
        // Our queued message going out: the pending row becomes the real one, in place.
        if let local = message.localID, buffer.scrollback.replace(id: "pending-\(local)", with: line) != nil {
            model.changes.append(.lineChanged(buffer.id, id: line.id))
            model.writeLog(line, on: network, buffer: model.logName(buffer))
            return
        }
        line.delivery = .delivered
        // A message ends its sender's typing.
        if let nick = line.nick, buffer.typing.removeValue(forKey: network.caseMapping.lowercased(nick)) != nil {
            model.changes.append(.typingChanged(buffer.id))
        }
        model.append(line, to: buffer, on: network, countsUnread: true)
        if !line.isOwn, let nick = line.nick { model.noteSpoke(nick, in: buffer, on: network, at: line.time) }
    }

    private func applyHistory(_ batch: HistoryBatch, on network: ChatNetwork, now: Date) {
        let buffer = model.buffer(named: batch.target, kind: network.isChannel(batch.target) ? .channel : .query, on: network)
        let lines = batch.messages.compactMap { model.line(for: $0, on: network, now: now) }
        switch batch.request {
        case .around:
            return model.openWindow(lines.sorted { $0.time < $1.time }, in: buffer, on: network, now: now)
        case .before:
            buffer.isLoadingOlder = false
            if batch.receivedCount == 0 { buffer.serverHistoryExhausted = true }
        case .after:
            // What was missed while the link was down: into the live lines where each one's
            // time puts it, unread, logged (and what the model.logs already hold dropped).
            for line in lines { model.append(line, to: buffer, on: network, countsUnread: line.isMessage, fromHistory: true) }
            return
        case .latest, .unrequested:
            model.closeGap(in: buffer, reachedBy: lines, overlapsSeen: batch.receivedCount > batch.messages.count)
        }
        // A page asked for by the reader goes above what is shown; other history belongs to
        // the live lines.
        let paging = batch.request == .before
        let firstTime = (paging ? buffer.shown : buffer.scrollback).lines.first?.time
        let older = lines.filter { line in firstTime.map { line.time < $0 } ?? false }
        let olderIDs = Set(older.map(\.id))
        let newer = lines.filter { !olderIDs.contains($0.id) }
        if paging {
            model.prepend(older, to: buffer)
            model.changes.append(.linesPrepended(buffer.id, count: 0))   // answered, even when nothing was new
        } else {
            // History nobody scrolled up for (on join, a server's replay) fills the scrollback
            // up to its cap and no further: of a reply far larger, the newest lines stay.
            let room = max(0, model.settings.scrollbackCap - buffer.scrollback.count)
            model.prependLive(Array(older.suffix(room)), to: buffer)
        }
        if !paging || buffer.showsNewest {
            for line in newer { model.append(line, to: buffer, on: network, countsUnread: false) }
        }
        if paging, older.isEmpty, batch.receivedCount == 0 {
            model.loadOlderFromLogs(buffer, on: network)
        }
    }

    /// History requests that will get no answer: the buffers stop showing them as loading.
    private func endHistoryRequests(in buffers: [ChatBuffer]) {
        for buffer in buffers where buffer.isLoadingOlder || buffer.isLoadingAround {
            buffer.isLoadingOlder = false
            buffer.isLoadingAround = false
            model.changes.append(.linesPrepended(buffer.id, count: 0))
        }
    }

    private func applyNickChange(from: String, to: String, isOwn: Bool, channels: [String],
                                 on network: ChatNetwork, now: Date) {
        if let query = network.buffer(named: from), query.kind == .query {
            query.name = to
            query.id = network.bufferID(for: to)
            model.changes.append(.buffersChanged(network: network.name))
        }
        for buffer in buffers(channels + [to], on: network) {
            model.filterableEvent(.nickChange(newNick: to), nick: from, isOwn: isOwn, in: buffer, on: network, at: now)
            model.renameSpeaker(from: from, to: to, in: buffer, on: network)
            model.changes.append(.membersChanged(buffer.id))
        }
        if isOwn { model.info("You are now known as \(to)", on: network, at: now) }
    }

    private func applyPhase(_ phase: ConnectionPhase, on network: ChatNetwork, now: Date) {
        model.changes.append(.connectionChanged(network: network.name))
        if case .disconnected = phase {
            for buffer in network.buffers where buffer.kind == .channel && buffer.isJoined {
                // Each channel says it is left behind (its nick list greys), and says so again
                // when the reconnection rejoins it.
                buffer.isJoined = false
                buffer.awaitsRejoin = true
                buffer.droppedOnLink = network.linkCount
                // Dated no earlier than the newest line: our clock may be behind the server's,
                // and the buffer's lines stay in time order.
                let time = max(now, buffer.scrollback.lines.last?.time ?? now)
                model.event(.info, nick: nil, text: "Disconnected: not in \(buffer.name) until the connection is back",
                            in: buffer, on: network, at: time)
                model.changes.append(.membersChanged(buffer.id))
            }
            endHistoryRequests(in: network.buffers)   // no answer comes over a dead link
        }
        let text: String
        switch phase {
        case .disconnected: text = "Disconnected"
        case .negotiatingCapabilities: text = "Negotiating capabilities…"
        case .authenticating: text = "Logging in…"
        case .registering: text = "Registering…"
        case .registered: return   // `registered` says who we are
        }
        model.info(text, on: network, at: now)
    }

    private func applySASL(_ outcome: SASLOutcome, on network: ChatNetwork, now: Date) {
        switch outcome {
        case .succeeded(let account): model.info("Logged in as \(account)", on: network, at: now)
        case .failed(let numeric, let message): model.info("SASL login failed (\(numeric)): \(message)", on: network, at: now, error: true)
        case .unavailable(let offered):
            model.info("SASL mechanism not offered (server offers \(offered.joined(separator: ", ")))", on: network, at: now, error: true)
        }
    }

    private func applyQueued(_ pending: PendingMessage, on network: ChatNetwork, now: Date) {
        // A notice to someone we have no conversation with opens none, waiting or not: the
        // command said where it was typed that it goes.
        if pending.kind == .notice, !network.isChannel(pending.target), network.buffer(named: pending.target) == nil { return }
        let buffer = network.isChannel(pending.target) ? model.buffer(named: pending.target, kind: .channel, on: network)
                                                       : model.buffer(named: pending.target, kind: .query, on: network)
        let text = network.isChannel(pending.target) ? pending.text : ChatModel.maskingServicePasswords(pending.text, to: pending.target)
        var line = ChatLine(id: "pending-\(pending.id)", time: now, kind: pending.kind == .action ? .action : .message,
                            nick: network.session.state.nick, text: text, isOwn: true)
        line.delivery = .pending
        line.replyTo = pending.replyTo
        let (appended, trimmed) = buffer.scrollback.append(line)
        if trimmed > 0 { model.changes.append(.linesTrimmed(buffer.id, count: trimmed)) }
        if appended > 0 { model.changes.append(.linesAppended(buffer.id, count: 1)) }
    }

    private func applyFailed(_ failed: [PendingMessage], on network: ChatNetwork) {
        for pending in failed {
            for buffer in network.buffers {
                guard let index = buffer.scrollback.lines.lastIndex(where: { $0.id == "pending-\(pending.id)" }) else { continue }
                var line = buffer.scrollback.lines[index]
                line.delivery = .failed
                buffer.scrollback.replace(id: line.id, with: line)
                model.changes.append(.lineChanged(buffer.id, id: line.id))
            }
        }
    }

    /// The open buffers among `names` (channels and queries), each once.
    func buffers(_ names: [String], on network: ChatNetwork) -> [ChatBuffer] {
        var seen = Set<BufferID>()
        return names.compactMap { network.buffer(named: $0) }.filter { seen.insert($0.id).inserted }
    }

    /// `seconds` with three decimals: `0.250`.
    static func seconds(_ seconds: Double) -> String {
        let milliseconds = Int((seconds * 1000).rounded())
        let fraction = String(milliseconds % 1000)
        return "\(milliseconds / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }

    static func modeString(_ changes: [ModeChange]) -> String {
        var text = ""
        var sign: Bool?
        var parameters: [String] = []
        for change in changes {
            if sign != change.adding { text += change.adding ? "+" : "-"; sign = change.adding }
            text.append(change.mode)
            if let parameter = change.parameter { parameters.append(parameter) }
        }
        return ([text] + parameters).joined(separator: " ")
    }

    // MARK: - Typing, reactions and redactions

    func applyTyping(_ notice: TypingNotice, on network: ChatNetwork, now: Date) {
        guard let buffer = existingBuffer(notice.target, on: network) else { return }
        let key = network.caseMapping.lowercased(notice.nick)
        if notice.state == .done {
            guard buffer.typing.removeValue(forKey: key) != nil else { return }
        } else {
            // Local time: the holding times run from when the notice arrived.
            buffer.typing[key] = (notice.nick, now.addingTimeInterval(notice.state.lifetime))
        }
        model.changes.append(.typingChanged(buffer.id))
    }

    /// We left `buffer`'s channel (parted, kicked, or not rejoining it): no "Rejoined" to
    /// come, and nobody left to show in its nick list.
    private func leftForGood(_ buffer: ChatBuffer) {
        buffer.isJoined = false
        buffer.awaitsRejoin = false
        buffer.membersWhenLeft = []
        // Nobody to say the rest of a paste to.
        model.cancelPaste(in: buffer.id, now: Date())
    }

    /// Forgets the typing of `nick` in every buffer of `network` (it left or quit).
    func stopTyping(_ nick: String, on network: ChatNetwork) {
        let key = network.caseMapping.lowercased(nick)
        for buffer in network.buffers where buffer.typing.removeValue(forKey: key) != nil {
            model.changes.append(.typingChanged(buffer.id))
        }
    }

    func applyReaction(_ reaction: Reaction, on network: ChatNetwork) {
        guard let buffer = existingBuffer(reaction.target, on: network) else { return }
        // A TAGMSG from someone counts as a message for their typing: it ends it.
        if buffer.typing.removeValue(forKey: network.caseMapping.lowercased(reaction.nick)) != nil {
            model.changes.append(.typingChanged(buffer.id))
        }
        let mapping = network.caseMapping
        updateLine(reaction.parent, in: buffer) { line in
            line.react(reaction.reaction, by: reaction.nick, own: reaction.isOwn, removing: reaction.isRemoval) {
                mapping.lowercased($0) == mapping.lowercased($1)
            }
        }
    }

    func applyRedaction(_ redaction: Redaction, on network: ChatNetwork) {
        // A msgid of another buffer is ignored, as the specification asks.
        guard let buffer = existingBuffer(redaction.target, on: network) else { return }
        updateLine(redaction.msgid, in: buffer) { line in
            guard line.redaction == nil else { return false }
            line.redaction = LineRedaction(by: redaction.by, reason: redaction.reason)
            // The text goes from memory (the model.logs keep what was said, as they keep everything).
            line.text = ""
            line.reactions = []
            return true
        }
    }

    /// Changes the line `id` of `buffer` (live lines and an open window) and its copy in the
    /// model.mentions view with `change`, which says whether it changed anything.
    private func updateLine(_ id: String, in buffer: ChatBuffer, _ change: (inout ChatLine) -> Bool) {
        var changed = false
        if let index = buffer.scrollback.lines.lastIndex(where: { $0.id == id }) {
            var line = buffer.scrollback.lines[index]
            if change(&line) {
                buffer.scrollback.replace(id: id, with: line)
                changed = true
            }
        }
        if var window = buffer.window, let index = window.lines.lastIndex(where: { $0.id == id }) {
            var line = window.lines[index]
            if change(&line) {
                window.replace(id: id, with: line)
                buffer.window = window
                changed = true
            }
        }
        guard changed else { return }
        model.changes.append(.lineChanged(buffer.id, id: id))
        for (mentionID, source) in model.mentionSources where source.buffer == buffer.id && source.lineID == id {
            guard let index = model.mentions.scrollback.lines.lastIndex(where: { $0.id == mentionID }) else { continue }
            var copy = model.mentions.scrollback.lines[index]
            if change(&copy) {
                model.mentions.scrollback.replace(id: mentionID, with: copy)
                model.changes.append(.lineChanged(.mentions, id: mentionID))
            }
        }
    }

    /// The open buffer a client-tag message is about (none is opened for it).
    private func existingBuffer(_ target: MessageTarget, on network: ChatNetwork) -> ChatBuffer? {
        switch target {
        case .server: return nil
        case .channel(let name), .query(let name): return network.buffer(named: name)
        }
    }
}

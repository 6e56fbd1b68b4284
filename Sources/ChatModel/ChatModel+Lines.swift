import FoundationEssentials
import IRCProtocol
import IRCSession

extension ChatModel {
    /// Appends `line` to `buffer`: logs it (unless `logged` is false), counts it unread (and
    /// highlighted) unless the reader is looking at the buffer, and queues the changes.
    /// `countsUnread` is false for event rows and for history replayed on join; history fetched
    /// after a reconnect counts (it was missed), but, like a bouncer's replay, notifies nobody:
    /// a burst of old highlights is for Mentions and the unread counts, not the desktop.
    ///
    /// A line replayed by a bouncer or a history batch (dated before the link came up) that was
    /// shown before is dropped (``isReplayedDuplicate(_:in:on:)``); one that was not goes where
    /// its time puts it, and the unread marker moves up to it when it is the oldest unread. So
    /// does a line of history fetched after a reconnect (`fromHistory`), which may have been
    /// said after the link came up but before we rejoined.
    func append(_ line: ChatLine, to buffer: ChatBuffer, on network: ChatNetwork, countsUnread: Bool,
                fromHistory: Bool = false, logged: Bool = true) {
        let replayed = network.replays.since.map { line.time < $0 } ?? false
        if replayed, isReplayedDuplicate(line, in: buffer, on: network) { return }
        var firstUnreadIsNewer = false
        if replayed || fromHistory {
            let (index, trimmed) = buffer.scrollback.insert(inTimeOrder: line)
            // Trimmed lines are reported even when the new one went with them (older than all
            // that the cap keeps): the rows must follow the scrollback.
            if trimmed > 0 { changes.append(.linesTrimmed(buffer.id, count: trimmed)) }
            guard let index else { return }
            if index == buffer.scrollback.count - 1 {
                changes.append(.linesAppended(buffer.id, count: 1))
            } else {
                changes.append(.linesInserted(buffer.id))
                firstUnreadIsNewer = buffer.firstUnreadID.map { id in
                    buffer.scrollback.lines[(index + 1)...].contains { $0.id == id }
                } ?? false
            }
        } else {
            let (appended, trimmed) = buffer.scrollback.append(line)
            guard appended > 0 else { return }
            if trimmed > 0 { changes.append(.linesTrimmed(buffer.id, count: trimmed)) }
            changes.append(.linesAppended(buffer.id, count: 1))
        }
        if buffer.kind != .channelList, logged { writeLog(line, on: network, buffer: logName(buffer)) }
        // The server buffer's lines count for nothing, but where the new ones begin is marked
        // as in any buffer: the reader coming back sees what the server said meanwhile (not
        // above its very first line, which nobody has read anything before).
        if buffer.kind == .server, !countsUnread, buffer.firstUnreadID == nil, buffer.scrollback.count > 1,
           !(buffer.id == activeBuffer && windowFocused) {
            buffer.firstUnreadID = line.id
            changes.append(.unreadChanged(buffer.id))
        }
        guard countsUnread, !line.isOwn else { return }
        // Read on another of our clients already (its read marker is past it).
        if let marker = buffer.readMarker, line.time <= marker { return }
        // A muted buffer counts nothing and notifies nothing (its lines are logged all the same).
        let level = notifyLevel(of: buffer)
        if level == .none { return }
        let beingRead = buffer.id == activeBuffer && windowFocused
        if !beingRead {
            if buffer.firstUnreadID == nil || firstUnreadIsNewer { buffer.firstUnreadID = line.id }
            buffer.unread += 1
            if line.isHighlight { buffer.highlights += 1 }
            changes.append(.unreadChanged(buffer.id))
        }
        if line.isMessage && (line.isHighlight || buffer.kind == .query) { recordMention(line, in: buffer, on: network) }
        let notifies = line.isHighlight || buffer.kind == .query || (level == .all && line.isMessage)
        if notifies && !(beingRead && windowFocused) && !replayed && !fromHistory {
            let title = buffer.kind == .query ? (line.nick ?? buffer.name) : "\(line.nick ?? "") in \(buffer.name)"
            changes.append(.notify(buffer.id, title: title, body: stripForNotification(line.text)))
        }
    }

    /// Another of our clients read `buffer` up to `time`: what it read is not unread here. The
    /// counts shrink to the unread lines after it (never grow), and the marker moves to the
    /// first of them; a marker older than one already known changes nothing.
    func applyReadMarker(_ time: Date, to buffer: ChatBuffer) {
        if let known = buffer.readMarker, known >= time { return }
        buffer.readMarker = time
        guard buffer.unread > 0 || buffer.firstUnreadID != nil else { return }
        let start = buffer.firstUnreadID.flatMap { id in buffer.scrollback.lines.firstIndex { $0.id == id } }
            ?? buffer.scrollback.lines.startIndex
        let after = buffer.scrollback.lines[start...].filter { $0.time > time && $0.isMessage && !$0.isOwn }
        buffer.unread = min(buffer.unread, after.count)
        buffer.highlights = min(buffer.highlights, after.filter(\.isHighlight).count)
        buffer.firstUnreadID = after.first?.id
        changes.append(.unreadChanged(buffer.id))
    }

    /// Copies a highlight or private message into the mentions view, naming where it was said.
    func recordMention(_ line: ChatLine, in buffer: ChatBuffer, on network: ChatNetwork) {
        var copy = line
        copy.id = "mention-\(localID())"
        let networkTitle = title(of: network)
        copy.context = buffer.kind == .query ? "private, \(networkTitle)" : "\(buffer.name), \(networkTitle)"
        if line.isHighlight {
            copy.highlightWord = settings.highlights.matchedWord(in: line.text, ownNick: network.nick, caseMapping: network.caseMapping)
        }
        let (appended, trimmed) = mentions.scrollback.append(copy)
        guard appended > 0 else { return }
        mentionSources[copy.id] = (buffer.id, line.id)
        if trimmed > 0 {
            let kept = Set(mentions.scrollback.lines.map(\.id))
            mentionSources = mentionSources.filter { kept.contains($0.key) }
            changes.append(.linesTrimmed(.mentions, count: trimmed))
        }
        changes.append(.linesAppended(.mentions, count: 1))
        if activeBuffer != .mentions || !windowFocused {
            mentions.unread += 1
            if mentions.firstUnreadID == nil { mentions.firstUnreadID = copy.id }
            changes.append(.unreadChanged(.mentions))
        }
    }

    /// The buffer and line a mention copies, while that buffer is open.
    public func mentionSource(of lineID: String) -> (buffer: BufferID, lineID: String)? {
        guard let source = mentionSources[lineID], buffer(source.buffer) != nil else { return nil }
        return source
    }

    /// Puts older lines at the top of what `buffer` shows (history pages: never unread, not
    /// logged again): its window while one is open, otherwise its scrollback.
    func prepend(_ lines: [ChatLine], to buffer: ChatBuffer) {
        let added: Int
        if buffer.window != nil { added = buffer.window!.prepend(lines) } else { added = buffer.scrollback.prepend(lines) }
        if added > 0 { changes.append(.linesPrepended(buffer.id, count: added)) }
    }

    /// Puts older lines at the top of the live scrollback while a window is shown: nothing on
    /// screen changes.
    func prependLive(_ lines: [ChatLine], to buffer: ChatBuffer) {
        guard buffer.window != nil else { return prepend(lines, to: buffer) }
        buffer.scrollback.prepend(lines)
    }

    /// An event row (join, part, mode, …) in `buffer`.
    func event(_ kind: ChatLineKind, nick: String?, text: String = "", in buffer: ChatBuffer,
               on network: ChatNetwork, at time: Date) {
        append(ChatLine(id: localID(), time: time, kind: kind, nick: nick, text: text), to: buffer, on: network,
               countsUnread: false)
    }

    /// An informational row in the server buffer.
    func info(_ text: String, on network: ChatNetwork, at time: Date, error: Bool = false) {
        event(error ? .error : .info, nick: nil, text: text, in: network.serverBuffer, on: network, at: time)
    }

    /// The line for a message, or nil when its sender is ignored at `now` (``isIgnored(_:on:now:)``).
    func line(for message: BufferMessage, on network: ChatNetwork, now: Date) -> ChatLine? {
        if isIgnored(message, on: network, now: now) { return nil }
        return line(for: message, on: network)
    }

    /// The line for a message, whoever sent it.
    func line(for message: BufferMessage, on network: ChatNetwork) -> ChatLine? {
        let mapping = network.caseMapping
        let kind: ChatLineKind
        var text = message.text
        // Our own commands to services carry passwords: shown and logged masked (to a service
        // in a query, or to bitlbee's control channel).
        if message.isOwn {
            switch message.target {
            case .query(let other), .channel(let other):
                text = Self.maskingServicePasswords(text, to: other, alsoTo: settings.passwordTargets)
            case .server: break
            }
        }
        switch message.kind {
        case .privmsg: kind = .message
        case .notice: kind = .notice
        case .action: kind = .action
        case .ctcpRequest(let command):
            kind = .info
            text = "CTCP \(command) from \(message.source?.nick ?? "?")" + (text.isEmpty ? "" : ": \(text)")
        case .ctcpReply(let command):
            kind = .notice
            text = "CTCP \(command) reply: \(text)"
        }
        let highlight = !message.isOwn && (kind == .message || kind == .action || kind == .notice)
            && settings.highlights.matches(text: message.text, source: message.source,
                                           ownNick: network.session.state.nick, caseMapping: mapping)
        var line = ChatLine(id: message.msgid ?? localID(), time: message.time, kind: kind, nick: message.source?.nick,
                            text: text, isOwn: message.isOwn, isHighlight: highlight)
        line.replyTo = ClientTag.replyTo(message.tags)
        return line
    }

    /// Services that take passwords in messages, and their commands that do.
    static let passwordServices: Set<String> = ["nickserv", "chanserv", "hostserv", "operserv", "q", "authserv", "x"]
    static let passwordCommands: Set<String> = ["identify", "id", "login", "auth", "register", "ghost", "regain",
                                                "recover", "release", "setpass", "resetpass", "drop", "group"]

    /// `text` sent to `target`, with what follows a password command to a service replaced by
    /// asterisks (`IDENTIFY ********`; `SET PASSWORD ********`): the screen and the logs never
    /// hold a password typed to NickServ and its kind, to the targets of `[privacy]
    /// password_targets` (`others`, lower case), or to bitlbee (``maskingBitlbeePasswords(_:)``).
    static func maskingServicePasswords(_ text: String, to target: String, alsoTo others: Set<String> = []) -> String {
        let lowered = target.lowercased()
        if bitlbeeTargets.contains(lowered) { return maskingBitlbeePasswords(text) }
        guard passwordServices.contains(lowered) || others.contains(lowered) else { return text }
        let words = text.split(separator: " ", omittingEmptySubsequences: true)
        guard let first = words.first else { return text }
        let command = first.lowercased()
        if passwordCommands.contains(command), words.count > 1 {
            return String(first) + " ********"
        }
        if command == "set", words.count > 2, words[1].lowercased() == "password" {
            return "\(first) \(words[1]) ********"
        }
        return text
    }

    /// The buffer a message belongs in: the channel, the query with the other party, or the
    /// server buffer; a CTCP answer, the buffer its request was typed in.
    func buffer(for message: BufferMessage, on network: ChatNetwork) -> ChatBuffer {
        // The answer to a CTCP request shows where the request was typed.
        if case .ctcpReply = message.kind, !message.isOwn, let nick = message.source?.nick,
           let asked = network.ctcpOrigin(of: nick).flatMap({ self.buffer($0) }) {
            return asked
        }
        switch message.target {
        case .server:
            return network.serverBuffer
        case .channel(let name):
            return buffer(named: name, kind: .channel, on: network)
        case .query(let nick):
            if network.buffer(named: nick) == nil {
                switch message.kind {
                case .notice:
                    // A notice from a server or a service before we talk to it goes to the
                    // server buffer.
                    if message.source?.user == nil || !network.session.isReady { return network.serverBuffer }
                case .ctcpReply:
                    // Our client's automatic answers, and answers nobody here asked for, are no
                    // reason to open a conversation: they show where the user is.
                    return shownBuffer(on: network) ?? network.serverBuffer
                default:
                    break
                }
            }
            return buffer(named: nick, kind: .query, on: network)
        }
    }

    /// The buffer on screen, when it belongs to `network`.
    /// (Not the channel list, which is drawn without rows.)
    func shownBuffer(on network: ChatNetwork) -> ChatBuffer? {
        activeBuffer.flatMap { $0.network == network.name ? buffer($0) : nil }.flatMap { $0.kind == .channelList ? nil : $0 }
    }

    /// The name of `buffer`'s log folder: folded, so `#Swift` and `#swift` share one log.
    /// The folder of the logs of buffer `id`, when the model logs (for searching them).
    public func logFolder(for id: BufferID) -> URL? {
        guard let logs, let buffer = buffer(id), buffer.kind != .mentions, buffer.kind != .channelList else { return nil }
        return logs.folder(network: id.network, buffer: logName(buffer))
    }

    func logName(_ buffer: ChatBuffer) -> String {
        buffer.kind == .server ? "server" : buffer.id.name
    }

    private func stripForNotification(_ text: String) -> String {
        String(text.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }.prefix(200).map(Character.init))
    }
}

extension ChatModel {
    /// Writes a line to its log (``LogJournal``: kept and written later when the logs cannot be
    /// written now, the user told once).
    func writeLog(_ line: ChatLine, on network: ChatNetwork, buffer: String) {
        journal.write(line, network: network.name, buffer: buffer)
    }

    /// Runs `body` with the logs in one batch (``LogStore/beginBatch()``): each day file is
    /// written once at the end, not once per line. The network loop wraps each wake-up's
    /// events in it. Lines the batch could not write are kept and tried again.
    public func batchingLogs(_ body: () -> Void) { journal.batching(body) }
}

import FoundationEssentials
import IRCProtocol

/// A batch opened with `BATCH +id type params…` and not yet closed.
struct OpenBatch: Sendable, Hashable {
    var type: String
    var parameters: [String]
    var parent: String?
    var label: String?
    var messages: [BufferMessage] = []
    var users: [String] = []
    var channels: Set<String> = []
    /// Reactions and redactions inside a history batch, given after its lines.
    var after: [SessionEvent] = []
    /// The opening line's tags and source (a multiline batch carries the message's msgid,
    /// time and client tags there).
    var tags: [String: String] = [:]
    var source: String?
    /// A multiline batch's lines: each text, and whether it joins the previous one directly.
    var pieces: [(text: String, concat: Bool)] = []
    var firstLine: IRCMessage?
    /// Every line that carried this batch's tag (messages, TAGMSG, REDACT, lines that do not
    /// make a message), and the msgid and time of the last: a history page is full by this
    /// count, and the next page starts after that line.
    var lineCount = 0
    var lastMsgid: String?
    var lastTime: Date?
    /// A `soju.im/bouncer-networks` batch: the netids it listed.
    var netids: [String] = []
    /// When it was opened (monotonic): a batch the server never closes is closed for it.
    var openedAt = 0.0
    /// Messages left out because the batch held more than ``IRCSession/maxBatchMessages``.
    var dropped = 0

    static func == (a: OpenBatch, b: OpenBatch) -> Bool {
        a.type == b.type && a.parameters == b.parameters && a.parent == b.parent && a.label == b.label
            && a.messages == b.messages && a.users == b.users && a.channels == b.channels && a.after == b.after
            && a.tags == b.tags && a.source == b.source && a.firstLine == b.firstLine && a.lineCount == b.lineCount
            && a.lastMsgid == b.lastMsgid && a.lastTime == b.lastTime
            && a.pieces.map(\.text) == b.pieces.map(\.text) && a.pieces.map(\.concat) == b.pieces.map(\.concat)
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(type)
        hasher.combine(parameters)
        hasher.combine(parent)
    }
}

/// Batches and history: CHATHISTORY LATEST on the first join, AFTER the last line seen on a
/// rejoin after a reconnect (page by page, ``continueGapFill``), BEFORE on request, one request per buffer, labels, msgid dedupe, netsplit/netjoin grouping,
/// and InspIRCd's unrequested `chathistory` replay.
extension IRCSession {
    /// Whether CHATHISTORY can be used: ISUPPORT announces it and batches are enabled.
    var canRequestHistory: Bool {
        state.isupport.supportsChatHistory && state.capabilities.has("batch")
    }

    /// How many messages to ask for, capped by `CHATHISTORY=N` (0 = no cap).
    func historyLimit(_ wanted: Int) -> Int {
        let cap = state.isupport.chatHistoryLimit ?? 0
        return cap > 0 ? min(wanted, cap) : wanted
    }

    /// The dedupe key of a buffer.
    func historyKey(for target: MessageTarget) -> String? {
        switch target {
        case .server: return nil
        case .channel(let name), .query(let name): return state.fold(name)
        }
    }

    /// On joining: the latest page of history the first time; after a reconnect, what was
    /// missed since the last line seen, page by page with `AFTER` (``continueGapFill``), or a
    /// gap where the server keeps no history and is no bouncer replaying its own.
    mutating func requestLatestHistory(for target: String, now: SessionTime) {
        let key = state.fold(target)
        let stopped = history.stoppedHearing.removeValue(forKey: key)
        if !canRequestHistory {
            // Only an absence we did not choose owes a warning, and it starts where we stopped
            // hearing the channel (the drop, the kick), not at the last line someone said.
            guard let stopped else { return }
            let from = max(history.latest[key] ?? stopped, stopped)
            let bouncerReplays = state.capabilities.available.keys.contains { $0.hasPrefix("znc.in/") }
            if !bouncerReplays { emit(.historyGap(target: target, from: from, to: now.wall, reason: .noHistory)) }
            return
        }
        guard canRequestHistory, configuration.historyOnJoin > 0 else { return }
        guard history.outstanding[key] == nil else { return }
        if let seen = history.unfilled.removeValue(forKey: key) ?? history.latest[key] {
            let limit = historyLimit(configuration.historyPageSize)
            // A gap left open by a dropped link starts where its filling stopped (by time: the
            // live lines seen since moved the newest msgid past it).
            let msgid = seen == history.latest[key] ? history.latestID[key] : nil
            history.gaps[key] = GapFill(from: seen, limit: limit, byMsgid: msgid != nil)
            let anchor = msgid.map { "msgid=" + $0 } ?? "timestamp=" + ServerTime.format(seen)
            sendHistoryRequest("AFTER", target: target, anchor: anchor, limit: limit, kind: .after)
            return
        }
        sendHistoryRequest("LATEST", target: target, anchor: "*",
                           limit: historyLimit(configuration.historyOnJoin), kind: .latest)
    }

    /// A page of `AFTER` arrived with `received` lines, the last with `lastMsgid` at `lastTime`:
    /// a full page asks for the next one (up to ``GapFill/maxPages``), after which the rest is
    /// a gap; a short page closes the gap.
    mutating func continueGapFill(target: String, key: String, received: Int, lastMsgid: String?, lastTime: Date?) {
        guard var gap = history.gaps[key] else { return }
        if let lastTime { gap.from = max(gap.from, lastTime) }
        guard received >= gap.limit else {
            history.gaps[key] = nil
            return
        }
        guard gap.pages < GapFill.maxPages else {
            history.gaps[key] = nil
            return emit(.historyGap(target: target, from: gap.from, to: nil,
                                    reason: .tooMuch(pages: gap.pages, limit: gap.limit)))
        }
        gap.pages += 1
        gap.byMsgid = lastMsgid != nil
        history.gaps[key] = gap
        let anchor = lastMsgid.map { "msgid=" + $0 } ?? "timestamp=" + ServerTime.format(gap.from)
        sendHistoryRequest("AFTER", target: target, anchor: anchor, limit: gap.limit, kind: .after)
    }

    mutating func requestOlderHistory(target: String, before: HistoryAnchor, limit: Int?, intent: UserIntent) {
        requestHistory("BEFORE", target: target, anchor: before, limit: limit, kind: .before, intent: intent)
    }

    /// `CHATHISTORY BEFORE|AROUND target anchor limit`, at most one request per target.
    mutating func requestHistory(_ subcommand: String, target: String, anchor: HistoryAnchor, limit: Int?,
                                 kind: HistoryRequestKind, intent: UserIntent) {
        guard isReady, canRequestHistory else {
            return emit(.intentRejected(intent, reason: "the server offers no CHATHISTORY"))
        }
        guard history.outstanding[state.fold(target)] == nil else {
            return emit(.intentRejected(intent, reason: "a history request for \(target) is already running"))
        }
        let reference: String
        switch anchor {
        case .msgid(let id): reference = "msgid=" + id
        case .timestamp(let date): reference = "timestamp=" + ServerTime.format(date)
        }
        sendHistoryRequest(subcommand, target: target, anchor: reference,
                           limit: historyLimit(limit ?? configuration.historyPageSize), kind: kind)
    }

    private mutating func sendHistoryRequest(_ subcommand: String, target: String, anchor: String,
                                             limit: Int, kind: HistoryRequestKind) {
        let key = state.fold(target)
        history.outstanding[key] = kind
        var tags: [String: String] = [:]
        if let label = makeLabel() {
            tags["label"] = label
            history.labels[label] = key
        }
        send("CHATHISTORY", subcommand, target, anchor, String(limit), tags: tags)
    }

    /// `FAIL CHATHISTORY …`: forget the request so the user can try again. A gap being filled
    /// is asked again by time when the msgid was refused (the server may have forgotten it),
    /// otherwise left as a gap.
    mutating func historyRequestFailed(label: String?, context: [String]) {
        var keys: [String] = []
        if let label, let key = history.labels.removeValue(forKey: label) {
            history.outstanding[key] = nil
            keys.append(key)
        }
        for item in context {
            let key = state.fold(item)
            if history.outstanding.removeValue(forKey: key) != nil { keys.append(key) }
        }
        for key in Set(keys) {
            guard var gap = history.gaps[key] else { continue }
            let target = state.channel(named: key)?.name ?? context.first { state.fold($0) == key } ?? key
            if gap.byMsgid {
                gap.byMsgid = false
                history.gaps[key] = gap
                sendHistoryRequest("AFTER", target: target, anchor: "timestamp=" + ServerTime.format(gap.from),
                                   limit: gap.limit, kind: .after)
            } else {
                history.gaps[key] = nil
                emit(.historyGap(target: target, from: gap.from, to: nil, reason: .refused))
            }
        }
    }

    /// `ACK` for a labeled request that produced nothing.
    mutating func handleLabelAck(_ message: IRCMessage) {
        guard let label = message.tags["label"], let key = history.labels.removeValue(forKey: label) else { return }
        history.outstanding[key] = nil
        history.gaps[key] = nil   // nothing was missed
    }

    // MARK: Batches

    mutating func handleBatch(_ message: IRCMessage, now: SessionTime) {
        guard let reference = message.parameters.first, reference.count > 1 else { return }
        let id = String(reference.dropFirst())
        if reference.hasPrefix("+") {
            guard message.parameters.count >= 2 else { return }
            var batch = OpenBatch(type: message.parameters[1].lowercased(),
                                  parameters: Array(message.parameters.dropFirst(2)),
                                  parent: message.tags["batch"], label: message.tags["label"])
            batch.tags = message.tags
            batch.source = message.source
            batch.openedAt = now.monotonic
            // A server that opens batch after batch without closing them: the oldest give way.
            if batches.count >= Self.maxOpenBatches, let oldest = batches.min(by: { $0.value.openedAt < $1.value.openedAt }) {
                closeStaleBatch(oldest.key, now: now)
            }
            batches[id] = batch
        } else if reference.hasPrefix("-"), let batch = batches.removeValue(forKey: id) {
            if batch.type == Self.multilineBatch {
                finishMultiline(batch, now: now)
            } else {
                finish(batch, id: id)
            }
        }
    }

    /// The id of the history batch `id` is (or is nested in), if any.
    func historyBatchID(containing id: String) -> String? {
        var current: String? = id
        var depth = 0
        while let candidate = current, let batch = batches[candidate], depth < 16 {
            if Self.isHistoryBatch(batch.type) { return candidate }
            current = batch.parent
            depth += 1
        }
        return nil
    }

    static func isHistoryBatch(_ type: String) -> Bool {
        type == "chathistory" || type == "draft/chathistory"
    }

    mutating func collectHistory(_ message: IRCMessage, now: SessionTime, batchID: String) {
        // Only what is needed is read out: a copy of the batch kept alive here would make the
        // append below copy all its messages (copy on write), at every line.
        guard let name = batches[batchID]?.parameters.first else { return }
        let buffer: MessageTarget = state.isupport.isChannel(name)
            ? .channel(state.channel(named: name)?.name ?? name) : .query(name)
        guard let item = bufferMessage(message, now: now, buffer: buffer) else { return }
        // A reply far larger than asked for (100,000 lines): the newest are kept (the oldest
        // tenth goes at once, so this stays O(1) amortised), memory stays bounded, and what
        // went is counted.
        if let count = batches[batchID]?.messages.count, count >= Self.maxBatchMessages {
            let cut = Self.maxBatchMessages / 10
            batches[batchID]?.messages.removeFirst(cut)
            batches[batchID]?.dropped += cut
        }
        batches[batchID]?.messages.append(item)
    }

    /// Messages one batch holds at most (more than any page we ask for, or a scrollback).
    static let maxBatchMessages = 10_000
    /// Batches open at once at most; seconds a batch may stay open.
    static let maxOpenBatches = 64
    static let batchTimeout = 60.0

    /// At a tick: batches the server left open too long are closed as if it had closed them,
    /// so what they hold is shown rather than held back forever.
    mutating func closeStaleBatches(now: SessionTime) {
        for (id, batch) in batches where now.monotonic - batch.openedAt > Self.batchTimeout {
            closeStaleBatch(id, now: now)
        }
    }

    private mutating func closeStaleBatch(_ id: String, now: SessionTime) {
        // Taken out first: a server may nest batches in a cycle (one that names itself as its
        // parent, as the fuzzer found), and each is closed once.
        guard let batch = batches.removeValue(forKey: id) else { return }
        emit(.batchAbandoned(type: batch.type, openFor: now.monotonic - batch.openedAt))
        // Nested batches go first: their lines belong inside this one.
        for (child, inner) in batches where inner.parent == id { closeStaleBatch(child, now: now) }
        if batch.type == Self.multilineBatch { finishMultiline(batch, now: now) } else { finish(batch, id: id) }
    }

    private mutating func finish(_ batch: OpenBatch, id: String) {
        switch batch.type {
        case _ where Self.isHistoryBatch(batch.type):
            guard let name = batch.parameters.first else { return }
            let key = state.fold(name)
            var kind = HistoryRequestKind.unrequested
            // Bounded, like every walk up the parents: a server may nest batches in a cycle.
            let label = batch.label ?? enclosingLabel(from: batch.parent)
            if let label, let labelled = history.labels.removeValue(forKey: label) {
                kind = history.outstanding.removeValue(forKey: labelled) ?? .unrequested
            } else if let outstanding = history.outstanding.removeValue(forKey: key) {
                kind = outstanding
                history.labels = history.labels.filter { $0.value != key }
            }
            var fresh: [BufferMessage] = []
            for item in batch.messages {
                // Replays of the live end (on join, on reconnect, unrequested) repeat what was
                // seen: those are dropped by msgid. Pages the reader asked for (older, or around
                // a message) are older history, which the model merges by id with what it
                // holds; the msgid memory would drop lines seen live long ago and punch holes.
                switch kind {
                case .latest, .unrequested, .after:
                    if let msgid = item.msgid, !history.remember(msgid: msgid, for: key) { continue }
                    history.noteLatest(item.time, msgid: item.msgid, for: key)
                case .before, .around:
                    break
                }
                fresh.append(item)
            }
            emit(.history(HistoryBatch(target: name, messages: fresh, request: kind,
                                       receivedCount: batch.messages.count)))
            for event in batch.after { emit(event) }
            if kind == .after {
                // Pages come oldest first (several lines may share a millisecond): the last
                // line, of any kind, is the next page's anchor.
                continueGapFill(target: name, key: key, received: batch.lineCount,
                                lastMsgid: batch.lastMsgid, lastTime: batch.lastTime)
            }
        case "netsplit":
            emit(.netsplit(servers: batch.parameters.joined(separator: " "), users: batch.users,
                           channels: batch.channels.sorted()))
        case "netjoin":
            emit(.netjoin(servers: batch.parameters.joined(separator: " "), users: batch.users,
                          channels: batch.channels.sorted()))
        case Self.bouncerNetworksBatch:
            emit(.bouncerNetworksListed(netids: batch.netids))
        default:
            break
        }
    }
}

extension IRCSession {
    /// Counts a line carrying batch tag `id` in that batch and in every batch around it (a
    /// history page is full by all its lines, whatever they are).
    mutating func countBatchLine(_ message: IRCMessage, in id: String) {
        var current: String? = id
        var depth = 0
        while let batch = current, batches[batch] != nil, depth < 16 {
            batches[batch]?.lineCount += 1
            if let msgid = message.tags["msgid"] { batches[batch]?.lastMsgid = msgid }
            else { batches[batch]?.lastMsgid = nil }
            if let time = message.tags["time"].flatMap(ServerTime.parse) { batches[batch]?.lastTime = time }
            current = batches[batch]?.parent
            depth += 1
        }
    }
}

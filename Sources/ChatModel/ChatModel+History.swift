import FoundationEssentials
import IRCProtocol
import IRCSession

extension ChatModel {
    /// Asks for a page of lines older than the oldest in `id`: from the server's history
    /// (CHATHISTORY BEFORE, answered later as a history batch) when it has one for this
    /// buffer, otherwise from the logs on disk, at once. Returns the lines to send; does
    /// nothing while a request runs or when the oldest line is reached. The lines also go to the
    /// network's link (``linkRequests``).
    @discardableResult
    public func requestOlder(_ id: BufferID, now: SessionTime) -> [IRCMessage] {
        guard let network = network(id.network), let buffer = buffer(id), buffer.kind != .server, buffer.kind != .channelList,
              !buffer.isLoadingOlder, !buffer.reachedOldest else { return [] }
        let state = network.session.state
        let serverHasHistory = (state.capabilities.has("draft/chathistory") || state.capabilities.has("chathistory"))
            && state.isupport.chatHistoryLimit != nil && network.session.isReady
        if serverHasHistory && !buffer.serverHistoryExhausted {
            let anchor: HistoryAnchor = buffer.shown.lines.first.map {
                Self.isMsgid($0.id) ? .msgid($0.id) : .timestamp($0.time)
            } ?? .timestamp(now.wall)
            buffer.isLoadingOlder = true
            let lines = handle(.intent(.requestOlderHistory(target: buffer.name, before: anchor,
                                                            limit: settings.historyPageSize), now: now),
                               network: id.network)
            // Refused (another request for the buffer still runs, such as the LATEST on join):
            // no answer will come, so the buffer must not stay loading.
            if !lines.contains(where: { $0.command == "CHATHISTORY" }) { buffer.isLoadingOlder = false }
            if !lines.isEmpty { send(lines, network: id.network) }
            return lines
        }
        loadOlderFromLogs(buffer, on: network)
        return []
    }

    /// Prepends the page of logged lines before the oldest line of `buffer`.
    func loadOlderFromLogs(_ buffer: ChatBuffer, on network: ChatNetwork) {
        // The oldest time shown, not the first line's: lines replayed with server-time (a
        // bouncer's playback) may follow a newer join line, and the logs hold them too.
        let before = buffer.shown.lines.lazy.map(\.time).min() ?? Date.distantFuture
        let page = logs?.lines(network: network.name, buffer: logName(buffer), before: before,
                               limit: settings.historyPageSize) ?? []
        if page.isEmpty {
            // The screen learns that the top is reached from this (empty) prepend, also when
            // the server's answer came long after the request.
            buffer.reachedOldest = true
            changes.append(.linesPrepended(buffer.id, count: 0))
        } else {
            prepend(page, to: buffer)
        }
    }

    /// Whether a line id is the server's msgid (not one made here: `L…` local lines, `log:…`
    /// lines read from the logs, `pending-…` messages not sent yet).
    public static func isMsgid(_ id: String) -> Bool {
        !(id.hasPrefix("L") || id.hasPrefix("log:") || id.hasPrefix("pending-") || id.hasPrefix("gone-"))
    }

    // MARK: - Reading away from the live end

    /// Opens a window on the page of history around the line `lineID` (sent at `time`, when
    /// known), which is not loaded: from the server's history (CHATHISTORY AROUND, answered
    /// later) when it has one, otherwise from the logs at once. Returns the lines to send, or
    /// `nil` when the page cannot be had now (no history, no logs, nothing logged around it, or
    /// another history request for the buffer still running). The lines also go to the
    /// network's link.
    @discardableResult
    public func requestAround(_ id: BufferID, lineID: String, time: Date?, now: SessionTime) -> [IRCMessage]? {
        guard let network = network(id.network), let buffer = buffer(id), buffer.kind != .server,
              buffer.kind != .channelList, !buffer.isLoadingAround else { return nil }
        let state = network.session.state
        let serverHasHistory = (state.capabilities.has("draft/chathistory") || state.capabilities.has("chathistory"))
            && state.isupport.chatHistoryLimit != nil && network.session.isReady
        let anchor: HistoryAnchor? = Self.isMsgid(lineID) ? .msgid(lineID) : time.map { .timestamp($0) }
        if serverHasHistory, let anchor, !lineID.hasPrefix("log:") {
            buffer.isLoadingAround = true
            let lines = handle(.intent(.requestHistoryAround(target: buffer.name, around: anchor,
                                                             limit: settings.historyPageSize), now: now),
                               network: id.network)
            if lines.contains(where: { $0.command == "CHATHISTORY" }) {
                send(lines, network: id.network)
                return lines
            }
            buffer.isLoadingAround = false   // refused: another request for the buffer runs
            return nil
        }
        guard let time, let logs else { return nil }
        let page = logs.lines(network: network.name, buffer: logName(buffer), around: time,
                              limit: settings.historyPageSize)
        guard !page.isEmpty else { return nil }
        openWindow(page, in: buffer, on: network, now: now.wall)
        return []
    }

    /// Closes the window: the buffer shows its live lines again.
    public func returnToLive(_ id: BufferID) {
        guard let buffer = buffer(id), buffer.window != nil else { return }
        buffer.window = nil
        buffer.reachedOldest = false
        buffer.serverHistoryExhausted = false
        changes.append(.windowChanged(id))
    }

    /// Shows `page` (oldest first) in place of the lines of `buffer`. A page that reaches the
    /// live lines joins them instead, as older history would; an empty one changes nothing but
    /// says so.
    func openWindow(_ page: [ChatLine], in buffer: ChatBuffer, on network: ChatNetwork, now: Date) {
        buffer.isLoadingAround = false
        guard !page.isEmpty else {
            note("No history around that message.", in: buffer.id, isError: true, at: now)
            return
        }
        if buffer.window == nil, page.contains(where: { buffer.scrollback.contains(id: $0.id) }) {
            let first = buffer.scrollback.lines.first?.time
            let fresh = page.filter { !buffer.scrollback.contains(id: $0.id) }
            if fresh.allSatisfy({ line in first.map { line.time < $0 } ?? true }) {
                prepend(fresh, to: buffer)
                return
            }
        }
        var window = Scrollback(cap: settings.scrollbackCap, trimBatch: settings.trimBatch)
        for line in page { window.append(line) }
        buffer.window = window
        buffer.reachedOldest = false
        buffer.serverHistoryExhausted = false
        changes.append(.windowChanged(buffer.id))
    }
}

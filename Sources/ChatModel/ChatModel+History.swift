import Foundation
import IRCProtocol
import IRCSession

extension ChatModel {
    /// Asks for a page of lines older than the oldest in `id`: from the server's history
    /// (CHATHISTORY BEFORE, answered later as a history batch) when it has one for this
    /// buffer, otherwise from the logs on disk, at once. Returns the lines to send; does
    /// nothing while a request runs or when the oldest line is reached.
    public func requestOlder(_ id: BufferID, now: SessionTime) -> [IRCMessage] {
        guard let network = network(id.network), let buffer = buffer(id), buffer.kind != .server, buffer.kind != .channelList,
              !buffer.isLoadingOlder, !buffer.reachedOldest else { return [] }
        let state = network.session.state
        let serverHasHistory = (state.capabilities.has("draft/chathistory") || state.capabilities.has("chathistory"))
            && state.isupport.chatHistoryLimit != nil && network.session.isReady
        if serverHasHistory && !buffer.serverHistoryExhausted {
            let anchor: HistoryAnchor = buffer.scrollback.lines.first.map {
                $0.id.hasPrefix("L") || $0.id.hasPrefix("log:") || $0.id.hasPrefix("pending-") ? .timestamp($0.time) : .msgid($0.id)
            } ?? .timestamp(now.wall)
            buffer.isLoadingOlder = true
            let lines = handle(.intent(.requestOlderHistory(target: buffer.name, before: anchor,
                                                            limit: settings.historyPageSize), now: now),
                               network: id.network)
            // Refused (another request for the buffer still runs, such as the LATEST on join):
            // no answer will come, so the buffer must not stay loading.
            if !lines.contains(where: { $0.command == "CHATHISTORY" }) { buffer.isLoadingOlder = false }
            return lines
        }
        loadOlderFromLogs(buffer, on: network)
        return []
    }

    /// Prepends the page of logged lines before the oldest line of `buffer`.
    func loadOlderFromLogs(_ buffer: ChatBuffer, on network: ChatNetwork) {
        let before = buffer.scrollback.lines.first?.time ?? Date.distantFuture
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
}

import ChatModel
import FoundationEssentials
import IRCSession
import Widgets

/// The buffer in the message list: the rows of the one shown, the view each hidden buffer
/// keeps (reading position, selection, expanded groups), revealing a line (fetching the page
/// around one not loaded), paging older history, and the shown buffer's line changes of each
/// frame applied to the list. Read markers and the rows' menus are in its extensions.
@MainActor
public final class BufferPresenter {
    unowned let chat: ChatController
    private var model: ChatModel { chat.model }
    private var screen: ChatScreen { chat.screen }
    private var rows: [BufferID: BufferRows] = [:]
    /// What each hidden buffer's view keeps until it is shown again.
    private var views: [BufferID: BufferView] = [:]
    /// The line last asked for by ``reveal(lineID:in:time:)`` that was not loaded.
    private var aroundTarget: (buffer: BufferID, lineID: String, time: Date?)?
    /// The newest time each buffer's read marker was sent up to (BufferPresenter+ReadMarker).
    var readMarkersSent: [BufferID: Date] = [:]

    init(chat: ChatController) {
        self.chat = chat
        screen.messages.onNeedOlder = { [weak self] in self?.loadOlder() }
    }

    /// The rows of buffer `id` when it is shown.
    public func rows(of id: BufferID) -> BufferRows? { rows[id] }

    /// Keeps the view of buffer `id`, which is being left: its reading position, selection and
    /// expanded groups; a buffer read to its end tells our other clients how far.
    func hide(_ id: BufferID) {
        sendReadMarker(id)
        views[id] = BufferView(position: screen.messages.savedPosition, expanded: rows[id]?.expanded ?? [])
        rows[id] = nil
    }

    /// Puts `buffer` in the message list with the view it kept. A buffer left scrolled up
    /// reopens at its anchor, with what arrived meanwhile counted unseen; one left pinned opens
    /// at its first unread line (docs/SCROLLING.md §2).
    func show(_ buffer: ChatBuffer) {
        let id = buffer.id
        let unread = buffer.unread
        let rows = BufferRows(buffer: buffer, styler: chat.styler, hidesSmartFiltered: model.hidesSmartFiltered(in: buffer))
        rows.onOpenLink = { [weak self] url in self?.chat.onOpenLink?(url) }
        rows.onCopyLink = { [weak self] url in self?.screen.host?.clipboard.setText(url) }
        rows.onLoadAround = { [weak self] lineID in self?.loadAround(lineID: lineID, in: id) ?? false }
        rows.onOpenReplied = { [weak self] parent in self?.reveal(lineID: parent, in: id) }
        rows.onToggleReaction = { [weak self] line, reaction in self?.toggleReaction(reaction, on: line, in: id) }
        rows.onMenu = { [weak self] line, link in self?.menu(for: line, in: id, link: link) ?? [] }
        rows.previewOf = { [weak self, unowned buffer] line in self?.model.preview(for: line, in: buffer) }
        rows.onOpenImage = { [weak self] thumbnail in self?.chat.openImage(thumbnail) }
        rows.onPreviewMenu = { [weak self] line, preview in self?.previewMenu(for: line, preview: preview, in: id) ?? [] }
        if buffer.kind == .mentions {
            rows.onActivateLine = { [weak self] lineID in
                guard let self, let source = self.model.mentionSource(of: lineID) else { return }
                self.reveal(lineID: source.lineID, in: source.buffer)
            }
        }
        rows.onReturnToLive = { [weak self] in
            self?.model.returnToLive(id)
            return true
        }
        let view = views.removeValue(forKey: id)
        rows.expanded = view?.expanded ?? []
        self.rows[id] = rows
        chat.current = id
        model.activeBuffer = id
        let list = screen.messages
        list.dataSource = rows
        list.canLoadOlder = !buffer.reachedOldest && Self.pagesHistory(buffer)
        list.olderLoading = buffer.isLoadingOlder
        if var saved = view?.position, !saved.pinned || !buffer.showsNewest {
            // Left scrolled up (or reading a page of older history): back where it was, what
            // arrived meanwhile counted on the pill.
            saved.unseen += unread
            list.restore(saved)
        } else if rows.hasMarker {
            list.open(atRowID: BufferRows.markerID, unseen: unread)
            list.restoreSelection(view?.position.selection)
        } else {
            list.restore(view?.position ?? SavedListPosition(pinned: true))
        }
    }

    /// Shows the message with `lineID` in buffer `id` (a highlight notification, a search hit,
    /// the unread marker): switches to the buffer and reveals the row, highlighted. A line that
    /// is not loaded (sent at `time`, when known) is fetched with the page around it, which the
    /// buffer then shows in place of its lines until the reader jumps back to the newest.
    func reveal(lineID: String, in id: BufferID, time: Date? = nil) {
        chat.show(id)
        guard id == chat.current, let rows = rows[id] else { return }
        if let rowID = rows.rowID(ofLineID: lineID) {
            screen.messages.reveal(rowID: rowID)
            return
        }
        aroundTarget = (id, lineID, time)
        screen.messages.reveal(rowID: lineID)
    }

    /// The page around a line not loaded arrived (as a window): when it does not hold the line
    /// itself (the logs name lines their own way), the first line from its time on is shown.
    private func revealNearest(in buffer: ChatBuffer, rows: BufferRows) {
        guard let target = aroundTarget, target.buffer == buffer.id else { return }
        aroundTarget = nil
        guard rows.rowID(ofLineID: target.lineID) == nil, let time = target.time,
              let near = buffer.shown.lines.first(where: { $0.time >= time }) ?? buffer.shown.lines.last,
              let rowID = rows.rowID(ofLineID: near.id) else { return }
        screen.messages.reveal(rowID: rowID, animated: false)
    }

    /// Asks the model for the page around a line that is not loaded; whether it will come.
    private func loadAround(lineID: String, in id: BufferID) -> Bool {
        let time = aroundTarget?.lineID == lineID ? aroundTarget?.time : nil
        guard model.requestAround(id, lineID: lineID, time: time, now: chat.clock()) != nil else {
            let busy = model.buffer(id)?.isLoadingAround == true || model.buffer(id)?.isLoadingOlder == true
            model.note(busy ? "Still fetching history for this buffer: try again in a moment."
                            : "That message is not in the history here.", in: id, isError: true, at: chat.clock().wall)
            aroundTarget = nil
            return false
        }
        return true
    }

    /// The list scrolled to its top: asks for the page of history before it.
    func loadOlder() {
        guard let current = chat.current else { return }
        screen.messages.olderLoading = true
        model.requestOlder(current, now: chat.clock())
        chat.sync()   // shows the loading row, or the page the logs gave at once
        if let buffer = model.buffer(current), !buffer.isLoadingOlder {
            screen.messages.olderLoading = false
            screen.messages.canLoadOlder = !buffer.reachedOldest && Self.pagesHistory(buffer)
        }
    }

    /// Closes a buffer (the model parts a joined channel and fails what was queued for it) and
    /// shows the one before it.
    func close(_ buffer: ChatBuffer) {
        let all = model.networks.flatMap(\.buffers)
        let index = all.firstIndex { $0 === buffer } ?? 0
        // The server buffer stays (the model says so); a view that is no buffer of a network
        // (Mentions) closes to its neighbour all the same.
        guard model.close(buffer.id, now: chat.clock()) || buffer.kind != .server else { return }
        chat.sync()
        let remaining = model.networks.flatMap(\.buffers)
        if let next = remaining.isEmpty ? nil : remaining[min(max(0, index - 1), remaining.count - 1)] {
            chat.current = nil
            chat.show(next.id)
        }
    }

    /// Restyles every buffer's rows with the theme just applied; the list keeps its anchor row
    /// by id.
    func apply(_ theme: ChatTheme) {
        for rows in rows.values { rows.styler = chat.styler }
        if let current = chat.current, let rows = rows[current] {
            rows.reload()
            screen.messages.reloadAll()
        }
    }

    /// The previews' settings changed (a buffer's mode, a denied host): the shown rows are laid
    /// out again; the list keeps its anchor row by id.
    public func previewsChanged() {
        if let current = chat.current, let rows = rows[current] {
            rows.reload()
            screen.messages.reloadAll()
        }
    }

    /// Whether a buffer has older history to page (the server buffer, the channel list and the
    /// Mentions view do not).
    static func pagesHistory(_ buffer: ChatBuffer) -> Bool {
        buffer.kind != .server && buffer.kind != .channelList && buffer.kind != .mentions
    }
}

/// What a hidden buffer's view keeps until it is shown again.
struct BufferView {
    /// The reading position and the selection.
    var position: SavedListPosition
    /// The join/part groups the reader expanded.
    var expanded: Set<String>
}

extension BufferPresenter {
    /// What ``apply(_:)`` did beyond the rows.
    enum FrameOutcome { case applied, showedFallback }

    /// Applies a frame's changes to the shown buffer's rows. When the shown buffer went (with
    /// its network: a bouncer network removed), the first server buffer is shown instead.
    func apply(_ frame: FrameChanges) -> FrameOutcome {
        if frame.sidebar {
            // Buffers that went with their network: their saved views go too.
            rows = rows.filter { model.buffer($0.key) != nil || $0.key == chat.current }
            views = views.filter { model.buffer($0.key) != nil }
        }
        if let gone = chat.current, model.buffer(gone) == nil, let fallback = model.networks.first?.serverBuffer.id {
            rows[gone] = nil
            chat.current = nil
            chat.show(fallback)
            return .showedFallback
        }
        guard let current = chat.current, let rows = rows[current], let buffer = model.buffer(current) else { return .applied }
        if frame.windowChanged {
            // A window of older history opened or closed: the rows start over (the list finds
            // its anchor, or the row it was asked to reveal, by id), with the filter as it is
            // now (a /filter typed while reading history takes effect on the way back).
            rows.hidesSmartFiltered = model.hidesSmartFiltered(in: buffer)
            rows.reload()
            screen.messages.reloadAll()
            if !buffer.showsNewest { revealNearest(in: buffer, rows: rows) }
        } else if frame.inserted, buffer.showsNewest {
            // Replayed lines went in among the rows (a bouncer's playback after the join row), or
            // the smart filter changed what they show: the rows start over, and the list keeps
            // its anchor by id.
            rows.hidesSmartFiltered = model.hidesSmartFiltered(in: buffer)
            rows.reload()
            screen.messages.reloadAll()
        } else {
            // The loading row goes (or comes) first: the line changes are worked out after it.
            apply(rows.setLoading(buffer.isLoadingOlder))
            if buffer.showsNewest, frame.appended + frame.prepended + frame.trimmed > 0 {
                for delta in rows.update(appended: frame.appended, prepended: frame.prepended, trimmed: frame.trimmed) { apply(delta) }
            } else if !buffer.showsNewest, frame.prepended > 0 {
                for delta in rows.update(appended: 0, prepended: frame.prepended, trimmed: 0) { apply(delta) }
            }
        }
        if !buffer.showsNewest, frame.appended > 0 {
            // Live lines while a window is read: not on screen, but counted on the pill.
            let messages = buffer.scrollback.lines.suffix(frame.appended).filter { $0.isMessage && !$0.isOwn }.count
            screen.messages.noteUnseen(messages)
        }
        let shown = buffer.shown.lines
        for id in frame.changedLines {
            if let index = shown.lastIndex(where: { $0.id == id }), let row = rows.rowIndex(ofLine: index) {
                screen.messages.rowChanged(at: row)
            }
            // The replies quoting it show it too (a deletion must not linger in a quote).
            for index in shown.indices where shown[index].replyTo == id {
                if let row = rows.rowIndex(ofLine: index) { screen.messages.rowChanged(at: row) }
            }
        }
        if frame.historyDone {
            screen.messages.olderLoading = false
            screen.messages.canLoadOlder = !buffer.reachedOldest && Self.pagesHistory(buffer)
        }
        return .applied
    }

    /// Tells the list how its rows changed.
    private func apply(_ delta: RowDelta) {
        let list = screen.messages
        if delta.removedFromTop > 0 { list.rowsRemovedFromTop(delta.removedFromTop) }
        if delta.prepended > 0 { list.rowsPrepended(delta.prepended) }
        for row in delta.changed { list.rowChanged(at: row) }
        if delta.appended > 0 { list.rowsAppended(delta.appended, unseen: delta.appendedMessages) }
    }
}

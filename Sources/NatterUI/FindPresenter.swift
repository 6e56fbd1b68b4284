import ChatModel
import FoundationEssentials
import Widgets

/// What the find bar found in the shown buffer.
struct FindState {
    /// Whether the bar is open.
    var isOpen = false
    /// The parsed query (`nil`: empty or not valid).
    var query: SearchQuery?
    /// The matching loaded lines, newest first, as indices into the buffer's live scrollback
    /// when the search ran (it runs again whenever the scrollback changes).
    var matches: [Int] = []
    /// The matching lines of the logs older than the scrollback, newest first, as they stream in.
    var logHits: [LogHit] = []
    /// The search of the logs running on its thread.
    var logSearch: BackgroundLogSearch?
    /// Whether the search of the logs stopped at its limit (there may be more hits).
    var logHitsTruncated = false
    /// The search of the loaded lines on a thread, for a query with patterns.
    var patternSearch: BackgroundCorpusSearch?
    /// Which match is shown: an index into ``matches`` followed by ``logHits``.
    var current: Int?
    /// Where the reader was in the live lines when the bar opened, for leaving the search as
    /// it found the buffer (a page from the logs goes, the position comes back); `nil` when a
    /// page of history was already shown then.
    var before: (buffer: BufferID, position: SavedListPosition)?

    /// Loaded matches and log hits together.
    var count: Int { matches.count + logHits.count }
    /// Whether the logs are still being searched.
    var isSearchingLogs: Bool { logSearch != nil }
    /// Whether anything is still being searched.
    var isSearching: Bool { logSearch != nil || patternSearch != nil }
}

/// Find in the buffer (Ctrl+F): the query is run over the buffer's loaded lines as it is typed,
/// newest first, then over its logs on disk (older than what is loaded) on a thread of its own,
/// the hits streaming in behind the loaded ones. Matches are highlighted in the rows, and
/// Enter/Shift+Enter (F3/Shift+F3) step through them with the list's jump to a row, so the
/// pinned state, the marker and the unseen count behave as for any scroll; a hit in the logs
/// opens the page around it.
@MainActor
public final class FindPresenter {
    unowned let chat: ChatController
    var model: ChatModel { chat.model }
    var screen: ChatScreen { chat.screen }
    /// The find bar's query and matches.
    private var find = FindState()
    /// The id of the mention line chosen with the keyboard in the Mentions view
    /// (FindPresenter+Mentions), if any.
    public internal(set) var chosenMention: String?

    init(chat: ChatController) {
        self.chat = chat
        let bar = chat.screen.findBar
        bar.field.onChange = { [weak self] _ in self?.run(keepingCurrent: false) }
        bar.onStep = { [weak self] backwards in self?.step(backwards: backwards) }
        bar.onClose = { [weak self] in self?.close() }
    }

    /// Whether the find bar is open.
    public var isOpen: Bool { find.isOpen }

    /// How many lines the find bar matches (loaded and in the logs so far), which one is shown
    /// (newest first) and its line id.
    public var matches: (count: Int, current: Int?, currentID: String?) {
        (find.count, find.current, find.current.flatMap { findLineID(at: $0) })
    }

    /// Whether the find bar is still searching (the logs, or the loaded lines for a pattern).
    public var isSearching: Bool { find.isSearching }

    /// The shown buffer is being left: a mention chosen in the Mentions view is let go.
    func willHide(_ id: BufferID) {
        if id == .mentions { chosenMention = nil }
    }

    /// A buffer was shown: the query runs over its lines (the search of its logs starts anew).
    func didShow(_ buffer: ChatBuffer) { run(keepingCurrent: false) }

    /// A frame's changes: the query runs again when the live lines changed (a page of the logs
    /// is not searched), and what the searches on threads found comes in.
    func apply(_ frame: FrameChanges) {
        if find.isOpen, let current = chat.current, let buffer = model.buffer(current),
           frame.appended + frame.trimmed > 0 || (frame.prepended > 0 && buffer.showsNewest) {
            run(keepingCurrent: true)
        }
        drainLogSearch()
    }

    /// The id of match `index` (a loaded line or a line of the logs).
    func findLineID(at index: Int) -> String? {
        guard let current = chat.current, let buffer = model.buffer(current) else { return nil }
        if find.matches.indices.contains(index) {
            let lines = buffer.scrollback.lines, line = find.matches[index]
            return lines.indices.contains(line) ? lines[line].id : nil
        }
        let hit = index - find.matches.count
        return find.logHits.indices.contains(hit) ? find.logHits[hit].id : nil
    }

    /// Opens the find bar with its text selected, or selects its text when it is open.
    public func open() {
        let bar = screen.findBar
        find.isOpen = true
        bar.isHidden = false
        // The search keys are made now, once per buffer (0.1 s for 100,000 lines), not at the
        // first key typed.
        if let current = chat.current, let buffer = model.buffer(current) {
            buffer.prepareSearch()
            // Opened again while open: the position from the first opening stays.
            if find.before == nil, buffer.showsNewest { find.before = (current, screen.messages.savedPosition) }
        }
        screen.host?.focus(bar.field)
        _ = bar.field.keyDown(KeyEvent(.character("a"), modifiers: [.ctrl]))   // select all
        run(keepingCurrent: true)
    }

    /// Closes the find bar: the highlights go and the input line has the focus again. A page
    /// of history a match opened goes, and the live lines come back where the reader was.
    public func close() {
        guard find.isOpen else { return }
        find.logSearch?.cancel()
        find.patternSearch?.cancel()
        if let before = find.before, before.buffer == chat.current, model.buffer(before.buffer)?.showsNewest == false {
            model.returnToLive(before.buffer)
            chat.sync()
            screen.messages.restore(before.position)
        }
        find = FindState()
        screen.findBar.isHidden = true
        screen.host?.focus(screen.input)
        if let current = chat.current, let rows = chat.buffers.rows(of: current) { rows.highlightQuery = nil }
        screen.messages.invalidateRowContent()
    }

    /// Goes to the next match (older), or the previous one (newer) with `backwards`; wraps.
    public func step(backwards: Bool) {
        guard find.count > 0 else { return }
        let count = find.count
        let next = find.current.map { backwards ? $0 - 1 : $0 + 1 } ?? 0
        find.current = (next % count + count) % count
        showFindMatch()
    }

    /// Runs the query again over the loaded lines (the query, the buffer or its lines changed).
    /// With `keepingCurrent`, the match shown stays the same line when it still matches; the
    /// search of the logs starts again only when the query or the buffer changed
    /// (`keepingCurrent` false).
    func run(keepingCurrent: Bool) {
        guard find.isOpen, let current = chat.current, let buffer = model.buffer(current) else { return }
        let bar = screen.findBar
        let shown = find.current.flatMap { findLineID(at: $0) }
        find.query = nil
        find.matches = []
        find.current = nil
        find.patternSearch?.cancel()
        find.patternSearch = nil
        if !keepingCurrent {
            find.logSearch?.cancel()
            find.logSearch = nil
            find.logHits = []
            find.logHitsTruncated = false
        }
        let text = bar.field.text
        do {
            let query = try SearchQuery(parsing: text)
            if !query.isEmpty {
                buffer.prepareSearch()
                find.query = query
                if query.hasPatterns && chat.searchesInBackground, let corpus = buffer.scrollback.search {
                    // Patterns are too slow for a frame over a long scrollback: on a thread.
                    find.patternSearch = BackgroundCorpusSearch(corpus: corpus, query: text, wakeUp: chat.wakeUp)
                } else {
                    find.matches = query.matchingIndices(in: buffer.scrollback)
                }
                if !keepingCurrent { startLogSearch(text, in: buffer) } else { dropLoadedLogHits() }
            }
        } catch {
            bar.setStatus(error.message, isError: true)
            highlight(nil)
            return
        }
        highlight(find.query)
        if keepingCurrent, let shown,
           let index = (0..<find.count).first(where: { findLineID(at: $0) == shown }) {
            find.current = index
            updateFindStatus()
        } else if find.count > 0 {
            find.current = 0
            showFindMatch()
        } else {
            updateFindStatus()
        }
    }

    /// Takes what the searches on other threads found since the last frame (called from
    /// ``chat.sync()``).
    func drainLogSearch() {
        if let search = find.patternSearch, let found = search.take() {
            find.patternSearch = nil
            find.matches = found
            find.current = nil
            if !found.isEmpty || !find.logHits.isEmpty {
                find.current = 0
                showFindMatch()
            } else {
                updateFindStatus()
            }
        }
        guard let search = find.logSearch else { return }
        let progress = search.take()
        let (hits, isDone) = (progress.hits, progress.isDone)
        if isDone { find.logSearch = nil }
        find.logHitsTruncated = progress.isTruncated
        guard !hits.isEmpty || isDone else { return }
        find.logHits += hits
        dropLoadedLogHits()
        if find.current == nil, !find.logHits.isEmpty {
            find.current = find.matches.count   // nothing loaded matched: the newest hit in the logs
            showFindMatch()
        } else {
            updateFindStatus()
        }
    }

    /// Forgets the log hits that are loaded lines now (a page of the logs was loaded as the
    /// reader scrolled up): they are among the loaded matches, and would be counted twice.
    private func dropLoadedLogHits() {
        guard !find.logHits.isEmpty, let current = chat.current, let lines = model.buffer(current)?.scrollback.lines else { return }
        let loaded = Set(find.matches.compactMap { lines.indices.contains($0) ? lines[$0].id : nil }.filter { $0.hasPrefix("log:") })
        if !loaded.isEmpty { find.logHits.removeAll { loaded.contains($0.id) } }
    }

    private func startLogSearch(_ query: String, in buffer: ChatBuffer) {
        guard let folder = model.logFolder(for: buffer.id), let logs = model.logs else { return }
        // Only what is older than the loaded lines: those were searched already. The oldest
        // time, not the first line's: lines replayed with server-time may sit after newer ones.
        let before = buffer.scrollback.lines.lazy.map(\.time).min() ?? chat.clock().wall
        if !chat.searchesInBackground {
            var hits: [LogHit] = []
            _ = try? LogSearch.run(folder: folder, timeZone: logs.timeZone, query: query, before: before,
                                   limit: BackgroundLogSearch.hitLimit) { hits += $0 }
            find.logHits = hits
            find.logHitsTruncated = hits.count >= BackgroundLogSearch.hitLimit
            dropLoadedLogHits()
            return
        }
        find.logSearch = BackgroundLogSearch(folder: folder, timeZone: logs.timeZone, query: query, before: before,
                                             wakeUp: chat.wakeUp)
    }

    private func showFindMatch() {
        updateFindStatus()
        guard let index = find.current, let current = chat.current, let buffer = model.buffer(current),
              let lineID = findLineID(at: index) else { return }
        if index < find.matches.count {
            // A loaded line: back to the live lines first if a page of the logs is shown.
            if !buffer.showsNewest {
                model.returnToLive(current)
                chat.sync()
            }
            guard let rows = chat.buffers.rows(of: current), let rowID = rows.rowID(ofLineID: lineID) else { return }
            // An event found inside a folded run of joins and parts: the run opens to show it.
            if rowID.hasPrefix("group-"), rows.expanded.insert(String(rowID.dropFirst(6))).inserted,
               let row = rows.index(ofRowID: rowID) {
                screen.messages.rowChanged(at: row)
            }
            screen.messages.reveal(rowID: rowID)
        } else {
            chat.reveal(lineID: lineID, in: current, time: find.logHits[index - find.matches.count].time)
        }
    }

    private func updateFindStatus() {
        let bar = screen.findBar
        let searching = find.patternSearch != nil ? "searching…" : find.isSearchingLogs ? "searching the logs…" : ""
        guard let index = find.current else {
            bar.setStatus(find.query == nil ? "" : find.isSearching ? searching : "no matches")
            return
        }
        let where_ = index < find.matches.count ? "" : " (logs)"
        let count = "\(find.count)" + (find.logHitsTruncated ? "+" : "")
        bar.setStatus("\(index + 1) of \(count)\(where_)" + (searching.isEmpty ? "" : " · " + searching))
    }

    private func highlight(_ query: SearchQuery?) {
        guard let current = chat.current, let rows = chat.buffers.rows(of: current) else { return }
        rows.highlightQuery = query
        screen.messages.invalidateRowContent()
    }
}

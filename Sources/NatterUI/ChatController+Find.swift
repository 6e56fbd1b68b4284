import ChatModel
import Foundation
import Widgets

/// What the find bar found in the shown buffer.
struct FindState {
    /// Whether the bar is open.
    var isOpen = false
    /// The parsed query (`nil`: empty or not valid).
    var query: SearchQuery?
    /// The matching lines, newest first, as indices into the lines shown when the search ran
    /// (it runs again whenever they change).
    var matches: [Int] = []
    /// Which match is shown (an index into ``matches``).
    var current: Int?
}

/// Find in the buffer (Ctrl+F): the query is run over the lines the buffer shows, newest first,
/// as it is typed; matches are highlighted in the rows, and Enter/Shift+Enter (F3/Shift+F3)
/// step through them with the list's jump to a row, so the pinned state, the marker and the
/// unseen count behave as for any scroll.
extension ChatController {
    /// Wires the find bar (called once from `init`).
    func wireFindBar() {
        let bar = screen.findBar
        bar.field.onChange = { [weak self] _ in self?.runFind(keepingCurrent: false) }
        bar.onStep = { [weak self] backwards in self?.stepFind(backwards: backwards) }
        bar.onClose = { [weak self] in self?.closeFind() }
    }

    /// Whether the find bar is open.
    public var isFindOpen: Bool { find.isOpen }

    /// How many lines the find bar matches, which one is shown (newest first) and its line id.
    public var findMatches: (count: Int, current: Int?, currentID: String?) {
        (find.matches.count, find.current, find.current.flatMap { findLineID(at: $0) })
    }

    /// The id of match `index`.
    func findLineID(at index: Int) -> String? {
        guard let current, let buffer = model.buffer(current), find.matches.indices.contains(index) else { return nil }
        let lines = buffer.shown.lines
        let line = find.matches[index]
        return lines.indices.contains(line) ? lines[line].id : nil
    }

    /// Opens the find bar with its text selected, or selects its text when it is open.
    public func openFind() {
        let bar = screen.findBar
        find.isOpen = true
        bar.isHidden = false
        // The search keys are made now, once per buffer (0.1 s for 100,000 lines), not at the
        // first key typed.
        if let current { model.buffer(current)?.prepareSearch() }
        screen.host?.focus(bar.field)
        _ = bar.field.keyDown(KeyEvent(.character("a"), modifiers: [.ctrl]))   // select all
        runFind(keepingCurrent: true)
    }

    /// Closes the find bar: the highlights go and the input line has the focus again.
    public func closeFind() {
        guard find.isOpen else { return }
        find = FindState()
        screen.findBar.isHidden = true
        screen.host?.focus(screen.input)
        if let current, let rows = rows(of: current) { rows.highlightQuery = nil }
        screen.messages.invalidateRowContent()
    }

    /// Goes to the next match (older), or the previous one (newer) with `backwards`; wraps.
    public func stepFind(backwards: Bool) {
        guard !find.matches.isEmpty else { return }
        let count = find.matches.count
        let next = find.current.map { backwards ? $0 - 1 : $0 + 1 } ?? 0
        find.current = (next % count + count) % count
        showFindMatch()
    }

    /// Runs the query over the shown buffer again (it changed, or its lines did). With
    /// `keepingCurrent`, the match shown stays the same line when it still matches.
    func runFind(keepingCurrent: Bool) {
        guard find.isOpen, let current, let buffer = model.buffer(current) else { return }
        let bar = screen.findBar
        let shown = find.current.flatMap { findLineID(at: $0) }
        find.query = nil
        find.matches = []
        find.current = nil
        do {
            let query = try SearchQuery(parsing: bar.field.text)
            if !query.isEmpty {
                buffer.prepareSearch()
                find.query = query
                find.matches = query.matchingIndices(in: buffer.shown)
            }
        } catch {
            bar.setStatus(error.message, isError: true)
            highlight(nil)
            return
        }
        highlight(find.query)
        guard !find.matches.isEmpty else {
            bar.setStatus(find.query == nil ? "" : "no matches")
            return
        }
        let lines = buffer.shown.lines
        if keepingCurrent, let shown, let index = find.matches.firstIndex(where: { lines[$0].id == shown }) {
            find.current = index
            updateFindStatus()
        } else {
            find.current = 0
            showFindMatch()
        }
    }

    private func showFindMatch() {
        updateFindStatus()
        guard let index = find.current, let current, let rows = rows(of: current), let lineID = findLineID(at: index),
              let rowID = rows.rowID(ofLineID: lineID) else { return }
        screen.messages.reveal(rowID: rowID)
    }

    private func updateFindStatus() {
        guard let index = find.current else { return }
        screen.findBar.setStatus("\(index + 1) of \(find.matches.count)")
    }

    private func highlight(_ query: SearchQuery?) {
        guard let current, let rows = rows(of: current) else { return }
        rows.highlightQuery = query
        screen.messages.invalidateRowContent()
    }
}

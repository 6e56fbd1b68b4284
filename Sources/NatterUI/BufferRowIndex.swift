import ChatModel
import DequeModule
import FoundationEssentials

/// The lines of a buffer as the model holds them.
typealias Lines = Deque<ChatLine>

/// One row of a buffer in the message list.
enum BufferRow: Hashable {
    /// "Loading older messages…" at the top while a history page is on its way (`loading`).
    case loading
    /// A day separator before the first line of a day (`day-YYYY-MM-DD`).
    case day(String)
    /// The "new messages" marker before the first unread line.
    case marker
    /// One line, by absolute line number.
    case line(Int)
    /// A run of consecutive joins, parts, quits and nick changes shown as one row
    /// (`group-FIRSTID`), by absolute line numbers (inclusive).
    case group(first: Int, last: Int)
}

/// How the list must be told about a change of rows: applied in this order.
public struct RowDelta: Hashable, Sendable {
    public var removedFromTop = 0
    public var prepended = 0
    public var changed: [Int] = []
    public var appended = 0
    /// Of the appended rows, how many are messages (for the unseen count).
    public var appendedMessages = 0
    public var isEmpty: Bool { removedFromTop == 0 && prepended == 0 && changed.isEmpty && appended == 0 }
}

/// The rows of a buffer derived from its lines: day separators, the unread marker, single lines
/// and collapsed join/part groups. Lines are numbered absolutely (the first line held is `base`)
/// so rows survive prepends and trims without renumbering. Appends rebuild only the trailing
/// group or line (O(1) amortised); prepends rebuild in O(n), trims only the rows of the lines
/// they cut into (the rows after them are moved, not rebuilt); both report the change as
/// "remove the changed head rows, prepend the new ones", so the rows below keep their measured
/// heights.
struct BufferRowIndex {
    private(set) var rows: [BufferRow] = []
    /// Absolute number of the first line held.
    private(set) var base = 0
    /// Absolute number just past the last line the rows show.
    private(set) var end = 0
    /// Absolute number of the line the marker goes before.
    var markerLine: Int?
    /// Whether a trim rebuilds only the rows of the lines it cut into (tests turn it off to
    /// compare with a whole rebuild).
    var incrementalTrim = true
    /// Whether the loading row leads the rows.
    private(set) var isLoading = false
    /// Whether the lines the smart filter marked get no row (``ChatLine/isSmartFiltered``):
    /// they do not start a run of joins and parts, and one running on over them holds them
    /// without showing them.
    var hidesSmartFiltered = false
    /// A group shorter than this stays as single lines.
    let minimumGroup = 2
    let timeZone: LocalZone

    /// Day names, the calendar asked once per minute (rebuilding many rows, after a prepend or
    /// a reload, asked it for every line).
    private var clock: LocalClock

    init(timeZone: LocalZone) {
        self.timeZone = timeZone
        clock = LocalClock(timeZone: timeZone)
    }

    /// Rebuilds every row from `lines`.
    mutating func rebuild(_ lines: Lines) {
        end = base + lines.count
        rows = isLoading ? [.loading] : []
        append(rowsFor: lines[...], from: base, previous: nil)
    }

    /// Shows or hides the loading row at the top; returns the change for the list.
    mutating func setLoading(_ loading: Bool) -> RowDelta {
        guard loading != isLoading else { return RowDelta() }
        isLoading = loading
        if loading {
            rows.insert(.loading, at: 0)
            return RowDelta(prepended: 1)
        }
        if rows.first == .loading { rows.removeFirst() }
        return RowDelta(removedFromTop: 1)
    }

    /// Brings the rows up to `lines` after a frame's worth of changes: `trimmed` lines dropped
    /// from the start, `prepended` added before them, `appended` added at the end (in any order
    /// within the frame). Returns the list notifications in the order to apply them: the tail
    /// first (row indices as they were), then the head.
    mutating func update(appended: Int, prepended: Int, trimmed: Int, lines: Lines) -> [RowDelta] {
        base += trimmed - prepended
        if let m = markerLine, m < base { markerLine = nil }
        var deltas: [RowDelta] = []
        if appended > 0 {
            if let tail = appendTail(lines) { deltas.append(tail) } else {
                // The trim reached the rows the appends would rebuild: start over.
                return [replaceAll(lines)]
            }
        }
        if prepended > 0 {
            deltas.append(replaceAll(lines))
        } else if trimmed > 0 {
            // A trim's shortcut assumes each line has a row, and the day row before it depends on
            // the line before; with hidden lines between, the rows start over.
            deltas.append(incrementalTrim && !hidesSmartFiltered ? replaceHead(lines) : replaceAll(lines))
        }
        end = base + lines.count
        return deltas.filter { !$0.isEmpty }
    }

    /// `count` lines were added at the end of `lines` (which already holds them).
    mutating func linesAppended(_ count: Int, lines: Lines) -> RowDelta {
        guard count > 0 else { return RowDelta() }
        return appendTail(lines) ?? replaceAll(lines)
    }

    /// Rebuilds the rows from the last group or line that new lines could join; nil when those
    /// lines are no longer held.
    private mutating func appendTail(_ lines: Lines) -> RowDelta? {
        // Rows that may change: the trailing line or group, when the new lines could join it.
        var cut = rows.count
        while cut > 0 {
            if case .group = rows[cut - 1] { cut -= 1; break }
            if case .line(let n) = rows[cut - 1] {
                guard n >= base else { return nil }   // trimmed away with everything before it
                if isGroupable(lines[n - base]) { cut -= 1; continue }
            }
            break
        }
        // A day or marker row right before the rebuilt lines belongs to them: rebuild it too.
        while cut > 0, cut < rows.count {
            if case .day = rows[cut - 1] { cut -= 1; continue }
            if case .marker = rows[cut - 1] { cut -= 1; continue }
            break
        }
        let firstLine = cut < rows.count ? firstLine(atOrAfter: cut) ?? end : end
        guard firstLine >= base, firstLine - base <= lines.count else { return nil }
        var previousNumber = firstLine - 1
        while previousNumber >= base, isHidden(lines[previousNumber - base]) { previousNumber -= 1 }
        let previous = previousNumber >= base ? lines[previousNumber - base] : nil
        let old = Array(rows[cut...])
        rows.removeSubrange(cut...)
        end = base + lines.count
        append(rowsFor: lines[(firstLine - base)...], from: firstLine, previous: previous)
        let fresh = rows[cut...]
        var delta = RowDelta()
        for (offset, row) in fresh.enumerated() {
            if offset < old.count {
                if row != old[offset] { delta.changed.append(cut + offset) }
            } else {
                delta.appended += 1
                if case .line(let n) = row, lines[n - base].isMessage { delta.appendedMessages += 1 }
            }
        }
        if fresh.count < old.count {   // cannot happen for appends; keep the list consistent anyway
            return RowDelta(removedFromTop: 0, prepended: 0, changed: Array(cut..<rows.count), appended: 0)
        }
        return delta
    }

    /// `count` lines were added at the start (history); rebuilds and reports the changed head.
    mutating func linesPrepended(_ count: Int, lines: Lines) -> RowDelta {
        update(appended: 0, prepended: count, trimmed: 0, lines: lines).first ?? RowDelta()
    }

    /// `count` lines were dropped from the start (trim, clear).
    mutating func linesTrimmed(_ count: Int, lines: Lines) -> RowDelta {
        update(appended: 0, prepended: 0, trimmed: count, lines: lines).first ?? RowDelta()
    }

    /// The marker moved or went: rebuilds (the list reloads around its anchor).
    mutating func setMarker(_ line: Int?, lines: Lines) -> RowDelta {
        guard line != markerLine else { return RowDelta() }
        markerLine = line
        return replaceAll(lines)
    }

    /// The line with this absolute number as an index into the lines held.
    func lineIndex(_ number: Int) -> Int { number - base }

    /// The row that shows line `index` (an index into the lines held). O(log n).
    func rowIndex(ofLineIndex index: Int) -> Int? {
        let number = index + base
        var low = 0, high = rows.count - 1
        var found: Int?
        while low <= high {
            let mid = (low + high) / 2
            guard let first = firstLine(atOrAfter: mid) else { high = mid - 1; continue }
            if first <= number { found = mid; low = mid + 1 } else { high = mid - 1 }
        }
        guard var i = found else { return nil }
        while i < rows.count, lineRange(of: rows[i]) == nil { i += 1 }
        guard i < rows.count, let range = lineRange(of: rows[i]), range.contains(number) else { return nil }
        return i
    }

    /// The first line number held by row `index` or, for a day or marker row, by the next
    /// row holding lines.
    private func firstLine(atOrAfter index: Int) -> Int? {
        var i = index
        while i < rows.count {
            if let range = lineRange(of: rows[i]) { return range.lowerBound }
            i += 1
        }
        return nil
    }

    // MARK: - Building

    private mutating func replaceAll(_ lines: Lines) -> RowDelta {
        let old = rows
        end = base + lines.count
        rows = isLoading ? [.loading] : []
        append(rowsFor: lines[...], from: base, previous: nil)
        var common = 0
        while common < old.count, common < rows.count, old[old.count - 1 - common] == rows[rows.count - 1 - common] {
            common += 1
        }
        return RowDelta(removedFromTop: old.count - common, prepended: rows.count - common)
    }

    /// After a trim: rebuilds the rows up to the first row that starts after the new first
    /// line, and keeps the rest, with the same delta as ``replaceAll(_:)``. A full scrollback
    /// trims every few hundred lines, and rebuilding all 10,000 rows each time was 3 % of a
    /// flood.
    ///
    /// Rows from a line `m` on depend only on the lines from `m - 1` on, the marker and whether
    /// a row starts at `m`: the row holding `m` starts there, so every run before it is closed,
    /// and the day and marker rows right before it are its own.
    private mutating func replaceHead(_ lines: Lines) -> RowDelta {
        guard let keep = rows.firstIndex(where: { row in
            guard let first = firstLineNumber(of: row) else { return false }
            return first > base
        }), let m = firstLineNumber(of: rows[keep]), m - base <= lines.count else { return replaceAll(lines) }
        var start = keep
        while start > 0 {
            if case .day = rows[start - 1] { start -= 1; continue }
            if case .marker = rows[start - 1] { start -= 1; continue }
            break
        }
        let oldHead = Array(rows[..<start])
        // The kept rows stay where they are: the new head replaces the old one in place (the
        // rows after it are moved, not copied one by one).
        var kept = rows
        rows = isLoading ? [.loading] : []
        append(rowsFor: lines[..<(lines.startIndex + m - base)], from: base, previous: nil)
        let newHead = rows
        kept.replaceSubrange(..<start, with: newHead)
        rows = kept
        var common = 0
        while common < oldHead.count, common < newHead.count,
              oldHead[oldHead.count - 1 - common] == newHead[newHead.count - 1 - common] {
            common += 1
        }
        return RowDelta(removedFromTop: oldHead.count - common, prepended: newHead.count - common)
    }

    /// Appends rows for `lines` (numbered from `first`); `previous` is the line before them.
    private mutating func append(rowsFor lines: Lines.SubSequence, from first: Int, previous: ChatLine?) {
        var lastDay = previous.map { day($0.time) }
        var run: (start: Int, end: Int, shown: Int)?
        func flushRun() {
            guard let current = run else { return }
            if current.shown >= minimumGroup {
                rows.append(.group(first: current.start, last: current.end))
            } else {
                for n in current.start...current.end where !isHidden(lines[lines.startIndex + n - first]) { rows.append(.line(n)) }
            }
            run = nil
        }
        for (offset, line) in lines.enumerated() {
            let number = first + offset
            if isHidden(line) {
                run?.end = number
                continue
            }
            let lineDay = day(line.time)
            let newDay = lineDay != lastDay
            if newDay || number == markerLine { flushRun() }
            if newDay {
                rows.append(.day(lineDay))
                lastDay = lineDay
            }
            if number == markerLine { rows.append(.marker) }
            if isGroupable(line) {
                if let current = run { run = (current.start, number, current.shown + 1) } else { run = (number, number, 1) }
            } else {
                flushRun()
                rows.append(.line(number))
            }
        }
        flushRun()
    }

    /// Whether `line` gets no row.
    func isHidden(_ line: ChatLine) -> Bool { hidesSmartFiltered && line.isSmartFiltered }

    private func isGroupable(_ line: ChatLine) -> Bool {
        switch line.kind {
        case .join, .part, .quit, .nickChange: return true
        default: return false
        }
    }

    private func lineRange(of row: BufferRow) -> ClosedRange<Int>? {
        switch row {
        case .line(let n): return n...n
        case .group(let a, let b): return a...b
        case .day, .marker, .loading: return nil
        }
    }

    private func firstLineNumber(of row: BufferRow) -> Int? { lineRange(of: row)?.lowerBound }

    mutating func day(_ date: Date) -> String { clock.day(of: date) }
}

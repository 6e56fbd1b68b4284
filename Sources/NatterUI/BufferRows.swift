import ChatModel
import FoundationEssentials
import IRCProtocol
import Widgets

/// A chat buffer as rows of the message list: its lines, a day separator (`day-YYYY-MM-DD`)
/// before each day, the "new messages" marker (`unread-marker`) before the first unread line,
/// and runs of joins, parts, quits and nick changes collapsed into one row (`group-FIRSTID`)
/// that a click expands. Rows are styled and laid out only when the list asks (rows near the
/// viewport).
@MainActor
public final class BufferRows: MessageListDataSource {
    /// The id of the first-unread marker row.
    public static let markerID = "unread-marker"
    /// The id of the row shown while older history loads.
    public static let loadingID = "loading"
    /// The buffer shown.
    public let buffer: ChatBuffer
    /// How rows are styled.
    public var styler: ChatLineStyler {
        didSet { styles.removeAll() }
    }
    /// Styled rows by line id (with the line they were styled from, so an edited line is styled
    /// again): a resize rewraps every visible row but styles none. Bounded.
    private var styles = StyleCache()
    /// What the find bar looks for: its matches are highlighted inside the rows.
    public var highlightQuery: SearchQuery? {
        didSet { styles.removeAll() }
    }
    /// Vertical padding around each row's text.
    public var rowPadding = 2.0
    /// Called with a link's URL when it is clicked.
    public var onOpenLink: ((String) -> Void)?
    /// Called with a link's URL when it is Ctrl+clicked.
    public var onCopyLink: ((String) -> Void)?
    /// Called with the id of a line that is not loaded when the list wants to show it; returns
    /// whether the page around it will come (``MessageListDataSource/loadRows(around:)``).
    public var onLoadAround: ((String) -> Bool)?
    /// Called with a line's id when its row is clicked anywhere but on a link (the mentions
    /// view opens the line where it was said).
    public var onActivateLine: ((String) -> Void)?
    /// A click on a reply's quote: the msgid of the message it replies to.
    public var onOpenReplied: ((String) -> Void)?
    /// A right-click on a line: what its menu offers (the link under the pointer, if any).
    public var onMenu: ((ChatLine, String?) -> [MenuItem])?
    /// A click on a reaction chip: the line and the reaction.
    public var onToggleReaction: ((ChatLine, String) -> Void)?
    /// The preview under a line, as far as it got (nil: none); the model's answer, which asks
    /// the fetcher the first time a row is laid out.
    public var previewOf: ((ChatLine) -> PreviewState?)?
    /// A click on a preview's image: the thumbnail (the viewer opens it).
    public var onOpenImage: ((PreviewThumbnail) -> Void)?
    /// A right-click on a preview: what its menu offers (hide it, hide its host, copy, open).
    public var onPreviewMenu: ((ChatLine, LinkPreview?) -> [MenuItem])?
    /// The line chosen with the keyboard (the Mentions view), drawn on the selection colour.
    public var chosenLineID: String?
    /// Called when the reader asks for the newest lines while a window of older history is
    /// shown; returns whether they will come.
    public var onReturnToLive: (() -> Bool)?
    private var index: BufferRowIndex
    /// Whether the rows were built from the buffer's window of older history (otherwise from
    /// its live scrollback): until ``reload()`` they read the lines they were built from, even
    /// when the model has already switched.
    private var readsWindow: Bool
    /// The lines the rows show.
    private var lines: Lines { readsWindow ? buffer.window?.lines ?? [] : buffer.scrollback.lines }
    /// The collapsed join/part groups the reader expanded, by the id of their first line
    /// (kept by the controller while the buffer is hidden).
    public var expanded: Set<String> = []
    /// Whether the rows leave out the lines the smart filter marked (the channel's `/filter`):
    /// read when the rows are built, so a change takes a ``reload()``.
    public var hidesSmartFiltered: Bool

    /// The lines of a group that have rows of their own to show: those the filter hides are
    /// neither counted nor listed.
    private func shown(_ numbers: ClosedRange<Int>) -> [Int] {
        numbers.filter { !index.isHidden(line($0)) }
    }

    /// Rows for `buffer`, with the marker before its first unread line.
    public init(buffer: ChatBuffer, styler: ChatLineStyler, hidesSmartFiltered: Bool = false) {
        self.buffer = buffer
        self.styler = styler
        self.hidesSmartFiltered = hidesSmartFiltered
        readsWindow = !buffer.showsNewest
        index = BufferRowIndex(timeZone: styler.timeZone)
        index.hidesSmartFiltered = hidesSmartFiltered
        index.markerLine = markerLineNumber()
        _ = index.setLoading(buffer.isLoadingOlder)
        index.rebuild(lines)
    }

    /// Whether the marker row is shown.
    public var hasMarker: Bool { index.markerLine != nil }

    /// The lines shown were replaced as a whole (a window of history opened or closed): the
    /// rows are built again from them.
    public func reload() {
        readsWindow = !buffer.showsNewest
        index = BufferRowIndex(timeZone: styler.timeZone)
        index.hidesSmartFiltered = hidesSmartFiltered
        index.markerLine = markerLineNumber()
        _ = index.setLoading(buffer.isLoadingOlder)
        index.rebuild(lines)
    }

    public var reachesNewest: Bool { !readsWindow }

    public func loadNewest() -> Bool { onReturnToLive?() ?? false }

    /// Only lines can be fetched: day, marker, loading and group rows are never missing alone.
    public func loadRows(around id: String) -> Bool {
        guard !id.hasPrefix("day-"), !id.hasPrefix("group-"), id != Self.markerID, id != Self.loadingID else { return false }
        return onLoadAround?(id) ?? false
    }

    /// A frame's changes to the buffer's lines, netted: returns the list notifications to apply
    /// in order.
    public func update(appended: Int, prepended: Int, trimmed: Int) -> [RowDelta] {
        index.update(appended: appended, prepended: prepended, trimmed: trimmed, lines: lines)
    }

    /// Lines were appended to the buffer.
    public func linesAppended(_ count: Int) -> RowDelta { index.linesAppended(count, lines: lines) }
    /// Older lines were prepended.
    public func linesPrepended(_ count: Int) -> RowDelta { index.linesPrepended(count, lines: lines) }
    /// The oldest lines were dropped.
    public func linesTrimmed(_ count: Int) -> RowDelta { index.linesTrimmed(count, lines: lines) }
    /// Shows the loading row while the buffer's older history is on its way.
    public func setLoading(_ loading: Bool) -> RowDelta { index.setLoading(loading) }
    /// Removes the marker (when the reader leaves the buffer it stays until then).
    public func clearMarker() -> RowDelta { index.setMarker(nil, lines: lines) }

    /// The row with `id`: through the line it shows (O(1) when the line is not held, otherwise
    /// one scan of line ids and a binary search of the rows), not by naming every row.
    public func index(ofRowID id: String) -> Int? {
        if id == Self.loadingID { return index.rows.first == .loading ? 0 : nil }
        if id == Self.markerID { return index.rows.firstIndex(of: .marker) }
        if id.hasPrefix("day-") { return index.rows.firstIndex(of: .day(String(id.dropFirst(4)))) }
        let lineID = id.hasPrefix("group-") ? String(id.dropFirst(6)) : id
        let source = readsWindow ? buffer.window : buffer.scrollback
        guard source?.contains(id: lineID) == true, let i = lines.lastIndex(where: { $0.id == lineID }),
              let row = rowIndex(ofLine: i) else { return nil }
        return rowID(at: row) == id ? row : nil
    }

    /// The id of the row showing the line with id `lineID` (its own row, or the group holding
    /// it), if that line is loaded. A line the smart filter hides has none: the row nearest it
    /// stands for it (the next one, else the one before), so a search hit on it does not go
    /// and fetch a page of history around a line that is already here.
    public func rowID(ofLineID lineID: String) -> String? {
        let all = lines
        guard let i = all.lastIndex(where: { $0.id == lineID }) else { return nil }
        if let row = rowIndex(ofLine: i) { return rowID(at: row) }
        guard index.isHidden(all[i]) else { return nil }
        let near = all.indices[(i + 1)...].lazy.compactMap { self.rowIndex(ofLine: $0) }.first
            ?? all.indices[..<i].reversed().lazy.compactMap { self.rowIndex(ofLine: $0) }.first
        return near.map(rowID(at:))
    }

    /// The row showing line `i` of the buffer.
    public func rowIndex(ofLine i: Int) -> Int? { index.rowIndex(ofLineIndex: i) }

    public var rowCount: Int { index.rows.count }

    public var estimatedRowHeight: Double { 20 }

    public func rowID(at row: Int) -> String {
        switch index.rows[row] {
        case .day(let day): return "day-\(day)"
        case .loading: return Self.loadingID
        case .marker: return Self.markerID
        case .line(let n): return line(n).id
        case .group(let first, _): return "group-\(line(first).id)"
        }
    }

    public func layoutRow(at row: Int, width: Double, context: LayoutContext) -> MessageRowLayout {
        let inset = 10.0
        switch index.rows[row] {
        case .loading:
            let label = context.layoutText(loadingLabel, maxWidth: nil)
            return MessageRowLayout(height: 32, text: label,
                                    textOrigin: Point(x: max(inset, (width - label.size.width) / 2),
                                                      y: (32 - label.size.height) / 2))
        case .marker:
            return MessageRowLayout(height: 22)
        case .day(let day):
            let label = context.layoutText(dayLabel(day), maxWidth: nil)
            return MessageRowLayout(height: label.size.height + 12, text: label,
                                    textOrigin: Point(x: max(inset, (width - label.size.width) / 2), y: 6))
        case .line(let n) where line(n).answer != nil:
            return AnswerBlock(styler: styler).layout(line(n), expanded: expanded.contains(line(n).id), width: width,
                                                      inset: inset, padding: rowPadding, context: context)
        case .line(let n):
            let styled = style(line(n))
            // Continuation lines start under the message text: the prefix's full advance,
            // including the spaces after the nick (which the layout's size leaves out).
            let prefix = context.layoutText(styled.prefix, maxWidth: nil)
            let indent = prefix.lines.first?.runs.map { $0.x + $0.width }.max() ?? 0
            let hanging = min(indent, width / 3)
            let layout = context.layoutText(styled.text, maxWidth: max(40, width - 2 * inset), hangingIndent: hanging)
            var row = MessageRowLayout(height: layout.size.height + 2 * rowPadding, text: layout,
                                       textOrigin: Point(x: inset, y: rowPadding))
            if let state = previewOf?(line(n)),
               let block = previewBlock.layout(state, width: Self.previewWidth(rowWidth: width, blockX: inset + hanging),
                                               text: { context.layoutText($0, maxWidth: $1) }) {
                // Under the message's text, where its continuation lines start.
                let origin = Point(x: inset + hanging, y: rowPadding + layout.size.height + PreviewBlock.gap)
                row.hotspots.append(RowHotspot(id: PreviewBlock.blockHotspot,
                                               rect: Rect(x: origin.x, y: origin.y, width: block.size.width, height: block.size.height)))
                if let image = block.image {
                    row.hotspots.insert(RowHotspot(id: PreviewBlock.imageHotspot, rect: image.offsetBy(origin)), at: 0)
                }
                row.height += block.size.height + 2 * PreviewBlock.gap   // a gap above it and one below
            }
            return row
        case .group(let first, let last):
            let id = line(first).id
            let isExpanded = expanded.contains(id)
            let text = isExpanded ? expandedText(first...last) : summary(first...last)
            let layout = context.layoutText(text, maxWidth: max(40, width - 2 * inset), hangingIndent: isExpanded ? 0 : 40)
            return MessageRowLayout(height: layout.size.height + 2 * rowPadding, text: layout,
                                    textOrigin: Point(x: inset, y: rowPadding))
        }
    }

    public func paintRow(at row: Int, layout: MessageRowLayout, in rect: Rect, context: inout PaintContext) {
        let theme = styler.theme
        switch index.rows[row] {
        case .marker:
            let mid = rect.minY + rect.height / 2
            context.fill(Rect(x: rect.minX + 10, y: mid, width: rect.width - 20, height: 1), theme.base.alert)
            let label = context.layoutText(StyledText([TextSpan("new messages", TextAttributes(
                font: FontSpec(role: .ui, size: 11, bold: true), foreground: theme.base.alert))]), maxWidth: nil)
            context.fill(Rect(x: rect.maxX - 24 - label.size.width, y: rect.minY, width: label.size.width + 8,
                              height: rect.height), theme.base.background)
            context.drawText(label, at: Point(x: rect.maxX - 20 - label.size.width, y: mid - label.size.height / 2))
            return
        case .day:
            let mid = rect.minY + rect.height / 2
            context.fill(Rect(x: rect.minX + 10, y: mid, width: rect.width - 20, height: 1), theme.base.border)
            if let text = layout.text {
                context.fill(Rect(x: rect.minX + layout.textOrigin.x - 8, y: rect.minY, width: text.size.width + 16,
                                  height: rect.height), theme.base.background)
            }
        case .line(let n) where line(n).answer != nil:
            AnswerBlock(styler: styler).paintBox(in: rect, context: &context)
        case .line(let n):
            // In the mentions view every row is one: the word is marked there instead.
            if line(n).isHighlight, buffer.kind != .mentions { context.fill(rect, theme.highlightRow) }
            if let chosenLineID, line(n).id == chosenLineID { context.fill(rect, theme.base.selection) }
        case .group, .loading:
            break
        }
        if let text = layout.text {
            context.drawText(text, at: Point(x: rect.minX + layout.textOrigin.x, y: rect.minY + layout.textOrigin.y))
        }
        if case .line(let n) = index.rows[row], let spot = layout.hotspots.first(where: { $0.id == PreviewBlock.blockHotspot }),
           let state = previewOf?(line(n)),
           let block = previewBlock.layout(state, width: Self.previewWidth(rowWidth: rect.width, blockX: spot.rect.minX),
                                           text: { context.layoutText($0, maxWidth: $1) }),
           block.size.height == spot.rect.height {
            // Painted only as laid out: a preview that landed since waits for the row's new layout.
            previewBlock.paint(block, state, at: Point(x: rect.minX + spot.rect.minX, y: rect.minY + spot.rect.minY), context: &context)
        }
    }

    private var previewBlock: PreviewBlock { PreviewBlock(theme: styler.theme) }

    /// The width a row's preview may take: from where it starts to the row's right inset.
    private static func previewWidth(rowWidth: Double, blockX: Double) -> Double {
        max(40, rowWidth - 10 - blockX)
    }

    public func plainText(at row: Int) -> String {
        switch index.rows[row] {
        case .marker, .loading: return ""
        case .day(let day): return "--- \(day) ---"
        case .line(let n): return styler.plainText(line(n))
        case .group(let first, let last): return shown(first...last).map { styler.plainText(line($0)) }.joined(separator: "\n")
        }
    }

    public func activateRow(at row: Int, character: Int, layout: MessageRowLayout, modifiers: Modifiers) -> Bool {
        switch index.rows[row] {
        case .group(let first, _):
            let id = line(first).id
            if expanded.remove(id) == nil { expanded.insert(id) }
            return true
        case .line(let n):
            var offset = 0
            for span in layout.text?.text.spans ?? [] {
                let count = span.text.count
                if character >= offset && character < offset + count {
                    if let link = span.attributes.link {
                        if link == AnswerBlock.toggleLink {
                            // A folded answer (the MOTD) opens or folds again.
                            if expanded.remove(line(n).id) == nil { expanded.insert(line(n).id) }
                            return true
                        } else if link == ChatLineStyler.replyLink, let parent = line(n).replyTo {
                            onOpenReplied?(parent)
                        } else if link.hasPrefix(ChatLineStyler.reactionLink) {
                            onToggleReaction?(line(n), String(link.dropFirst(ChatLineStyler.reactionLink.count)))
                        } else if modifiers.contains(.ctrl) {
                            onCopyLink?(link)
                        } else {
                            onOpenLink?(link)
                        }
                        return false
                    }
                    break
                }
                offset += count
            }
            onActivateLine?(line(n).id)
            return false
        default:
            return false
        }
    }

    public func activateHotspot(_ id: String, row: Int, modifiers: Modifiers) -> Bool {
        guard case .line(let n) = index.rows[row], case .ready(let preview)? = previewOf?(line(n)) else { return false }
        if id == PreviewBlock.imageHotspot, let thumbnail = preview.thumbnail, !thumbnail.isComing {
            onOpenImage?(thumbnail)
        } else if modifiers.contains(.ctrl) {
            onCopyLink?(preview.url)
        } else {
            onOpenLink?(preview.url)
        }
        return false
    }

    public func menu(forHotspot id: String, row: Int) -> [MenuItem] {
        guard case .line(let n) = index.rows[row], let state = previewOf?(line(n)) else { return [] }
        let preview: LinkPreview? = if case .ready(let preview) = state { preview } else { nil }
        return onPreviewMenu?(line(n), preview) ?? []
    }

    public func menu(forRowAt row: Int, character: Int, layout: MessageRowLayout) -> [MenuItem] {
        guard case .line(let n) = index.rows[row] else { return [] }
        let link = Self.link(at: character, in: layout).flatMap { $0.hasPrefix("natter:") ? nil : $0 }
        return onMenu?(line(n), link) ?? []
    }

    /// Who gave the reaction whose chip is under the pointer: "🎉 bob, carol and me".
    public func tooltip(forRowAt row: Int, character: Int, layout: MessageRowLayout) -> String? {
        guard case .line(let n) = index.rows[row], let link = Self.link(at: character, in: layout),
              link.hasPrefix(ChatLineStyler.reactionLink) else { return nil }
        let reaction = String(link.dropFirst(ChatLineStyler.reactionLink.count))
        guard let nicks = line(n).reactions.first(where: { $0.reaction == reaction })?.nicks, !nicks.isEmpty else { return nil }
        let names = nicks.count == 1 ? nicks[0] : nicks.dropLast().joined(separator: ", ") + " and " + nicks.last!
        return "\(reaction) \(names)"
    }

    /// The link of the span holding text position `character`, if any.
    private static func link(at character: Int, in layout: MessageRowLayout) -> String? {
        var offset = 0
        for span in layout.text?.text.spans ?? [] {
            let count = span.text.count
            if character >= offset && character < offset + count { return span.attributes.link }
            offset += count
        }
        return nil
    }

    // MARK: - Text

    /// The styled text of `line`, from the cache when it was styled before, with the find bar's
    /// matches highlighted in its text (not in the time and nick before it).
    private func style(_ line: ChatLine) -> (text: StyledText, prefix: StyledText) {
        let parent = line.replyTo.flatMap { id in lines.last { $0.id == id } }
        if let cached = styles.lookup(line, parent: parent) { return cached }
        var styled = styler.style(line, quoting: parent)
        if buffer.kind == .mentions, let word = line.highlightWord, let query = try? SearchQuery(parsing: "\"\(word)\"") {
            styled.text = Self.highlight(styled.text, from: styled.prefix.count, query: query, color: styler.theme.mentionWord)
        }
        if let query = highlightQuery, line.isMessage {
            styled.text = Self.highlight(styled.text, from: styled.prefix.count, query: query,
                                         color: styler.theme.searchMatch)
        }
        styles.insert(styled, for: line, parent: parent)
        return styled
    }

    /// The line with absolute number `number`. Between the model trimming the scrollback and
    /// the next ``update(appended:prepended:trimmed:)`` the rows may name a line that is gone
    /// (the list asks for row ids when a motion ticks before the frame's sync): an empty
    /// stand-in answers then, never an out-of-range read. Nothing is painted in between.
    private func line(_ number: Int) -> ChatLine {
        let i = index.lineIndex(number), held = lines
        guard held.indices.contains(i) else {
            return ChatLine(id: "gone-\(number)", time: Date(timeIntervalSince1970: 0), kind: .message)
        }
        return held[i]
    }

    /// `text` with the query's matches after character `start` on a highlight background.
    static func highlight(_ text: StyledText, from start: Int, query: SearchQuery, color: Color) -> StyledText {
        let string = text.string
        let body = string[string.index(string.startIndex, offsetBy: min(start, string.count))...]
        let marks = query.ranges(in: String(body)).map { range -> Range<Int> in
            let b = String(body)
            return (start + b.distance(from: b.startIndex, to: range.lowerBound))..<(start + b.distance(from: b.startIndex, to: range.upperBound))
        }
        guard !marks.isEmpty else { return text }
        var spans: [TextSpan] = []
        var offset = 0
        for span in text.spans {
            let characters = Array(span.text)
            var cut = 0
            // Split the span at every mark boundary inside it.
            let bounds = marks.flatMap { [$0.lowerBound, $0.upperBound] }
                .filter { $0 > offset && $0 < offset + characters.count }.map { $0 - offset }
            for end in bounds.sorted() + [characters.count] where end > cut {
                var piece = TextSpan(String(characters[cut..<end]), span.attributes)
                if marks.contains(where: { $0.contains(offset + cut) }) { piece.attributes.background = color }
                spans.append(piece)
                cut = end
            }
            offset += characters.count
        }
        return StyledText(spans)
    }

    private func markerLineNumber() -> Int? {
        guard let id = buffer.firstUnreadID, let i = lines.firstIndex(where: { $0.id == id }) else { return nil }
        return index.base + i
    }

    private var loadingLabel: StyledText {
        StyledText("Loading older messages…", attributes: TextAttributes(font: styler.theme.base.font,
                                                                           foreground: styler.theme.base.mutedText))
    }

    private func dayLabel(_ day: String) -> StyledText {
        // "Thursday, 26 November 2026": the day's own date, so no zone is involved.
        let parts = day.split(separator: "-").compactMap { Int($0) }
        var text = day
        if parts.count == 3, (1...12).contains(parts[1]), (1...31).contains(parts[2]) {
            let days = CivilTime.days(year: parts[0], month: parts[1], day: parts[2])
            text = "\(CivilTime.weekdayNames[CivilTime.weekday(ofDays: days)]), \(parts[2]) "
                + "\(CivilTime.monthNames[parts[1] - 1]) \(parts[0])"
        }
        return StyledText(text, attributes: TextAttributes(font: FontSpec(role: .ui, size: 12, bold: true),
                                                           foreground: styler.theme.dimText))
    }

    /// "alice and bob joined · carol left · dave quit · erin is now erin_  (4 events, click to show)"
    private func summary(_ numbers: ClosedRange<Int>) -> StyledText {
        var joined: [String] = [], left: [String] = [], quit: [String] = [], renamed: [String] = []
        // The groups read in the order they began: a /cycle is "left · joined", not the reverse.
        var order: [String] = []
        let numbers = shown(numbers)
        for n in numbers {
            let l = line(n)
            let nick = l.nick ?? "?"
            let verb: String? = switch l.kind {
            case .join: "joined"
            case .part: "left"
            case .quit: "quit"
            default: nil
            }
            if let verb, !order.contains(verb) { order.append(verb) }
            switch l.kind {
            case .join: joined.append(nick)
            case .part: left.append(nick)
            case .quit: quit.append(nick)
            case .nickChange(let new): renamed.append("\(nick) is now \(new)")
            default: break
            }
        }
        func names(_ list: [String], _ verb: String) -> String? {
            guard !list.isEmpty else { return nil }
            var seen = Set<String>()
            let unique = list.filter { seen.insert($0).inserted }
            let shown = unique.prefix(4)
            let rest = unique.count - shown.count
            let joinedNames = rest > 0 ? shown.joined(separator: ", ") + " and \(rest) other\(rest == 1 ? "" : "s")"
                : (shown.count > 1 ? shown.dropLast().joined(separator: ", ") + " and " + shown.last! : shown.first!)
            return "\(joinedNames) \(verb)"
        }
        let groups = ["joined": joined, "left": left, "quit": quit]
        let parts = order.compactMap { names(groups[$0] ?? [], $0) }
            + renamed.prefix(2) + (renamed.count > 2 ? ["\(renamed.count - 2) more nick changes"] : [])
        let time = styler.timestamp(line(numbers[0]).time)
        let dim = styler.theme.dimText
        return StyledText([
            TextSpan(time + " ", TextAttributes(font: styler.theme.monoFont, foreground: dim)),
            TextSpan("⇄ " + parts.joined(separator: " · "), TextAttributes(font: styler.theme.messageFont, foreground: dim)),
            // No-break spaces: the expander stays with the last word, whatever the width or the
            // zoom, rather than wrapping onto a line of its own.
            TextSpan("\u{00A0}\u{00A0}▸\u{00A0}\(numbers.count)",
                     TextAttributes(font: FontSpec(role: .ui, size: 11), foreground: styler.theme.base.link)),
        ])
    }

    private func expandedText(_ numbers: ClosedRange<Int>) -> StyledText {
        var spans: [TextSpan] = []
        for n in shown(numbers) {
            if !spans.isEmpty { spans.append(TextSpan("\n", TextAttributes(font: styler.theme.messageFont))) }
            spans += styler.style(line(n)).text.spans
        }
        return StyledText(spans)
    }
}

/// Styled rows keyed by line id, in two generations of `capacity` entries: a hit in the older
/// one moves the entry to the newer; when the newer fills up, the older is dropped. O(1).
private struct StyleCache {
    typealias Styled = (text: StyledText, prefix: StyledText)
    /// Each entry with the line it styles and, for a reply, the parent it quoted: a change to
    /// either (an edit, a deletion, the parent arriving) makes it stale.
    private var current: [String: (line: ChatLine, parent: ChatLine?, styled: Styled)] = [:]
    private var previous: [String: (line: ChatLine, parent: ChatLine?, styled: Styled)] = [:]
    let capacity = 512

    mutating func lookup(_ line: ChatLine, parent: ChatLine?) -> Styled? {
        if let entry = current[line.id] { return entry.line == line && entry.parent == parent ? entry.styled : nil }
        guard let entry = previous.removeValue(forKey: line.id), entry.line == line, entry.parent == parent else { return nil }
        insert(entry.styled, for: line, parent: parent)
        return entry.styled
    }

    mutating func insert(_ styled: Styled, for line: ChatLine, parent: ChatLine?) {
        if current.count >= capacity {
            previous = current
            current.removeAll(keepingCapacity: true)
        }
        current[line.id] = (line, parent, styled)
    }

    mutating func removeAll() {
        current.removeAll()
        previous.removeAll()
    }
}

import ChatModel
import Widgets

/// A chat buffer as rows of the message list: its lines, with the "new messages" marker row
/// (`unread-marker`) before the first unread line while the buffer has one. Rows are styled and
/// laid out only when the list asks (rows near the viewport).
@MainActor
public final class BufferRows: MessageListDataSource {
    /// The buffer shown.
    public let buffer: ChatBuffer
    /// How rows are styled.
    public var styler: ChatLineStyler {
        didSet { styles.removeAll() }
    }
    /// Where the marker row is, as an index into the buffer's lines (nil: no marker).
    public private(set) var markerIndex: Int?
    /// Vertical padding around each row's text.
    public var rowPadding = 2.0
    /// Styled rows by line id (with the line they were styled from, so an edited line is styled
    /// again): a resize rewraps every visible row but styles none. Bounded.
    private var styles = StyleCache()

    /// Rows for `buffer` styled by `styler`.
    public init(buffer: ChatBuffer, styler: ChatLineStyler) {
        self.buffer = buffer
        self.styler = styler
        updateMarker()
    }

    /// Places the marker before the buffer's first unread line, or removes it. Returns whether
    /// it moved (the list then reloads).
    @discardableResult
    public func updateMarker() -> Bool {
        let index = buffer.firstUnreadID.flatMap { id in buffer.scrollback.lines.firstIndex { $0.id == id } }
        let moved = index != markerIndex
        markerIndex = index
        return moved
    }

    /// Removes the marker without moving anything else (when the buffer is read).
    public func clearMarker() { markerIndex = nil }

    /// Keeps the marker on the same line when `count` lines were prepended.
    public func linesPrepended(_ count: Int) { if let m = markerIndex { markerIndex = m + count } }

    /// Keeps the marker on the same line when `count` lines were trimmed from the top.
    public func linesTrimmed(_ count: Int) {
        if let m = markerIndex { markerIndex = m - count >= 0 ? m - count : nil }
    }

    public var rowCount: Int { buffer.scrollback.count + (markerIndex == nil ? 0 : 1) }

    public var estimatedRowHeight: Double { 20 }

    public func rowID(at index: Int) -> String {
        switch row(index) {
        case .marker: return MessageListView.unreadMarkerID
        case .line(let i): return buffer.scrollback.lines[i].id
        }
    }

    public func index(ofRowID id: String) -> Int? {
        if id == MessageListView.unreadMarkerID { return markerIndex }
        guard let i = buffer.scrollback.lines.lastIndex(where: { $0.id == id }) else { return nil }
        return rowIndex(ofLine: i)
    }

    public func layoutRow(at index: Int, width: Double, context: LayoutContext) -> MessageRowLayout {
        switch row(index) {
        case .marker:
            return MessageRowLayout(height: 22)
        case .line(let i):
            let styled = style(buffer.scrollback.lines[i])
            let indent = context.layoutText(styled.prefix, maxWidth: nil).size.width
            let inset = 10.0
            let layout = context.layoutText(styled.text, maxWidth: max(40, width - 2 * inset),
                                            hangingIndent: min(indent, width / 3))
            return MessageRowLayout(height: layout.size.height + 2 * rowPadding, text: layout,
                                    textOrigin: Point(x: inset, y: rowPadding))
        }
    }

    public func paintRow(at index: Int, layout: MessageRowLayout, in rect: Rect, context: inout PaintContext) {
        switch row(index) {
        case .marker:
            let theme = styler.theme
            let mid = rect.minY + rect.height / 2
            context.fill(Rect(x: rect.minX + 10, y: mid, width: rect.width - 20, height: 1), theme.base.alert)
            let label = context.layoutText(StyledText([TextSpan("new messages", TextAttributes(
                font: FontSpec(role: .ui, size: 11, bold: true), foreground: theme.base.alert,
                background: theme.base.background))]), maxWidth: nil)
            context.fill(Rect(x: rect.maxX - 24 - label.size.width, y: rect.minY, width: label.size.width + 8,
                              height: rect.height), theme.base.background)
            context.drawText(label, at: Point(x: rect.maxX - 20 - label.size.width,
                                              y: mid - label.size.height / 2))
        case .line(let i):
            if buffer.scrollback.lines[i].isHighlight {
                context.fill(rect, styler.theme.highlightRow)
            }
            if let text = layout.text {
                context.drawText(text, at: Point(x: rect.minX + layout.textOrigin.x, y: rect.minY + layout.textOrigin.y))
            }
        }
    }

    public func plainText(at index: Int) -> String {
        switch row(index) {
        case .marker: return ""
        case .line(let i): return styler.plainText(buffer.scrollback.lines[i])
        }
    }

    /// The styled text of `line`, from the cache when it was styled before.
    private func style(_ line: ChatLine) -> (text: StyledText, prefix: StyledText) {
        if let cached = styles.lookup(line) { return cached }
        let styled = styler.style(line)
        styles.insert(styled, for: line)
        return styled
    }

    /// The row index of line `i`.
    public func rowIndex(ofLine i: Int) -> Int {
        if let m = markerIndex, i >= m { return i + 1 }
        return i
    }

    private enum Row { case marker, line(Int) }

    private func row(_ index: Int) -> Row {
        guard let m = markerIndex else { return .line(index) }
        if index == m { return .marker }
        return .line(index > m ? index - 1 : index)
    }
}

/// Styled rows keyed by line id, in two generations of `capacity` entries: a hit in the older
/// one moves the entry to the newer; when the newer fills up, the older is dropped. O(1).
private struct StyleCache {
    typealias Styled = (text: StyledText, prefix: StyledText)
    private var current: [String: (line: ChatLine, styled: Styled)] = [:]
    private var previous: [String: (line: ChatLine, styled: Styled)] = [:]
    let capacity = 512

    mutating func lookup(_ line: ChatLine) -> Styled? {
        if let entry = current[line.id] { return entry.line == line ? entry.styled : nil }
        guard let entry = previous.removeValue(forKey: line.id), entry.line == line else { return nil }
        insert(entry.styled, for: line)
        return entry.styled
    }

    mutating func insert(_ styled: Styled, for line: ChatLine) {
        if current.count >= capacity {
            previous = current
            current.removeAll(keepingCapacity: true)
        }
        current[line.id] = (line, styled)
    }

    mutating func removeAll() {
        current.removeAll()
        previous.removeAll()
    }
}

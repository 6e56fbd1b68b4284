import ChatModel
import Widgets

/// The quick switcher (Ctrl+K): a field and the buffers of every network that fuzzy-match what
/// is typed (``FuzzyMatch``), best first and then most recently active, unread ones marked with
/// their counts. ↑/↓ move the choice, Enter switches, Escape or a click outside closes it.
@MainActor
public final class QuickSwitcher: Widget, CentredPanel {
    /// One buffer offered.
    public struct Candidate: Hashable, Sendable {
        public var id: BufferID
        /// The buffer's name as shown (`#natter`, `alice`, `Libera` for a server buffer).
        public var title: String
        /// Its network (empty for the mentions view).
        public var network: String
        public var unread: Int
        public var highlights: Int
        /// When something last happened there (for the order among equal scores).
        public var lastActivity: Double

        public init(id: BufferID, title: String, network: String, unread: Int = 0, highlights: Int = 0, lastActivity: Double = 0) {
            self.id = id; self.title = title; self.network = network
            self.unread = unread; self.highlights = highlights; self.lastActivity = lastActivity
        }
    }

    /// The query.
    public let field = TextField()
    /// Every buffer that can be chosen.
    public var candidates: [Candidate] = [] { didSet { refilter() } }
    /// The candidates matching the query, in the order shown (at most ``maxRows``).
    public private(set) var shown: [Candidate] = []
    /// The row chosen with ↑/↓ (Enter switches to it).
    public private(set) var selected = 0
    /// Called with the buffer chosen.
    public var onChoose: ((BufferID) -> Void)?
    /// How many rows show at most.
    public let maxRows = 8
    private let theme: ChatTheme
    private let rowHeight = 28.0
    private let fieldHeight = 44.0
    private let width = 460.0

    /// A switcher in the theme's colours.
    public init(theme: ChatTheme = .dark) {
        self.theme = theme
        super.init()
        field.placeholder = "Switch to a buffer…"
        field.font = theme.messageFont
        field.textColor = theme.base.text
        field.backgroundColor = theme.base.background
        field.onChange = { [weak self] _ in self?.refilter() }
        backgroundColor = theme.base.surface
        addChild(field)
    }

    /// Shows the switcher near the top of `host`'s window, empty, taking the keyboard.
    public func show(in host: WidgetHost) {
        field.text = ""
        refilter()
        present(in: host, width: width, top: 60)
    }

    private func refilter() {
        let query = field.text
        let scored = candidates.compactMap { candidate in
            FuzzyMatch.score(query, candidate.title).map { (candidate, $0) }
        }
        shown = scored.sorted { a, b in
            a.1 != b.1 ? a.1 > b.1 : a.0.lastActivity > b.0.lastActivity
        }.prefix(maxRows).map(\.0)
        selected = 0
        setNeedsLayout()
    }

    public override func performLayout(_ constraints: BoxConstraints, _ context: LayoutContext) -> Size {
        _ = field.layout(BoxConstraints(minWidth: width - 20, maxWidth: width - 20, minHeight: 0, maxHeight: fieldHeight), context)
        place(field, at: Point(x: 10, y: 10))
        return Size(width: width, height: fieldHeight + 8 + Double(max(shown.count, 1)) * rowHeight + 8)
    }

    public override func paint(_ context: inout PaintContext) {
        super.paint(&context)
        context.stroke(bounds, width: 1, theme.base.border)
        let font = theme.messageFont
        if shown.isEmpty {
            let text = context.layoutText(StyledText("No buffer matches", attributes: TextAttributes(font: font, foreground: theme.dimText)),
                                          maxWidth: nil)
            context.drawText(text, at: Point(x: 18, y: fieldHeight + 8 + (rowHeight - text.size.height) / 2))
            return
        }
        for (index, candidate) in shown.enumerated() {
            let row = rowRect(index)
            if index == selected { context.fillRounded(row.inset(by: EdgeInsets(horizontal: 6, vertical: 1)), radius: 4, theme.base.surfacePressed) }
            let bold = FontSpec(role: .ui, size: font.size, bold: candidate.unread > 0)
            var spans = [TextSpan(candidate.title, TextAttributes(font: bold, foreground: theme.base.text))]
            if !candidate.network.isEmpty && candidate.network != candidate.title {
                spans.append(TextSpan("  " + candidate.network, TextAttributes(font: font, foreground: theme.dimText)))
            }
            let text = context.layoutText(StyledText(spans), maxWidth: width - 90)
            context.drawText(text, at: Point(x: 18, y: row.minY + (row.height - text.size.height) / 2))
            if candidate.unread > 0 {
                let count = context.layoutText(StyledText("\(candidate.unread)", attributes: TextAttributes(
                    font: FontSpec(role: .ui, size: 11, bold: true), foreground: Color(rgb: 0xFFFFFF))), maxWidth: nil)
                let pill = Rect(x: width - 18 - count.size.width - 12, y: row.midY - 9, width: count.size.width + 12, height: 18)
                context.fillRounded(pill, radius: 9, candidate.highlights > 0 ? theme.base.alert : theme.base.accent)
                context.drawText(count, at: Point(x: pill.minX + 6, y: pill.midY - count.size.height / 2))
            }
        }
    }

    private func rowRect(_ index: Int) -> Rect {
        Rect(x: 0, y: fieldHeight + 8 + Double(index) * rowHeight, width: width, height: rowHeight)
    }

    private func choose(_ index: Int) {
        guard shown.indices.contains(index) else { return }
        let id = shown[index].id
        dismiss()
        onChoose?(id)
    }

    public override func keyDown(_ event: KeyEvent) -> Bool {
        guard event.modifiers.isEmpty else { return false }
        switch event.key {
        case .up where !shown.isEmpty:
            selected = (selected - 1 + shown.count) % shown.count
            setNeedsPaint()
        case .down where !shown.isEmpty:
            selected = (selected + 1) % shown.count
            setNeedsPaint()
        case .enter: choose(selected)
        case .escape: dismiss()
        default: return false
        }
        return true
    }

    public override func mouseDown(_ event: MouseEvent) -> Bool { true }

    public override func mouseUp(_ event: MouseEvent) {
        let y = event.position.y - fieldHeight - 8
        guard y >= 0 else { return }
        choose(Int(y / rowHeight))
    }

    public override func cursor(at point: Point) -> CursorShape? { point.y > fieldHeight ? .hand : nil }
}

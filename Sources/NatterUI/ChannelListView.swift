import ChatModel
import Widgets

/// `/list` as a view: a filter box over the channels a server listed, sortable by users or by
/// name (click a column's heading), each with its topic on one line (cut with "…", the modes
/// some servers list before it drawn apart, small and monospaced); ↑/↓, Page Up/Down move
/// the choice, Enter or a double-click joins it. Only the rows in view are laid out; filtering
/// and sorting compare names and topics lowercased once per entry.
@MainActor
public final class ChannelListView: Widget {
    /// How the channels are ordered.
    public enum Order: Sendable { case users, name }

    /// The filter: channels whose name or topic contains it (case-insensitively) are shown.
    public let field = TextField()
    /// The order of the rows.
    public private(set) var order = Order.users
    /// The channels shown, filtered and sorted.
    public private(set) var shown: [ChannelListing.Entry] = []
    /// Index in ``shown`` of the chosen row.
    public private(set) var selected = 0
    /// Called with the channel to join.
    public var onJoin: ((String) -> Void)?
    private var listing = ChannelListing()
    private var firstRow = 0
    /// Its colours and fonts.
    public var theme: ChatTheme {
        didSet {
            field.applyColors(theme, background: theme.base.background)
            field.font = theme.messageFont
            backgroundColor = theme.base.background
            setNeedsPaint()
        }
    }
    /// Each entry's name and topic lowercased (for filtering and sorting), made once per entry:
    /// lowercasing in the comparisons cost millions of strings a keystroke in a 50,000-channel list.
    private var folded: [(name: String, topic: String)] = []
    /// Whether the selected row is one the user chose (keys, a click), not the first by default.
    private var userChose = false
    /// Wheel distance not yet turned into whole rows, in pixels.
    private var wheelPixels = 0.0
    private let rowHeight = 26.0
    private let fieldHeight = 50.0
    private let headerHeight = 26.0
    private let footerHeight = 26.0

    /// A view in the theme's colours.
    public init(theme: ChatTheme = .dark) {
        self.theme = theme
        super.init()
        field.placeholder = "Filter channels by name or topic"
        field.font = theme.messageFont
        field.applyColors(theme, background: theme.base.background)
        field.onChange = { [weak self] _ in self?.refilter(keepingSelection: false) }
        field.onSubmit = { [weak self] _ in self?.joinSelected() }
        backgroundColor = theme.base.background
        addChild(field)
    }

    /// Shows `listing` (the view keeps the filter, the order and the chosen channel).
    public func update(_ listing: ChannelListing) {
        guard listing != self.listing else { return }
        let old = self.listing.entries
        self.listing = listing
        // A list grows by appends while it arrives: only the new entries are folded.
        if listing.entries.count >= old.count, listing.entries.prefix(old.count).elementsEqual(old) {
            folded += listing.entries[old.count...].map { ($0.name.lowercased(), $0.topic.lowercased()) }
        } else {
            folded = listing.entries.map { ($0.name.lowercased(), $0.topic.lowercased()) }
        }
        refilter(keepingSelection: true)
    }

    /// Orders the rows by `order` (users: most first; name: alphabetical).
    public func sort(by order: Order) {
        guard order != self.order else { return }
        self.order = order
        // The highlighted channel stays highlighted in the new order, and from now on counts as
        // chosen (the user acted on the view).
        userChose = !shown.isEmpty
        refilter(keepingSelection: true)
    }

    private func refilter(keepingSelection: Bool) {
        // Only a channel the user chose stays chosen; otherwise the first row is, so that a list
        // still arriving does not follow whichever channel the server happened to send first.
        if !keepingSelection { userChose = false }
        let chosen = keepingSelection && userChose && shown.indices.contains(selected) ? shown[selected].name : nil
        let query = field.text.lowercased()
        let entries = listing.entries, folded = self.folded
        var rows = Array(entries.indices)
        if !query.isEmpty { rows = rows.filter { folded[$0].name.contains(query) || folded[$0].topic.contains(query) } }
        switch order {
        case .users: rows.sort { entries[$0].users != entries[$1].users ? entries[$0].users > entries[$1].users : folded[$0].name < folded[$1].name }
        case .name: rows.sort { folded[$0].name != folded[$1].name ? folded[$0].name < folded[$1].name : entries[$0].users > entries[$1].users }
        }
        shown = rows.map { entries[$0] }
        selected = chosen.flatMap { name in shown.firstIndex { $0.name == name } } ?? 0
        if !keepingSelection || chosen == nil { firstRow = 0 }
        keepSelectionVisible()
        setNeedsPaint()
    }

    // MARK: - Layout and painting

    private var visibleRows: Int { max(1, Int((size.height - fieldHeight - headerHeight - footerHeight) / rowHeight)) }

    private func keepSelectionVisible() {
        if selected < firstRow { firstRow = selected }
        if selected >= firstRow + visibleRows { firstRow = selected - visibleRows + 1 }
        firstRow = max(0, min(firstRow, max(0, shown.count - visibleRows)))
    }

    public override func performLayout(_ constraints: BoxConstraints, _ context: LayoutContext) -> Size {
        let size = constraints.constrain(Size(width: constraints.maxWidth, height: constraints.maxHeight))
        _ = field.layout(BoxConstraints(minWidth: size.width - 24, maxWidth: size.width - 24, minHeight: 0, maxHeight: fieldHeight - 16),
                         context)
        place(field, at: Point(x: 12, y: 10))
        return size
    }

    private var columns: (users: Double, topic: Double) {
        let nameWidth = min(260, max(140, size.width * 0.3))
        return (12 + nameWidth, 12 + nameWidth + 70)
    }

    public override func paint(_ context: inout PaintContext) {
        super.paint(&context)
        // The size may have changed: clamp the scroll position, but leave it where the wheel put
        // it (the selection may be out of view).
        firstRow = max(0, min(firstRow, max(0, shown.count - visibleRows)))
        let font = theme.messageFont, dim = theme.dimText
        let columns = self.columns
        func text(_ string: String, _ font: FontSpec, _ color: Color) -> TextLayout {
            context.layoutText(StyledText(string, attributes: TextAttributes(font: font, foreground: color)), maxWidth: nil)
        }
        func fitted(_ string: String, _ font: FontSpec, _ color: Color, _ width: Double) -> TextLayout {
            context.layoutText(StyledText(string, attributes: TextAttributes(font: font, foreground: color)), fittingWidth: width)
        }
        let modesFont = FontSpec(role: .mono, size: max(8, theme.monoFont.size - 2))
        let headingFont = FontSpec(role: .ui, size: max(8, font.size - 2), bold: true)
        let headerY = fieldHeight
        for (title, x, column) in [("CHANNEL", 12.0, Order.name), ("USERS", columns.users, Order.users)] {
            let label = text(title + (order == column ? (column == .users ? " ▼" : " ▲") : ""), headingFont,
                             order == column ? theme.base.text : dim)
            context.drawText(label, at: Point(x: x, y: headerY + (headerHeight - label.size.height) / 2))
        }
        let topicHeading = text("TOPIC", headingFont, dim)
        context.drawText(topicHeading, at: Point(x: columns.topic, y: headerY + (headerHeight - topicHeading.size.height) / 2))
        let top = fieldHeight + headerHeight
        let clip = context.clip
        context.pushClip(Rect(x: 0, y: top, width: size.width, height: size.height - top - footerHeight))
        for index in firstRow..<min(shown.count, firstRow + visibleRows + 1) {
            let entry = shown[index]
            let row = Rect(x: 0, y: top + Double(index - firstRow) * rowHeight, width: size.width, height: rowHeight)
            if index == selected {
                context.fillRounded(row.inset(by: EdgeInsets(horizontal: 6, vertical: 1)), radius: 4, theme.base.surfacePressed)
            }
            // Names and topics too long for their columns end with "…" (the clips only guard
            // against a column narrower than the ellipsis itself).
            let name = fitted(entry.name, FontSpec(role: .ui, size: font.size, bold: true), theme.base.text, columns.users - 24)
            let users = text("\(entry.users)", theme.monoFont, theme.base.text)
            let y = { (layout: TextLayout) in row.minY + (row.height - layout.size.height) / 2 }
            let nameClip = context.clip
            context.pushClip(Rect(x: 0, y: row.minY, width: columns.users - 12, height: row.height))
            context.drawText(name, at: Point(x: 12, y: y(name)))
            context.popClip(restoring: nameClip)
            context.drawText(users, at: Point(x: columns.topic - 16 - users.size.width, y: y(users)))
            let topicClip = context.clip
            var x = columns.topic, room = max(0, size.width - columns.topic - 12)
            context.pushClip(Rect(x: x, y: row.minY, width: room, height: row.height))
            // The modes the server put before the topic, apart from it: smaller, monospaced.
            if !entry.modes.isEmpty {
                let modes = fitted(entry.modes, modesFont, dim, room)
                context.drawText(modes, at: Point(x: x, y: y(modes)))
                x += modes.size.width + 10
                room -= modes.size.width + 10
            }
            if !entry.topic.isEmpty, room > 0 {
                let topic = fitted(entry.topic, font, dim, room)
                context.drawText(topic, at: Point(x: x, y: y(topic)))
            }
            context.popClip(restoring: topicClip)
        }
        context.popClip(restoring: clip)
        let status: String
        if shown.isEmpty {
            status = listing.entries.isEmpty ? (listing.isComplete ? "The server listed no channels" : "Asking the server for its channels…")
                : "No channel matches"
        } else if shown.count == listing.entries.count {
            status = "\(listing.entries.count) channel\(listing.entries.count == 1 ? "" : "s")" + (listing.isComplete ? "" : " so far…")
        } else {
            status = "\(shown.count) of \(listing.entries.count) channels match" + (listing.isComplete ? "" : " so far…")
        }
        let footer = fitted(status + (shown.isEmpty ? "" : "  ·  Enter or a double-click joins"),
                            FontSpec(role: .ui, size: max(8, font.size - 2)), dim, size.width - 24)
        context.drawText(footer, at: Point(x: 12, y: size.height - footerHeight + (footerHeight - footer.size.height) / 2))
    }

    // MARK: - Input

    private func joinSelected() {
        guard shown.indices.contains(selected) else { return }
        onJoin?(shown[selected].name)
    }

    private func select(_ index: Int) {
        guard !shown.isEmpty else { return }
        userChose = true
        selected = max(0, min(index, shown.count - 1))
        keepSelectionVisible()
        setNeedsPaint()
    }

    public override func keyDown(_ event: KeyEvent) -> Bool {
        guard event.modifiers.isEmpty || event.modifiers == [.ctrl] else { return false }
        let page = max(1, visibleRows - 1)
        switch (event.key, event.modifiers.isEmpty) {
        case (.up, true): select(selected - 1)
        case (.down, true): select(selected + 1)
        case (.pageUp, true): select(selected - page)
        case (.pageDown, true): select(selected + page)
        case (.home, false): select(0)
        case (.end, false): select(shown.count - 1)
        case (.enter, _): joinSelected()
        default: return false
        }
        return true
    }

    private func rowIndex(at point: Point) -> Int? {
        let top = fieldHeight + headerHeight
        guard point.y >= top, point.y < size.height - footerHeight else { return nil }
        let index = firstRow + Int((point.y - top) / rowHeight)
        return shown.indices.contains(index) ? index : nil
    }

    public override func mouseDown(_ event: MouseEvent) -> Bool {
        if event.position.y >= fieldHeight, event.position.y < fieldHeight + headerHeight {
            sort(by: event.position.x < columns.users ? .name : .users)
            return true
        }
        guard let index = rowIndex(at: event.position) else { return false }
        select(index)
        if event.clickCount == 2 { joinSelected() }   // a third click does not join again
        return true
    }

    public override func scrollWheel(_ event: WheelEvent) -> Bool {
        // A notch is three rows; a touchpad's precise deltas are pixels (as in the message and
        // nick lists), gathered until they make whole rows.
        wheelPixels += event.isNotched ? -event.dy * 3 * rowHeight : -event.dy
        let rows = Int((wheelPixels / rowHeight).rounded(.towardZero))
        guard rows != 0 else { return true }
        wheelPixels -= Double(rows) * rowHeight
        let moved = max(0, min(firstRow + rows, max(0, shown.count - visibleRows)))
        if moved != firstRow + rows { wheelPixels = 0 }   // at an edge nothing is carried over
        firstRow = moved
        setNeedsPaint()
        return true
    }

    public override func cursor(at point: Point) -> CursorShape? {
        point.y >= fieldHeight && point.y < fieldHeight + headerHeight ? .hand : nil
    }
}

import Widgets

/// The nick list on the right: a count, then members sorted by prefix rank and name with their
/// prefix symbols, away users dimmed. The wheel scrolls it; a double click opens a query.
/// Clicked, it takes the keyboard: typing filters it (the nicks containing what was typed,
/// case-insensitively), Backspace edits the filter, Enter opens a query with the only nick
/// left, Escape clears the filter and then gives the keyboard back (``onDone``).
@MainActor
public final class NickListView: Widget {
    /// One member.
    public struct Entry: Hashable, Sendable {
        public var nick: String
        public var prefixes: String
        public var away: Bool
        public init(nick: String, prefixes: String, away: Bool) { self.nick = nick; self.prefixes = prefixes; self.away = away }
    }

    /// The members in display order.
    public var entries: [Entry] = [] { didSet { if entries != oldValue { refilter() } } }
    /// What was typed to filter the list ("" shows everyone).
    public var filter = "" { didSet { if filter != oldValue { offset = 0; refilter() } } }
    /// The members shown: those whose nick contains ``filter``.
    public private(set) var shown: [Entry] = []
    /// Called with the nick a double click (or Enter on the only nick left) opens a query with.
    public var onOpenQuery: ((String) -> Void)?
    /// What a right-click on a member offers (query, whois, modes, kick, ban, ignore, monitor).
    public var onMenu: ((Entry) -> [MenuItem])?
    /// Called when Escape is pressed with no filter: the keyboard goes back to the input line.
    public var onDone: (() -> Void)?
    private var hasFocus = false
    /// Colours and fonts.
    public var theme = ChatTheme.dark { didSet { if theme != oldValue { setNeedsPaint() } } }
    /// Width the list asks for.
    public var preferredWidth = 160.0 { didSet { if preferredWidth != oldValue { setNeedsLayout() } } }
    private var offset = 0.0
    let rowHeight = 20.0
    let headerHeight = 32.0

    public override init() { super.init() }

    public override var isFocusable: Bool { true }
    /// Typing filters the list while it has the keyboard (the window must send text for it).
    public override var acceptsTextInput: Bool { true }

    private func refilter() {
        let needle = filter.lowercased()
        shown = needle.isEmpty ? entries : entries.filter { $0.nick.lowercased().contains(needle) }
        clampOffset()
        setNeedsPaint()
    }

    /// Whether we are not in the channel (disconnected, or parted): the members shown are who
    /// was there when we left, greyed, and the header says so.
    public var isStale = false { didSet { if isStale != oldValue { setNeedsPaint() } } }

    /// The header: the count, and the filter or a hint while the list has the keyboard; the
    /// first of these that fits between the list's margins, else the last cut with "…" (the
    /// list is 160 px wide by default: "14 users · type to filter" is not).
    private var headerCandidates: [String] {
        let users = "\(entries.count) user\(entries.count == 1 ? "" : "s")"
        let stale = isStale ? " · not joined" : ""
        if !filter.isEmpty {
            let typed = "\u{201C}\(filter)\u{201D}"
            return ["\(shown.count) of \(users)\(stale) · \(typed)", "\(shown.count) of \(entries.count) · \(typed)", "\(shown.count) · \(typed)"]
        }
        if hasFocus { return [users + stale + " · type to filter", "type to filter"] }
        return isStale ? [users + stale, "not joined"] : [users]
    }

    /// The margin on either side of the header and the nicks.
    private let margin = 12.0

    public override func focusChanged(_ focused: Bool) {
        hasFocus = focused
        setNeedsPaint()
    }

    public override func textInput(_ text: String) -> Bool {
        let typed = text.filter { !$0.isNewline && $0 != "\t" }
        guard !typed.isEmpty else { return false }
        filter += typed
        return true
    }

    public override func keyDown(_ event: KeyEvent) -> Bool {
        guard event.modifiers.isEmpty else { return false }
        switch event.key {
        case .backspace:
            guard !filter.isEmpty else { return false }
            filter.removeLast()
            return true
        case .escape:
            if filter.isEmpty { onDone?() } else { filter = "" }
            return true
        case .enter:
            if shown.count == 1 { onOpenQuery?(shown[0].nick) }
            return true
        default:
            return false
        }
    }

    public override func performLayout(_ constraints: BoxConstraints, _ context: LayoutContext) -> Size {
        constraints.constrain(Size(width: preferredWidth, height: constraints.maxHeight.isFinite ? constraints.maxHeight : 400))
    }

    public override func paint(_ context: inout PaintContext) {
        context.fill(bounds, theme.base.surface)
        let room = max(0, size.width - 2 * margin)
        let headerStyle = TextAttributes(font: FontSpec(role: .ui, size: 12, bold: true), foreground: theme.dimText)
        let candidates = headerCandidates
        let whole = candidates.map { context.layoutText(StyledText($0, attributes: headerStyle), maxWidth: nil) }
        let header = whole.first { $0.size.width <= room }
            ?? context.layoutText(StyledText(candidates[candidates.count - 1], attributes: headerStyle), fittingWidth: room)
        context.drawText(header, at: Point(x: margin, y: (headerHeight - header.size.height) / 2))
        let previous = context.clip
        context.pushClip(Rect(x: 0, y: headerHeight, width: size.width, height: size.height - headerHeight))
        let first = max(0, Int(offset / rowHeight))
        let last = min(shown.count, first + Int(size.height / rowHeight) + 2)
        for index in first..<max(first, last) {
            let entry = shown[index]
            let color = theme.color(forNick: entry.nick)
            // A nick longer than the list is wide ends with "…" inside the margin.
            let text = context.layoutText(StyledText([
                TextSpan(entry.prefixes, TextAttributes(font: FontSpec(role: .mono, size: 13), foreground: theme.dimText)),
                TextSpan(entry.nick, TextAttributes(font: theme.messageFont,
                                                    foreground: isStale ? theme.dimText : entry.away ? color.withAlpha(110) : color,
                                                    nick: entry.nick)),
            ]), fittingWidth: room)
            let y = headerHeight + Double(index) * rowHeight - offset
            context.drawText(text, at: Point(x: margin, y: y + (rowHeight - text.size.height) / 2))
        }
        context.popClip(restoring: previous)
    }

    public override func scrollWheel(_ event: WheelEvent) -> Bool {
        offset -= event.dy * (event.isNotched ? 3 * rowHeight : 1)
        clampOffset()
        setNeedsPaint()
        return true
    }

    public override func mouseDown(_ event: MouseEvent) -> Bool {
        let index = Int((event.position.y - headerHeight + offset) / rowHeight)
        guard event.position.y >= headerHeight, shown.indices.contains(index) else { return false }
        if event.button == .right {
            // The nick's menu, where the pointer is.
            guard let host, let items = onMenu?(shown[index]), !items.isEmpty else { return true }
            PopupMenu(items, theme: theme.base).show(in: host, at: convertToWindow(event.position))
            return true
        }
        if event.clickCount >= 2 { onOpenQuery?(shown[index].nick) }
        return true
    }

    private func clampOffset() {
        let maxOffset = max(0, Double(shown.count) * rowHeight - (size.height - headerHeight))
        offset = min(max(0, offset), maxOffset)
    }
}

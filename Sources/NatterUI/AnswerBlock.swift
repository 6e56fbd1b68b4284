import ChatModel
import FoundationEssentials
import IRCSession
import Widgets

/// Draws the answer a line carries (``ChatLine/answer``) as one block of its buffer's rows: a
/// WHOIS or WHOWAS card of labelled fields, a WHO table (nick, user@host, flags, account, real
/// name), NAMES as columns of nicks filling the width, and the MOTD folded to its title until
/// a click opens it. ``BufferRows`` asks it for the block's text and paints the box behind it;
/// what the fields say is the model's (``AnswerText``).
@MainActor
struct AnswerBlock {
    let styler: ChatLineStyler
    /// How many monospace characters fit on a line of the block (the NAMES columns fill it).
    var widthInCharacters = 80

    private var theme: ChatTheme { styler.theme }
    private var label: TextAttributes { TextAttributes(font: theme.monoFont, foreground: theme.dimText) }
    private var mono: TextAttributes { TextAttributes(font: theme.monoFont, foreground: theme.base.text) }
    private var value: TextAttributes { TextAttributes(font: theme.messageFont, foreground: theme.base.text) }

    /// The timestamp before the block's title, which its other lines hang under.
    func prefix(_ line: ChatLine) -> StyledText {
        StyledText([TextSpan(styler.timestamp(line.time) + " ", label)])
    }

    /// The block's text: the timestamp and title, then its lines (a folded MOTD: the title and
    /// what a click does).
    func text(_ line: ChatLine, answer: Answer, expanded: Bool) -> StyledText {
        var spans = prefix(line).spans
        var title = TextAttributes(font: FontSpec(role: .ui, size: theme.messageFont.size, bold: true),
                                   foreground: theme.base.accent)
        if case .motd = answer.content { title.link = Self.toggleLink }
        spans.append(TextSpan(AnswerText.title(of: answer), title))
        switch answer.content {
        case .whois(let card):
            spans += fields(AnswerText.fields(of: card, at: line.time))
        case .whowas(_, let entries):
            for (index, entry) in entries.enumerated() {
                // A server that keeps several: each after the first under a dim rule of its own.
                if index > 0 { spans += [TextSpan("\n", value), TextSpan("earlier", label)] }
                spans += fields(AnswerText.fields(of: entry, at: line.time, isPast: true))
            }
        case .who(_, let rows):
            spans += table(rows)
        case .names(_, let nicks):
            spans += columns(nicks)
        case .motd(let lines):
            var toggle = TextAttributes(font: FontSpec(role: .ui, size: 11), foreground: theme.base.link)
            toggle.link = Self.toggleLink
            spans.append(TextSpan(expanded ? "\u{00A0}\u{00A0}▾\u{00A0}hide" : "\u{00A0}\u{00A0}▸\u{00A0}show", toggle))
            if expanded { spans += lines.flatMap { [TextSpan("\n", mono), TextSpan($0.isEmpty ? " " : $0, mono)] } }
        }
        return StyledText(spans)
    }

    /// The row of an answer line at `width`: the block's text hanging under its timestamp,
    /// with room for the box behind it.
    func layout(_ line: ChatLine, expanded: Bool, width: Double, inset: Double, padding: Double,
                context: LayoutContext) -> MessageRowLayout {
        guard let answer = line.answer else { return MessageRowLayout(height: 0) }
        let prefix = context.layoutText(prefix(line), maxWidth: nil)
        let indent = min(prefix.lines.first?.runs.map { $0.x + $0.width }.max() ?? 0, width / 3)
        let digit = context.layoutText(StyledText([TextSpan("0", mono)]), maxWidth: nil).size.width
        var block = self
        block.widthInCharacters = Int((width - 2 * inset - indent) / max(1, digit))
        let layout = context.layoutText(block.text(line, answer: answer, expanded: expanded),
                                        maxWidth: max(40, width - 2 * inset), hangingIndent: indent)
        return MessageRowLayout(height: layout.size.height + 2 * padding + 2 * Self.boxPadding, text: layout,
                                textOrigin: Point(x: inset, y: padding + Self.boxPadding))
    }

    /// Space between the box's edge and the block's text.
    static let boxPadding = 4.0

    /// The box behind the block: a faint fill with a bar in the accent colour on its left, so
    /// the answer reads as one thing among the chat's rows.
    func paintBox(in rect: Rect, context: inout PaintContext) {
        let box = Rect(x: rect.minX + 4, y: rect.minY + 2, width: rect.width - 8, height: rect.height - 4)
        let text = theme.base.text
        context.fill(box, Color(r: text.r, g: text.g, b: text.b, a: 0x12))
        context.fill(Rect(x: box.minX, y: box.minY, width: 2, height: box.height), theme.base.accent)
    }

    /// The link a folded block's title and toggle carry: a click on them opens or folds it.
    static let toggleLink = "natter:answer-toggle"

    /// A card's fields, one a line, the labels in a column of their own.
    private func fields(_ fields: [AnswerText.Field]) -> [TextSpan] {
        let width = fields.map(\.label.count).max() ?? 0
        return fields.flatMap { field in
            [TextSpan("\n", value), TextSpan(padded(field.label, width) + "  ", label), TextSpan(field.value, value)]
        }
    }

    /// WHO's rows under a header, in monospace columns as wide as their widest cell; the real
    /// name, last, is cut to what the width leaves it (8 characters at least), so that a row
    /// never wraps under the next.
    private func table(_ rows: [WhoRow]) -> [TextSpan] {
        guard !rows.isEmpty else { return [] }
        let header = ["nick", "user@host", "flags", "account", "real name"]
        var cells = rows.map { row in
            [row.nick, "\(row.user)@\(row.host)", row.flags + (row.isAway ? " away" : ""), row.account ?? "–", row.realName]
        }
        let widths = header.indices.map { column in ([header] + cells).map { $0[column].count }.max() ?? 0 }
        let room = max(8, widthInCharacters - widths.dropLast().reduce(0) { $0 + $1 + 2 })
        for index in cells.indices where cells[index][4].count > room {
            cells[index][4] = String(cells[index][4].prefix(room - 1)) + "…"
        }
        func line(_ cells: [String]) -> String {
            cells.indices.map { padded(cells[$0], $0 == cells.count - 1 ? 0 : widths[$0]) }.joined(separator: "  ")
        }
        var spans = [TextSpan("\n", mono), TextSpan(line(header), label)]
        for row in cells { spans += [TextSpan("\n", mono), TextSpan(line(row), mono)] }
        return spans
    }

    /// NAMES: the nicks (with their prefixes) in as many columns as the width holds, read down
    /// each column.
    private func columns(_ nicks: [String]) -> [TextSpan] {
        guard !nicks.isEmpty else { return [] }
        let cell = (nicks.map(\.count).max() ?? 1) + 2
        let count = max(1, min(nicks.count, widthInCharacters / cell))
        let rows = (nicks.count + count - 1) / count
        var spans: [TextSpan] = []
        for row in 0..<rows {
            let line = (0..<count).compactMap { column -> String? in
                let index = column * rows + row
                return index < nicks.count ? padded(nicks[index], column == count - 1 ? 0 : cell) : nil
            }.joined()
            spans += [TextSpan("\n", mono), TextSpan(line, mono)]
        }
        return spans
    }

    private func padded(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }
}

import ChatModel
import FoundationEssentials
import IRCFormatting
import Widgets

/// Turns a ``ChatLine`` into the styled text of its row: a timestamp, the nick in its colour,
/// then the message with its mIRC formatting (colours from the palette, bold, italic,
/// underline, strikethrough, monospace, reverse) and its links; event rows (joins, parts,
/// modes, …) as one dim line.
public struct ChatLineStyler: Sendable {
    public var theme: ChatTheme {
        didSet {
            if theme.timestampFormat != timestamps.source { timestamps = TimestampFormat(theme.timestampFormat) }
        }
    }
    public var timeZone: LocalZone
    /// The theme's timestamp format, compiled once rather than for every row.
    private var timestamps: TimestampFormat
    /// The contrast mIRC-coloured text is brought to: 3:1, WCAG 2's AA floor for large text
    /// (its body-text AA is 4.5:1, which the theme's own colours meet). Lower than the theme's
    /// because the colour is the sender's choice: 3:1 reads, and the colour stays recognisably
    /// the one they picked.
    public static let minimumContrast = 3.0

    public init(theme: ChatTheme = .dark, timeZone: LocalZone = .current) {
        self.theme = theme
        self.timeZone = timeZone
        timestamps = TimestampFormat(theme.timestampFormat)
    }

    /// The row's text, and the length of its prefix (timestamp and nick), which wrapped lines
    /// hang under.
    public func style(_ line: ChatLine, quoting parent: ChatLine? = nil) -> (text: StyledText, prefix: StyledText) {
        var prefix: [TextSpan] = [TextSpan(timestamp(line.time) + " ", attributes(font: theme.monoFont, color: theme.dimText))]
        if let context = line.context {
            // Shown away from its buffer (the mentions view): where it was said, the buffer in
            // the accent so that a column of mentions reads by place.
            let comma = context.firstIndex(of: ",") ?? context.endIndex
            let place = FontSpec(role: .ui, size: theme.messageFont.size, bold: true)
            prefix.append(TextSpan(String(context[..<comma]), attributes(font: place, color: theme.base.accent)))
            prefix.append(TextSpan(String(context[comma...]) + "  ", attributes(font: theme.messageFont, color: theme.dimText)))
        }
        var body: [TextSpan]
        let nickColor = theme.color(forNick: line.nick ?? "")
        let bold = FontSpec(role: .ui, size: theme.messageFont.size, bold: true)
        switch line.kind {
        case .message:
            prefix.append(TextSpan(line.nick ?? "", attributes(font: bold, color: nickColor, nick: line.nick)))
            prefix.append(TextSpan("  ", attributes(font: theme.messageFont, color: theme.base.text)))
            body = message(line.text)
        case .action:
            prefix.append(TextSpan("* ", attributes(font: theme.messageFont, color: nickColor)))
            prefix.append(TextSpan(line.nick ?? "", attributes(font: bold, color: nickColor, nick: line.nick)))
            prefix.append(TextSpan(" ", attributes(font: theme.messageFont, color: theme.base.text)))
            body = message(line.text, italic: true)
        case .notice:
            prefix.append(TextSpan("-\(line.nick ?? "*")-", attributes(font: bold, color: nickColor, nick: line.nick)))
            prefix.append(TextSpan("  ", attributes(font: theme.messageFont, color: theme.base.text)))
            body = message(line.text)
        case .info where line.text.utf8.contains(where: { $0 < 0x20 && $0 != 0x0A }):
            // A line with mIRC formatting (a script's `natter.print`, a server's coloured
            // notice): drawn as a message's text is, its uncoloured runs dim as other notes.
            body = message(line.text, uncoloured: theme.dimText)
        default:
            body = [TextSpan(eventText(line), attributes(font: theme.messageFont,
                                                         color: line.kind == .error ? theme.errorText : theme.dimText))]
        }
        if line.isMessage {
            body = decorated(line, body: body, parent: parent)
        }
        switch line.delivery {
        case .delivered: break
        case .pending:
            body = body.map { dimmed($0) } + [TextSpan("  (waiting for the connection)", attributes(font: theme.messageFont, color: theme.dimText))]
        case .failed:
            body = body.map { var s = dimmed($0); s.attributes.strikethrough = true; return s }
                + [TextSpan("  (not sent)", attributes(font: theme.messageFont, color: theme.errorText))]
        }
        return (StyledText(prefix + body), StyledText(prefix))
    }

    /// Links inside rows that Natter follows itself (``BufferRows``): the quoted message of a
    /// reply, and a reaction chip (the reaction after the colon).
    public static let replyLink = "natter:reply"
    public static let reactionLink = "natter:react:"

    /// A message's body with what the client tags add: the quote of the message it replies to
    /// on the first line (the reply under it, in the text column), "message deleted" in place
    /// of a deleted text, and the reactions as chips on a line of their own.
    private func decorated(_ line: ChatLine, body: [TextSpan], parent: ChatLine?) -> [TextSpan] {
        let small = FontSpec(role: .ui, size: theme.messageFont.size - 2)
        var spans: [TextSpan] = []
        if line.replyTo != nil {
            var link = TextAttributes(font: small, foreground: theme.dimText)
            link.link = Self.replyLink
            if let parent, parent.redaction == nil {
                var nick = link
                nick.font.bold = true
                let text = stripFormatting(parent.text).replacing("\r\n", with: " ").replacing("\n", with: " ")
                spans.append(TextSpan("↪ ", link))
                spans.append(TextSpan((parent.nick ?? "") + " ", nick))
                spans.append(TextSpan(text.count > 80 ? String(text.prefix(79)) + "…" : text, link))
            } else {
                spans.append(TextSpan(parent == nil ? "↪ a message not loaded" : "↪ a deleted message", link))
            }
            spans.append(TextSpan("\n", link))
        }
        if let redaction = line.redaction {
            var who = ""
            if let by = redaction.by, by != line.nick { who = " by \(by)" }
            let reason = redaction.reason.map { ": " + $0 } ?? ""
            var attributes = TextAttributes(font: theme.messageFont, foreground: theme.dimText)
            attributes.font.italic = true
            spans.append(TextSpan("message deleted" + who + reason, attributes))
        } else {
            spans += body
        }
        if !line.reactions.isEmpty {
            spans.append(TextSpan("\n", TextAttributes(font: small, foreground: theme.base.text)))
            // Each chip is one word (no-break spaces: it never wraps inside) in the small font,
            // and the gap after it a space in a larger one, whose taller line box gives the chips
            // room above and below their emoji; all of it in proportion to the fonts, so it
            // holds at every zoom.
            let gap = TextAttributes(font: FontSpec(role: .ui, size: theme.messageFont.size + 2), foreground: theme.base.text)
            for reaction in line.reactions {
                var chip = TextAttributes(font: small, foreground: theme.base.text,
                                          background: reaction.includesOwn ? theme.base.selection : theme.base.surface)
                chip.link = Self.reactionLink + reaction.reaction
                chip.isChip = true
                spans.append(TextSpan("\u{00A0}\u{202F}\(reaction.reaction)\u{00A0}\(reaction.nicks.count)\u{202F}\u{00A0}", chip))
                spans.append(TextSpan(" ", gap))
            }
        }
        return spans
    }

    /// Plain text of the row for copying, like a log line: `[12:01] <alice> hello`.
    public func plainText(_ line: ChatLine) -> String {
        let time = "[\(timestamp(line.time))] "
        switch line.kind {
        case .message: return time + "<\(line.nick ?? "")> " + stripFormatting(line.text)
        case .action: return time + "* \(line.nick ?? "") " + stripFormatting(line.text)
        case .notice: return time + "-\(line.nick ?? "")- " + stripFormatting(line.text)
        default: return time + eventText(line)
        }
    }

    /// The timestamp of `date` in the theme's format (``TimestampFormat``: strftime's
    /// directives, or the first formats' `HH`, `mm` and `ss`), in ``timeZone``.
    public func timestamp(_ date: Date) -> String {
        timestamps.string(for: date, in: timeZone)
    }

    /// The spans of a message text with mIRC formatting and detected links.
    /// `uncoloured`: the colour of text no code colours (the theme's text colour by default).
    public func message(_ text: String, italic: Bool = false, uncoloured: Color? = nil) -> [TextSpan] {
        // A multiline message: each line parsed on its own (formatting ends with a line, as it
        // does with a message), the breaks kept. Split where a character holds a line feed: a
        // CR just before it makes one "\r\n" character, which splitting on "\n" never finds,
        // and checking for "\n" but splitting on characters recursed forever (make fuzz).
        if text.utf8.contains(0x0A) {
            var spans: [TextSpan] = []
            let lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0.unicodeScalars.contains("\n") })
            for (k, line) in lines.enumerated() {
                if k > 0 { spans.append(TextSpan("\n", attributes(font: theme.messageFont, color: theme.base.text))) }
                spans += message(String(line), italic: italic, uncoloured: uncoloured)
            }
            return spans
        }
        let runs = parseFormatting(text)
        let plain = runs.map(\.text).joined()
        let links = detectURLs(in: plain).map { link -> (Range<Int>, String) in
            let start = plain.distance(from: plain.startIndex, to: link.range.lowerBound)
            return (start..<(start + plain[link.range].count), link.url)
        }
        var spans: [TextSpan] = []
        if links.isEmpty {
            // Most lines: a span per run, without walking the characters to find link edges.
            for run in runs where !run.text.isEmpty {
                var attrs = attributes(for: run.style, uncoloured: uncoloured)
                if italic { attrs.font.italic = true }
                spans.append(TextSpan(run.text, attrs))
            }
            return spans
        }
        var offset = 0
        for run in runs {
            var attrs = attributes(for: run.style, uncoloured: uncoloured)
            if italic { attrs.font.italic = true }
            // Split the run where links begin and end.
            var pieceStart = run.text.startIndex
            var position = offset
            var index = run.text.startIndex
            func flush(upTo end: String.Index, link: String?) {
                guard pieceStart < end else { return }
                var a = attrs
                if let link {
                    a.link = link
                    a.underline = true
                    if run.style.foreground == nil { a.foreground = theme.base.link }
                }
                spans.append(TextSpan(String(run.text[pieceStart..<end]), a))
                pieceStart = end
            }
            var currentLink = links.first { $0.0.contains(position) }?.1
            while index < run.text.endIndex {
                let link = links.first { $0.0.contains(position) }?.1
                if link != currentLink {
                    flush(upTo: index, link: currentLink)
                    currentLink = link
                }
                index = run.text.index(after: index)
                position += 1
            }
            flush(upTo: run.text.endIndex, link: currentLink)
            offset = position
        }
        return spans
    }

    private func attributes(for style: TextStyle, uncoloured: Color? = nil) -> TextAttributes {
        let base = style.monospace ? theme.monoFont : theme.messageFont
        let font = FontSpec(role: base.role, size: base.size, bold: style.bold, italic: style.italic)
        // Reverse swaps the colours as drawn, with the defaults standing in for missing ones.
        let fg = color(style.foreground) ?? uncoloured ?? theme.base.text
        let bg = color(style.background)
        var foreground = style.reverse ? (bg ?? theme.base.background) : fg
        let background = style.reverse ? fg : bg
        if theme.readableColours, style.foreground != nil || style.background != nil {
            // mIRC's palette was made for a white window: blue on a dark theme, yellow on a light
            // one, or a sender's own pair can hardly be read. The hue stays; the lightness moves
            // until the text reaches 3:1 (``minimumContrast``) on what it is drawn on.
            foreground = ReadableColours.shared.color(foreground, on: background ?? theme.base.background,
                                                      contrast: Self.minimumContrast)
        }
        return TextAttributes(font: font, foreground: foreground, background: background,
                              underline: style.underline, strikethrough: style.strikethrough)
    }

    private func color(_ color: IRCColor?) -> Color? {
        guard let rgb = color?.rgbComponents else { return nil }
        return Color(r: rgb.red, g: rgb.green, b: rgb.blue)
    }

    private func attributes(font: FontSpec, color: Color, nick: String? = nil) -> TextAttributes {
        TextAttributes(font: font, foreground: color, nick: nick)
    }

    private func dimmed(_ span: TextSpan) -> TextSpan {
        var span = span
        span.attributes.foreground = theme.dimText
        return span
    }

    private func eventText(_ line: ChatLine) -> String {
        let nick = line.nick ?? ""
        switch line.kind {
        case .join: return "→ \(nick) " + line.eventPhrase
        case .part, .quit, .kick: return "← \(nick) " + line.eventPhrase
        case .nickChange, .mode: return "\(nick) " + line.eventPhrase
        case .topic: return line.nick == nil ? line.eventPhrase : "\(nick) " + line.eventPhrase
        case .info, .error, .message, .action, .notice: return line.eventPhrase
        }
    }
}

import Widgets

/// The keyboard help (F1, `/keys`): a panel over the chat with the configurable keys on the
/// left (the user's own bindings in the accent colour) and the fixed ones on the right.
/// Escape, F1 or a click outside closes it.
@MainActor
public final class KeyHelpView: Widget, CentredPanel {
    /// The configurable keys as bound now.
    public private(set) var bound: [KeyHelp.Entry] = []
    /// The fixed keys, those the input line's editing keys take said so.
    public private(set) var fixed = KeyHelp.fixedEntries
    private let theme: ChatTheme
    private let rowHeight = 22.0
    private let top = 62.0
    private let columnGap = 28.0

    /// A help panel in the theme's colours.
    public init(theme: ChatTheme = .dark) {
        self.theme = theme
        super.init()
        backgroundColor = theme.base.surface
    }

    public override var isFocusable: Bool { true }

    /// The key that opened the panel (F1 unless rebound), which closes it too.
    private var toggleKey = KeyEvent(.function(1))

    /// Shows the panel centred in `host`'s window for `bindings`, taking the keyboard.
    public func show(in host: WidgetHost, bindings: KeyBindings) {
        bound = KeyHelp.bound(bindings)
        fixed = KeyHelp.fixedEntries(bindings)
        toggleKey = bindings.bindings["key_help"] ?? toggleKey
        measure(host.measurer)
        setNeedsLayout()
        let size = preferredSize(in: host.size)
        present(in: host, width: size.width, top: max(8, ((host.size.height - size.height) / 3).rounded()))
    }

    private var rows: Int { max(bound.count, fixed.count) }
    /// Widths measured at the last layout: each column's keys and descriptions.
    private var widths = (leftKeys: 0.0, leftWhat: 0.0, rightKeys: 0.0, rightWhat: 0.0)

    /// The footnote's width on one line and its line height, measured with the columns.
    private var footnoteSize = (width: 0.0, lineHeight: 0.0)

    private func preferredSize(in window: Size) -> Size {
        let wanted = 18 + widths.leftKeys + widths.leftWhat + columnGap + widths.rightKeys + widths.rightWhat + 18
        let width = min(wanted, max(300, window.width - 24)).rounded(.up)
        // A narrow window wraps the footnote: the panel grows by its extra lines, under the rows.
        let lines = max(1, (footnoteSize.width / max(1, width - 36)).rounded(.up))
        return Size(width: width, height: top + Double(rows) * rowHeight + 44 + (lines - 1) * footnoteSize.lineHeight)
    }

    private var footnoteText: String {
        "Your own bindings are in colour. \(KeyHelp.name(toggleKey)) or Escape closes. "
            + "In the settings, a value's Reset button puts its default back."
    }

    private var footnoteFont: FontSpec { FontSpec(role: .ui, size: max(8, theme.messageFont.size - 2)) }

    public override func performLayout(_ constraints: BoxConstraints, _ context: LayoutContext) -> Size {
        preferredSize(in: host?.size ?? Size(width: 1000, height: 700))
    }

    /// Measures both columns with `measurer` (before the panel is placed, so it can be centred).
    private func measure(_ measurer: any TextMeasurer) {
        func widest(_ texts: [String], _ font: FontSpec) -> Double {
            texts.map { measurer.width(of: $0[...], font: font) }.max() ?? 0
        }
        widths = (widest(bound.map(\.keys), theme.monoFont) + 16, widest(bound.map(\.what), theme.messageFont),
                  widest(fixed.map(\.keys), theme.monoFont) + 16, widest(fixed.map(\.what), theme.messageFont))
        // With a little to spare: words wrap whole, so a line holds a little less than its width.
        footnoteSize = (measurer.width(of: footnoteText[...], font: footnoteFont) * 1.1,
                        measurer.lineMetrics(footnoteFont).lineHeight)
    }

    public override func paint(_ context: inout PaintContext) {
        super.paint(&context)
        context.stroke(bounds, width: 1, theme.base.border)
        let font = theme.messageFont
        let title = context.layoutText(StyledText("Keyboard", attributes: TextAttributes(
            font: FontSpec(role: .ui, size: font.size + 3, bold: true), foreground: theme.base.text)), maxWidth: nil)
        context.drawText(title, at: Point(x: 18, y: 12))
        let headingFont = FontSpec(role: .ui, size: max(8, font.size - 3), bold: true)
        func heading(_ text: String) -> TextLayout {
            context.layoutText(StyledText(text, attributes: TextAttributes(font: headingFont, foreground: theme.dimText)), maxWidth: nil)
        }
        let left = 18.0, right = left + widths.leftKeys + widths.leftWhat + columnGap
        context.drawText(heading("CHANGE IN [keys] OF THE CONFIG"), at: Point(x: left, y: top - 20))
        context.drawText(heading("ALWAYS"), at: Point(x: right, y: top - 20))
        draw(bound, x: left, keyWidth: widths.leftKeys, into: &context)
        draw(fixed, x: right, keyWidth: widths.rightKeys, into: &context)
        let footnote = context.layoutText(StyledText(footnoteText, attributes: TextAttributes(font: footnoteFont, foreground: theme.dimText)),
                                          maxWidth: bounds.width - 36)
        context.drawText(footnote, at: Point(x: left, y: bounds.height - 12 - footnote.size.height))
    }

    /// One column: each key in the monospace font, what it does beside it; a key another
    /// binding takes dimmed.
    private func draw(_ entries: [KeyHelp.Entry], x: Double, keyWidth: Double, into context: inout PaintContext) {
        for (index, entry) in entries.enumerated() {
            let y = top + Double(index) * rowHeight
            let keys = context.layoutText(StyledText(entry.keys, attributes: TextAttributes(
                font: theme.monoFont,
                foreground: entry.isShadowed ? theme.dimText : entry.isChanged ? theme.base.accent : theme.base.text)), maxWidth: nil)
            let what = context.layoutText(StyledText(entry.what, attributes: TextAttributes(
                font: theme.messageFont, foreground: theme.dimText)), maxWidth: nil)
            context.drawText(keys, at: Point(x: x, y: y + (rowHeight - keys.size.height) / 2))
            context.drawText(what, at: Point(x: x + keyWidth, y: y + (rowHeight - what.size.height) / 2))
        }
    }

    public override func keyDown(_ event: KeyEvent) -> Bool {
        guard (event.key == .escape && event.modifiers.isEmpty)
                || (event.key == toggleKey.key && event.modifiers == toggleKey.modifiers) else { return false }
        dismiss()
        return true
    }

    public override func mouseDown(_ event: MouseEvent) -> Bool { true }
}

/// The "jump to newest" pill: visible exactly when the list is not pinned and
/// (`fromBottom > 100` or there are unseen messages); it shows the unseen count, and a click
/// animates to the bottom within 300 ms and pins.
extension MessageListView {
    /// Height of the pill (px).
    static let pillHeight = 28.0
    /// Gap between the pill and the list's bottom edge (px).
    static let pillBottomMargin = 12.0

    /// The pill's label: "3 new" with unseen messages, otherwise "Jump to newest".
    public var pillText: String { unseen > 0 ? "\(unseen) new" : "Jump to newest" }

    /// The pill's rectangle (list-local), centred above the bottom edge.
    func pillRect() -> Rect? {
        guard let host else { return nil }
        let width = host.measurer.width(of: pillText[...], font: theme.font) + 2 * 14
        return Rect(x: ((size.width - width) / 2).rounded(), y: size.height - Self.pillHeight - Self.pillBottomMargin,
                    width: width, height: Self.pillHeight)
    }

    func paintPill(_ context: inout PaintContext) {
        guard isPillVisible, let rect = pillRect() else { return }
        context.fillRounded(rect, radius: Self.pillHeight / 2, theme.accent)
        let text = StyledText(pillText, attributes: TextAttributes(font: theme.font, foreground: Color(rgb: 0xFFFFFF)))
        let layout = context.layoutText(text, maxWidth: nil)
        context.drawText(layout, at: Point(x: rect.minX + (rect.width - layout.size.width) / 2,
                                           y: rect.minY + (rect.height - layout.size.height) / 2))
    }
}

/// The footnote: a short line of status over the list's bottom-right corner ("ada is
/// typing…"), drawn over the rows like the pill, so that it coming and going moves nothing.
/// On the right, it covers only the ends of long lines, not every row's time and nick.
extension MessageListView {
    /// Its rectangle (list-local), when there is one.
    func footnoteRect() -> Rect? {
        guard let host, let footnote, !footnote.isEmpty else { return nil }
        let font = FontSpec(role: .ui, size: 11)
        let width = min(host.measurer.width(of: footnote[...], font: font) + 2 * 8, max(0, size.width - 24))
        // Left of the scroll bar's track.
        return Rect(x: (size.width - width - 16).rounded(), y: size.height - 20, width: width, height: 18)
    }

    func paintFootnote(_ context: inout PaintContext) {
        guard let footnote, let rect = footnoteRect() else { return }
        context.fillRounded(rect, radius: 4, theme.surface)
        let text = StyledText(footnote, attributes: TextAttributes(font: FontSpec(role: .ui, size: 11), foreground: theme.mutedText))
        let layout = context.layoutText(text, maxWidth: rect.width - 16)
        context.drawText(layout, at: Point(x: rect.minX + 8, y: rect.minY + (rect.height - layout.size.height) / 2))
    }
}

/// What the message list draws over its rows, and where (list-local coordinates): the overlay
/// scroll bar (its geometry is ``ListScrollBar``'s, its visibility ``ScrollBarState``'s), the
/// "jump to newest" pill and the footnote. They stay where they are while the rows move under
/// them, and none of them coming or going moves a row.
@MainActor
enum ListChrome {
    /// Height of the pill (px).
    static let pillHeight = 28.0
    /// Gap between the pill and the list's bottom edge (px).
    static let pillBottomMargin = 12.0
    /// The footnote's font.
    static let footnoteFont = FontSpec(role: .ui, size: 11)

    // MARK: - The pill

    /// The pill's label: "3 new" with unseen messages, otherwise "Jump to newest".
    static func pillText(unseen: Int) -> String { unseen > 0 ? "\(unseen) new" : "Jump to newest" }

    /// The pill labelled `text`, centred above the bottom edge of a list of `size`.
    static func pillRect(_ text: String, in size: Size, font: FontSpec, measurer: any TextMeasurer) -> Rect {
        let width = measurer.width(of: text[...], font: font) + 2 * 14
        return Rect(x: ((size.width - width) / 2).rounded(), y: size.height - pillHeight - pillBottomMargin,
                    width: width, height: pillHeight)
    }

    /// Paints the pill labelled `text` in `rect`.
    static func paintPill(_ text: String, in rect: Rect, theme: Theme, _ context: inout PaintContext) {
        context.fillRounded(rect, radius: pillHeight / 2, theme.accent)
        let styled = StyledText(text, attributes: TextAttributes(font: theme.font, foreground: Color(rgb: 0xFFFFFF)))
        let layout = context.layoutText(styled, maxWidth: nil)
        context.drawText(layout, at: Point(x: rect.minX + (rect.width - layout.size.width) / 2,
                                           y: rect.minY + (rect.height - layout.size.height) / 2))
    }

    // MARK: - The footnote

    /// The footnote's rectangle in a list of `size`: over the bottom-right corner, left of the
    /// scroll bar's track. On the right it covers only the ends of long lines, not every row's
    /// time and nick.
    static func footnoteRect(_ footnote: String, in size: Size, measurer: any TextMeasurer) -> Rect {
        let width = min(measurer.width(of: footnote[...], font: footnoteFont) + 2 * 8, max(0, size.width - 24))
        return Rect(x: (size.width - width - 16).rounded(), y: size.height - 20, width: width, height: 18)
    }

    /// Paints `footnote` in `rect`.
    static func paintFootnote(_ footnote: String, in rect: Rect, theme: Theme, _ context: inout PaintContext) {
        context.fillRounded(rect, radius: 4, theme.surface)
        let text = StyledText(footnote, attributes: TextAttributes(font: footnoteFont, foreground: theme.mutedText))
        let layout = context.layoutText(text, maxWidth: rect.width - 16)
        context.drawText(layout, at: Point(x: rect.minX + 8, y: rect.minY + (rect.height - layout.size.height) / 2))
    }

    // MARK: - The scroll bar

    /// Paints the scroll bar at `opacity` (0...1); `highlighted` while hovered or dragged.
    static func paintScrollBar(_ bar: ListScrollBar, opacity: Double, highlighted: Bool, theme: Theme,
                               _ context: inout PaintContext) {
        var trackColor = theme.surface
        trackColor.a = UInt8((Double(trackColor.a) * opacity * 0.5).rounded())
        var thumbColor = highlighted ? theme.mutedText : theme.surfacePressed
        thumbColor.a = UInt8((Double(thumbColor.a) * opacity).rounded())
        context.fillRounded(bar.track, radius: ListScrollBar.width / 2, trackColor)
        context.fillRounded(bar.thumb, radius: ListScrollBar.width / 2, thumbColor)
    }
}

/// A row the list jumped to (``MessageListView/reveal(rowID:animated:)``), highlighted for a
/// moment: fully for ``holdTime``, then fading out over ``fadeTime``. It asks for frames only
/// while it fades.
struct RowHighlight: Sendable, Hashable {
    /// How long the row stays highlighted before it fades (s).
    static let holdTime = 1.0
    /// How long the fade lasts (s).
    static let fadeTime = 0.5

    /// The row's id.
    let id: String
    /// When the highlight began (s).
    let start: Double

    private var fadeStart: Double { start + Self.holdTime }

    /// The highlight's opacity at `time` (0 once faded).
    func opacity(at time: Double) -> Double {
        let fade = time - fadeStart
        if fade <= 0 { return 1 }
        return max(0, 1 - fade / Self.fadeTime)
    }

    /// Whether it has fully faded at `time`, one frame (`frame` s) after the fade ended, so
    /// the frame that finishes the fade is drawn.
    func isOver(at time: Double, frame: Double) -> Bool {
        time > fadeStart + Self.fadeTime + frame
    }

    /// Whether it is fading at `time` (it must be repainted).
    func isFading(at time: Double) -> Bool { time >= fadeStart }

    /// When it next needs a frame after `time`: the end of the hold, then every `frame` while it
    /// fades; `nil` once it is over.
    func nextWake(after time: Double, frame: Double) -> Double? {
        if time < fadeStart { return fadeStart }
        if time <= fadeStart + Self.fadeTime + frame { return time + frame }
        return nil
    }

    /// Paints the highlight over `rect` (the row's) in the theme's accent at `time`.
    @MainActor
    func paint(_ rect: Rect, theme: Theme, at time: Double, _ context: inout PaintContext) {
        let opacity = opacity(at: time)
        guard opacity > 0 else { return }
        var color = theme.accent
        color.a = UInt8((64 * opacity).rounded())
        context.fill(rect, color)
    }
}

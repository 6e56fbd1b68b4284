import ChatModel
import Widgets

/// Draws a link's preview under its message (``BufferRows`` asks it): a card for a page (its
/// site, title, two lines of description, and its image below them) or an image alone,
/// within 360×240 logical px. A preview still on its way with a known height takes that height
/// as an empty frame, so that the row does not grow again when it lands; one with no known
/// height takes none (the row grows when, and if, it comes).
@MainActor
struct PreviewBlock {
    let theme: ChatTheme
    /// Widest a card is drawn (px).
    static let cardWidth = 420.0
    /// Space between the message's text and the block, and below the block.
    static let gap = 4.0
    /// Padding inside a card.
    static let padding = 8.0
    /// Width of the card's accent bar.
    static let bar = 3.0

    /// The hotspot ids of a row's preview: its image (a click opens the viewer), the whole
    /// block (a right-click offers to hide it).
    static let imageHotspot = "preview-image"
    static let blockHotspot = "preview"

    /// A preview laid out: its size, its texts and where its image goes (block coordinates).
    struct Layout {
        var size: Size
        var site: TextLayout?
        var title: TextLayout?
        var summary: TextLayout?
        var texts: [(TextLayout, Point)] = []
        var image: Rect?
        var isCard: Bool
    }

    /// `state` laid out within `width` px; nil: nothing to draw (and no height to take).
    func layout(_ state: PreviewState, width: Double, text: (StyledText, Double?) -> TextLayout) -> Layout? {
        switch state {
        case .none, .pending(reservedHeight: nil):
            return nil
        case .pending(reservedHeight: let height?):
            return Layout(size: Size(width: min(width, Self.cardWidth), height: max(0, height)), isCard: false)
        case .ready(let preview):
            return layout(preview, width: width, text: text)
        }
    }

    private func layout(_ preview: LinkPreview, width: Double, text: (StyledText, Double?) -> TextLayout) -> Layout? {
        if preview.isImage, let thumbnail = preview.thumbnail {
            let size = Self.fitted(thumbnail, within: width)
            return Layout(size: size, image: Rect(x: 0, y: 0, width: size.width, height: size.height), isCard: false)
        }
        guard preview.title != nil || preview.summary != nil else { return nil }
        let cardWidth = min(width, Self.cardWidth)
        let inner = max(40, cardWidth - 2 * Self.padding - Self.bar)
        let x = Self.bar + Self.padding
        var block = Layout(size: .zero, isCard: true)
        var y = Self.padding
        func add(_ string: String?, _ attributes: TextAttributes, maxLines: Int) {
            guard let string, !string.isEmpty else { return }
            let laid = Self.clamped(StyledText(string, attributes: attributes), lines: maxLines, width: inner, text: text)
            if !block.texts.isEmpty { y += 2 }
            block.texts.append((laid, Point(x: x, y: y)))
            y += laid.size.height
        }
        add(preview.siteName, TextAttributes(font: FontSpec(role: .ui, size: 11), foreground: theme.base.mutedText), maxLines: 1)
        var title = TextAttributes(font: FontSpec(role: .ui, size: 13, bold: true), foreground: theme.base.link)
        title.link = preview.url
        add(preview.title, title, maxLines: 2)
        add(preview.summary, TextAttributes(font: FontSpec(role: .ui, size: 12), foreground: theme.base.text), maxLines: 2)
        if let thumbnail = preview.thumbnail {
            let size = Self.fitted(thumbnail, within: inner)
            y += 6
            block.image = Rect(x: x, y: y, width: size.width, height: size.height)
            y += size.height
        }
        block.size = Size(width: cardWidth, height: y + Self.padding)
        return block
    }

    /// Paints `layout` of `state` with its top-left corner at `origin`.
    func paint(_ layout: Layout, _ state: PreviewState, at origin: Point, context: inout PaintContext) {
        let frame = Rect(x: origin.x, y: origin.y, width: layout.size.width, height: layout.size.height)
        guard case .ready(let preview) = state else {
            // A reserved frame: faint, so that the reader sees something is coming.
            context.stroke(frame, width: 1, theme.base.surfaceHover)
            return
        }
        if layout.isCard {
            context.fillRounded(frame, radius: 6, theme.base.surface)
            context.fill(Rect(x: frame.minX, y: frame.minY + 3, width: Self.bar, height: frame.height - 6), theme.base.accent)
        }
        for (text, at) in layout.texts {
            context.drawText(text, at: Point(x: origin.x + at.x, y: origin.y + at.y))
        }
        if let image = layout.image, let thumbnail = preview.thumbnail {
            let rect = image.offsetBy(origin)
            context.fill(rect, theme.base.surfaceHover)   // behind a transparent image, and while it comes
            if !thumbnail.isComing { context.image(thumbnail.path, in: rect) }
        }
    }

    /// The thumbnail's size drawn within `width` px (it is already within 360×240).
    static func fitted(_ thumbnail: PreviewThumbnail, within width: Double) -> Size {
        guard thumbnail.width > 0, thumbnail.height > 0 else { return .zero }
        let scale = min(1, max(1, width) / thumbnail.width)
        return Size(width: (thumbnail.width * scale).rounded(), height: max(1, (thumbnail.height * scale).rounded()))
    }

    /// `text` laid out at `width`, cut with "…" so it takes at most `lines` lines.
    static func clamped(_ text: StyledText, lines: Int, width: Double, text layout: (StyledText, Double?) -> TextLayout) -> TextLayout {
        var laid = layout(text, width)
        guard laid.lines.count > lines else { return laid }
        var keep = laid.lines[lines - 1].range.upperBound
        let characters = Array(text.string)
        let attributes = text.spans.first?.attributes ?? TextAttributes()
        // Shorten until the ellipsis fits on the last line kept (a few steps: words are short).
        for _ in 0..<24 where keep > 0 {
            keep = max(0, keep - 2)
            var kept = String(characters[..<keep])
            while kept.last?.isWhitespace == true { kept.removeLast() }
            laid = layout(StyledText(kept + "…", attributes: attributes), width)
            if laid.lines.count <= lines { return laid }
        }
        return laid
    }
}

/// How a span of text looks and what it means. Reverse video is resolved by the caller (swap
/// the colours before building the span).
public struct TextAttributes: Hashable, Sendable {
    /// The font.
    public var font: FontSpec
    /// Glyph colour.
    public var foreground: Color
    /// Fill behind the glyphs, if any.
    public var background: Color?
    /// Underline.
    public var underline: Bool
    /// The underline's colour when not the glyphs' (a misspelt word's red line).
    public var underlineColor: Color? = nil
    /// Strike-through.
    public var strikethrough: Bool
    /// Whether the span is a chip (a reaction under a message): its ``background`` a rounded
    /// rectangle inside the line box with room around the text, which is centred in it, rather
    /// than a band over the whole line box. The room comes from a line box taller than the
    /// chip's font (a larger font elsewhere on the line); it grows with the font, so it holds
    /// at every zoom.
    public var isChip = false
    /// A URL: the span is a link (hand cursor, activation on click).
    public var link: String?
    /// A nick name the span refers to (for clicks on nicks in messages).
    public var nick: String?

    /// Creates attributes.
    public init(font: FontSpec = .ui, foreground: Color = .black, background: Color? = nil,
                underline: Bool = false, strikethrough: Bool = false, link: String? = nil, nick: String? = nil) {
        self.font = font
        self.foreground = foreground
        self.background = background
        self.underline = underline
        self.strikethrough = strikethrough
        self.link = link
        self.nick = nick
    }
}

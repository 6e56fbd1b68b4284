/// The look of one run of text: the toggles and the two colours of IRC formatting.
public struct TextStyle: Hashable, Sendable {
    /// Bold (0x02).
    public var bold: Bool
    /// Italic (0x1D).
    public var italic: Bool
    /// Underline (0x1F).
    public var underline: Bool
    /// Strikethrough (0x1E).
    public var strikethrough: Bool
    /// Monospace (0x11).
    public var monospace: Bool
    /// Reverse (0x16): the renderer swaps foreground and background.
    public var reverse: Bool
    /// Foreground colour; `nil` is the theme's default (also for colour 99).
    public var foreground: IRCColor?
    /// Background colour; `nil` is the theme's default (also for colour 99).
    public var background: IRCColor?

    /// Creates a style; the defaults are plain text.
    public init(bold: Bool = false, italic: Bool = false, underline: Bool = false,
                strikethrough: Bool = false, monospace: Bool = false, reverse: Bool = false,
                foreground: IRCColor? = nil, background: IRCColor? = nil) {
        self.bold = bold
        self.italic = italic
        self.underline = underline
        self.strikethrough = strikethrough
        self.monospace = monospace
        self.reverse = reverse
        self.foreground = foreground
        self.background = background
    }

    /// Plain text: no toggle, default colours.
    public static let plain = TextStyle()

    /// The colours as drawn: foreground and background swapped when ``reverse`` is on.
    public var effectiveColors: (foreground: IRCColor?, background: IRCColor?) {
        reverse ? (background, foreground) : (foreground, background)
    }
}

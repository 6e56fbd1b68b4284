import Widgets

/// The colours and fonts of the chat screens, on top of the toolkit's `Theme`.
public struct ChatTheme: Hashable, Sendable {
    /// The toolkit's colours (background, surfaces, text, accent, selection, link, alert).
    public var base = Theme.standard
    /// Behind the buffer list (the darkest surface in the dark theme).
    public var sidebarBackground = Theme.standard.border
    /// Message text.
    public var messageFont = FontSpec(role: .ui, size: 14)
    /// Timestamps and `monospace` formatted text.
    public var monoFont = FontSpec(role: .mono, size: 13)
    /// Timestamps and event rows.
    public var dimText = Color(rgb: 0x9298A3)
    /// Background of a row that highlights us.
    public var highlightRow = Color(r: 0xF2, g: 0x3F, b: 0x43, a: 0x26)
    /// Behind the word that made a line a highlight, in the mentions view.
    public var mentionWord = Color(r: 0xF2, g: 0x3F, b: 0x43, a: 0x70)
    /// Error rows.
    public var errorText = Color(rgb: 0xF26B6F)
    /// Behind the find bar's matches in the rows.
    public var searchMatch = Color(r: 0x9A, g: 0x7B, b: 0x00, a: 0xC0)
    /// Nick colours: the same nick always gets the same one.
    public var nickColors: [Color] = [
        0xE8747C, 0xF5A25D, 0xE5D47B, 0x98C379, 0x4EC9B0, 0x61AFEF, 0xC678DD, 0xFF8FB1, 0xB98F6E, 0x90A4AE,
    ].map { Color(rgb: $0) }
    /// The rows' timestamps, in strftime's directives (``TimestampFormat``; the first formats'
    /// `HH`, `mm` and `ss` are read too).
    public var timestampFormat = "%H:%M"
    /// Whether mIRC colours are made readable on what they are drawn on (their lightness moved
    /// to ``ChatLineStyler/minimumContrast``); false draws the raw palette
    /// (`[theme] readable_colours`).
    public var readableColours = true

    /// The default dark theme.
    public static let dark = ChatTheme()

    /// The light theme, nick colours darkened to read on white.
    public static let light: ChatTheme = {
        var theme = ChatTheme()
        theme.base = .light
        theme.sidebarBackground = Color(rgb: 0xEBEDF0)
        theme.dimText = Color(rgb: 0x5C6370)
        theme.highlightRow = Color(r: 0xF2, g: 0x3F, b: 0x43, a: 0x1C)
        theme.mentionWord = Color(r: 0xF2, g: 0x3F, b: 0x43, a: 0x48)
        theme.errorText = Color(rgb: 0xB3261E)
        theme.searchMatch = Color(r: 0xFF, g: 0xD5, b: 0x4F, a: 0xC0)
        theme.nickColors = [
            0xC0262D, 0xA65000, 0x6B6B00, 0x2E7D32, 0x00796B, 0x1565C0, 0x7B1FA2, 0xB01570, 0x795548, 0x37474F,
        ].map { Color(rgb: $0) }
        return theme
    }()

    /// Whether its background is dark (text is light on it).
    public var isDark: Bool { base.background.luminance < 0.5 }

    /// The same fonts and formats as `other`, with this theme's colours.
    public func withFonts(of other: ChatTheme) -> ChatTheme {
        var theme = self
        theme.messageFont = other.messageFont
        theme.monoFont = other.monoFont
        theme.timestampFormat = other.timestampFormat
        theme.readableColours = other.readableColours
        theme.base.font = other.base.font
        return theme
    }

    public init() {}

    /// The colour for `nick`: stable across runs and machines (FNV-1a of its lower-cased bytes).
    public func color(forNick nick: String) -> Color {
        nickColors[Self.colorIndex(nick, count: nickColors.count)]
    }

    /// The index of `nick`'s colour among `count` colours.
    public static func colorIndex(_ nick: String, count: Int) -> Int {
        var hash: UInt32 = 2166136261
        for byte in nick.lowercased().utf8 { hash = (hash ^ UInt32(byte)) &* 16777619 }
        return Int(hash % UInt32(count))
    }
}

extension TextField {
    /// Every colour of the field from `theme`, on `background`.
    @MainActor
    public func applyColors(_ theme: ChatTheme, background: Color) {
        textColor = theme.base.text
        placeholderColor = theme.base.mutedText
        selectionColor = theme.base.selection
        caretColor = theme.base.text
        focusBorderColor = theme.base.accent
        borderColor = theme.base.border
        backgroundColor = background
        setNeedsPaint()
    }
}

extension Button {
    /// Every colour of the button from `theme`. A button on a raised surface (a form over the
    /// chat) takes the next shades up, so that its face stands out from what is behind it.
    @MainActor
    public func applyColors(_ theme: ChatTheme, onSurface: Bool = false) {
        textColor = theme.base.text
        if onSurface {
            faceColor = theme.base.surfaceHover
            hoverColor = theme.base.surfacePressed
            pressedColor = theme.base.surfacePressed.mixed(with: theme.base.text, amount: 0.12)
        } else {
            faceColor = theme.base.surface
            hoverColor = theme.base.surfaceHover
            pressedColor = theme.base.surfacePressed
        }
        focusColor = theme.base.accent
    }
}

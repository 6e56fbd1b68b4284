import NatterUI
import SDLBackend
import Widgets

/// The colours and fonts of the interface.
public struct Theme: Sendable {
    public var background = Color(rgb: 0x1E2027)
    public var sidebar = Color(rgb: 0x17191E)
    public var panel = Color(rgb: 0x23262E)
    public var divider = Color(rgb: 0x2E323C)
    public var text = Color(rgb: 0xDCDFE4)
    public var dimText = Color(rgb: 0x8B919C)
    public var accent = Color(rgb: 0x5B9CF5)
    public var highlight = Color(rgb: 0xE5534B)
    public var selection = Color(rgb: 0x2F3A4F)
    public var uiFont = FontSpec(role: .ui, size: 14)
    public var monoFont = FontSpec(role: .mono, size: 13)

    /// The default dark theme.
    public static let dark = Theme()

    /// Stable colours for nicks, readable on the dark background.
    public var nickColors: [Color] = ChatTheme.dark.nickColors

    /// The colour for `nick`, the same as in the chat screens.
    public func color(forNick nick: String) -> Color {
        nickColors[ChatTheme.colorIndex(nick, count: nickColors.count)]
    }
}

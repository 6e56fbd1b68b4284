import NatterUI
import Widgets

/// Colours of one theme the user set in the config (`[theme.dark]`, `[theme.light]`), as
/// `#RRGGBB`; what is not set keeps Natter's colour.
public struct ThemeColors: Hashable, Sendable {
    /// The keys a colour table takes, and which colour of the theme each sets (key paths are
    /// not Sendable; this table is a constant).
    nonisolated(unsafe) static let keys: [String: WritableKeyPath<ChatTheme, Color>] = [
        "background": \.base.background, "surface": \.base.surface, "text": \.base.text,
        "dim_text": \.dimText, "accent": \.base.accent, "link": \.base.link, "alert": \.base.alert,
        "border": \.base.border, "selection": \.base.selection, "error": \.errorText,
        "highlight_row": \.highlightRow, "sidebar": \.sidebarBackground, "search_match": \.searchMatch,
    ]

    /// The colours set, by key (see ``keys``).
    public var colors: [String: Color] = [:]
    /// The nick colours, replacing the theme's list when set.
    public var nickColors: [Color]?

    /// No colours of the user's: the theme as Natter draws it.
    public init() {}

    /// `theme` with these colours in place.
    public func applied(to theme: ChatTheme) -> ChatTheme {
        var theme = theme
        for (key, color) in colors {
            if let path = Self.keys[key] { theme[keyPath: path] = color }
        }
        if let nickColors, !nickColors.isEmpty { theme.nickColors = nickColors }
        return theme
    }
}

/// Whether the window is light or dark: the desktop's preference (`auto`), or fixed.
public enum Appearance: String, Hashable, Sendable, CaseIterable {
    case auto, dark, light
}

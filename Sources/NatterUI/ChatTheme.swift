import Widgets

/// The colours and fonts of the chat screens, on top of the toolkit's `Theme`.
public struct ChatTheme: Hashable, Sendable {
    /// The toolkit's colours (background, surfaces, text, accent, selection, link, alert).
    public var base = Theme.standard
    /// Message text.
    public var messageFont = FontSpec(role: .ui, size: 14)
    /// Timestamps and `monospace` formatted text.
    public var monoFont = FontSpec(role: .mono, size: 13)
    /// Timestamps and event rows.
    public var dimText = Color(rgb: 0x8B919C)
    /// Background of a row that highlights us.
    public var highlightRow = Color(r: 0xF2, g: 0x3F, b: 0x43, a: 0x26)
    /// Error rows.
    public var errorText = Color(rgb: 0xF26B6F)
    /// Behind the find bar's matches in the rows.
    public var searchMatch = Color(r: 0x9A, g: 0x7B, b: 0x00, a: 0xC0)
    /// Nick colours: the same nick always gets the same one.
    public var nickColors: [Color] = [
        0xE06C75, 0xF5A25D, 0xE5D47B, 0x98C379, 0x4EC9B0, 0x61AFEF, 0xC678DD, 0xFF8FB1, 0xB08968, 0x90A4AE,
    ].map { Color(rgb: $0) }
    /// `strftime`-like pattern of timestamps: `HH`, `mm`, `ss` are replaced.
    public var timestampFormat = "HH:mm"

    /// The default dark theme.
    public static let dark = ChatTheme()

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

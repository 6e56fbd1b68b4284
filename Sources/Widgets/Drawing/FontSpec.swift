/// Which font a run of text asks for. The backend resolves it to a face (fontconfig, fallback
/// for missing glyphs) and caches by the whole value.
public struct FontSpec: Hashable, Sendable {
    /// The family class: proportional UI text or monospaced text.
    public enum Role: Hashable, Sendable {
        /// The proportional user-interface font.
        case ui
        /// The monospaced font (message text, code).
        case mono
    }

    /// The family class.
    public var role: Role
    /// The size in logical pixels (the em size).
    public var size: Double
    /// Bold weight.
    public var bold: Bool
    /// Italic style.
    public var italic: Bool

    /// Creates a font spec.
    public init(role: Role = .ui, size: Double = 14, bold: Bool = false, italic: Bool = false) {
        self.role = role
        self.size = size
        self.bold = bold
        self.italic = italic
    }

    /// The regular UI font at 14 px.
    public static let ui = FontSpec()
    /// The regular monospaced font at 14 px.
    public static let mono = FontSpec(role: .mono)

    /// The same font in bold.
    public var bolded: FontSpec { var f = self; f.bold = true; return f }
}

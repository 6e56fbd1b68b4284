/// Default colours and metrics the controls start from; every control exposes its own
/// properties, initialised from ``Theme/standard``.
public struct Theme: Hashable, Sendable {
    /// Window and field background.
    public var background = Color(rgb: 0x1E1F22)
    /// Raised surfaces (buttons, menus, tooltips).
    public var surface = Color(rgb: 0x2B2D31)
    /// Hovered surface.
    public var surfaceHover = Color(rgb: 0x35373C)
    /// Pressed surface.
    public var surfacePressed = Color(rgb: 0x404249)
    /// Normal text.
    public var text = Color(rgb: 0xDBDEE1)
    /// De-emphasised text.
    public var mutedText = Color(rgb: 0x949BA4)
    /// Accent (focus rings, selection in focused lists, badges).
    public var accent = Color(rgb: 0x5865F2)
    /// Text selection highlight.
    public var selection = Color(r: 0x58, g: 0x65, b: 0xF2, a: 0x80)
    /// Selection in an unfocused list.
    public var inactiveSelection = Color(rgb: 0x3F4147)
    /// Borders and dividers.
    public var border = Color(rgb: 0x111214)
    /// Links.
    public var link = Color(rgb: 0x00A8FC)
    /// Highlight (mention) badges.
    public var alert = Color(rgb: 0xF23F43)
    /// The UI font.
    public var font = FontSpec.ui

    /// Creates the standard theme.
    public init() {}

    /// The dark theme the controls use by default.
    public static let standard = Theme()

    /// The light theme: dark text on white, every text colour at least 4.5:1 against its
    /// background (WCAG AA).
    public static let light: Theme = {
        var theme = Theme()
        theme.background = Color(rgb: 0xFFFFFF)
        theme.surface = Color(rgb: 0xF2F3F5)
        theme.surfaceHover = Color(rgb: 0xE8E9EC)
        theme.surfacePressed = Color(rgb: 0xDCDEE2)
        theme.text = Color(rgb: 0x1F2328)
        theme.mutedText = Color(rgb: 0x5C6370)
        theme.accent = Color(rgb: 0x4752C4)
        theme.selection = Color(r: 0x47, g: 0x52, b: 0xC4, a: 0x40)
        theme.inactiveSelection = Color(rgb: 0xD5D7DB)
        theme.border = Color(rgb: 0xD0D3D8)
        theme.link = Color(rgb: 0x0B5CB5)
        theme.alert = Color(rgb: 0xD12A2F)
        return theme
    }()
}

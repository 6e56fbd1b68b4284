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
}

/// One styled run of text on one line, already split and positioned by the layout: the backend
/// draws it as is, without wrapping.
public struct TextDraw: Hashable, Sendable {
    /// The characters, in logical order.
    public var text: String
    /// Top-left corner of the run's font box in window coordinates. Runs of different sizes on
    /// one line are placed so that their baselines line up: the baseline is at
    /// `origin.y + lineMetrics(font).ascent`.
    public var origin: Point
    /// The font.
    public var font: FontSpec
    /// Foreground (glyph) colour.
    public var color: Color
    /// Background fill behind the run (its full advance × the line height), if any.
    public var background: Color?
    /// Draw an underline (also used for IME composition and links).
    public var underline: Bool
    /// The underline's colour, when not ``color``.
    public var underlineColor: Color? = nil
    /// Draw a line through the middle.
    public var strikethrough: Bool
    /// The run's advance width as computed by the layout (for backgrounds and decorations).
    public var width: Double
    /// The height of the line box the run sits on (for the background fill).
    public var lineHeight: Double
    /// Whether the run is right-to-left text. The backend shapes it with RTL direction
    /// (e.g. `TTF_SetFontDirection(TTF_DIRECTION_RTL)` with HarfBuzz); a backend without RTL
    /// shaping can draw ``visualText`` left to right instead.
    public var isRightToLeft: Bool

    /// Creates a text draw.
    public init(text: String, origin: Point, font: FontSpec, color: Color, background: Color? = nil,
                underline: Bool = false, strikethrough: Bool = false, width: Double = 0,
                lineHeight: Double = 0, isRightToLeft: Bool = false) {
        self.text = text
        self.origin = origin
        self.font = font
        self.color = color
        self.background = background
        self.underline = underline
        self.strikethrough = strikethrough
        self.width = width
        self.lineHeight = lineHeight
        self.isRightToLeft = isRightToLeft
    }

    /// The text in visual (left-to-right display) order: grapheme clusters reversed for an RTL
    /// run. No contextual shaping is applied.
    public var visualText: String {
        isRightToLeft ? String(text.reversed()) : text
    }
}

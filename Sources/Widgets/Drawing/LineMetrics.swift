/// Vertical metrics of a font, in logical pixels.
public struct LineMetrics: Hashable, Sendable {
    /// Distance from the top of the line box to the baseline.
    public var ascent: Double
    /// Distance from the baseline to the bottom of the glyph box (positive).
    public var descent: Double
    /// Distance between the tops of two consecutive lines (ascent + descent + leading).
    public var lineHeight: Double

    /// Creates metrics.
    public init(ascent: Double, descent: Double, lineHeight: Double) {
        self.ascent = ascent
        self.descent = descent
        self.lineHeight = lineHeight
    }
}

/// A piece of one line drawn in one style and one direction, positioned by the layout.
public struct TextRun: Hashable, Sendable {
    /// The grapheme offsets it covers (logical order).
    public var range: Range<Int>
    /// Index of the span in ``StyledText/spans`` it comes from.
    public var spanIndex: Int
    /// The characters, in logical order.
    public var text: String
    /// Left edge, relative to the layout's origin.
    public var x: Double
    /// Advance width.
    public var width: Double
    /// Whether the run is drawn right to left.
    public var isRightToLeft: Bool
    /// Whether the run holds only spaces.
    public var isWhitespace: Bool
}

/// One line of a ``TextLayout``.
public struct TextLine: Hashable, Sendable {
    /// The grapheme offsets on the line, including hanging spaces and a hard newline.
    public var range: Range<Int>
    /// The runs in visual order, left to right.
    public var runs: [TextRun]
    /// Top of the line box, relative to the layout's origin.
    public var y: Double
    /// Height of the line box.
    public var height: Double
    /// Distance from the top of the line box to the shared baseline.
    public var ascent: Double
    /// Where the line starts (0, or the hanging indent for continuation lines).
    public var startX: Double
    /// Right edge of the last visible (non-space) run.
    public var contentWidth: Double
    /// Whether the line ends with a hard newline.
    public var endsWithNewline: Bool
}

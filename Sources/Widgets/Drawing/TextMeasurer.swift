/// Measures text for layout. The SDL backend implements it over SDL_ttf; tests use a
/// deterministic fake.
///
/// The layout calls ``width(of:font:)`` once per *segment* (a word, a run of spaces, a CJK
/// ideograph, a run of one style on one line), never once per character, so an implementation
/// can cache widths keyed by `(font, text)`; segments repeat a lot (common words, nick names).
/// Caret placement and point-to-index hit testing call ``caretOffsets(of:font:)`` lazily, only for
/// the run that holds the caret or the point.
///
/// Widths are assumed additive across segment boundaries (kerning between two segments is
/// ignored); within one call the implementation may shape the whole string.
public protocol TextMeasurer {
    /// Vertical metrics of `font`. Expected O(1) (cached per font).
    func lineMetrics(_ font: FontSpec) -> LineMetrics

    /// Advance width of `text` set in `font`, in logical pixels. Expected O(n) in the length of
    /// `text` on a cache miss, O(1) amortised on a hit.
    func width(of text: Substring, font: FontSpec) -> Double

    /// The x offset of every grapheme-cluster boundary in `text`: `count + 1` values, starting at
    /// 0 and ending at the width of the whole text, non-decreasing.
    ///
    /// The default implementation measures each prefix with ``width(of:font:)``: O(n²) in the
    /// number of graphemes (n calls). A backend that shapes once and reads glyph advances should
    /// override it with an O(n) version.
    func caretOffsets(of text: Substring, font: FontSpec) -> [Double]

    /// Output pixels per logical pixel the widths are measured for. A backend that rounds
    /// advances to whole output pixels answers differently at another scale (a zoom), so
    /// layouts are kept per scale (``TextLayoutCache``). The default is 1.
    var outputScale: Double { get }
}

extension TextMeasurer {
    public var outputScale: Double { 1 }

    public func caretOffsets(of text: Substring, font: FontSpec) -> [Double] {
        var offsets: [Double] = [0]
        offsets.reserveCapacity(text.count + 1)
        var index = text.startIndex
        while index < text.endIndex {
            index = text.index(after: index)
            offsets.append(width(of: text[text.startIndex..<index], font: font))
        }
        return offsets
    }
}

import Widgets

/// The toolkit's `TextMeasurer` over SDL_ttf: the same fonts, fallbacks and pixel scale as the
/// painter that draws the text, so layout and drawing agree to the pixel.
///
/// Widths are cached by (font, text), the way the layout asks for them (one call per word or
/// segment); the cache is dropped when the scale changes and when it passes `maxEntries`.
public final class SDLTextMeasurer: TextMeasurer {
    private let painter: Painter
    private var widths: [Key: Double] = [:]
    private var metrics: [FontSpec: LineMetrics] = [:]
    private var cachedScale: Double
    /// The bound on cached widths.
    public let maxEntries: Int

    /// The text is a `String` of its own: a `Substring` key would keep the whole message it
    /// was cut from alive for as long as the word stays cached (most words fit in a `String`
    /// without a heap allocation).
    private struct Key: Hashable { var font: FontSpec; var text: String }

    /// A measurer for text drawn by `painter`.
    public init(painter: Painter, maxEntries: Int = 50_000) {
        self.painter = painter
        self.cachedScale = painter.scale
        self.maxEntries = maxEntries
    }

    /// The painter's scale: widths are whole output pixels there, so they change with it.
    public var outputScale: Double { painter.scale }

    /// Ascent, descent and line height of `font` in logical pixels. O(1) after the first call.
    public func lineMetrics(_ font: FontSpec) -> LineMetrics {
        dropCachesIfScaleChanged()
        if let known = metrics[font] { return known }
        let scale = painter.scale
        let result: LineMetrics
        if let face = painter.fonts.primary(font, scale: scale) {
            let ascent = Double(face.ascent) / scale
            let height = Double(face.height) / scale
            result = LineMetrics(ascent: ascent, descent: height - ascent, lineHeight: height)
        } else {
            result = LineMetrics(ascent: font.size * 0.93, descent: font.size * 0.24, lineHeight: font.size * 1.17)
        }
        metrics[font] = result
        return result
    }

    /// Advance width of `text` in logical pixels: shaped with the font segments the painter
    /// would use. O(n) on a miss, O(1) amortised on a hit.
    public func width(of text: Substring, font: FontSpec) -> Double {
        dropCachesIfScaleChanged()
        let key = Key(font: font, text: String(text))
        if let known = widths[key] { return known }
        let width = painter.measure(key.text, font: font)
        if widths.count >= maxEntries { widths.removeAll(keepingCapacity: true) }
        widths[key] = width
        return width
    }

    /// Caret offsets at every grapheme boundary in O(n): each cluster's own advance (cached),
    /// summed, then scaled so the last offset equals the shaped width of the whole text (which
    /// includes kerning between clusters).
    public func caretOffsets(of text: Substring, font: FontSpec) -> [Double] {
        var offsets: [Double] = [0]
        offsets.reserveCapacity(text.count + 1)
        var sum = 0.0
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(after: index)
            sum += width(of: text[index..<next], font: font)
            offsets.append(sum)
            index = next
        }
        let whole = width(of: text, font: font)
        if sum > 0, whole > 0, abs(whole - sum) > 0.01 {
            let factor = whole / sum
            for i in offsets.indices { offsets[i] *= factor }
        }
        return offsets
    }

    private func dropCachesIfScaleChanged() {
        guard painter.scale != cachedScale else { return }
        cachedScale = painter.scale
        widths.removeAll()
        metrics.removeAll()
    }
}

@testable import Widgets
import Testing

/// A measurer that rounds each width to whole output pixels at its scale, as the SDL backend's
/// does: the same text is a little wider or narrower at another zoom.
private final class PixelMeasurer: TextMeasurer {
    var outputScale: Double

    init(scale: Double) { outputScale = scale }

    func lineMetrics(_ font: FontSpec) -> LineMetrics {
        let height = (1.2 * font.size * outputScale).rounded() / outputScale
        return LineMetrics(ascent: 0.8 * height, descent: 0.2 * height, lineHeight: height)
    }

    func width(of text: Substring, font: FontSpec) -> Double {
        (Double(text.count) * 0.6 * font.size * outputScale).rounded() / outputScale
    }
}

/// What was laid out at one output scale is laid out again at another.
@MainActor
struct ScaleChangeTests {
    @Test func theLayoutCacheKeepsLayoutsPerScale() {
        let measurer = PixelMeasurer(scale: 1.1)
        let cache = TextLayoutCache()
        let text = styled("Welcome to the Natter")
        let zoomed = cache.layout(text, maxWidth: nil, measurer: measurer)
        measurer.outputScale = 1
        let plain = cache.layout(text, maxWidth: nil, measurer: measurer)
        // 21 characters of 6 px: 126 px at scale 1; at 1.1 each word and space is rounded.
        #expect(plain.size.width == 126)
        #expect(zoomed.size.width != plain.size.width)
        #expect(cache.misses == 2)
        measurer.outputScale = 1.1
        #expect(cache.layout(text, maxWidth: nil, measurer: measurer) == zoomed)
        #expect(cache.hits == 1)
    }

    /// A label fills the window whatever its text, so its constraints do not change with the
    /// scale; its text must be laid out again all the same.
    @Test func widgetsWithTheSameConstraintsAreLaidOutAgain() throws {
        let measurer = PixelMeasurer(scale: 1.1)
        let label = Label(styled("Welcome to the Natter"))
        let size = Size(width: 400, height: 300)
        let host = WidgetHost(root: label, size: size, measurer: measurer, clipboard: MemoryClipboard(), scale: 1.1)
        host.layoutIfNeeded()
        measurer.outputScale = 1
        host.handle(.resize(size, scale: 1))
        let layout = try #require(label.textLayout)
        #expect(layout.size.width == measurer.width(of: "Welcome to the Natter", font: f10))
        #expect(layout.size.height == measurer.lineMetrics(f10).lineHeight)
    }
}

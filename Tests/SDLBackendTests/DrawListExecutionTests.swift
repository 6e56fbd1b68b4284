import SDLBackend
import Testing
import Widgets

/// The toolkit's draw commands executed by the SDL painter into the software renderer, and the
/// SDL text measurer the layout uses.
@Suite(.serialized)
@MainActor
struct DrawListExecutionTests {
    static let background = Color(rgb: 0x202020)
    static let red = Color(rgb: 0xFF0000)
    static let green = Color(rgb: 0x00C000)

    let fonts: FontLibrary

    init() throws {
        try SDLRuntime.startHeadless()
        fonts = try FontLibrary()
    }

    @Test func clipsNestByIntersection() throws {
        let canvas = try OffscreenCanvas(width: 100, height: 100, fonts: fonts)
        canvas.painter.clear(Self.background)
        var list = DrawList()
        list.append(.pushClip(Rect(x: 0, y: 0, width: 60, height: 60)))
        list.append(.pushClip(Rect(x: 20, y: 20, width: 80, height: 80)))
        list.append(.fillRect(Rect(x: 0, y: 0, width: 100, height: 100), Self.red))
        list.append(.popClip)
        list.append(.fillRect(Rect(x: 0, y: 0, width: 10, height: 10), Self.green))
        list.append(.popClip)
        list.append(.fillRect(Rect(x: 90, y: 90, width: 10, height: 10), Self.green))
        canvas.painter.execute(list)
        let image = canvas.snapshot()
        #expect(image.color(x: 30, y: 30) == Self.red)       // inside both clips
        #expect(image.color(x: 10, y: 30) == Self.background) // outside the inner clip
        #expect(image.color(x: 70, y: 30) == Self.background) // outside the outer clip
        #expect(image.color(x: 5, y: 5) == Self.green)       // after the inner pop: outer clip only
        #expect(image.color(x: 95, y: 95) == Self.green)     // after both pops: no clip
    }

    @Test func textRunsGetBackgroundAndDecorations() throws {
        let canvas = try OffscreenCanvas(width: 200, height: 60, fonts: fonts)
        canvas.painter.clear(Self.background)
        let font = FontSpec(size: 20)
        let measurer = SDLTextMeasurer(painter: canvas.painter)
        let width = measurer.width(of: "Natter", font: font)
        let lineHeight = measurer.lineMetrics(font).lineHeight
        var list = DrawList()
        list.append(.text(TextDraw(text: "Natter", origin: Point(x: 10, y: 10), font: font, color: Self.red,
                                   background: Self.green, underline: true, width: width, lineHeight: lineHeight)))
        canvas.painter.execute(list)
        let image = canvas.snapshot()
        // The background covers the run's advance and line height.
        #expect(image.color(x: 11, y: 11) == Self.green)
        #expect(image.color(x: 10 + Int(width) - 1, y: 10 + Int(lineHeight) - 1) == Self.green)
        #expect(image.color(x: 10 + Int(width) + 2, y: 20) == Self.background)
        // The underline is one unbroken row of the text colour under the glyphs.
        let ascent = measurer.lineMetrics(font).ascent
        let rows = (Int(10 + ascent)...Int(10 + lineHeight)).filter { y in
            (12..<(8 + Int(width))).allSatisfy { image.color(x: $0, y: y) == Self.red }
        }
        #expect(!rows.isEmpty, "no solid underline row below the baseline")
    }

    @Test func measurerAgreesWithTheDrawnAdvance() throws {
        let canvas = try OffscreenCanvas(width: 400, height: 60, scale: 2, fonts: fonts)
        let measurer = SDLTextMeasurer(painter: canvas.painter)
        let font = FontSpec(size: 14)
        for text in ["Hello, world", "漢字とかな", "emoji 😀 ok", "café naïve"] {
            let measured = measurer.width(of: text[...], font: font)
            let drawn = canvas.painter.text(text, x: 0, y: 0, font: font, color: Self.red)
            #expect(abs(measured - drawn) < 1, "\(text): measured \(measured), drawn \(drawn)")
            let offsets = measurer.caretOffsets(of: text[...], font: font)
            #expect(offsets.count == text.count + 1)
            #expect(zip(offsets, offsets.dropFirst()).allSatisfy { $0 <= $1 })
            #expect(abs(offsets.last! - measured) < 0.01)
        }
    }

    @Test func arabicIsShapedRightToLeft() throws {
        let text = "سلام"
        let shaped = try ink(text, rightToLeft: true)
        // The same letters drawn left to right in logical order, unshaped by script: a
        // different picture (isolated forms in the wrong order).
        let unshaped = try ink(text, rightToLeft: false)
        #expect(shaped.count > 40)
        #expect(shaped != unshaped)
    }

    @Test func aWidgetTreePaintsThroughTheBackend() throws {
        let canvas = try OffscreenCanvas(width: 300, height: 80, fonts: fonts)
        let measurer = SDLTextMeasurer(painter: canvas.painter)
        let label = Label(StyledText([TextSpan("red ", TextAttributes(font: FontSpec(size: 18), foreground: Self.red)),
                                      TextSpan("green", TextAttributes(font: FontSpec(size: 18), foreground: Self.green))]))
        let root = Stack(.vertical, [label])
        root.backgroundColor = Self.background
        let host = WidgetHost(root: root, size: Size(width: 300, height: 80), measurer: measurer,
                              clipboard: MemoryClipboard())
        var list = DrawList()
        host.paintAll(into: &list)
        canvas.painter.execute(list)
        let image = canvas.snapshot()
        let reds = image.pixels.filter { $0 & 0xFFFFFF == 0xFF0000 }.count
        let greens = image.pixels.filter { $0 & 0xFFFFFF == 0x00C000 }.count
        #expect(reds > 20 && greens > 20, "red \(reds), green \(greens) pixels")
    }

    /// Lit pixels of `text` drawn white on black.
    private func ink(_ text: String, rightToLeft: Bool) throws -> Set<Int> {
        let canvas = try OffscreenCanvas(width: 120, height: 50, fonts: fonts)
        canvas.painter.clear(.black)
        canvas.painter.text(text, x: 5, y: 5, font: FontSpec(size: 28), color: .white, rightToLeft: rightToLeft)
        let image = canvas.snapshot()
        return Set(image.pixels.indices.filter { image.pixels[$0] & 0xFF > 128 })
    }
}

@Suite(.serialized)
@MainActor
struct TrailingSpaceTests {
    @Test func trailingAndLoneSpacesHaveTheirAdvance() throws {
        try SDLRuntime.startHeadless()
        let fonts = try FontLibrary()
        let canvas = try OffscreenCanvas(width: 100, height: 40, fonts: fonts)
        let measurer = SDLTextMeasurer(painter: canvas.painter)
        let font = FontSpec(size: 14)
        let a = measurer.width(of: "a", font: font)
        let aSpace = measurer.width(of: "a ", font: font)
        let space = measurer.width(of: " ", font: font)
        #expect(space > 2)
        #expect(abs(aSpace - a - space) < 1)
    }

    /// Text measured word by word (as the layout does) must line up with the same text drawn as
    /// one run: the last word's ink starts at the same pixel column either way.
    @Test func wordByWordMeasurementMatchesOneDrawnRun() throws {
        try SDLRuntime.startHeadless()
        let fonts = try FontLibrary()
        let font = FontSpec(size: 14)
        let words = "the quick brown fox jumps over the lazy dog, again and again until the end".split(separator: " ")
        let sentence = words.joined(separator: " ")
        func firstInkColumn(of image: PixelImage, from x0: Int) -> Int? {
            (x0..<image.width).first { x in (0..<image.height).contains { image.color(x: x, y: $0).r > 100 } }
        }
        let whole = try OffscreenCanvas(width: 700, height: 30, fonts: fonts)
        whole.painter.clear(.black)
        whole.painter.text(sentence, x: 0, y: 4, font: font, color: .white)
        let pieces = try OffscreenCanvas(width: 700, height: 30, fonts: fonts)
        pieces.painter.clear(.black)
        let measurer = SDLTextMeasurer(painter: pieces.painter)
        var x = 0.0
        for (i, word) in words.enumerated() {
            pieces.painter.text(String(word), x: x, y: 4, font: font, color: .white)
            x += measurer.width(of: word, font: font) + (i < words.count - 1 ? measurer.width(of: " ", font: font) : 0)
        }
        let lastStart = Int(x - measurer.width(of: words.last!, font: font)) - 2
        let a = firstInkColumn(of: whole.snapshot(), from: lastStart)
        let b = firstInkColumn(of: pieces.snapshot(), from: lastStart)
        #expect(a != nil && b != nil)
        #expect(abs((a ?? 0) - (b ?? 0)) <= 1, "last word at \(a ?? -1) drawn whole, \(b ?? -1) word by word")
    }
}

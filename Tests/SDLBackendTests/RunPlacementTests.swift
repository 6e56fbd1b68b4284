import CSDL2
import CSDL2TTF
@testable import SDLBackend
import Testing
import Widgets

/// A line of styled runs laid out by `TextLayout` over `SDLTextMeasurer` and drawn by the
/// painter, at the zooms a user picks: every glyph must be drawn where the layout measured it.
///
/// The expected place of each glyph comes from SDL_ttf's own metrics, not from the painter: a
/// run starts at its laid-out x (the sum of the advances before it), each glyph's pen is the
/// run's start plus the advances of the glyphs before it in the run, and its ink lies between
/// the pen plus the glyph's left bearing and the pen plus its right edge. A run drawn wider or
/// narrower than it was measured (its glyphs spaced by other advances), or shifted from its
/// origin, draws ink past those edges: the next run's first letters collide with it
/// ("monospaceand") or a gap opens before it ("word ,").
@Suite(.serialized)
@MainActor
struct RunPlacementTests {
    nonisolated static let zooms = [0.9, 1.0, 1.1, 1.5]
    static let ui = FontSpec(role: .ui, size: 14)
    static let bold = FontSpec(role: .ui, size: 14, bold: true)
    static let italic = FontSpec(role: .ui, size: 14, italic: true)
    static let mono = FontSpec(role: .mono, size: 13)

    /// The line of the issue: styled words with a space, a dash, a comma or nothing at their
    /// edges, a monospaced word, emoji inside a run and at a run's start, and letters whose
    /// ink starts left of their pen (j, the italic f).
    static let spans: [(String, FontSpec)] = [
        ("plain ", ui), ("bold", bold), (" plain, ", ui), ("italic", italic), ("—local, ", ui),
        ("monospace", mono), (" and 😀 emoji, comma after styled ", ui), ("word", bold), (", ", ui),
        ("jumpy", bold), (" ", ui), ("fjords", italic), (" 🎉x ", ui), ("MMMMMMMMMMMM", mono), ("mm", ui), (".", ui),
    ]

    let fonts: FontLibrary

    init() throws {
        try SDLRuntime.startHeadless()
        fonts = try FontLibrary()
    }

    /// What SDL_ttf says about one glyph of a face, in output pixels.
    private struct GlyphBox { var minX: Int; var maxX: Int; var advance: Int }

    private func box(_ face: LoadedFont, _ scalar: Unicode.Scalar) -> GlyphBox {
        var minX: Int32 = 0, maxX: Int32 = 0, minY: Int32 = 0, maxY: Int32 = 0, advance: Int32 = 0
        TTF_GlyphMetrics32(face.handle, scalar.value, &minX, &maxX, &minY, &maxY, &advance)
        return GlyphBox(minX: Int(minX), maxX: Int(maxX), advance: Int(advance))
    }

    /// Where a run's glyphs should be drawn, in output pixels: the leftmost and rightmost ink
    /// columns of its letters (nil for a run of spaces), and the slot of each colour emoji.
    private struct Expected { var left: Int?; var right: Int?; var emoji: [ClosedRange<Double>] }

    private func expected(_ run: TextRun, font: FontSpec, originX: Double, painter: Painter) throws -> Expected {
        var pen = painter.devicePixel(originX + run.x)
        var result = Expected(left: nil, right: nil, emoji: [])
        for segment in fonts.segments(of: run.text, spec: font, scale: painter.scale) {
            let face = segment.font
            for cluster in segment.text {
                let scalars = Array(cluster.unicodeScalars)
                try #require(scalars.count == 1, "the test's line has single-scalar clusters only")
                let glyph = box(face, scalars[0])
                if face.fit != 1 || face.file.isColor {
                    let advance = Double(glyph.advance) * face.fit
                    result.emoji.append(pen...(pen + advance))
                    pen += advance
                    continue
                }
                if cluster != " " {
                    let left = Int(pen.rounded()) + glyph.minX, right = Int(pen.rounded()) + glyph.maxX - 1
                    result.left = min(result.left ?? left, left)
                    result.right = max(result.right ?? right, right)
                }
                pen += Double(glyph.advance)
            }
        }
        return result
    }

    /// The ink drawn by one run alone on black: leftmost and rightmost columns with grey (text)
    /// ink, and the columns of coloured (emoji) ink.
    private struct Drawn { var left: Int?; var right: Int?; var colouredColumns: [Int] }

    private func drawn(_ draw: TextDraw, canvas: OffscreenCanvas) -> Drawn {
        canvas.painter.clear(.black)
        canvas.painter.draw(draw)
        let image = canvas.snapshot()
        var result = Drawn(left: nil, right: nil, colouredColumns: [])
        for x in 0..<image.width {
            var grey = false, coloured = false
            for y in 0..<image.height {
                let c = image.color(x: x, y: y)
                guard Int(c.r) + Int(c.g) + Int(c.b) > 0 else { continue }
                // White text on black blends to exact greys; emoji have colours of their own.
                if c.r == c.g && c.g == c.b { grey = true } else { coloured = true }
            }
            if grey { result.left = result.left ?? x; result.right = x }
            if coloured { result.colouredColumns.append(x) }
        }
        return result
    }

    /// One run of the line: where the layout put it, where its ink should be, where it is.
    private struct Placed { var run: TextRun; var font: FontSpec; var want: Expected; var got: Drawn }

    /// The line laid out at `zoom` and each of its drawn runs drawn alone, as bitmaps the painter
    /// blends (`direct`) or as textures, as a GPU renderer draws them.
    private func placements(zoom: Double, direct: Bool) throws -> (layout: TextLayout, measurer: SDLTextMeasurer, runs: [Placed]) {
        let canvas = try OffscreenCanvas(width: 1100, height: 30, scale: zoom, fonts: fonts)
        if !direct { canvas.painter.pixelSurface = nil }
        let measurer = SDLTextMeasurer(painter: canvas.painter)
        let text = StyledText(Self.spans.map { TextSpan($0.0, TextAttributes(font: $0.1, foreground: .white)) })
        let layout = TextLayout(text, measurer: measurer)
        try #require(layout.lines.count == 1)
        let origin = Point(x: 7.3, y: 4)
        var list = DrawList()
        layout.draw(into: &list, at: origin)
        var placed: [Placed] = []
        for case .text(let draw) in list.commands {
            let run = try #require(layout.lines[0].runs.first { $0.text == draw.text })
            placed.append(Placed(run: run, font: draw.font,
                                 want: try expected(run, font: draw.font, originX: origin.x, painter: canvas.painter),
                                 got: drawn(draw, canvas: canvas)))
        }
        return (layout, measurer, placed)
    }

    @Test(arguments: zooms, [true, false])
    func everyRunIsDrawnWhereItsAdvancesPutIt(zoom: Double, direct: Bool) throws {
        let (layout, _, placed) = try placements(zoom: zoom, direct: direct)
        // The runs follow each other: each starts where the previous one's advance ends.
        let runs = layout.lines[0].runs
        for (previous, run) in zip(runs, runs.dropFirst()) {
            #expect(abs(run.x - (previous.x + previous.width)) < 1e-9, "\(run.text.debugDescription) at \(zoom)")
        }
        var emojiSeen = 0
        for item in placed {
            let (want, got) = (item.want, item.got)
            let label = "\(item.run.text.debugDescription) at \(Int(zoom * 100)) % (\(direct ? "bitmaps" : "textures"))"
            if let left = want.left, let right = want.right {
                let gotLeft = try #require(got.left, "no ink for \(label)")
                let gotRight = try #require(got.right, "no ink for \(label)")
                #expect(abs(gotLeft - left) <= 1, "\(label): ink starts at \(gotLeft), its first glyph at \(left)")
                #expect(abs(gotRight - right) <= 1, "\(label): ink ends at \(gotRight), its last glyph at \(right)")
            }
            // A colour emoji's ink lies in its slot (its advance, from its pen).
            for column in got.colouredColumns {
                let inSlot = want.emoji.contains {
                    Double(column) >= $0.lowerBound.rounded(.down) && Double(column) < $0.upperBound.rounded(.up)
                }
                #expect(inSlot, "\(label): emoji ink at column \(column), slots \(want.emoji)")
            }
            if !want.emoji.isEmpty { #expect(!got.colouredColumns.isEmpty, "\(label): no emoji drawn") }
            emojiSeen += want.emoji.count
        }
        #expect(emojiSeen == 2)
    }

    /// A space at a style boundary is one space's advance between the words it separates, on
    /// whichever side of the boundary it is, in the layout and on screen: not swallowed, not
    /// doubled.
    @Test(arguments: zooms)
    func aSpaceAtABoundaryIsOneSpaceWide(zoom: Double) throws {
        let (layout, measurer, placed) = try placements(zoom: zoom, direct: true)
        let runs = layout.lines[0].runs
        var boundaries = 0
        for (a, b) in zip(runs, runs.dropFirst()) where a.spanIndex != b.spanIndex {
            let fontA = Self.spans[a.spanIndex].1, fontB = Self.spans[b.spanIndex].1
            let trailing = a.text.reversed().prefix { $0 == " " }.count
            let leading = b.text.prefix { $0 == " " }.count
            guard trailing + leading > 0, !a.isWhitespace, !b.isWhitespace else { continue }
            boundaries += 1
            let label = "between \(a.text.debugDescription) and \(b.text.debugDescription) at \(Int(zoom * 100)) %"
            let endOfA = a.x + measurer.width(of: a.text.dropLast(trailing), font: fontA)
            let startOfB = b.x + measurer.width(of: b.text.prefix(leading), font: fontB)
            let space = measurer.width(of: " ", font: trailing > 0 ? fontA : fontB)
            #expect(trailing + leading == 1, "\(label)")
            #expect(abs((startOfB - endOfA) - space) < 1e-9, "\(label): \(startOfB - endOfA), a space is \(space)")
            // On screen: the gap between the two words' ink is the space and the bearings of
            // the letters beside it.
            let drawnA = try #require(placed.first { $0.run == a }), drawnB = try #require(placed.first { $0.run == b })
            let want = try #require(drawnB.want.left) - (try #require(drawnA.want.right))
            let got = try #require(drawnB.got.left) - (try #require(drawnA.got.right))
            #expect(abs(got - want) <= 1, "\(label): \(got) px between the inks, \(want) expected")
        }
        #expect(boundaries >= 5)
    }
}

import Widgets
import CSDL2
import CSDL2TTF

/// One SDL_ttf font face opened at one pixel size.
///
/// Bitmap-only colour fonts (Noto Color Emoji has a single 109 px strike) cannot be opened at
/// an arbitrary size; for those `fit` is the factor that scales their glyphs to the line
/// height of the text around them. For every scalable face `fit` is 1.
public final class LoadedFont {
    /// The `TTF_Font *`.
    public let handle: OpaquePointer
    /// Where the face came from.
    public let file: FontFile
    /// The size it was opened at, in output pixels.
    public let pixelSize: Int
    /// Scale from this face's native pixels to output pixels.
    public private(set) var fit: Double = 1
    /// Ascent above the baseline in native pixels.
    public let ascent: Int
    /// Height of a line (ascent + descent) in native pixels.
    public let height: Int
    /// Recommended distance between baselines in native pixels.
    public let lineSkip: Int
    private var advances: [UInt32: Int] = [:]
    /// The coverage of glyphs drawn so far, by scalar (``CoverageInk/empty`` for none).
    private var inks: [UInt32: CoverageInk] = [:]
    /// The advances of ASCII characters by byte, -1 until asked for.
    private var asciiAdvances = [Int](repeating: -1, count: 128)

    /// Opens `file` at `pixelSize`, emboldening or slanting it when the face itself is not
    /// bold or italic but the request is.
    init(file: FontFile, pixelSize: Int, bold: Bool, italic: Bool) throws(BackendError) {
        guard let handle = TTF_OpenFontIndex(file.path, Int32(pixelSize), file.index) else {
            throw BackendError.sdl("cannot open font \(file.path)")
        }
        self.handle = handle
        self.file = file
        self.pixelSize = pixelSize
        var style: Int32 = TTF_STYLE_NORMAL
        if bold && !file.isBold { style |= TTF_STYLE_BOLD }
        if italic && !file.isItalic { style |= TTF_STYLE_ITALIC }
        if style != TTF_STYLE_NORMAL { TTF_SetFontStyle(handle, style) }
        TTF_SetFontHinting(handle, Self.hinting)
        // The layout measures text as the sum of its glyphs' advances, without kerning, and the
        // painter places glyphs at those advances itself (``glyphInk(_:)``). This reaches only
        // SDL_ttf's own layout of what is still drawn through it (shaped clusters), and only
        // when it is built without HarfBuzz, which kerns whatever this says.
        TTF_SetFontKerning(handle, 0)
        ascent = Int(TTF_FontAscent(handle))
        height = Int(TTF_FontHeight(handle))
        lineSkip = Int(TTF_FontLineSkip(handle))
    }

    deinit { TTF_CloseFont(handle) }

    /// SDL_ttf's hinting for every face: light (vertical only), as most desktops draw.
    static let hinting = TTF_HINTING_LIGHT

    /// Scales this face's glyphs so that its line height matches `targetHeight` pixels, when
    /// it is a fixed-size bitmap face far larger than asked for.
    func fitBitmapStrike(toHeight targetHeight: Int) {
        if Double(height) > Double(pixelSize) * 1.6, height > 0 {
            fit = Double(targetHeight) / Double(height)
        }
    }

    /// Whether the face has a glyph for `scalar`.
    public func provides(_ scalar: Unicode.Scalar) -> Bool {
        TTF_GlyphIsProvided32(handle, scalar.value) != 0
    }

    /// Advance width in native pixels of `text` in this face. A single-scalar cluster of a
    /// script that needs no shaping counts its glyph's advance (cached); runs of other clusters
    /// (emoji sequences, flags, combining marks, Arabic and other shaped scripts) are measured
    /// shaped by HarfBuzz, right to left with their script where they are. Unlike
    /// `TTF_SizeUTF8` over the whole text, this is additive: "see " measures as "see" plus " ",
    /// so text measured word by word lines up with text drawn run by run.
    public func nativeWidth<S: StringProtocol>(of text: S) -> Int {
        nativeWidth(of: text, asciiFastPath: true)
    }

    /// ``nativeWidth(of:)``, with the table of ASCII advances used or not (tests compare both).
    func nativeWidth<S: StringProtocol>(of text: S, asciiFastPath: Bool) -> Int {
        if asciiFastPath, let ascii = asciiWidth(of: text) { return ascii }
        var total = 0
        forEachPiece(of: text) { total += $0.width }
        return total
    }

    /// A piece of text as it is both measured and drawn: one glyph at its own advance, or
    /// clusters that need shaping, shaped together by HarfBuzz (through SDL_ttf) at their
    /// shaped width. Widths in native pixels.
    enum Piece {
        case glyph(Unicode.Scalar, advance: Int)
        case shaped(String, width: Int)

        var width: Int {
            switch self {
            case .glyph(_, let advance): advance
            case .shaped(_, let width): width
            }
        }
    }

    /// The pieces of `text` in logical order: each single-scalar cluster of a script that needs
    /// no shaping is a glyph, each stretch of other clusters one shaped piece. ``nativeWidth(of:)``
    /// is the sum of their widths and the painter puts each piece where that sum has reached, so
    /// what is drawn is where it was measured. O(n).
    func forEachPiece<S: StringProtocol>(of text: S, _ body: (Piece) -> Void) {
        var shaped = ""
        for cluster in text {
            let scalars = cluster.unicodeScalars
            if scalars.count == 1, let scalar = scalars.first, !Self.needsShaping(scalar) {
                if !shaped.isEmpty { body(.shaped(shaped, width: shapedWidth(shaped))); shaped = "" }
                body(.glyph(scalar, advance: advance(scalar)))
            } else {
                shaped.append(cluster)
            }
        }
        if !shaped.isEmpty { body(.shaped(shaped, width: shapedWidth(shaped))) }
    }

    /// The coverage of the glyph of `scalar` and where it lies from the pen on the baseline's
    /// line box (nil for a glyph without ink, such as a space), rendered once and kept while the
    /// face is open. For faces of outlines only: see ``isOutline``.
    ///
    /// SDL_ttf lays out a run of text itself (HarfBuzz: unhinted, fractional advances and the
    /// font's kerning), so a run it draws is up to a few pixels wider or narrower than the sum
    /// of its glyphs' advances, which is how the layout measures; glyphs drawn one at a time and
    /// placed by the painter go where they were measured.
    func glyphInk(_ scalar: Unicode.Scalar) -> CoverageInk? {
        if let known = inks[scalar.value] { return known.isEmpty ? nil : known }
        var ink = CoverageInk.empty
        if let surface = TTF_RenderGlyph32_Shaded(handle, scalar.value, SDL_Color(r: 255, g: 255, b: 255, a: 255),
                                                   SDL_Color(r: 0, g: 0, b: 0, a: 255)) {
            defer { SDL_FreeSurface(surface) }
            // SDL_ttf moves the pen right of the surface's left edge by a negative left bearing
            // and the line box down by a glyph that rises above the ascent; the ink is placed
            // from the pen and the box, so both shifts come off.
            var minX: Int32 = 0, maxX: Int32 = 0, minY: Int32 = 0, maxY: Int32 = 0, advance: Int32 = 0
            TTF_GlyphMetrics32(handle, scalar.value, &minX, &maxX, &minY, &maxY, &advance)
            ink = CoverageInk(coverage: surface, penX: max(0, -Int(minX)), lineTop: max(0, Int(maxY) - ascent)) ?? .empty
        }
        inks[scalar.value] = ink
        return ink.isEmpty ? nil : ink
    }

    /// Whether the face draws outlines in one colour at the size asked for (not a colour or a
    /// scaled bitmap strike): its glyphs can be kept as coverage and placed one by one.
    var isOutline: Bool { fit == 1 && !file.isColor }

    /// The width of text of ASCII characters without a carriage return (where every byte is a
    /// cluster of one scalar that needs no shaping): the sum of the bytes' advances, read from
    /// a table. Nil for any other text. Walking clusters and a dictionary of advances cost
    /// some 1,500 instructions a character, in a flood's every new word.
    private func asciiWidth<S: StringProtocol>(of text: S) -> Int? {
        let total = text.utf8.withContiguousStorageIfAvailable { bytes -> Int? in
            var total = 0
            for byte in bytes {
                guard byte < 0x80, byte != 0x0D else { return nil }
                var width = asciiAdvances[Int(byte)]
                if width < 0 {
                    width = advance(Unicode.Scalar(byte))
                    asciiAdvances[Int(byte)] = width
                }
                total += width
            }
            return total
        }
        return total ?? nil
    }

    private func advance(_ scalar: Unicode.Scalar) -> Int {
        if let cached = advances[scalar.value] { return cached }
        var advance: Int32 = 0
        var minX: Int32 = 0, maxX: Int32 = 0, minY: Int32 = 0, maxY: Int32 = 0
        let width = TTF_GlyphMetrics32(handle, scalar.value, &minX, &maxX, &minY, &maxY, &advance) == 0
            && !scalar.properties.isGraphemeExtend ? Int(advance) : 0
        advances[scalar.value] = width
        return width
    }

    /// The shaped width of a run, as `TTF_RenderUTF8_Blended` will lay it out.
    private func shapedWidth(_ text: String) -> Int {
        let script = Painter.script(of: text)
        let rightToLeft = script != "Zzzz"
        if rightToLeft {
            TTF_SetFontDirection(handle, TTF_DIRECTION_RTL)
            TTF_SetFontScriptName(handle, script)
        }
        var w: Int32 = 0, h: Int32 = 0
        let ok = TTF_SizeUTF8(handle, text, &w, &h) == 0
        if rightToLeft {
            TTF_SetFontDirection(handle, TTF_DIRECTION_LTR)
            TTF_SetFontScriptName(handle, "Zzzz")
        }
        return ok ? Int(w) : 0
    }

    /// Scripts whose glyphs change with their neighbours (joining, reordering, conjuncts).
    static func needsShaping(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF: return true   // Hebrew, Arabic, Syriac, Thaana, NKo
        case 0x0900...0x0DFF, 0x0E00...0x0FFF, 0x1000...0x109F, 0x1780...0x17FF: return true // Indic, Thai, Lao, Tibetan, Myanmar, Khmer
        case 0x1100...0x11FF, 0x200C, 0x200D: return true  // conjoining jamo, ZWNJ, ZWJ
        default: return false
        }
    }
}

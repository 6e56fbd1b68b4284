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
        // Kerning would make a drawn run narrower than the sum of its words' advances, which is
        // how the layout measures; without it, text measured word by word and drawn run by run
        // agree to the pixel.
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
        var shaped = ""
        for cluster in text {
            let scalars = cluster.unicodeScalars
            if scalars.count == 1, let scalar = scalars.first, !Self.needsShaping(scalar) {
                if !shaped.isEmpty { total += shapedWidth(shaped); shaped = "" }
                total += advance(scalar)
            } else {
                shaped.append(cluster)
            }
        }
        if !shaped.isEmpty { total += shapedWidth(shaped) }
        return total
    }

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

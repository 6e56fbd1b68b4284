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
        TTF_SetFontHinting(handle, TTF_HINTING_LIGHT)
        ascent = Int(TTF_FontAscent(handle))
        height = Int(TTF_FontHeight(handle))
        lineSkip = Int(TTF_FontLineSkip(handle))
    }

    deinit { TTF_CloseFont(handle) }

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

    /// Advance width in native pixels of `text` in this face: the sum of its glyphs'
    /// advances (0 for combining marks). Unlike `TTF_SizeUTF8`, which measures ink bounds in
    /// whole pixels, this is additive: the width of "see " is the width of "see" plus " ",
    /// so text measured word by word lines up with text drawn run by run.
    public func nativeWidth<S: StringProtocol>(of text: S) -> Int {
        var total = 0
        for scalar in text.unicodeScalars {
            if let cached = advances[scalar.value] { total += cached; continue }
            var advance: Int32 = 0
            var minX: Int32 = 0, maxX: Int32 = 0, minY: Int32 = 0, maxY: Int32 = 0
            let width = TTF_GlyphMetrics32(handle, scalar.value, &minX, &maxX, &minY, &maxY, &advance) == 0
                && !scalar.properties.isGraphemeExtend ? Int(advance) : 0
            advances[scalar.value] = width
            total += width
        }
        return total
    }
}

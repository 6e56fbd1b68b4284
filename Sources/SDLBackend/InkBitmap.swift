import CSDL2
import PixelBlend

/// The ink of rendered text kept in memory and blended into a surface by the painter itself,
/// where SDL's software renderer draws (see ``Painter/pixelSurface``).
///
/// Text in one colour is kept as 8-bit coverage and that colour, a quarter of the 32-bit
/// pixels a texture holds; text with colours of its own (emoji) keeps its ARGB pixels. The
/// blend gives exactly the pixels `SDL_BlitSurface` gives for the same ARGB source in
/// `SDL_BLENDMODE_BLEND` (`PixelBlend`; ``Painter/blendAgreesWithSDL(format:)`` checks it before
/// the painter relies on it), but skips eight transparent pixels at a time and copies opaque runs:
/// most of a line's ink box is the space between and above letters, which SDL's blend visits
/// one pixel at a time.
final class InkBitmap {
    enum Pixels {
        /// Coverage (the ARGB alpha) per pixel, and the colour's red, green and blue.
        case coverage([UInt8], rgb: UInt32)
        /// ARGB8888 pixels.
        case argb([UInt32])
    }

    let width: Int
    let height: Int
    let pixels: Pixels

    /// Bytes held.
    var bytes: Int {
        switch pixels {
        case .coverage: width * height
        case .argb: width * height * 4
        }
    }

    init(width: Int, height: Int, pixels: Pixels) {
        self.width = width; self.height = height; self.pixels = pixels
    }

    /// The `area` of an ARGB8888 `surface`: as coverage when every pixel with ink has the same
    /// colour, else as it is. Nil for another format. One pass for one-colour text (the
    /// coverage is taken as the pixels are read); the ARGB copy is made only for the rest.
    convenience init?(surface: UnsafeMutablePointer<SDL_Surface>, area: SDL_Rect) {
        let s = surface.pointee
        guard s.format.pointee.format == SDL_PIXELFORMAT_ARGB8888.rawValue, let base = s.pixels,
              area.x >= 0, area.y >= 0, area.w > 0, area.h > 0, area.x + area.w <= s.w, area.y + area.h <= s.h
        else { return nil }
        let w = Int(area.w), h = Int(area.h), pitch = Int(s.pitch)
        func row(_ y: Int) -> UnsafeMutablePointer<UInt32> {
            (base + (Int(area.y) + y) * pitch).assumingMemoryBound(to: UInt32.self) + Int(area.x)
        }
        var rgb: UInt32?
        var uniform = true
        let coverage = [UInt8](unsafeUninitializedCapacity: w * h) { buffer, count in
            rows: for y in 0..<h {
                let pixels = row(y)
                for x in 0..<w {
                    let pixel = pixels[x]
                    buffer[y * w + x] = UInt8(truncatingIfNeeded: pixel >> 24)
                    guard pixel >> 24 != 0 else { continue }
                    let colour = pixel & 0x00FF_FFFF
                    if let rgb, rgb != colour { uniform = false; break rows }
                    rgb = colour
                }
            }
            count = uniform ? w * h : 0
        }
        if uniform, let rgb {
            self.init(width: w, height: h, pixels: .coverage(coverage, rgb: rgb))
            return
        }
        var argb = [UInt32](repeating: 0, count: w * h)
        for y in 0..<h {
            let pixels = row(y)
            for x in 0..<w { argb[y * w + x] = pixels[x] }
        }
        self.init(width: w, height: h, pixels: .argb(argb))
    }

    /// Blends the bitmap into `target` with its top-left corner at (`x`, `y`), inside `clip`.
    func blend(into target: DirectPixels, x: Int32, y: Int32, clip: SDL_Rect?) {
        var area = Painter.intersection(SDL_Rect(x: x, y: y, w: Int32(width), h: Int32(height)), target.bounds)
        if let clip { area = Painter.intersection(area, clip) }
        guard area.w > 0, area.h > 0 else { return }
        let columns = Int(area.w), skipX = Int(area.x - x), skipY = Int(area.y - y)
        for row in 0..<Int(area.h) {
            let destination = (target.base + (Int(area.y) + row) * target.pitch).assumingMemoryBound(to: UInt32.self)
                + Int(area.x)
            let start = (skipY + row) * width + skipX
            switch pixels {
            case .coverage(let coverage, let rgb):
                coverage.withUnsafeBufferPointer { buffer in
                    PixelBlend.blendRow(coverage: buffer.baseAddress! + start, rgb: rgb, into: destination, count: columns)
                }
            case .argb(let argb):
                argb.withUnsafeBufferPointer { buffer in
                    PixelBlend.blendRow(argb: buffer.baseAddress! + start, into: destination, count: columns)
                }
            }
        }
    }
}

/// Ink as 8-bit coverage (what `TTF_RenderUTF8_Shaded` gives: the values of the alpha of
/// `TTF_RenderUTF8_Blended`'s pixels) and where its top-left corner lies, in output pixels:
/// `x` from the pen it was drawn from, `y` from the top of the line box. A glyph's ink, or the
/// ink of a run of glyphs the painter placed.
struct CoverageInk {
    /// `width × height` values, top row first.
    var coverage: [UInt8]
    var width: Int
    var height: Int
    var x: Int
    var y: Int

    /// No ink at all (a space).
    static let empty = CoverageInk(coverage: [], width: 0, height: 0, x: 0, y: 0)

    var isEmpty: Bool { width == 0 || height == 0 }

    init(coverage: [UInt8], width: Int, height: Int, x: Int, y: Int) {
        self.coverage = coverage; self.width = width; self.height = height; self.x = x; self.y = y
    }

    /// The ink of an 8-bit `surface` of coverage whose pen starts `penX` pixels right of its left
    /// edge and whose line box starts `lineTop` pixels below its top; nil when it has none (or
    /// is of another format).
    init?(coverage surface: UnsafeMutablePointer<SDL_Surface>, penX: Int, lineTop: Int) {
        let s = surface.pointee
        guard s.format.pointee.format == SDL_PIXELFORMAT_INDEX8.rawValue, let base = s.pixels,
              let area = Painter.inkBounds(surface) else { return nil }
        let w = Int(area.w), h = Int(area.h), pitch = Int(s.pitch)
        let coverage = [UInt8](unsafeUninitializedCapacity: w * h) { buffer, count in
            for y in 0..<h {
                let row = UnsafeRawPointer(base + (Int(area.y) + y) * pitch + Int(area.x))
                UnsafeMutableRawPointer(buffer.baseAddress! + y * w).copyMemory(from: row, byteCount: w)
            }
            count = w * h
        }
        self.init(coverage: coverage, width: w, height: h, x: Int(area.x) - penX, y: Int(area.y) - lineTop)
    }

    /// The inks of `placed`, each at its pen (`x` from a common origin), in one: where two
    /// overlap (an italic letter over the next one's box) their values are ORed, as SDL_ttf
    /// combines the glyphs of a run. Nil when none has ink. O(pixels of the inks).
    static func combining(_ placed: [(ink: CoverageInk, pen: Int)]) -> CoverageInk? {
        guard let first = placed.first else { return nil }
        if placed.count == 1 {
            var ink = first.ink
            ink.x += first.pen
            return ink
        }
        var minX = Int.max, minY = Int.max, maxX = Int.min, maxY = Int.min
        for (ink, pen) in placed {
            minX = min(minX, pen + ink.x); maxX = max(maxX, pen + ink.x + ink.width)
            minY = min(minY, ink.y); maxY = max(maxY, ink.y + ink.height)
        }
        let w = maxX - minX, h = maxY - minY
        var coverage = [UInt8](repeating: 0, count: w * h)
        coverage.withUnsafeMutableBufferPointer { target in
            for (ink, pen) in placed {
                let left = pen + ink.x - minX, top = ink.y - minY
                ink.coverage.withUnsafeBufferPointer { source in
                    for row in 0..<ink.height {
                        let from = source.baseAddress! + row * ink.width
                        let to = target.baseAddress! + (top + row) * w + left
                        for column in 0..<ink.width { to[column] |= from[column] }
                    }
                }
            }
        }
        return CoverageInk(coverage: coverage, width: w, height: h, x: minX, y: minY)
    }

    /// The coverage as the alpha of text in a colour of alpha `alpha`, rounded as SDL_ttf's
    /// blended rendering rounds it.
    func scaled(byAlpha alpha: UInt8) -> CoverageInk {
        guard alpha != 255 else { return self }
        var copy = self
        let a = UInt32(alpha)
        copy.coverage = coverage.map { value in
            let product = a * UInt32(value)
            return UInt8((product + 1 + (product >> 8)) >> 8)
        }
        return copy
    }
}

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

    /// The `area` of an 8-bit `surface` of coverage (what `TTF_RenderUTF8_Shaded` gives: each
    /// pixel the glyphs' coverage, as the alpha of `TTF_RenderUTF8_Blended`'s pixels), to be
    /// drawn in `rgb`. Nil for another format.
    convenience init?(coverage surface: UnsafeMutablePointer<SDL_Surface>, area: SDL_Rect, rgb: UInt32) {
        let s = surface.pointee
        guard s.format.pointee.format == SDL_PIXELFORMAT_INDEX8.rawValue, let base = s.pixels,
              area.x >= 0, area.y >= 0, area.w > 0, area.h > 0, area.x + area.w <= s.w, area.y + area.h <= s.h
        else { return nil }
        let w = Int(area.w), h = Int(area.h), pitch = Int(s.pitch)
        let coverage = [UInt8](unsafeUninitializedCapacity: w * h) { buffer, count in
            for y in 0..<h {
                let row = UnsafeRawPointer(base + (Int(area.y) + y) * pitch + Int(area.x))
                UnsafeMutableRawPointer(buffer.baseAddress! + y * w).copyMemory(from: row, byteCount: w)
            }
            count = w * h
        }
        self.init(width: w, height: h, pixels: .coverage(coverage, rgb: rgb))
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

import CSDL2
import PixelBlend
import Glibc
import Widgets

/// Drawing straight into the pixels of ``Painter/pixelSurface`` (a headless canvas, or the
/// window's surface under the software renderer), where the painter can do better than SDL's
/// software renderer with the same result: opaque fills and text.
///
/// SDL fills opaque rectangles with non-temporal stores (`movntps`): the pixels go to memory
/// and leave the cache, and the text blended over them next reads every one back from memory.
/// In a full redraw at 1920×1080 that fill took over a third of the frame. Text: see
/// ``InkBitmap``.
extension Painter {
    /// The pixels of ``pixelSurface`` when the painter may write them: 32-bit, red, green and
    /// blue in the bytes `SDL_PIXELFORMAT_ARGB8888` puts them (with or without alpha), and no
    /// lock needed.
    var directPixels: DirectPixels? {
        guard let surface = pixelSurface, let pixels = surface.pointee.pixels,
              let format = surface.pointee.format else { return nil }
        let f = format.pointee
        guard f.BytesPerPixel == 4, f.Rmask == 0x00FF_0000, f.Gmask == 0x0000_FF00, f.Bmask == 0x0000_00FF,
              f.Amask == 0 || f.Amask == 0xFF00_0000,
              surface.pointee.flags & UInt32(SDL_RLEACCEL) == 0 else { return nil }
        return DirectPixels(base: pixels, pitch: Int(surface.pointee.pitch), width: surface.pointee.w,
                            height: surface.pointee.h, format: format)
    }

    /// Whether text is kept as ``InkBitmap``s and blended by the painter: there is a pixel
    /// surface it may write, and the blend agrees with SDL's for its format.
    var blendsTextDirectly: Bool {
        guard let target = directPixels else { return false }
        let format = target.format.pointee.format
        if let known = blendChecks[format] { return known }
        let agrees = Self.blendAgreesWithSDL(format: format)
        blendChecks[format] = agrees
        return agrees
    }

    /// Whether ``PixelBlend/blend(_:over:)`` gives the pixels `SDL_BlitSurface` (`SDL_UpperBlit`) gives for an
    /// ARGB8888 source in `SDL_BLENDMODE_BLEND` onto a surface of `format`: every alpha over
    /// 64 rows of source and destination colours. SDL picks its blitter by CPU (MMX, ARM SIMD,
    /// plain C) and the formulas differ in the last bit; where ours is not SDL's, SDL draws.
    static func blendAgreesWithSDL(format: UInt32) -> Bool {
        let width: Int32 = 256, height: Int32 = 64
        guard let source = SDL_CreateRGBSurfaceWithFormat(0, width, height, 32, SDL_PIXELFORMAT_ARGB8888.rawValue),
              let destination = SDL_CreateRGBSurfaceWithFormat(0, width, height, 32, format) else { return false }
        defer { SDL_FreeSurface(source); SDL_FreeSurface(destination) }
        guard let sourceBase = source.pointee.pixels, let destinationBase = destination.pointee.pixels,
              destination.pointee.format.pointee.BytesPerPixel == 4 else { return false }
        var state: UInt32 = 0x9E37_79B9
        func next() -> UInt32 {   // xorshift32: fixed, varied colours
            state ^= state << 13; state ^= state >> 17; state ^= state << 5
            return state
        }
        var expected: [UInt32] = []
        for y in 0..<Int(height) {
            let sourceRow = (sourceBase + y * Int(source.pointee.pitch)).assumingMemoryBound(to: UInt32.self)
            let destinationRow = (destinationBase + y * Int(destination.pointee.pitch)).assumingMemoryBound(to: UInt32.self)
            for x in 0..<Int(width) {
                sourceRow[x] = UInt32(x) << 24 | next() & 0x00FF_FFFF
                destinationRow[x] = next()
                expected.append(PixelBlend.blend(sourceRow[x], over: destinationRow[x]))
            }
        }
        SDL_SetSurfaceBlendMode(source, SDL_BLENDMODE_BLEND)
        guard SDL_UpperBlit(source, nil, destination, nil) == 0 else { return false }
        let f = destination.pointee.format.pointee
        let channels = f.Rmask | f.Gmask | f.Bmask | f.Amask
        for y in 0..<Int(height) {
            let row = (destinationBase + y * Int(destination.pointee.pitch)).assumingMemoryBound(to: UInt32.self)
            for x in 0..<Int(width) where row[x] & channels != expected[y * Int(width) + x] & channels {
                return false
            }
        }
        return true
    }

    /// Fills `rect` (output pixels) with the opaque `color` as SDL's software renderer would
    /// (a rectangle narrower or shorter than a pixel still fills one; the clip applies), after
    /// SDL has drawn what it has queued. Returns `false`, drawing nothing, when the surface
    /// cannot be written directly.
    ///
    /// Inside ``execute(_:)`` a large fill (a pane's background) is deferred: its rows are
    /// written just before something is drawn over them (``settle(rows:)``), so the text of a
    /// row is blended into pixels still in the cache rather than read back from memory.
    func fillDirectly(_ rect: SDL_Rect, _ color: Color) -> Bool {
        guard let target = directPixels else { return false }
        SDL_RenderFlush(renderer)
        var area = SDL_Rect(x: rect.x, y: rect.y, w: max(rect.w, 1), h: max(rect.h, 1))
        area = Self.intersection(area, target.bounds)
        if let clipRect { area = Self.intersection(area, clipRect) }
        guard area.w > 0, area.h > 0 else { return true }
        let pixel = SDL_MapRGBA(target.format, color.r, color.g, color.b, color.a)
        if defersFills, Int(area.w) * Int(area.h) >= Self.deferredFillPixels {
            settle(rows: nil)
            pendingFill = PendingFill(area: area, pixel: pixel, target: target)
            return true
        }
        settle(rows: area.y..<area.y + area.h)
        Self.fill(area, pixel, in: target)
        return true
    }

    /// Fills smaller than this many pixels are written at once.
    static let deferredFillPixels = 1 << 16

    static func fill(_ area: SDL_Rect, _ pixel: UInt32, in target: DirectPixels) {
        for y in Int(area.y)..<Int(area.y + area.h) {
            let row = (target.base + y * target.pitch + Int(area.x) * 4).assumingMemoryBound(to: wchar_t.self)
            wmemset(row, wchar_t(bitPattern: pixel), Int(area.w))
        }
    }

    /// Writes the rows of the deferred fill among `rows` (all of them for nil) that are not
    /// written yet. Everything that draws, moves or reads pixels calls it first for the rows
    /// it touches, so the result is the same as filling at once.
    func settle(rows: Range<Int32>?) {
        guard var pending = pendingFill else { return }
        let top = pending.area.y, bottom = pending.area.y + pending.area.h
        let from = max(top, rows?.lowerBound ?? top), to = min(bottom, rows?.upperBound ?? bottom)
        guard from < to else { return }
        var y = from
        while y < to {
            guard !pending.written[Int(y - top)] else { y += 1; continue }
            var end = y
            while end < to, !pending.written[Int(end - top)] { pending.written[Int(end - top)] = true; end += 1 }
            Self.fill(SDL_Rect(x: pending.area.x, y: y, w: pending.area.w, h: end - y), pending.pixel, in: pending.target)
            y = end
        }
        pendingFill = pending.written.allSatisfy { $0 } ? nil : pending
    }

    /// The output rows `rect` (logical pixels) may touch, for ``settle(rows:)``.
    func rows(of rect: Rect) -> Range<Int32> {
        let bounds = pixelBounds(rect)
        return (bounds.y - 1)..<(bounds.y + max(bounds.h, 1) + 1)
    }
}

/// A large opaque fill whose rows are written when something is drawn over them.
struct PendingFill {
    let area: SDL_Rect
    let pixel: UInt32
    let target: DirectPixels
    /// Per row of `area`, whether it is written.
    var written: [Bool]

    init(area: SDL_Rect, pixel: UInt32, target: DirectPixels) {
        self.area = area; self.pixel = pixel; self.target = target
        written = [Bool](repeating: false, count: Int(area.h))
    }
}

/// Where a surface's pixels are and how they are laid out.
struct DirectPixels {
    let base: UnsafeMutableRawPointer
    /// Bytes from one row to the next.
    let pitch: Int
    let width: Int32
    let height: Int32
    let format: UnsafeMutablePointer<SDL_PixelFormat>

    var bounds: SDL_Rect { SDL_Rect(x: 0, y: 0, w: width, h: height) }
}

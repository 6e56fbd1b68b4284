/// Blending ARGB8888 pixels the way SDL 2's software blitter does, fast: the inner loops of
/// the painter's text drawing (`InkBitmap` in SDLBackend).
///
/// This module is compiled with optimisation in debug builds too (Package.swift): unoptimised,
/// its vector code made the render tests, that draw thousands of frames, take minutes (the
/// incremental-frame test 461 s instead of 72). It is pure arithmetic on memory the caller owns,
/// and assumes a little-endian machine (as every platform Swift and SDL run Natter on is).
public enum PixelBlend {
    /// One row of coverage in one colour: eight transparent pixels are skipped with one test,
    /// eight opaque ones are stored without arithmetic, and the rest are blended four at a
    /// time in 16-bit lanes (SSE2's `pmullw`: no 32-bit lane multiply is needed).
    public static func blendRow(coverage: UnsafePointer<UInt8>, rgb: UInt32,
                                into destination: UnsafeMutablePointer<UInt32>, count: Int) {
        let raw = UnsafeRawPointer(coverage)
        let opaque = rgb | 0xFF00_0000
        let source = Planes(SIMD4(repeating: opaque))
        var x = 0
        while x + 8 <= count {
            let eight = raw.loadUnaligned(fromByteOffset: x, as: UInt64.self)
            if eight == 0 { x += 8; continue }
            if eight == .max {
                (destination + x).update(repeating: opaque, count: 8)
                x += 8
                continue
            }
            // The eight alphas widened to 16-bit lanes at once (unpacking with zero), then each
            // pixel's alpha into both of its lanes: a handful of vector instructions where
            // picking the bytes out one by one took some 25 scalar ones for four pixels.
            let bytes = unsafeBitCast(eight, to: SIMD8<UInt8>.self)
            let wide = SIMD8<UInt16>(truncatingIfNeeded: bytes)
            if UInt32(truncatingIfNeeded: eight) != 0 {
                blendFour(alphas: wide.lowHalf, source: source, into: destination + x)
            }
            if eight >> 32 != 0 {
                blendFour(alphas: wide.highHalf, source: source, into: destination + x + 4)
            }
            x += 8
        }
        while x < count {
            destination[x] = blend(rgb | UInt32(coverage[x]) << 24, over: destination[x])
            x += 1
        }
    }

    /// Four ARGB pixels as two vectors of 16-bit lanes: blue and red, green and alpha (each
    /// byte in the low half of a lane, so a product by an alpha fits the lane).
    struct Planes {
        var blueRed: SIMD8<UInt16>
        var greenAlpha: SIMD8<UInt16>

        @inline(__always)
        init(_ pixels: SIMD4<UInt32>) {
            blueRed = unsafeBitCast(pixels & 0x00FF_00FF, to: SIMD8<UInt16>.self)
            greenAlpha = unsafeBitCast((pixels &>> 8) & 0x00FF_00FF, to: SIMD8<UInt16>.self)
        }

        @inline(__always)
        var pixels: SIMD4<UInt32> {
            unsafeBitCast(blueRed, to: SIMD4<UInt32>.self) | (unsafeBitCast(greenAlpha, to: SIMD4<UInt32>.self) &<< 8)
        }
    }

    /// Four pixels of ``blend(_:over:)`` at once: `alphas` are their coverage (the first pixel's
    /// first), `source` the colour with alpha 255.
    @inline(__always)
    static func blendFour(alphas: SIMD4<UInt16>, source: Planes, into destination: UnsafeMutablePointer<UInt32>) {
        let pointer = UnsafeMutableRawPointer(destination)
        let old = Planes(pointer.loadUnaligned(as: SIMD4<UInt32>.self))
        // Each pixel's alpha in both of its lanes.
        var spread = SIMD4<UInt32>(truncatingIfNeeded: alphas)
        spread |= spread &<< 16
        let alpha = unsafeBitCast(spread, to: SIMD8<UInt16>.self)
        let inverse = 255 &- alpha
        // Lane masks by arithmetic (all ones where alpha is 0, where it is 255): SIMDMask's
        // `replace(with:where:)` compiles to a loop over the lanes.
        let transparent = 0 &- ((alpha &- 1) &>> 15)
        let full = 0 &- ((alpha &+ 1) &>> 8)
        let keep = ~(transparent | full)
        @inline(__always)
        func mix(_ s: SIMD8<UInt16>, _ d: SIMD8<UInt16>) -> SIMD8<UInt16> {
            let blended = ((s &* alpha) &>> 8) &+ ((d &* inverse) &>> 8)
            return (blended & keep) | (d & transparent) | (s & full)
        }
        var result = old
        result.blueRed = mix(source.blueRed, old.blueRed)
        result.greenAlpha = mix(source.greenAlpha, old.greenAlpha)
        pointer.storeBytes(of: result.pixels, as: SIMD4<UInt32>.self)
    }

    /// One row of ARGB pixels.
    public static func blendRow(argb: UnsafePointer<UInt32>, into destination: UnsafeMutablePointer<UInt32>, count: Int) {
        for x in 0..<count { destination[x] = blend(argb[x], over: destination[x]) }
    }

    /// The ARGB `source` pixel over `destination` as SDL 2's blitter for 32-bit ARGB onto 32-bit
    /// RGB does it on x86-64: a transparent source leaves the pixel, an opaque one replaces it,
    /// and otherwise each channel is `s·a/256 + d·(255−a)/256`, both
    /// terms rounded down (the alpha channel's source term is `a·255/256`).
    @inline(__always)
    public static func blend(_ source: UInt32, over destination: UInt32) -> UInt32 {
        let a = source >> 24
        if a == 0 { return destination }
        if a == 255 { return source }
        let inverse = 255 - a
        // Red and blue side by side, green alone: no lane's product reaches the next lane.
        // (Swift's `>>` binds tighter than `&*` and `&`: every step is bracketed.)
        let redBlue = (((source & 0x00FF_00FF) &* a) >> 8) & 0x00FF_00FF
            &+ ((((destination & 0x00FF_00FF) &* inverse) >> 8) & 0x00FF_00FF)
        let green = ((((source & 0x0000_FF00) &* a) >> 8) & 0x0000_FF00)
            &+ ((((destination & 0x0000_FF00) &* inverse) >> 8) & 0x0000_FF00)
        let alpha = ((a &* 255) >> 8) &+ (((destination >> 24) &* inverse) >> 8)
        return min(alpha, 255) << 24 | redBlue | green
    }
}

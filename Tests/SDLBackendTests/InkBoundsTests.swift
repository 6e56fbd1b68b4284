import CSDL2
import NatterTestSupport
@testable import SDLBackend
import Testing

/// `Painter.inkBounds`, `InkBitmap(surface:area:)` and `CoverageInk(coverage:penX:lineTop:)`, the reads of a freshly rendered run
/// of text, against plain pixel-by-pixel answers on random surfaces.
struct InkBoundsTests {
    /// An ARGB8888 surface of `width`×`height` with ink (alpha > 0) at random, sparse or dense,
    /// in one colour or in several.
    private func surface(_ width: Int32, _ height: Int32, using random: inout SplitMix64,
                         oneColour: Bool) -> UnsafeMutablePointer<SDL_Surface> {
        let surface = SDL_CreateRGBSurfaceWithFormat(0, width, height, 32, SDL_PIXELFORMAT_ARGB8888.rawValue)!
        let density = Int.random(in: 0...100, using: &random)
        let pitch = Int(surface.pointee.pitch)
        for y in 0..<Int(height) {
            let row = (surface.pointee.pixels + y * pitch).assumingMemoryBound(to: UInt32.self)
            for x in 0..<Int(width) {
                let inked = Int.random(in: 0..<1000, using: &random) < density
                let alpha: UInt32 = inked ? UInt32.random(in: 1...255, using: &random) : 0
                let rgb: UInt32 = oneColour ? 0x12_3456 : UInt32.random(in: 0...0xFF_FFFF, using: &random)
                row[x] = alpha << 24 | rgb
            }
        }
        return surface
    }

    private func pixel(_ surface: UnsafeMutablePointer<SDL_Surface>, _ x: Int, _ y: Int) -> UInt32 {
        (surface.pointee.pixels + y * Int(surface.pointee.pitch)).assumingMemoryBound(to: UInt32.self)[x]
    }

    @Test func boundsAndBitmapsMatchAPixelByPixelReading() throws {
        var random = SplitMix64(seed: 15)
        for trial in 0..<300 {
            let width = Int32.random(in: 1...90, using: &random), height = Int32.random(in: 1...20, using: &random)
            let oneColour = trial % 3 != 0
            let s = surface(width, height, using: &random, oneColour: oneColour)
            defer { SDL_FreeSurface(s) }
            var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
            for y in 0..<Int(height) {
                for x in 0..<Int(width) where pixel(s, x, y) >> 24 != 0 {
                    minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
                }
            }
            let bounds = Painter.inkBounds(s)
            guard maxX >= 0 else {
                #expect(bounds == nil, "trial \(trial): no ink")
                continue
            }
            let found = try #require(bounds, "trial \(trial)")
            #expect(found.x == Int32(minX) && found.y == Int32(minY) && found.w == Int32(maxX - minX + 1)
                    && found.h == Int32(maxY - minY + 1), "trial \(trial): \(found)")

            let bitmap = try #require(InkBitmap(surface: s, area: found))
            #expect(bitmap.width == Int(found.w) && bitmap.height == Int(found.h))
            var colours = Set<UInt32>()
            for y in 0..<bitmap.height {
                for x in 0..<bitmap.width {
                    let p = pixel(s, Int(found.x) + x, Int(found.y) + y)
                    if p >> 24 != 0 { colours.insert(p & 0xFF_FFFF) }
                }
            }
            switch bitmap.pixels {
            case .coverage(let coverage, let rgb):
                #expect(colours.count == 1 && colours.first == rgb, "trial \(trial): one colour")
                for y in 0..<bitmap.height {
                    for x in 0..<bitmap.width {
                        let p = pixel(s, Int(found.x) + x, Int(found.y) + y)
                        if coverage[y * bitmap.width + x] != UInt8(p >> 24) { Issue.record("trial \(trial): coverage at \(x),\(y)"); return }
                    }
                }
            case .argb(let argb):
                #expect(colours.count > 1, "trial \(trial): several colours")
                for y in 0..<bitmap.height {
                    for x in 0..<bitmap.width where argb[y * bitmap.width + x] != pixel(s, Int(found.x) + x, Int(found.y) + y) {
                        Issue.record("trial \(trial): argb at \(x),\(y)"); return
                    }
                }
            }
        }
    }

    /// The same for 8-bit coverage (`TTF_RenderUTF8_Shaded`'s surfaces), rows padded as SDL pads them.
    @Test func coverageSurfacesToo() throws {
        var random = SplitMix64(seed: 16)
        for trial in 0..<300 {
            let width = Int32.random(in: 1...90, using: &random), height = Int32.random(in: 1...20, using: &random)
            let s = try #require(SDL_CreateRGBSurfaceWithFormat(0, width, height, 8, SDL_PIXELFORMAT_INDEX8.rawValue))
            defer { SDL_FreeSurface(s) }
            let pitch = Int(s.pointee.pitch)
            let density = Int.random(in: 0...100, using: &random)
            var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
            for y in 0..<Int(height) {
                for x in 0..<Int(width) {
                    let value: UInt8 = Int.random(in: 0..<1000, using: &random) < density ? UInt8.random(in: 1...255, using: &random) : 0
                    (s.pointee.pixels + y * pitch).assumingMemoryBound(to: UInt8.self)[x] = value
                    if value != 0 { minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y) }
                }
            }
            guard maxX >= 0 else {
                #expect(Painter.inkBounds(s) == nil, "trial \(trial)")
                continue
            }
            let found = try #require(Painter.inkBounds(s), "trial \(trial)")
            #expect(found.x == Int32(minX) && found.y == Int32(minY) && found.w == Int32(maxX - minX + 1)
                    && found.h == Int32(maxY - minY + 1), "trial \(trial): \(found)")
            let ink = try #require(CoverageInk(coverage: s, penX: 3, lineTop: 2))
            #expect(ink.width == Int(found.w) && ink.height == Int(found.h), "trial \(trial)")
            #expect(ink.x == Int(found.x) - 3 && ink.y == Int(found.y) - 2, "trial \(trial)")
            let expected = (0..<Int(found.h)).flatMap { y in
                (0..<Int(found.w)).map { x in
                    (s.pointee.pixels + (Int(found.y) + y) * pitch).assumingMemoryBound(to: UInt8.self)[Int(found.x) + x]
                }
            }
            #expect(ink.coverage == expected, "trial \(trial)")
        }
    }
}

@testable import SDLBackend
import CSDL2
import NatterTestSupport
import PixelBlend
import Testing
import Widgets

/// Where the painter writes a software surface's pixels itself (opaque fills, text kept as
/// coverage), it must give exactly the pixels SDL's software renderer gives.
@Suite(.serialized)
@MainActor
struct DirectPixelsTests {
    let fonts: FontLibrary

    init() throws {
        try SDLRuntime.startHeadless()
        fonts = try FontLibrary()
    }

    @Test(arguments: [SDL_PIXELFORMAT_ARGB8888.rawValue, SDL_PIXELFORMAT_RGB888.rawValue])
    func theBlendIsSDLsOnThisMachine(format: UInt32) {
        #if arch(x86_64)
        #expect(Painter.blendAgreesWithSDL(format: format))
        #endif
    }

    @Test func aRowOfCoverageBlendsAsEachPixelAlone() {
        var random = SplitMix64(seed: 7)
        for trial in 0..<200 {
            let count = 1 + Int.random(in: 0..<70, using: &random)
            // Runs of empty, full and partial coverage, so every path of the row loop is taken.
            var coverage: [UInt8] = []
            while coverage.count < count {
                let run = 1 + Int.random(in: 0..<12, using: &random)
                let kind = Int.random(in: 0..<3, using: &random)
                for _ in 0..<run {
                    coverage.append(kind == 0 ? 0 : kind == 1 ? 255 : UInt8.random(in: 0...255, using: &random))
                }
            }
            coverage.removeLast(coverage.count - count)
            let rgb = UInt32(truncatingIfNeeded: random.next()) & 0x00FF_FFFF
            let old = (0..<count).map { _ in UInt32(truncatingIfNeeded: random.next()) }
            let expected = zip(coverage, old).map { PixelBlend.blend(rgb | UInt32($0) << 24, over: $1) }
            var row = old
            row.withUnsafeMutableBufferPointer { pixels in
                coverage.withUnsafeBufferPointer { cover in
                    PixelBlend.blendRow(coverage: cover.baseAddress!, rgb: rgb, into: pixels.baseAddress!, count: count)
                }
            }
            #expect(row == expected, "trial \(trial)")
        }
    }

    /// The same random scene drawn with the painter writing the pixels itself and with SDL
    /// drawing everything (no pixel surface) gives the same image: opaque fills large enough
    /// to be deferred, drawn over in any order, translucent and rounded ones, lines, text.
    @Test(arguments: [1.0, 2.0])
    func aSceneDrawnDirectlyMatchesSDLsDrawing(scale: Double) throws {
        let direct = try OffscreenCanvas(width: 320, height: 240, scale: scale, fonts: fonts)
        let viaSDL = try OffscreenCanvas(width: 320, height: 240, scale: scale, fonts: fonts)
        viaSDL.painter.pixelSurface = nil
        #if arch(x86_64)
        #expect(direct.painter.blendsTextDirectly)
        #endif
        #expect(!viaSDL.painter.blendsTextDirectly)
        var random = SplitMix64(seed: UInt64(scale * 1000))
        let words = ["natter", "IRC", "héllo wörld", "日本語のテキスト", "🙂 emoji 🎉", "שלום", "مرحبا", "x", "  "]
        for round in 0..<6 {
            var list = DrawList()
            list.append(.fillRect(Rect(x: 0, y: 0, width: 320, height: 240), Color(rgb: 0x1E1E1E)))
            var depth = 0
            for _ in 0..<80 {
                let color = Color(r: UInt8.random(in: 0...255, using: &random), g: UInt8.random(in: 0...255, using: &random),
                                  b: UInt8.random(in: 0...255, using: &random),
                                  a: [255, 255, 255, 128, 0].randomElement(using: &random)!)
                let rect = Rect(x: Double.random(in: -20...320, using: &random),
                                y: Double.random(in: -20...240, using: &random),
                                width: Double.random(in: -2...120, using: &random),
                                height: Double.random(in: -2...60, using: &random))
                switch Int.random(in: 0..<11, using: &random) {
                case 0 where depth < 3:
                    list.append(.pushClip(rect)); depth += 1
                case 1 where depth > 0:
                    list.append(.popClip); depth -= 1
                case 2, 3:
                    list.append(.fillRect(rect, color))
                case 8:
                    // Large enough to be deferred until something is drawn over its rows.
                    list.append(.fillRect(Rect(x: Double.random(in: -20...40, using: &random),
                                               y: Double.random(in: -20...120, using: &random),
                                               width: Double.random(in: 260...340, using: &random),
                                               height: Double.random(in: 240...300, using: &random)),
                                          Color(r: color.r, g: color.g, b: color.b)))
                case 9:
                    list.append(.roundedRect(rect, radius: Double.random(in: 0...12, using: &random), color))
                case 10:
                    list.append(.line(from: Point(x: rect.minX, y: rect.minY), to: Point(x: rect.maxX, y: rect.maxY),
                                      width: 1, color))
                case 4:
                    // Slivers: thinner than a pixel, or of no size at all.
                    list.append(.fillRect(Rect(x: rect.minX, y: rect.minY, width: Double.random(in: 0...0.9, using: &random),
                                               height: Double.random(in: 0...30, using: &random)), color))
                default:
                    let text = words.randomElement(using: &random)!
                    list.append(.text(TextDraw(text: text, origin: Point(x: rect.minX, y: rect.minY),
                                               font: FontSpec(size: [11, 14, 20].randomElement(using: &random)!,
                                                              bold: Bool.random(using: &random)),
                                               color: Color(r: color.r, g: color.g, b: color.b, a: [255, 200].randomElement(using: &random)!),
                                               background: Int.random(in: 0..<4, using: &random) == 0 ? color : nil,
                                               underline: Int.random(in: 0..<5, using: &random) == 0,
                                               isRightToLeft: Painter.script(of: text) != "Zzzz")))
                }
            }
            for _ in 0..<depth { list.append(.popClip) }
            direct.painter.execute(list)
            viaSDL.painter.execute(list)
            #expect(direct.snapshot() == viaSDL.snapshot(), "round \(round) at scale \(scale)")
        }
    }

    /// Under a clip with no area nothing is drawn, by either path, whatever SDL's release does
    /// with an empty clip rectangle (SDL 2.26.5, here, draws nothing either; the painter no
    /// longer asks it), with and without the overdraw pass.
    @Test(arguments: [true, false])
    func nothingIsDrawnUnderAClipWithNoArea(skippingOverdraw: Bool) throws {
        let direct = try OffscreenCanvas(width: 120, height: 60, fonts: fonts)
        let viaSDL = try OffscreenCanvas(width: 120, height: 60, fonts: fonts)
        viaSDL.painter.pixelSurface = nil
        for canvas in [direct, viaSDL] {
            canvas.painter.clear(Color(rgb: 0x202020))
            let before = canvas.snapshot()
            var list = DrawList()
            list.append(.pushClip(Rect(x: 10, y: 10, width: 0, height: 20)))
            list.append(.text(TextDraw(text: "x", origin: Point(x: 10, y: 10), font: FontSpec(size: 14),
                                       color: Color(rgb: 0xFFFFFF), background: Color(rgb: 0xFF0000))))
            list.append(.roundedRect(Rect(x: 0, y: 0, width: 100, height: 40), radius: 6, Color(r: 0, g: 0, b: 255, a: 128)))
            list.append(.pushClip(Rect(x: 50, y: 0, width: 60, height: 60)))
            list.append(.fillRect(Rect(x: 0, y: 0, width: 120, height: 60), Color(r: 0, g: 255, b: 0, a: 100)))
            list.append(.popClip)
            list.append(.popClip)
            list.append(.pushClip(Rect(x: 40, y: 10, width: -5, height: 20)))
            list.append(.line(from: Point(x: 0, y: 0), to: Point(x: 119, y: 59), width: 1, Color(rgb: 0xFFFF00)))
            list.append(.popClip)
            canvas.painter.execute(list, skippingOverdraw: skippingOverdraw)
            #expect(canvas.snapshot() == before)
        }
    }

    @Test func textInOneColourTakesAByteAPixelAndEmojiFour() throws {
        let direct = try OffscreenCanvas(width: 400, height: 40, fonts: fonts)
        let viaSDL = try OffscreenCanvas(width: 400, height: 40, fonts: fonts)
        viaSDL.painter.pixelSurface = nil
        for canvas in [direct, viaSDL] {
            canvas.painter.text("natter, an IRC client", x: 0, y: 0, font: FontSpec(size: 14), color: Color(rgb: 0xC0C0C0))
        }
        let before = (direct.painter.textCacheUsage.bytes, viaSDL.painter.textCacheUsage.bytes)
        #expect(before.0 * 4 == before.1, "coverage: a byte a pixel, a texture four")
        for canvas in [direct, viaSDL] {
            canvas.painter.text("🎉", x: 0, y: 0, font: FontSpec(size: 14), color: Color(rgb: 0xC0C0C0))
        }
        let after = (direct.painter.textCacheUsage.bytes, viaSDL.painter.textCacheUsage.bytes)
        #expect(after.0 - before.0 == after.1 - before.1, "an emoji keeps its colours: four bytes a pixel")
        #expect(after.0 > before.0)
    }
}

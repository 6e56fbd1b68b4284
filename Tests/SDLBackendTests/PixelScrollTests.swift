import CSDL2
@testable import SDLBackend
import Testing
import Widgets

/// ``Painter/scrollPixels(_:dy:)`` moves what is drawn: within a headless canvas's surface, and
/// within a target texture (the window's path) through a scratch texture; both give exactly
/// the pixels shifted, with everything outside the rectangle untouched.
@Suite(.serialized)
@MainActor
struct PixelScrollTests {
    let fonts: FontLibrary

    init() throws {
        try SDLRuntime.startHeadless()
        fonts = try FontLibrary()
    }

    static let size = (w: 240, h: 160)
    static let area = Rect(x: 30, y: 20, width: 150, height: 110)

    /// Stripes of colour and some text, different on every row.
    static func scene() -> DrawList {
        var list = DrawList()
        for y in stride(from: 0, to: size.h, by: 6) {
            let c = UInt8(y * 255 / size.h)
            list.append(.fillRect(Rect(x: 0, y: Double(y), width: Double(size.w), height: 6),
                                  Color(r: c, g: 255 - c, b: UInt8((y * 7) % 256), a: 255)))
        }
        for (n, y) in [24.0, 52, 80, 108].enumerated() {
            list.append(.text(TextDraw(text: "row \(n) 日本 🎉", origin: Point(x: 36, y: y), font: FontSpec(size: 14),
                                       color: Color(rgb: 0xFFFFFF))))
        }
        return list
    }

    /// What moving `area`'s pixels by `dy` rows must give.
    static func expected(from image: PixelImage, dy: Int, area: Rect) -> PixelImage {
        var pixels = image.pixels
        let x0 = Int(area.minX), x1 = Int(area.maxX), y0 = Int(area.minY), y1 = Int(area.maxY)
        for y in y0..<y1 {
            let source = y - dy
            guard source >= y0, source < y1 else { continue }   // the uncovered strip keeps its pixels
            for x in x0..<x1 { pixels[y * image.width + x] = image.pixels[source * image.width + x] }
        }
        return PixelImage(width: image.width, height: image.height, pixels: pixels)
    }

    @Test(arguments: [-37.0, -1, 1, 52, -109])
    func movingWithinTheSurface(dy: Double) throws {
        let canvas = try OffscreenCanvas(width: Self.size.w, height: Self.size.h, fonts: fonts)
        canvas.painter.execute(Self.scene())
        let before = canvas.snapshot()
        var list = DrawList()
        list.append(.scroll(Self.area, dy: dy))
        canvas.painter.execute(list)
        #expect(canvas.snapshot() == Self.expected(from: before, dy: Int(dy), area: Self.area))
    }

    @Test(arguments: [-37.0, 1, 52])
    func movingWithinATargetTexture(dy: Double) throws {
        let canvas = try OffscreenCanvas(width: Self.size.w, height: Self.size.h, fonts: fonts)
        canvas.painter.execute(Self.scene())
        let before = canvas.snapshot()
        // The window's path: draw into a target texture, move there, then show it.
        let painter = canvas.painter
        painter.pixelSurface = nil
        let renderer = painter.renderer
        let target = try #require(SDL_CreateTexture(renderer, SDL_PIXELFORMAT_ARGB8888.rawValue,
                                                    Int32(SDL_TEXTUREACCESS_TARGET.rawValue),
                                                    Int32(Self.size.w), Int32(Self.size.h)))
        defer { SDL_DestroyTexture(target) }
        SDL_SetRenderTarget(renderer, target)
        painter.clear(Color(rgb: 0))
        painter.execute(Self.scene())
        #expect(painter.scrollPixels(Self.area, dy: dy))
        SDL_SetRenderTarget(renderer, nil)
        SDL_SetTextureBlendMode(target, SDL_BLENDMODE_NONE)
        SDL_RenderCopy(renderer, target, nil, nil)
        #expect(canvas.snapshot() == Self.expected(from: before, dy: Int(dy), area: Self.area))
    }

    @Test func withNowhereToMoveItSaysSo() throws {
        let canvas = try OffscreenCanvas(width: 40, height: 40, fonts: fonts)
        canvas.painter.pixelSurface = nil   // drawing straight to the renderer's output
        #expect(!canvas.painter.scrollPixels(Rect(x: 0, y: 0, width: 40, height: 40), dy: 4))
    }

    @Test func nothingBeforeAMoveIsSkippedForAFillAfterIt() throws {
        let canvas = try OffscreenCanvas(width: 100, height: 100, fonts: fonts)
        let whole = Rect(x: 0, y: 0, width: 100, height: 100)
        let commands: [DrawCommand] = [.fillRect(whole, Color(rgb: 0x112233)), .scroll(whole, dy: -10),
                                       .fillRect(whole, Color(rgb: 0x445566))]
        #expect(canvas.painter.overdrawnCommands(commands) == [false, false, false])
    }
}

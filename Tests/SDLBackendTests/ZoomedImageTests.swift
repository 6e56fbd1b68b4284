import Foundation
import SDLBackend
import Testing
import Widgets

/// An image scaled far past the window (the image viewer at 8×) is drawn as the whole scaling
/// would draw it, each image pixel a square in its place, and clipped.
@Suite(.serialized)
@MainActor
struct ZoomedImageTests {
    static let background = Color(rgb: 0x202020)
    let fonts: FontLibrary

    init() throws {
        try SDLRuntime.startHeadless()
        fonts = try FontLibrary()
    }

    /// A 1000×1000 PNG whose pixel (x, y) is red x mod 256, green y mod 256, blue the
    /// hundreds of x and y (x / 100 · 10 + y / 100).
    func gradientFile() throws -> String {
        var pixels: [UInt32] = []
        pixels.reserveCapacity(1_000_000)
        for y in 0..<1000 {
            for x in 0..<1000 { pixels.append(0xFF00_0000 | UInt32(x % 256) << 16 | UInt32(y % 256) << 8 | UInt32(x / 100 * 10 + y / 100)) }
        }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("natter-zoom-\(UUID().uuidString).png").path
        try PixelImage(width: 1000, height: 1000, pixels: pixels).writePNG(to: path)
        return path
    }

    func colour(_ x: Int, _ y: Int) -> Color { Color(r: UInt8(x % 256), g: UInt8(y % 256), b: UInt8(x / 100 * 10 + y / 100)) }

    @Test func aHugeScaledImageShowsEachPixelWhereTheWholeScalingPutsIt() throws {
        let path = try gradientFile()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let canvas = try OffscreenCanvas(width: 100, height: 80, fonts: fonts)
        canvas.painter.clear(Self.background)
        // 1000 px scaled into 16 000 (the viewer at 8× on a scale-2 output), placed so that
        // the boundary between pixel columns 503 and 504 falls at x = 37, between rows 605 and
        // 606 at y = 23.
        let scale = 16.0
        let origin = Point(x: 37 - 504 * scale, y: 23 - 606 * scale)
        var list = DrawList()
        list.append(.pushClip(Rect(x: 0, y: 0, width: 100, height: 60)))
        list.append(.image(id: path, Rect(x: origin.x, y: origin.y, width: 1000 * scale, height: 1000 * scale)))
        list.append(.popClip)
        canvas.painter.execute(list)
        let image = canvas.snapshot()
        #expect(image.color(x: 36, y: 22) == colour(503, 605))
        #expect(image.color(x: 37, y: 22) == colour(504, 605))
        #expect(image.color(x: 36, y: 23) == colour(503, 606))
        #expect(image.color(x: 52, y: 38) == colour(504, 606))
        #expect(image.color(x: 53, y: 39) == colour(505, 607))
        #expect(image.color(x: 0, y: 0) == colour(501, 604))
        #expect(image.color(x: 99, y: 59) == colour(507, 608))
        // Below the clip nothing is drawn.
        #expect(image.color(x: 50, y: 70) == Self.background)
    }

    @Test func aShrunkImageIsFilteredNotSampled() throws {
        // A 1-pixel white line in every fourth row: shrunk to half, nearest sampling keeps each
        // line whole or drops it; filtering greys it in.
        var pixels: [UInt32] = []
        for y in 0..<40 { for _ in 0..<40 { pixels.append(y % 4 == 1 ? 0xFFFF_FFFF : 0xFF00_0000) } }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("natter-lines-\(UUID().uuidString).png").path
        try PixelImage(width: 40, height: 40, pixels: pixels).writePNG(to: path)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let canvas = try OffscreenCanvas(width: 20, height: 20, fonts: fonts)
        canvas.painter.clear(Self.background)
        var list = DrawList()
        list.append(.image(id: path, Rect(x: 0, y: 0, width: 20, height: 20)))
        canvas.painter.execute(list)
        let image = canvas.snapshot()
        let column = (0..<20).map { image.color(x: 10, y: $0).r }
        #expect(!column.contains(255) && column.contains { $0 > 0 }, "grey where a line was averaged in: \(column)")
    }
}

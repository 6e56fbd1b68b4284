import Foundation
@testable import SDLBackend
import Testing
import Widgets

/// Previews' thumbnails: scaled to fit the box with the aspect kept, never enlarged, averaged
/// rather than sampled (a fine pattern turns grey, not into noise), the original's size told,
/// and anything SDL_image cannot decode refused with a reason; the painter's image cache stays
/// within its bounds.
@Suite(.serialized)
@MainActor
struct ImageThumbnailerTests {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("natter-thumbs-\(UUID().uuidString)")

    init() throws {
        try SDLRuntime.startHeadless()
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    }

    func path(_ name: String) -> String { dir.appendingPathComponent(name).path }

    /// A `width`×`height` PNG of one-pixel black and white squares.
    func checkerboard(_ name: String, width: Int, height: Int) throws -> String {
        var pixels = [UInt32](repeating: 0, count: width * height)
        for y in 0..<height { for x in 0..<width { pixels[y * width + x] = (x + y) % 2 == 0 ? 0xFF00_0000 : 0xFFFF_FFFF } }
        try PixelImage(width: width, height: height, pixels: pixels).writePNG(to: path(name))
        return path(name)
    }

    @Test func aLargeImageFitsTheBoxAveraged() throws {
        let source = try checkerboard("big.png", width: 2000, height: 1000)
        let size = try ImageThumbnailer.write(source: source, destination: path("big.thumb.png"), maxPixelWidth: 720, maxPixelHeight: 480)
        #expect(size.width == 2000 && size.height == 1000)
        let thumb = try PixelImage(contentsOfPNG: path("big.thumb.png"))
        #expect(thumb.width == 720 && thumb.height == 360)
        // Every pixel a mid grey: the squares were averaged, not picked.
        var far = 0
        for y in stride(from: 0, to: thumb.height, by: 7) {
            for x in stride(from: 0, to: thumb.width, by: 7) where abs(Int(thumb.color(x: x, y: y).r) - 128) > 24 { far += 1 }
        }
        #expect(far == 0, "\(far) sampled pixels are far from grey")
        try? FileManager.default.removeItem(atPath: path("big.thumb.png"))
    }

    @Test func aSmallImageIsNotEnlarged() throws {
        let source = try checkerboard("small.png", width: 100, height: 40)
        let size = try ImageThumbnailer.write(source: source, destination: path("small.thumb.png"), maxPixelWidth: 720, maxPixelHeight: 480)
        #expect(size.width == 100 && size.height == 40)
        let thumb = try PixelImage(contentsOfPNG: path("small.thumb.png"))
        #expect(thumb.width == 100 && thumb.height == 40)
        #expect(thumb.color(x: 0, y: 0).r == 0 && thumb.color(x: 1, y: 0).r == 255, "kept pixel for pixel")
    }

    @Test func aTallImageKeepsItsAspect() throws {
        let source = try checkerboard("tall.png", width: 300, height: 1200)
        _ = try ImageThumbnailer.write(source: source, destination: path("tall.thumb.png"), maxPixelWidth: 720, maxPixelHeight: 480)
        let thumb = try PixelImage(contentsOfPNG: path("tall.thumb.png"))
        #expect(thumb.height == 480 && thumb.width == 120)
    }

    @Test func whatIsNotAnImageIsRefused() throws {
        try Data("<html><title>x</title>".utf8).write(to: URL(fileURLWithPath: path("page.png")))
        #expect(throws: ImageThumbnailer.Failure.self) {
            _ = try ImageThumbnailer.write(source: path("page.png"), destination: path("page.thumb.png"), maxPixelWidth: 720, maxPixelHeight: 480)
        }
        #expect(!FileManager.default.fileExists(atPath: path("page.thumb.png")))
    }

    @Test func thePaintersImageCacheKeepsToItsBound() throws {
        let canvas = try OffscreenCanvas(width: 200, height: 100, fonts: try FontLibrary())
        var files: [String] = []
        for i in 0..<6 { files.append(try checkerboard("c\(i).png", width: 1000, height: 1000)) }   // 4 MB of texture each
        for file in files { canvas.painter.image(file, in: Rect(x: 0, y: 0, width: 10, height: 10)) }
        let usage = canvas.painter.imageCacheUsage
        #expect(usage.bytes <= Painter.imageCacheFloor, "\(usage.bytes) bytes held")
        #expect(usage.entries < 6 && usage.entries >= 3)
        // The most recent is kept: drawing it again loads nothing.
        canvas.painter.image(files[5], in: Rect(x: 0, y: 0, width: 10, height: 10))
        #expect(canvas.painter.imageCacheUsage.entries == usage.entries)
    }
}

extension ImageThumbnailerTests {
    /// In a window an image is decoded on another thread: the frame that first draws it does
    /// not wait (draws nothing there), the loop is woken when it is ready, and the next frame
    /// draws it.
    @Test func aWindowDecodesImagesOnAnotherThread() throws {
        let canvas = try OffscreenCanvas(width: 64, height: 64, fonts: try FontLibrary())
        let file = try checkerboard("bg.png", width: 800, height: 600)
        let woken = DispatchSemaphore(value: 0)
        canvas.painter.decodeImagesInBackground { woken.signal() }
        canvas.painter.image(file, in: Rect(x: 0, y: 0, width: 64, height: 64))
        #expect(canvas.painter.imageCacheUsage.entries == 0, "the frame did not wait for the decoder")
        #expect(woken.wait(timeout: .now() + 10) == .success)
        #expect(canvas.painter.takeDecodedImages())
        #expect(!canvas.painter.takeDecodedImages(), "told once")
        canvas.painter.image(file, in: Rect(x: 0, y: 0, width: 64, height: 64))
        #expect(canvas.painter.imageCacheUsage.entries == 1)
        #expect(canvas.painter.imageCacheUsage.bytes == 800 * 600 * 4)
    }
}

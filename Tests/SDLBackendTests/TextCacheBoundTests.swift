@testable import SDLBackend
import Testing
import Widgets

/// The text texture cache is bounded by the output a window shows, not by a fixed 48 MiB.
@Suite(.serialized)
@MainActor
struct TextCacheBoundTests {
    let fonts: FontLibrary

    init() throws {
        try SDLRuntime.startHeadless()
        fonts = try FontLibrary()
    }

    @Test func theBoundFollowsTheOutputWithinAFloorAndTheInitialCeiling() throws {
        let canvas = try OffscreenCanvas(width: 64, height: 64, fonts: fonts)
        let painter = canvas.painter
        // Textures, where the renderer draws the text (no pixel surface the painter may write).
        painter.pixelSurface = nil
        #expect(painter.textCacheByteLimit == 48 << 20)
        painter.boundTextCache(toOutputWidth: 1280, height: 800)
        #expect(painter.textCacheByteLimit == 5 * 1280 * 800, "a screenful of 32-bit pixels and a quarter more")
        painter.boundTextCache(toOutputWidth: 200, height: 100)
        #expect(painter.textCacheByteLimit == 2 << 20)
        painter.boundTextCache(toOutputWidth: 7680, height: 4320)
        #expect(painter.textCacheByteLimit == 48 << 20, "never above the bound given at init")
    }

    @Test func coverageIsBoundedByAScreenfulOfBytes() throws {
        let canvas = try OffscreenCanvas(width: 64, height: 64, fonts: fonts)
        let painter = canvas.painter
        #expect(painter.blendsTextDirectly)
        painter.boundTextCache(toOutputWidth: 1280, height: 800)
        #expect(painter.textCacheByteLimit == 1280 * 800 * 5 / 4, "a screenful of 8-bit coverage and a quarter more")
        painter.boundTextCache(toOutputWidth: 200, height: 100)
        #expect(painter.textCacheByteLimit == 512 << 10, "the floor: as many pixels as 2 MiB of textures")
    }

    @Test func loweringTheBoundEvictsTheOldestAtOnce() throws {
        let canvas = try OffscreenCanvas(width: 1200, height: 800, fonts: fonts)
        let painter = canvas.painter
        // Wide lines of distinct text, drawn once each: about 10 kB of coverage per line.
        for k in 0..<400 {
            _ = painter.text("line \(k): " + String(repeating: "wide words of ink ", count: 12), x: 0, y: 0,
                         font: FontSpec(size: 14), color: Color(rgb: 0xFFFFFF))
        }
        let before = painter.textCacheUsage.bytes
        painter.boundTextCache(toOutputWidth: 100, height: 100)
        let floor = painter.textCacheByteLimit
        #expect(before > floor, "the test must fill more than the floor (\(before) bytes)")
        #expect(painter.textCacheUsage.bytes <= floor)
        #expect(painter.textCacheUsage.entries > 0)
    }
}

import Foundation
import CSDL2
import CSDL2TTF
@testable import SDLBackend
import Testing
import Widgets

/// Draws through the real fonts (fontconfig + SDL_ttf) into SDL's software renderer, writes
/// PNGs with SDL_image, reads them back and checks the pixels.
@Suite(.serialized)
@MainActor
struct HeadlessRenderTests {
    static let background = Color(rgb: 0x102030)
    static let red = Color(rgb: 0xFF0000)

    let fonts: FontLibrary

    init() throws {
        try SDLRuntime.startHeadless()
        fonts = try FontLibrary()
    }

    @Test func textIsDrawnInItsColourOnTheBackground() throws {
        let canvas = try OffscreenCanvas(width: 320, height: 80, fonts: fonts)
        let font = FontSpec(role: .ui, size: 32, bold: true)
        canvas.painter.clear(Self.background)
        let width = canvas.painter.text("HELLO", x: 20, y: 16, font: font, color: Self.red)
        let lineHeight = canvas.painter.lineHeight(font)
        #expect(width > 80 && width < 200, "HELLO at 32 px should be about 120 px wide, got \(width)")

        let image = try roundTrip(canvas, name: "text")
        #expect(image.width == 320 && image.height == 80)

        // Inside the text's box: many pixels of exactly the text colour (solid glyph stems).
        var red = 0, stray = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let c = image.color(x: x, y: y)
                let inside = Double(x) >= 20 && Double(x) < 20 + width && Double(y) >= 16 && Double(y) < 16 + lineHeight
                if inside {
                    if c == Self.red { red += 1 }
                } else if c != Self.background {
                    stray += 1
                }
            }
        }
        #expect(red > 400, "expected solid red glyph stems, found \(red) red pixels")
        #expect(stray == 0, "\(stray) pixels outside the text box are not background")
        // Corners and the gap above the text stay background.
        #expect(image.color(x: 0, y: 0) == Self.background)
        #expect(image.color(x: 319, y: 79) == Self.background)
        #expect(image.color(x: 10, y: 40) == Self.background)
    }

    @Test func hiDPIScaleDoublesThePixels() throws {
        let canvas = try OffscreenCanvas(width: 100, height: 40, scale: 2, fonts: fonts)
        canvas.painter.clear(Self.background)
        canvas.painter.fill(Rect(x: 10, y: 10, width: 20, height: 10), Self.red)
        let image = canvas.snapshot()
        #expect(image.width == 200 && image.height == 80)
        #expect(image.color(x: 21, y: 21) == Self.red)
        #expect(image.color(x: 59, y: 39) == Self.red)
        #expect(image.color(x: 61, y: 41) == Self.background)
        // Text is rasterised at the pixel size: twice as wide in pixels, the same in logical px.
        let logical = canvas.painter.measure("Natter", font: FontSpec(size: 14))
        let single = try OffscreenCanvas(width: 100, height: 40, scale: 1, fonts: fonts)
        let logicalAt1 = single.painter.measure("Natter", font: FontSpec(size: 14))
        #expect(abs(logical - logicalAt1) <= 2, "logical width \(logical) at 2x vs \(logicalAt1) at 1x")
    }

    @Test func cjkAndEmojiComeFromFallbackFontsNotBoxes() throws {
        // The UI font (DejaVu Sans) has neither; fontconfig must find faces that do.
        #expect(fonts.familyDrawing("漢")?.contains("CJK") == true,
                "漢 drawn with \(fonts.familyDrawing("漢") ?? "nothing")")
        #expect(fonts.familyDrawing("😀")?.contains("Emoji") == true,
                "😀 drawn with \(fonts.familyDrawing("😀") ?? "nothing")")

        let han = try glyph("漢")
        let emoji = try glyph("😀")
        let kana = try glyph("の")
        let missing = try glyph("\u{10FFFD}") // a private-use character no font has: the box
        #expect(han.inkPixels > 60 && emoji.inkPixels > 60 && kana.inkPixels > 30)
        #expect(han.mask != emoji.mask)
        #expect(han.mask != missing.mask, "漢 is drawn as the missing-glyph box")
        #expect(emoji.mask != missing.mask, "😀 is drawn as the missing-glyph box")
        #expect(han.mask != kana.mask, "different CJK characters drew the same glyph")
        // The emoji is in colour (Noto Color Emoji's yellow face), the CJK glyph is not.
        #expect(emoji.colouredPixels > 40, "😀 has \(emoji.colouredPixels) coloured pixels")
        #expect(han.colouredPixels == 0)
    }

    @Test func emojiIsScaledToTheLineHeight() throws {
        let canvas = try OffscreenCanvas(width: 200, height: 60, fonts: fonts)
        let font = FontSpec(size: 16)
        let plain = canvas.painter.measure("ab", font: font)
        let withEmoji = canvas.painter.measure("a😀b", font: font)
        // A 109 px bitmap strike unscaled would add ~130 px; scaled it adds about one em.
        #expect(withEmoji - plain > 10 && withEmoji - plain < 30, "emoji advance \(withEmoji - plain)")
    }

    /// Italic text with an emoji in it does not open Noto Color Emoji a second time: SDL_ttf
    /// slants outlines only, so the bitmap face draws the same pixels with or without italic.
    @Test func italicEmojiSharesTheUprightFaceAndDrawsTheSame() throws {
        let upright = try #require(fonts.segments(of: "😀", spec: FontSpec(size: 16), scale: 1).first?.font)
        let italic = try #require(fonts.segments(of: "😀", spec: FontSpec(size: 16, italic: true), scale: 1).first?.font)
        #expect(upright.fit != 1, "the colour emoji face is a fixed bitmap strike")
        #expect(upright === italic)
        // Italic asked for first, then upright: still one face.
        let fresh = try FontLibrary()
        let italicFirst = try #require(fresh.segments(of: "🎉", spec: FontSpec(size: 20, italic: true), scale: 1).first?.font)
        #expect(fresh.segments(of: "🎉", spec: FontSpec(size: 20), scale: 1).first?.font === italicFirst)

        // The premise, checked on SDL_ttf itself: the same bytes with and without its italic.
        func pixels(italic: Bool) throws -> [UInt8] {
            let font = try LoadedFont(file: upright.file, pixelSize: upright.pixelSize, bold: false, italic: italic)
            let surface = try #require(TTF_RenderUTF8_Blended(font.handle, "😀🎉", SDL_Color(r: 255, g: 255, b: 255, a: 255)))
            defer { SDL_FreeSurface(surface) }
            let s = surface.pointee
            let bytes = UnsafeRawBufferPointer(start: s.pixels, count: Int(s.pitch) * Int(s.h))
            return [UInt8(truncatingIfNeeded: s.w), UInt8(truncatingIfNeeded: s.h)] + Array(bytes)
        }
        let plain = try pixels(italic: false)
        #expect(plain.count > 1000)
        #expect(plain == (try pixels(italic: true)))
    }

    @Test func onlyTextNotCachedCountsAsRenderedForTheIdleRelease() throws {
        // The window arms its idle release when this count moves: a frame that only redraws
        // cached text must not re-arm it (it would close the faces again and again).
        let canvas = try OffscreenCanvas(width: 320, height: 80, fonts: fonts)
        let font = FontSpec(size: 14)
        let start = canvas.painter.renderedTexts
        canvas.painter.text("counted once", x: 0, y: 0, font: font, color: Self.red)
        #expect(canvas.painter.renderedTexts == start + 1)
        canvas.painter.text("counted once", x: 0, y: 20, font: font, color: Self.red)
        #expect(canvas.painter.renderedTexts == start + 1)
        canvas.painter.text("and this one", x: 0, y: 40, font: font, color: Self.red)
        #expect(canvas.painter.renderedTexts == start + 2)
    }

    @Test func facesClosedWhenIdleOpenAgainAndDrawTheSamePixels() throws {
        // The window closes every face once new text stops coming (IdleRelease); the next
        // text opens them again and must look the same.
        let fonts = try FontLibrary()
        let text = "Hello, wörld 你好 😀🎉"
        func render() throws -> (faces: [ObjectIdentifier], pixels: [[UInt8]]) {
            let segments = fonts.segments(of: text, spec: FontSpec(size: 14), scale: 1)
            let pixels = try segments.map { segment -> [UInt8] in
                let surface = try #require(TTF_RenderUTF8_Blended(segment.font.handle, String(segment.text),
                                                                  SDL_Color(r: 200, g: 220, b: 255, a: 255)))
                defer { SDL_FreeSurface(surface) }
                let s = surface.pointee
                let bytes = UnsafeRawBufferPointer(start: s.pixels, count: Int(s.pitch) * Int(s.h))
                return [UInt8(truncatingIfNeeded: s.w), UInt8(truncatingIfNeeded: s.h), UInt8(segment.font.fit * 100)]
                    + Array(bytes)
            }
            return (segments.map { ObjectIdentifier($0.font) }, pixels)
        }
        let before = try render()
        #expect(Set(before.faces).count >= 3, "the text, CJK and emoji faces")
        #expect(fonts.openFaceCount >= 3)
        fonts.closeFaces()
        #expect(fonts.openFaceCount == 0)
        let after = try render()
        #expect(fonts.openFaceCount == Set(after.faces).count)
        #expect(after.pixels == before.pixels)
        #expect(fonts.familyDrawing("😀") == "Noto Color Emoji")
    }

    // MARK: - Helpers

    private struct Glyph {
        var mask: [Bool]
        var inkPixels: Int
        var colouredPixels: Int
    }

    /// Draws `text` white on black at 40 px and returns where ink is and how much is coloured.
    private func glyph(_ text: String) throws -> Glyph {
        let canvas = try OffscreenCanvas(width: 64, height: 64, fonts: fonts)
        canvas.painter.clear(.black)
        canvas.painter.text(text, x: 4, y: 4, font: FontSpec(size: 40), color: .white)
        let image = try roundTrip(canvas, name: "glyph-\(text.unicodeScalars.first!.value)")
        var mask: [Bool] = [], ink = 0, coloured = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let c = image.color(x: x, y: y)
                let lit = Int(c.r) + Int(c.g) + Int(c.b) > 200
                mask.append(lit)
                if lit { ink += 1 }
                let spread = max(c.r, c.g, c.b) - min(c.r, c.g, c.b)
                if spread > 60 { coloured += 1 }
            }
        }
        return Glyph(mask: mask, inkPixels: ink, colouredPixels: coloured)
    }

    /// Writes the canvas as PNG into a temporary folder and reads it back.
    private func roundTrip(_ canvas: OffscreenCanvas, name: String) throws -> PixelImage {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("natter-render-tests")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("\(name).png").path
        try canvas.savePNG(to: path)
        let image = try PixelImage(contentsOfPNG: path)
        #expect(image == canvas.snapshot(), "the PNG differs from the pixels drawn")
        return image
    }
}

/// ASCII text is measured from a table of advances; the result must be what the cluster walk
/// gives, for every printable character, tabs and line feeds, in every face the painter uses.
@Suite(.serialized)
@MainActor
struct AsciiAdvanceTests {
    @Test func tableWidthsEqualTheClusterWalk() throws {
        try SDLRuntime.startHeadless()
        let fonts = try FontLibrary()
        let texts = ["hello", "Hello, World!", "a\tb", "line\nfeed", "cr\rhere", "crlf\r\nhere", "   ", "~`^|{}[]\\", "0123456789",
                     String((0x20..<0x7F).map { Character(Unicode.Scalar(UInt8($0))) })]
        for spec in [FontSpec(), FontSpec(bold: true), FontSpec(italic: true), FontSpec(role: .mono, size: 13)] {
            let face = try #require(fonts.primary(spec, scale: 1))
            for text in texts {
                // Twice each: the first call fills the table, the second reads it.
                for _ in 0..<2 {
                    #expect(face.nativeWidth(of: text, asciiFastPath: true) == face.nativeWidth(of: text, asciiFastPath: false),
                            "\(text.debugDescription) in \(spec)")
                }
            }
        }
    }
}

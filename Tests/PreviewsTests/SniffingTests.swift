@testable import Previews
import Testing

/// Bodies told apart by their bytes; image sizes read from headers only.
struct SniffingTests {
    @Test func imagesBySignature() {
        #expect(ContentSniffer.kind(of: Fixture.bytes("sample.png"), declaredType: "text/html") == .png)
        #expect(ContentSniffer.kind(of: Fixture.bytes("sample.jpg")) == .jpeg)
        #expect(ContentSniffer.kind(of: Fixture.bytes("sample.gif")) == .gif)
        #expect(ContentSniffer.kind(of: Fixture.bytes("sample.webp")) == .webp)
        #expect(ContentSniffer.kind(of: Array("RIFF\0\0\0\0WAVE".utf8)) == .other)
    }

    @Test func htmlByItsOpening() {
        #expect(ContentSniffer.kind(of: Array("\u{FEFF}  \n<!DOCTYPE HTML><html>".utf8), declaredType: "image/png") == .html)
        #expect(ContentSniffer.kind(of: Array("<html lang=en>".utf8)) == .html)
        #expect(ContentSniffer.kind(of: Array("<!-- hi -->".utf8)) == .html)
        #expect(ContentSniffer.kind(of: Array("<TITLE>x".utf8)) == .html)
        #expect(ContentSniffer.kind(of: Array("<htmlx>".utf8)) == .other)
    }

    /// The header breaks the tie only for text that does not open as HTML.
    @Test func theHeaderBreaksATie() {
        let text = Array("Hello <title>x</title>".utf8)
        #expect(ContentSniffer.kind(of: text, declaredType: "text/html; charset=utf-8") == .html)
        #expect(ContentSniffer.kind(of: text, declaredType: "text/plain") == .other)
        #expect(ContentSniffer.kind(of: text) == .other)
        #expect(ContentSniffer.kind(of: [0x00, 0x01, 0x02] + text, declaredType: "text/html") == .other)
        #expect(ContentSniffer.kind(of: [0x89, 0x50, 0x4E], declaredType: "image/png") == .other)
    }

    @Test func sizesFromHeaders() {
        let cases: [(String, ContentKind, Int, Int)] = [
            ("sample.png", .png, 64, 48), ("sample.jpg", .jpeg, 80, 40), ("sample-progressive.jpg", .jpeg, 70, 35),
            ("sample.gif", .gif, 30, 20), ("sample.webp", .webp, 50, 25), ("sample-lossless.webp", .webp, 50, 25),
            ("sample-alpha.webp", .webp, 40, 30),
        ]
        for (name, kind, width, height) in cases {
            #expect(ImageHeader.read(Fixture.bytes(name)) == ImageHeader(kind: kind, width: width, height: height), "\(name)")
        }
    }

    /// Every prefix of every sample shorter than its header reads as nil, never a wrong size or a trap.
    @Test func truncatedHeadersAreNil() {
        for name in ["sample.png", "sample.jpg", "sample.gif", "sample.webp", "sample-lossless.webp", "sample-alpha.webp"] {
            let bytes = Fixture.bytes(name)
            let whole = ImageHeader.read(bytes)
            for length in 0..<min(bytes.count, 700) {
                let header = ImageHeader.read(Array(bytes.prefix(length)))
                #expect(header == nil || header == whole, "\(name) cut at \(length)")
            }
            #expect(ImageHeader.read(Array(bytes.prefix(12))) == nil, "\(name)")
        }
    }

    @Test func malformedHeaders() {
        var png = Fixture.bytes("sample.png")
        png.replaceSubrange(16..<20, with: [0, 0, 0, 0])
        #expect(ImageHeader.read(png) == nil)   // a zero width
        var jpeg = Fixture.bytes("sample.jpg")
        jpeg.replaceSubrange(4..<6, with: [0, 1])
        #expect(ImageHeader.read(jpeg) == nil)   // a segment length under 2
        #expect(ImageHeader.read([0xFF, 0xD8, 0xFF, 0xDA, 0, 2]) == nil)   // scan data before any frame
        #expect(ImageHeader.read(Array("<html>".utf8)) == nil)
    }

    /// 50,000×50,000 in a 33-byte PNG header: read, and refused by size.
    @Test func hugeImagesAreRefused() throws {
        var png = Array(Fixture.bytes("sample.png").prefix(33))
        png.replaceSubrange(16..<24, with: [0, 0, 0xC3, 0x50, 0, 0, 0xC3, 0x50])
        let header = try #require(ImageHeader.read(png))
        #expect(header.width == 50_000 && header.height == 50_000)
        #expect(header.refusal() != nil)
        #expect(ImageHeader(kind: .png, width: 8_000, height: 5_001).refusal() != nil)   // 40,008,000 pixels
        #expect(ImageHeader(kind: .png, width: 8_000, height: 5_000).refusal() == nil)
        #expect(ImageHeader(kind: .png, width: 16_385, height: 1).refusal() != nil)
        #expect(ImageHeader(kind: .png, width: 16_384, height: 1).refusal() == nil)
    }
}

extension SniffingTests {
    /// A GIF whose logical screen says 10×10 but whose first frame is 65535×65535 (35 bytes): the
    /// decoder would size its image from the frame, so the frame's size is the one checked.
    @Test func aGIFFrameLargerThanItsScreenIsWhatCounts() throws {
        var gif: [UInt8] = Array("GIF89a".utf8) + [10, 0, 10, 0, 0x00, 0, 0]          // screen 10×10, no colour table
        gif += [0x21, 0xF9, 4, 0, 0, 0, 0, 0]                                            // a graphic control extension
        gif += [0x2C, 0, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0xFF, 0x00]                          // a 65535×65535 frame
        gif += [2, 1, 0x44, 0, 0x3B]
        let header = try #require(ImageHeader.read(gif))
        #expect(header.width == 65535 && header.height == 65535)
        #expect(header.refusal(maxPixels: ImageHeader.maxPixels, maxSide: ImageHeader.maxSide) != nil)
        // A frame placed past the screen's edge counts its offset too.
        var offset: [UInt8] = Array("GIF89a".utf8) + [10, 0, 10, 0, 0x80, 0, 0] + [UInt8](repeating: 0, count: 6)
        offset += [0x2C, 0x10, 0x27, 0, 0, 10, 0, 10, 0, 0, 2, 1, 0x44, 0, 0x3B]           // at x = 10,000
        #expect(ImageHeader.read(offset)?.width == 10_010)
        // No frame before the trailer: nothing to decode.
        #expect(ImageHeader.read(Array("GIF89a".utf8) + [10, 0, 10, 0, 0, 0, 0, 0x3B]) == nil)
    }
}

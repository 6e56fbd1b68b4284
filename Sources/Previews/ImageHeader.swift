/// An image's size read from its header, before anything is decoded: PNG's IHDR, JPEG's frame
/// (SOFn) marker, GIF's logical screen, WebP's VP8, VP8L or VP8X chunk. So a small file that
/// claims 50,000×50,000 pixels is refused before a decoder allocates for it.
public struct ImageHeader: Sendable, Hashable {
    /// The format the header is of.
    public var kind: ContentKind
    /// The size in pixels (both at least 1).
    public var width: Int
    public var height: Int

    /// The most pixels an image may have (40 megapixels) and the longest side (16,384).
    public static let maxPixels = 40_000_000
    public static let maxSide = 16_384

    /// The header of `bytes`; nil when it is no image of these formats, or truncated, or
    /// malformed (a zero side among them).
    public static func read(_ bytes: [UInt8]) -> ImageHeader? {
        let found: (Int, Int)?
        let kind = ContentSniffer.kind(of: bytes)
        switch kind {
        case .png: found = png(bytes)
        case .jpeg: found = jpeg(bytes)
        case .gif: found = gif(bytes)
        case .webp: found = webp(bytes)
        case .html, .other: found = nil
        }
        guard let (width, height) = found, width > 0, height > 0 else { return nil }
        return ImageHeader(kind: kind, width: width, height: height)
    }

    /// Why an image this size is not decoded; nil when it may be.
    public func refusal(maxPixels: Int = ImageHeader.maxPixels, maxSide: Int = ImageHeader.maxSide) -> String? {
        if width > maxSide || height > maxSide { return "the image is \(width)×\(height), a side over \(maxSide) pixels" }
        if width * height > maxPixels { return "the image is \(width)×\(height), over \(maxPixels / 1_000_000) megapixels" }
        return nil
    }

    private static func bigEndian(_ bytes: [UInt8], _ at: Int, _ count: Int) -> Int {
        (at..<(at + count)).reduce(0) { $0 << 8 | Int(bytes[$1]) }
    }

    private static func littleEndian(_ bytes: [UInt8], _ at: Int, _ count: Int) -> Int {
        (at..<(at + count)).reversed().reduce(0) { $0 << 8 | Int(bytes[$1]) }
    }

    /// The signature, then the first chunk, which must be a 13-byte IHDR.
    private static func png(_ bytes: [UInt8]) -> (Int, Int)? {
        guard bytes.count >= 33, bigEndian(bytes, 8, 4) == 13, bytes[12..<16].elementsEqual("IHDR".utf8) else { return nil }
        return (bigEndian(bytes, 16, 4), bigEndian(bytes, 20, 4))
    }

    /// Markers from SOI on, each segment skipped by its length, to the first frame header.
    private static func jpeg(_ bytes: [UInt8]) -> (Int, Int)? {
        var at = 2
        while at < bytes.count {
            guard bytes[at] == 0xFF else { return nil }
            while at < bytes.count, bytes[at] == 0xFF { at += 1 }   // fill bytes
            guard at < bytes.count else { return nil }
            let marker = bytes[at]
            at += 1
            switch marker {
            case 0x01, 0xD0...0xD7: continue                         // no length
            case 0xD8, 0xD9, 0xDA, 0x00: return nil                  // a second SOI, the end, scan data before a frame
            default: break
            }
            guard at + 2 <= bytes.count else { return nil }
            let length = bigEndian(bytes, at, 2)
            guard length >= 2 else { return nil }
            let isFrame = (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC
            if isFrame {
                guard length >= 8, at + 7 <= bytes.count else { return nil }
                return (bigEndian(bytes, at + 5, 2), bigEndian(bytes, at + 3, 2))
            }
            at += length
        }
        return nil
    }

    /// The logical screen and the first frame's descriptor, whichever is larger on each side:
    /// a decoder sizes its image from the frame, which may claim more than the screen (a
    /// 35-byte GIF with a 10×10 screen and a 65535×65535 frame made SDL_image allocate 4 GB).
    /// Nil until the descriptor is in `bytes` (past the colour table and any extensions).
    private static func gif(_ bytes: [UInt8]) -> (Int, Int)? {
        guard bytes.count >= 13 else { return nil }
        let screen = (littleEndian(bytes, 6, 2), littleEndian(bytes, 8, 2))
        var at = 13
        if bytes[10] & 0x80 != 0 { at += 3 << (Int(bytes[10] & 7) + 1) }   // the global colour table
        while at < bytes.count {
            switch bytes[at] {
            case 0x21:   // an extension: its label, then sub-blocks until an empty one
                at += 2
                while at < bytes.count, bytes[at] != 0 { at += Int(bytes[at]) + 1 }
                at += 1
            case 0x2C:   // the first image descriptor: left, top, width, height
                guard at + 9 <= bytes.count else { return nil }
                let right = littleEndian(bytes, at + 1, 2) + littleEndian(bytes, at + 5, 2)
                let bottom = littleEndian(bytes, at + 3, 2) + littleEndian(bytes, at + 7, 2)
                return (max(screen.0, right), max(screen.1, bottom))
            default:     // the trailer (no frame) or anything else: nothing to decode
                return nil
            }
        }
        return nil
    }

    /// RIFF, WEBP, then the first chunk: a lossy frame (VP8), lossless (VP8L) or extended (VP8X).
    private static func webp(_ bytes: [UInt8]) -> (Int, Int)? {
        guard bytes.count >= 20 else { return nil }
        let chunk = bytes[12..<16]
        if chunk.elementsEqual("VP8 ".utf8) {
            guard bytes.count >= 30, bytes[23] == 0x9D, bytes[24] == 0x01, bytes[25] == 0x2A else { return nil }
            return (littleEndian(bytes, 26, 2) & 0x3FFF, littleEndian(bytes, 28, 2) & 0x3FFF)
        }
        if chunk.elementsEqual("VP8L".utf8) {
            guard bytes.count >= 25, bytes[20] == 0x2F else { return nil }
            let bits = littleEndian(bytes, 21, 4)
            return ((bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1)
        }
        if chunk.elementsEqual("VP8X".utf8) {
            guard bytes.count >= 30 else { return nil }
            return (littleEndian(bytes, 24, 3) + 1, littleEndian(bytes, 27, 3) + 1)
        }
        return nil
    }
}

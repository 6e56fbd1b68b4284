import SDLBackend

/// Pixel comparison of a rendered frame with its golden.
///
/// Two pixels match when each of R, G, B and A differs by at most `channelTolerance`; two
/// images match when they have the same size and at most `pixelFraction` of their pixels do
/// not match. The slack absorbs rounding in anti-aliased glyph edges between library
/// versions, not layout changes: a moved row or a changed colour differs in far more pixels.
struct ImageComparison {
    static let channelTolerance: UInt32 = 8
    static let pixelFraction = 0.001

    let differing: Int
    let total: Int
    /// The largest per-channel difference seen.
    let largestDifference: UInt32
    /// Differing pixels in magenta over a dimmed copy of the actual image.
    let diff: PixelImage

    var matches: Bool { Double(differing) <= Self.pixelFraction * Double(total) }

    /// Compares two images of the same size.
    init(actual: PixelImage, expected: PixelImage) {
        precondition(actual.width == expected.width && actual.height == expected.height)
        var differing = 0
        var largest: UInt32 = 0
        var diffPixels = [UInt32](repeating: 0, count: actual.pixels.count)
        for i in actual.pixels.indices {
            let a = actual.pixels[i], e = expected.pixels[i]
            var worst: UInt32 = 0
            for shift: UInt32 in [0, 8, 16, 24] {
                let ca = (a >> shift) & 0xff, ce = (e >> shift) & 0xff
                worst = max(worst, ca > ce ? ca - ce : ce - ca)
            }
            largest = max(largest, worst)
            if worst > Self.channelTolerance {
                differing += 1
                diffPixels[i] = 0xFFFF00FF
            } else {
                // A third of each colour channel, opaque.
                let r = ((a >> 16) & 0xff) / 3, g = ((a >> 8) & 0xff) / 3, b = (a & 0xff) / 3
                diffPixels[i] = 0xFF00_0000 | r << 16 | g << 8 | b
            }
        }
        self.differing = differing
        self.total = actual.pixels.count
        self.largestDifference = largest
        self.diff = PixelImage(width: actual.width, height: actual.height, pixels: diffPixels)
    }
}

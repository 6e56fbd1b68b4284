/// An sRGB colour with straight (non-premultiplied) alpha, 8 bits per channel.
public struct Color: Hashable, Sendable {
    /// Red.
    public var r: UInt8
    /// Green.
    public var g: UInt8
    /// Blue.
    public var b: UInt8
    /// Alpha; 255 is opaque.
    public var a: UInt8

    /// Creates a colour.
    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8 = 255) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    /// Creates an opaque colour from `0xRRGGBB`.
    public init(rgb: UInt32) {
        self.init(r: UInt8((rgb >> 16) & 0xFF), g: UInt8((rgb >> 8) & 0xFF), b: UInt8(rgb & 0xFF))
    }

    /// The same colour with another alpha.
    public func withAlpha(_ alpha: UInt8) -> Color { Color(r: r, g: g, b: b, a: alpha) }

    /// Fully transparent black.
    public static let clear = Color(r: 0, g: 0, b: 0, a: 0)
    /// Opaque black.
    public static let black = Color(r: 0, g: 0, b: 0)
    /// Opaque white.
    public static let white = Color(r: 255, g: 255, b: 255)
}

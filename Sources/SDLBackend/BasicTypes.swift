/// An sRGB colour with alpha, 8 bits per channel.
public struct Color: Hashable, Sendable {
    public var r: UInt8, g: UInt8, b: UInt8, a: UInt8
    /// Creates a colour from its channels; `a` defaults to opaque.
    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8 = 255) {
        self.r = r; self.g = g; self.b = b; self.a = a
    }
    /// Creates an opaque colour from `0xRRGGBB`.
    public init(hex: UInt32) {
        self.init(r: UInt8((hex >> 16) & 0xff), g: UInt8((hex >> 8) & 0xff), b: UInt8(hex & 0xff))
    }
}

/// A rectangle in logical pixels.
public struct Rect: Hashable, Sendable {
    public var x: Double, y: Double, width: Double, height: Double
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }
    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
}

/// Which of the configured font families a piece of text uses.
public enum FontRole: Hashable, Sendable {
    /// The proportional interface font (default "DejaVu Sans").
    case ui
    /// The monospace font (default "DejaVu Sans Mono").
    case mono
}

/// A font request: role, size in logical pixels, and weight/slant.
public struct FontSpec: Hashable, Sendable {
    public var role: FontRole
    public var size: Double
    public var bold: Bool
    public var italic: Bool
    public init(role: FontRole = .ui, size: Double = 14, bold: Bool = false, italic: Bool = false) {
        self.role = role; self.size = size; self.bold = bold; self.italic = italic
    }
}

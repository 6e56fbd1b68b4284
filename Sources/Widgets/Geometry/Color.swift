import Glibc
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

    /// This colour moved `amount` (0…1) of the way towards `other`, channel by channel.
    public func mixed(with other: Color, amount: Double) -> Color {
        let amount = min(1, max(0, amount))
        func channel(_ from: UInt8, _ to: UInt8) -> UInt8 {
            UInt8((Double(from) + (Double(to) - Double(from)) * amount).rounded())
        }
        return Color(r: channel(r, other.r), g: channel(g, other.g), b: channel(b, other.b), a: channel(a, other.a))
    }

    /// Relative luminance (WCAG 2: sRGB channels linearised, weighted 0.2126, 0.7152, 0.0722),
    /// 0 for black to 1 for white; alpha is ignored.
    public var luminance: Double {
        func linear(_ channel: UInt8) -> Double {
            let v = Double(channel) / 255
            return v <= 0.03928 ? v / 12.92 : Glibc.pow((v + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
    }

    /// The WCAG 2 contrast ratio with `other`, from 1 (the same) to 21 (black on white).
    public func contrast(with other: Color) -> Double {
        let (a, b) = (luminance, other.luminance)
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    /// Parses `#RRGGBB` (or `RRGGBB`), as the config writes colours; nil for anything else.
    public init?(hex text: String) {
        let digits = text.hasPrefix("#") ? text.dropFirst() : Substring(text)
        guard digits.count == 6, digits.allSatisfy(\.isHexDigit), let value = UInt32(digits, radix: 16) else { return nil }
        self.init(rgb: value)
    }

    /// Fully transparent black.
    public static let clear = Color(r: 0, g: 0, b: 0, a: 0)
    /// Opaque black.
    public static let black = Color(r: 0, g: 0, b: 0)
    /// Opaque white.
    public static let white = Color(r: 255, g: 255, b: 255)
}

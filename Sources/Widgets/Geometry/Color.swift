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

    /// This colour with its hue and saturation kept and its lightness moved away from
    /// `background` (lighter on a dark one, darker on a light one) just far enough to reach
    /// `contrast` (WCAG 2) against it; the colour itself when it already does. A colour that
    /// cannot get there (on a middle grey) goes as far as white or black allows.
    public func readable(on background: Color, contrast target: Double) -> Color {
        guard contrast(with: background) < target else { return self }
        var (h, s, l) = hsl
        let lighter = background.luminance < 0.18
        // Binary search on the lightness between here and white (or black): contrast grows
        // monotonically that way, and the smallest change that reaches the target is kept.
        var lo = l, hi = lighter ? 1.0 : 0.0
        for _ in 0..<20 {
            let mid = (lo + hi) / 2
            if Color(hue: h, saturation: s, lightness: mid, alpha: a).contrast(with: background) >= target { hi = mid } else { lo = mid }
        }
        l = hi
        return Color(hue: h, saturation: s, lightness: l, alpha: a)
    }

    /// Hue (0…1), saturation and lightness (0…1) of the colour (HSL).
    var hsl: (h: Double, s: Double, l: Double) {
        let rf = Double(r) / 255, gf = Double(g) / 255, bf = Double(b) / 255
        let high = max(rf, gf, bf), low = min(rf, gf, bf)
        let l = (high + low) / 2
        guard high != low else { return (0, 0, l) }
        let d = high - low
        let s = l > 0.5 ? d / (2 - high - low) : d / (high + low)
        var h: Double
        if high == rf { h = (gf - bf) / d + (gf < bf ? 6 : 0) } else if high == gf { h = (bf - rf) / d + 2 } else { h = (rf - gf) / d + 4 }
        h /= 6
        return (h, s, l)
    }

    /// A colour from hue, saturation and lightness (each 0…1).
    init(hue h: Double, saturation s: Double, lightness l: Double, alpha: UInt8) {
        func channel(_ t0: Double, _ p: Double, _ q: Double) -> UInt8 {
            var t = t0
            if t < 0 { t += 1 }
            if t > 1 { t -= 1 }
            let v: Double
            if t < 1.0 / 6 { v = p + (q - p) * 6 * t } else if t < 0.5 { v = q } else if t < 2.0 / 3 { v = p + (q - p) * (2.0 / 3 - t) * 6 } else { v = p }
            return UInt8((min(1, max(0, v)) * 255).rounded())
        }
        guard s > 0 else {
            let v = UInt8((min(1, max(0, l)) * 255).rounded())
            self.init(r: v, g: v, b: v, a: alpha)
            return
        }
        let q = l < 0.5 ? l * (1 + s) : l + s - l * s
        let p = 2 * l - q
        self.init(r: channel(h + 1.0 / 3, p, q), g: channel(h, p, q), b: channel(h - 1.0 / 3, p, q), a: alpha)
    }

    /// Parses `#RRGGBB` (or `RRGGBB`), as the config writes colours, and `#RRGGBBAA` for a
    /// translucent one (a row's highlight is drawn over the background); nil for anything else.
    public init?(hex text: String) {
        let digits = text.hasPrefix("#") ? text.dropFirst() : Substring(text)
        guard digits.count == 6 || digits.count == 8, digits.allSatisfy(\.isHexDigit),
              let value = UInt32(digits, radix: 16) else { return nil }
        if digits.count == 6 {
            self.init(rgb: value)
        } else {
            self.init(r: UInt8(value >> 24), g: UInt8((value >> 16) & 0xFF), b: UInt8((value >> 8) & 0xFF), a: UInt8(value & 0xFF))
        }
    }

    /// Fully transparent black.
    public static let clear = Color(r: 0, g: 0, b: 0, a: 0)
    /// Opaque black.
    public static let black = Color(r: 0, g: 0, b: 0)
    /// Opaque white.
    public static let white = Color(r: 255, g: 255, b: 255)
}

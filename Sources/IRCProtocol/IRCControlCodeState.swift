/// The mIRC formatting in effect after a piece of text, tracked only as far as needed to start a
/// continuation line with the same look.
///
/// IRCProtocol keeps this small tracker instead of depending on IRCFormatting, so the protocol
/// library stays free of presentation code. It reads the same control codes with the same rules
/// (docs/FORMATTING.md): toggles 0x02 0x1D 0x1F 0x1E 0x11 0x16, reset 0x0F,
/// colour 0x03 with 1–2 digits and an optional `,` background, and hex colour 0x04 `RRGGBB`.
public struct IRCControlCodeState: Hashable, Sendable {
    /// One remembered colour, kept as the digits to write back.
    enum Colour: Hashable, Sendable {
        case palette(String)   // two digits, 00–98
        case rgb(String)       // six hex digits
        var isPalette: Bool { if case .palette = self { return true } else { return false } }
        var digits: String {
            switch self { case .palette(let d), .rgb(let d): return d }
        }
    }

    /// One bit per entry of ``toggleCodes``.
    var toggles: UInt8 = 0
    var foreground: Colour?
    var background: Colour?

    /// The toggle codes, in the order they are written back.
    static let toggleCodes: [UInt8] = [0x02, 0x1D, 0x1F, 0x1E, 0x11, 0x16]

    static func toggleBit(_ code: UInt8) -> UInt8 {
        UInt8(1) << UInt8(toggleCodes.firstIndex(of: code) ?? 7)
    }

    /// Creates the plain state (nothing active).
    public init() {}

    /// Whether nothing is active.
    public var isPlain: Bool { foreground == nil && background == nil && toggles == 0 }

    /// Updates the state with every control code in `bytes`.
    public mutating func consume(_ bytes: some Collection<UInt8>) {
        let bytes = Array(bytes)
        var i = 0
        while i < bytes.count {
            i += consumeCode(bytes, at: i)
        }
    }

    /// Length in bytes of the control sequence at `i` (1 for a plain byte), applying its effect.
    @discardableResult
    mutating func consumeCode(_ b: [UInt8], at i: Int) -> Int {
        switch b[i] {
        case 0x02, 0x1D, 0x1F, 0x1E, 0x11, 0x16:
            toggles ^= Self.toggleBit(b[i])
            return 1
        case 0x0F:
            self = IRCControlCodeState()
            return 1
        case 0x03:
            let (length, fg, bg) = Self.scanPalette(b, at: i)
            if fg == nil { foreground = nil; background = nil } else {
                if let fg { foreground = fg == 99 ? nil : .palette(Self.twoDigits(fg)) }
                if let bg { background = bg == 99 ? nil : .palette(Self.twoDigits(bg)) }
            }
            return length
        case 0x04:
            let (length, fg, bg) = Self.scanHex(b, at: i)
            if let fg {
                foreground = .rgb(fg)
                if let bg { background = .rgb(bg) }
            } else {
                foreground = nil; background = nil
            }
            return length
        default:
            return 1
        }
    }

    /// Length of the control sequence at `i` without applying it (1 for a plain byte).
    static func codeLength(_ b: [UInt8], at i: Int) -> Int {
        switch b[i] {
        case 0x03: return scanPalette(b, at: i).length
        case 0x04: return scanHex(b, at: i).length
        default: return 1
        }
    }

    static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
    static func isHex(_ b: UInt8) -> Bool {
        isDigit(b) || (b >= 0x41 && b <= 0x46) || (b >= 0x61 && b <= 0x66)
    }
    static func twoDigits(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }

    /// Reads 1–2 digits at `j`, returning the value and how many digits were read.
    static func digits(_ b: [UInt8], at j: Int) -> (Int, Int)? {
        guard j < b.count, isDigit(b[j]) else { return nil }
        if j + 1 < b.count, isDigit(b[j + 1]) {
            return (Int(b[j] - 0x30) * 10 + Int(b[j + 1] - 0x30), 2)
        }
        return (Int(b[j] - 0x30), 1)
    }

    static func scanPalette(_ b: [UInt8], at i: Int) -> (length: Int, fg: Int?, bg: Int?) {
        guard let (fg, n) = digits(b, at: i + 1) else { return (1, nil, nil) }
        let comma = i + 1 + n
        if comma < b.count, b[comma] == 0x2C, let (bg, m) = digits(b, at: comma + 1) {
            return (2 + n + m, fg, bg)
        }
        return (1 + n, fg, nil)
    }

    static func hex6(_ b: [UInt8], at j: Int) -> String? {
        guard j + 6 <= b.count, b[j..<j + 6].allSatisfy(isHex) else { return nil }
        return String(decoding: b[j..<j + 6], as: UTF8.self).uppercased()
    }

    static func scanHex(_ b: [UInt8], at i: Int) -> (length: Int, fg: String?, bg: String?) {
        guard let fg = hex6(b, at: i + 1) else { return (1, nil, nil) }
        if i + 7 < b.count, b[i + 7] == 0x2C, let bg = hex6(b, at: i + 8) { return (14, fg, bg) }
        return (7, fg, nil)
    }

    /// Control codes that recreate this state from plain, to start a continuation line.
    /// `next` is the first byte of the text that will follow; when it could be read as part of a
    /// colour code, a zero-width `\x02\x02` (bold on, bold off) separates them.
    public func restoringCodes(before next: UInt8?) -> String {
        var out = ""
        for code in Self.toggleCodes where toggles & Self.toggleBit(code) != 0 {
            out.unicodeScalars.append(Unicode.Scalar(code))
        }
        switch (foreground, background) {
        case (nil, nil):
            return out
        case (let fg?, nil):
            out += (fg.isPalette ? "\u{03}" : "\u{04}") + fg.digits
        case (nil, let bg?):
            // A hex background needs some foreground: write a placeholder, then reset the
            // foreground alone with ^C99 (the background stays).
            out += bg.isPalette ? "\u{03}99,\(bg.digits)" : "\u{04}000000,\(bg.digits)\u{03}99"
        case (let fg?, let bg?) where fg.isPalette == bg.isPalette:
            out += (fg.isPalette ? "\u{03}" : "\u{04}") + fg.digits + "," + bg.digits
        case (let fg?, let bg?):
            out += bg.isPalette ? "\u{03}99,\(bg.digits)" : "\u{04}000000,\(bg.digits)"
            out += (fg.isPalette ? "\u{03}" : "\u{04}") + fg.digits
        }
        if let next, next == 0x2C || Self.isHex(next) { out += "\u{02}\u{02}" }
        return out
    }
}

import IRCProtocol

/// Parses mIRC formatting codes into styled runs, following docs/FORMATTING.md.
///
/// Never fails: every input gives runs. Adjacent runs with the same style are merged and empty
/// runs are dropped; a tab becomes one space and every other C0 control character and DEL is
/// removed.
public func parseFormatting(_ text: String) -> [StyledRun] {
    var copy = text
    return copy.withUTF8 { bytes in
        if !FormattingScanner.containsControl(bytes) {
            return bytes.isEmpty ? [] : [StyledRun(text: text, style: TextStyle())]
        }
        return FormattingScanner.parse(bytes)
    }
}

/// The displayed text without any formatting: the concatenated text of ``parseFormatting(_:)``.
public func stripFormatting(_ text: String) -> String {
    var copy = text
    return copy.withUTF8 { bytes in
        if !FormattingScanner.containsControl(bytes) { return text }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = 0
        FormattingScanner.scan(bytes, &i) { _ in } text: { start, end in
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<end]))
        } tab: {
            out.append(0x20)
        }
        return String(decoding: out, as: UTF8.self)
    }
}

/// The byte-level scanner shared by parsing and stripping.
enum FormattingScanner {
    /// One formatting event.
    enum Code {
        case toggle(UInt8)
        case reset
        case colors(foreground: IRCColor??, background: IRCColor??)
    }

    @inline(__always)
    static func isControl(_ b: UInt8) -> Bool { b < 0x20 || b == 0x7F }

    static func containsControl(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for b in bytes where isControl(b) { return true }
        return false
    }

    /// Walks the bytes once, reporting text ranges, tabs and formatting codes in order.
    @inline(__always)
    static func scan(_ p: UnsafeBufferPointer<UInt8>, _ i: inout Int,
                     code: (Code) -> Void, text: (Int, Int) -> Void, tab: () -> Void) {
        let n = p.count
        var start = i
        while i < n {
            let b = p[i]
            if !isControl(b) { i += 1; continue }
            if i > start { text(start, i) }
            i += 1
            switch b {
            case 0x02, 0x1D, 0x1F, 0x1E, 0x11, 0x16: code(.toggle(b))
            case 0x0F: code(.reset)
            case 0x09: tab()
            case 0x03: code(scanPalette(p, &i))
            case 0x04: code(scanHex(p, &i))
            default: break   // other C0 and DEL: not drawn
            }
            start = i
        }
        if n > start { text(start, n) }
    }

    @inline(__always)
    static func isDigit(_ b: UInt8) -> Bool { b &- 0x30 < 10 }

    /// 1–2 digits at `i` (advancing past them), or `nil`.
    @inline(__always)
    static func digits(_ p: UnsafeBufferPointer<UInt8>, _ i: inout Int) -> Int? {
        guard i < p.count, isDigit(p[i]) else { return nil }
        var value = Int(p[i] &- 0x30)
        i += 1
        if i < p.count, isDigit(p[i]) {
            value = value * 10 + Int(p[i] &- 0x30)
            i += 1
        }
        return value
    }

    static func paletteColor(_ value: Int) -> IRCColor? { value == 99 ? nil : .palette(value) }

    /// After 0x03: `fg[,bg]` or a reset of both colours.
    static func scanPalette(_ p: UnsafeBufferPointer<UInt8>, _ i: inout Int) -> Code {
        guard let fg = digits(p, &i) else { return .colors(foreground: .some(nil), background: .some(nil)) }
        if i + 1 < p.count, p[i] == 0x2C, isDigit(p[i + 1]) {
            i += 1
            let bg = digits(p, &i)!
            return .colors(foreground: .some(paletteColor(fg)), background: .some(paletteColor(bg)))
        }
        return .colors(foreground: .some(paletteColor(fg)), background: .none)
    }

    /// Six hex digits at `j` as a colour, or `nil`.
    static func hexColor(_ p: UnsafeBufferPointer<UInt8>, at j: Int) -> IRCColor? {
        guard j + 6 <= p.count else { return nil }
        @inline(__always) func byte(_ k: Int) -> UInt8? {
            guard let hi = HexDigit.value(p[j + k]), let lo = HexDigit.value(p[j + k + 1]) else { return nil }
            return hi << 4 | lo
        }
        guard let r = byte(0), let g = byte(2), let b = byte(4) else { return nil }
        return .rgb(r, g, b)
    }

    /// After 0x04: `RRGGBB[,RRGGBB]` or a reset of both colours.
    static func scanHex(_ p: UnsafeBufferPointer<UInt8>, _ i: inout Int) -> Code {
        guard let fg = hexColor(p, at: i) else { return .colors(foreground: .some(nil), background: .some(nil)) }
        i += 6
        if i < p.count, p[i] == 0x2C, let bg = hexColor(p, at: i + 1) {
            i += 7
            return .colors(foreground: .some(fg), background: .some(bg))
        }
        return .colors(foreground: .some(fg), background: .none)
    }

    /// Full parse into merged, non-empty runs.
    static func parse(_ p: UnsafeBufferPointer<UInt8>) -> [StyledRun] {
        var runs: [StyledRun] = []
        var style = TextStyle()
        var pendingStyle = TextStyle()
        var pending: [UInt8] = []
        pending.reserveCapacity(p.count)

        func flush() {
            if !pending.isEmpty {
                runs.append(StyledRun(text: String(decoding: pending, as: UTF8.self), style: pendingStyle))
                pending.removeAll(keepingCapacity: true)
            }
        }
        func begin() {
            if pendingStyle != style {
                flush()
                pendingStyle = style
            }
        }

        var i = 0
        scan(p, &i) { code in
            switch code {
            case .toggle(let b):
                switch b {
                case 0x02: style.bold.toggle()
                case 0x1D: style.italic.toggle()
                case 0x1F: style.underline.toggle()
                case 0x1E: style.strikethrough.toggle()
                case 0x11: style.monospace.toggle()
                default: style.reverse.toggle()
                }
            case .reset:
                style = TextStyle()
            case .colors(let fg, let bg):
                if let fg { style.foreground = fg }
                if let bg { style.background = bg }
            }
        } text: { start, end in
            begin()
            pending.append(contentsOf: UnsafeBufferPointer(rebasing: p[start..<end]))
        } tab: {
            begin()
            pending.append(0x20)
        }
        flush()
        return runs
    }
}

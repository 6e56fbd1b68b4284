/// Writes runs back as text with mIRC control codes: the reverse of ``parseFormatting(_:)``.
///
/// `parseFormatting(serializeFormatting(runs))` gives `runs` back, merged and without empty runs.
/// Control characters inside run texts are dropped (a tab becomes a space), as the parser would.
/// Nothing is closed at the end: the text is meant to be sent as one message.
public func serializeFormatting(_ runs: [StyledRun]) -> String {
    var out = ""
    var current = TextStyle()
    for run in runs {
        let text = FormattingEncoder.sanitized(run.text)
        guard !text.isEmpty else { continue }
        out += formattingTransition(from: current, to: run.style, before: text.unicodeScalars.first)
        out += text
        current = run.style
    }
    return out
}

/// The control codes that change the formatting from `current` to `target`, e.g. for the input
/// line's Ctrl+B / Ctrl+I / Ctrl+U / Ctrl+K insertion.
///
/// `next` is the first character of the text that will follow. When it is a digit or a comma that
/// the colour code could swallow, a zero-width `\x02\x02` (bold on and off again) is inserted.
public func formattingTransition(from current: TextStyle, to target: TextStyle,
                                 before next: Unicode.Scalar?) -> String {
    if current == target { return "" }
    if target == TextStyle() { return "\u{0F}" }
    var out = ""
    let toggles: [(KeyPath<TextStyle, Bool>, String)] = [
        (\.bold, "\u{02}"), (\.italic, "\u{1D}"), (\.underline, "\u{1F}"),
        (\.strikethrough, "\u{1E}"), (\.monospace, "\u{11}"), (\.reverse, "\u{16}"),
    ]
    for (path, code) in toggles where current[keyPath: path] != target[keyPath: path] {
        out += code
    }
    guard current.foreground != target.foreground || current.background != target.background else {
        return out
    }
    let colour = FormattingEncoder.colourCode(target, backgroundChanged: current.background != target.background)
    out += colour.code
    if let next {
        // "\x0304" + ",5" would read 5 as a background; a bare "\x03" + "5" would read a colour.
        let swallowedComma = next == "," && colour.foregroundLast
        let swallowedDigit = ("0"..."9").contains(next) && !colour.hasDigits
        if swallowedComma || swallowedDigit { out += "\u{02}\u{02}" }
    }
    return out
}

/// Helpers for ``serializeFormatting(_:)``.
enum FormattingEncoder {
    static func sanitized(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F }) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar == "\t" { out.append(" ") } else if scalar.value >= 0x20 && scalar.value != 0x7F {
                out.append(scalar)
            }
        }
        return String(out)
    }

    static func twoDigits(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }

    static func hex(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([r >> 4, r & 15, g >> 4, g & 15, b >> 4, b & 15].map { digits[Int($0)] })
    }

    /// Palette digits for a palette colour or the default (99); `nil` for an RGB colour.
    static func paletteDigits(_ colour: IRCColor?) -> String? {
        switch colour {
        case nil: return "99"
        case .palette(let index)?: return twoDigits(min(max(index, 0), 99))
        case .rgb?: return nil
        }
    }

    static func hexDigits(_ colour: IRCColor?) -> String? {
        if case .rgb(let r, let g, let b)? = colour { return hex(r, g, b) }
        return nil
    }

    /// The colour code for `target`; `foregroundLast` says the code ends with a foreground-only
    /// part (so a following comma would be read as a background).
    static func colourCode(_ target: TextStyle, backgroundChanged: Bool)
        -> (code: String, foregroundLast: Bool, hasDigits: Bool) {
        let fg = target.foreground, bg = target.background
        if fg == nil && bg == nil { return ("\u{03}", false, false) }
        let fgPalette = paletteDigits(fg), fgHex = hexDigits(fg)
        func foregroundOnly() -> String {
            if let fgPalette { return "\u{03}" + fgPalette }
            return "\u{04}" + (fgHex ?? "")
        }
        guard backgroundChanged else { return (foregroundOnly(), true, true) }
        if let fgPalette, let bgPalette = paletteDigits(bg) {
            return ("\u{03}\(fgPalette),\(bgPalette)", false, true)
        }
        if let fgHex, let bgHex = hexDigits(bg) {
            return ("\u{04}\(fgHex),\(bgHex)", false, true)
        }
        // Mixed kinds: set the background with a placeholder foreground, then the foreground.
        let background = paletteDigits(bg).map { "\u{03}99,\($0)" } ?? "\u{04}000000,\(hexDigits(bg) ?? "")"
        return (background + foregroundOnly(), true, true)
    }
}

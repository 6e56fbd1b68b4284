import IRCFormatting
import Widgets

/// The input line's view of mIRC formatting: each control code shows as a small marker (B, I,
/// U, S, M, R, O for reset, C and H for colours) and styles the text after it as it will be
/// sent. One displayed grapheme per character, so carets and selections keep their places.
public enum InputFormatting {
    static let markers: [Character: String] = [
        "\u{02}": "B", "\u{1D}": "I", "\u{1F}": "U", "\u{1E}": "S", "\u{11}": "M", "\u{16}": "R",
        "\u{0F}": "O", "\u{03}": "C", "\u{04}": "H",
    ]

    /// The code Ctrl+B, Ctrl+I, Ctrl+U, Ctrl+K, Ctrl+O insert.
    public static func code(forShortcut letter: Character) -> Character? {
        switch letter {
        case "b": return "\u{02}"
        case "i": return "\u{1D}"
        case "u": return "\u{1F}"
        case "k": return "\u{03}"
        case "o": return "\u{0F}"
        default: return nil
        }
    }

    /// Spans for `text` in the input line.
    /// The characters at `misspelt` (offsets in `text`) are underlined in the error colour.
    public static func spans(_ text: String, base: TextAttributes, theme: ChatTheme, misspelt: Set<Int> = []) -> [TextSpan] {
        var spans: [TextSpan] = []
        var style = TextStyle()
        var colorDigits = 0      // digits still allowed after ^C (or hex after ^D)
        var sawComma = false
        var pendingColor = ""
        var hex = false
        let marker = TextAttributes(font: FontSpec(role: .ui, size: max(8, base.font.size - 4), bold: true),
                                    foreground: theme.base.background, background: theme.dimText)
        func attributes(_ style: TextStyle) -> TextAttributes {
            var a = base
            a.font = FontSpec(role: style.monospace ? .mono : base.font.role, size: base.font.size,
                              bold: style.bold, italic: style.italic)
            var fg = style.foreground.flatMap(\.rgbComponents).map { Color(r: $0.red, g: $0.green, b: $0.blue) } ?? base.foreground
            var bg = style.background.flatMap(\.rgbComponents).map { Color(r: $0.red, g: $0.green, b: $0.blue) }
            if style.reverse { (fg, bg) = (bg ?? theme.base.background, fg) }
            a.foreground = fg
            a.background = bg
            a.underline = style.underline
            a.strikethrough = style.strikethrough
            return a
        }
        func finishColor() {
            guard !pendingColor.isEmpty else { colorDigits = 0; return }
            let parts = pendingColor.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            func color(_ digits: String) -> IRCColor? {
                if hex, digits.count == 6, let v = UInt32(digits, radix: 16) {
                    return .rgb(UInt8(v >> 16), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF))
                }
                if let n = Int(digits), n < 99 { return .palette(n) }
                return nil
            }
            if let first = parts.first, !first.isEmpty { style.foreground = color(first) }
            if parts.count > 1, !parts[1].isEmpty { style.background = color(parts[1]) }
            pendingColor = ""
            colorDigits = 0
        }
        for (offset, character) in text.enumerated() {
            if colorDigits > 0 {
                let isDigit = hex ? character.isHexDigit : character.isASCII && character.isNumber
                if isDigit || (character == "," && !sawComma && !pendingColor.isEmpty) {
                    if character == "," { sawComma = true; colorDigits = hex ? 6 : 2 } else { colorDigits -= 1 }
                    pendingColor.append(character)
                    spans.append(TextSpan(String(character), TextAttributes(font: base.font, foreground: theme.dimText)))
                    if colorDigits == 0 && (sawComma || pendingColor.count >= (hex ? 6 : 2)) { finishColor() }
                    continue
                }
                if pendingColor.isEmpty { style.foreground = nil; style.background = nil }
                finishColor()
            }
            if let label = markers[character] {
                spans.append(TextSpan(label, marker))
                switch character {
                case "\u{02}": style.bold.toggle()
                case "\u{1D}": style.italic.toggle()
                case "\u{1F}": style.underline.toggle()
                case "\u{1E}": style.strikethrough.toggle()
                case "\u{11}": style.monospace.toggle()
                case "\u{16}": style.reverse.toggle()
                case "\u{0F}": style = TextStyle()
                default:
                    hex = character == "\u{04}"
                    colorDigits = hex ? 6 : 2
                    sawComma = false
                    pendingColor = ""
                }
                continue
            }
            var plain = attributes(style)
            if misspelt.contains(offset) {
                plain.underline = true
                plain.underlineColor = theme.errorText
            }
            spans.append(TextSpan(String(character), plain))
        }
        return merged(spans)
    }

    /// Adjacent spans with the same attributes joined.
    private static func merged(_ spans: [TextSpan]) -> [TextSpan] {
        var out: [TextSpan] = []
        for span in spans {
            if let last = out.last, last.attributes == span.attributes {
                out[out.count - 1].text += span.text
            } else {
                out.append(span)
            }
        }
        return out
    }
}

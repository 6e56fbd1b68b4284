/// ASCII bytes the readers compare against.
enum ASCII {
    static let lessThan = UInt8(ascii: "<"), greaterThan = UInt8(ascii: ">"), slash = UInt8(ascii: "/")
    static let equals = UInt8(ascii: "="), doubleQuote = UInt8(ascii: "\""), singleQuote = UInt8(ascii: "'")
    static let space = UInt8(ascii: " ")

    /// HTML's white space: space, tab, LF, FF, CR.
    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D }
    static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }
    static func lower(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte }
    static func lowercased(_ bytes: [UInt8]) -> String { String(decoding: bytes.map(lower), as: UTF8.self) }
}

/// The character sets a page's text is read in: UTF-8, and Windows-1252 for every label the
/// web maps to it (ISO-8859-1, ASCII, …). Anything else is read as UTF-8, invalid bytes
/// replaced.
enum TextCharset: Sendable, Equatable {
    case utf8, windows1252

    /// The charset a label names; nil for a label that is neither (read as UTF-8 then).
    init?(label: String) {
        let name = label.trimmingBlanksOfKey().lowercased()
        switch name {
        case "utf-8", "utf8", "unicode-1-1-utf-8", "unicode11utf8", "unicode20utf8", "x-unicode20utf8":
            self = .utf8
        case "windows-1252", "cp1252", "x-cp1252", "iso-8859-1", "iso8859-1", "iso_8859-1", "iso88591", "latin1", "l1",
             "us-ascii", "ascii", "ansi_x3.4-1968", "cp819", "ibm819", "iso-ir-100", "csisolatin1", "iso_8859-1:1987":
            self = .windows1252
        default:
            return nil
        }
    }

    /// `bytes` as text; invalid UTF-8 becomes U+FFFD.
    func decode(_ bytes: [UInt8]) -> String {
        switch self {
        case .utf8:
            return String(decoding: bytes, as: UTF8.self)
        case .windows1252:
            var scalars = String.UnicodeScalarView()
            for byte in bytes { scalars.append(Self.windows1252Scalar(byte)) }
            return String(scalars)
        }
    }

    /// Windows-1252's character for a byte: Latin-1 but for 0x80–0x9F.
    static func windows1252Scalar(_ byte: UInt8) -> Unicode.Scalar {
        guard byte >= 0x80, byte <= 0x9F, let value = high[Int(byte - 0x80)] else { return Unicode.Scalar(byte) }
        return Unicode.Scalar(value) ?? Unicode.Scalar(byte)
    }

    /// 0x80–0x9F in Windows-1252 (nil: unassigned, kept as the C1 control of that number).
    private static let high: [UInt32?] = [
        0x20AC, nil, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, nil, 0x017D, nil,
        nil, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, nil, 0x017E, 0x0178,
    ]
}

/// The `charset` parameter of a Content-Type value (`text/html; charset="utf-8"`).
public enum ContentTypeCharset {
    /// The charset named in `value`, unquoted; nil when there is none.
    public static func parameter(in value: String) -> String? {
        for part in value.split(separator: ";").dropFirst() {
            let pair = part.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingBlanksOfKeyLowercased() == "charset" else { continue }
            var name = Substring(String(pair[1]).trimmingBlanksOfKey())
            if name.hasPrefix("\"") || name.hasPrefix("'") { name = name.dropFirst() }
            if name.hasSuffix("\"") || name.hasSuffix("'") { name = name.dropLast() }
            return name.isEmpty ? nil : String(name)
        }
        // A meta content without a media type (`content="charset=utf-8"`) is seen too.
        let lowered = Array(value.lowercased().utf8), key = Array("charset=".utf8)
        guard lowered.count >= key.count,
              let start = (0...(lowered.count - key.count)).first(where: { lowered[$0..<($0 + key.count)].elementsEqual(key) })
        else { return nil }
        let rest = lowered[(start + key.count)...].prefix { $0 != UInt8(ascii: ";") && !ASCII.isSpace($0) && $0 != ASCII.doubleQuote && $0 != ASCII.singleQuote }
        return rest.isEmpty ? nil : String(decoding: rest, as: UTF8.self)
    }
}

extension Substring {
    fileprivate func trimmingBlanksOfKeyLowercased() -> String { String(self).trimmingBlanksOfKey().lowercased() }
}

/// Text from a page made fit to show: character references decoded, white space collapsed,
/// control characters dropped, cut to a number of characters.
enum HTMLText {
    static func clean(_ text: String, limit: Int) -> String {
        var out = String.UnicodeScalarView()
        var count = 0
        var pendingSpace = false
        let scalars = Array(decodingReferences(text).unicodeScalars)
        for scalar in scalars {
            if count >= limit { break }
            let isSpace = scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" || scalar == "\u{0C}"
                || scalar == "\u{A0}" || scalar.properties.isWhitespace
            if isSpace {
                pendingSpace = !out.isEmpty
                continue
            }
            // Controls (C0, C1), and bidirectional overrides that would turn the row's text around.
            if scalar.value < 0x20 || (scalar.value >= 0x7F && scalar.value <= 0x9F)
                || (scalar.value >= 0x202A && scalar.value <= 0x202E) || (scalar.value >= 0x2066 && scalar.value <= 0x2069) {
                continue
            }
            if pendingSpace {
                out.append(" ")
                pendingSpace = false
            }
            out.append(scalar)
            count += 1
        }
        // Characters, not scalars: a flag or an accent drawn apart from its letter stays one.
        return String(String(out).prefix(limit))
    }

    /// `&name;`, `&#123;` and `&#x1F600;` replaced by their characters; anything else kept.
    static func decodingReferences(_ text: String) -> String {
        guard text.unicodeScalars.contains("&") else { return text }
        let scalars = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        var at = 0
        while at < scalars.count {
            let scalar = scalars[at]
            guard scalar == "&" else { out.append(scalar); at += 1; continue }
            if let (decoded, length) = reference(in: scalars, at: at) {
                out.append(contentsOf: decoded.unicodeScalars)
                at += length
            } else {
                out.append(scalar)
                at += 1
            }
        }
        return String(out)
    }

    /// The reference starting at `start` (an `&`) and how many scalars it takes.
    private static func reference(in scalars: [Unicode.Scalar], at start: Int) -> (String, Int)? {
        var at = start + 1
        if at < scalars.count, scalars[at] == "#" {
            at += 1
            var hex = false
            if at < scalars.count, scalars[at] == "x" || scalars[at] == "X" { hex = true; at += 1 }
            var value: UInt32 = 0
            var digits = 0
            while at < scalars.count, let digit = digitValue(scalars[at], hex: hex) {
                value = min(value &* (hex ? 16 : 10) &+ digit, 0x110000)
                digits += 1
                at += 1
            }
            guard digits > 0 else { return nil }
            if at < scalars.count, scalars[at] == ";" { at += 1 }
            return (String(numericCharacter(value)), at - start)
        }
        var name = ""
        while at < scalars.count, at - start <= 10, scalars[at].isASCII,
              ASCII.isLetter(UInt8(scalars[at].value)) || ("0"..."9").contains(scalars[at]) {
            name.unicodeScalars.append(scalars[at])
            at += 1
        }
        guard at < scalars.count, scalars[at] == ";", let character = named[name] else { return nil }
        return (character, at + 1 - start)
    }

    private static func digitValue(_ scalar: Unicode.Scalar, hex: Bool) -> UInt32? {
        switch scalar.value {
        case 0x30...0x39: scalar.value - 0x30
        case 0x61...0x66 where hex: scalar.value - 0x61 + 10
        case 0x41...0x46 where hex: scalar.value - 0x41 + 10
        default: nil
        }
    }

    /// A numeric reference's character as HTML reads it: 0x80–0x9F as Windows-1252, nothing
    /// valid (zero, surrogates, past U+10FFFF) as U+FFFD.
    private static func numericCharacter(_ value: UInt32) -> Character {
        if value >= 0x80, value <= 0x9F { return Character(TextCharset.windows1252Scalar(UInt8(value))) }
        guard value != 0, let scalar = Unicode.Scalar(value) else { return "\u{FFFD}" }
        return Character(scalar)
    }

    /// The named references pages' heads use in practice.
    static let named: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}", "hellip": "…", "mdash": "—",
        "ndash": "–", "lsquo": "‘", "rsquo": "’", "ldquo": "“", "rdquo": "”", "sbquo": "‚", "bdquo": "„", "laquo": "«",
        "raquo": "»", "lsaquo": "‹", "rsaquo": "›", "middot": "·", "bull": "•", "copy": "©", "reg": "®", "trade": "™",
        "euro": "€", "pound": "£", "yen": "¥", "cent": "¢", "sect": "§", "para": "¶", "deg": "°", "plusmn": "±",
        "times": "×", "divide": "÷", "frac12": "½", "frac14": "¼", "frac34": "¾", "iexcl": "¡", "iquest": "¿",
        "shy": "\u{AD}", "ensp": "\u{2002}", "emsp": "\u{2003}", "thinsp": "\u{2009}", "zwnj": "\u{200C}", "zwj": "\u{200D}",
        "aacute": "á", "Aacute": "Á", "agrave": "à", "Agrave": "À", "acirc": "â", "Acirc": "Â", "auml": "ä", "Auml": "Ä",
        "atilde": "ã", "Atilde": "Ã", "aring": "å", "Aring": "Å", "aelig": "æ", "AElig": "Æ", "ccedil": "ç", "Ccedil": "Ç",
        "eacute": "é", "Eacute": "É", "egrave": "è", "Egrave": "È", "ecirc": "ê", "Ecirc": "Ê", "euml": "ë", "Euml": "Ë",
        "iacute": "í", "Iacute": "Í", "igrave": "ì", "Igrave": "Ì", "icirc": "î", "Icirc": "Î", "iuml": "ï", "Iuml": "Ï",
        "ntilde": "ñ", "Ntilde": "Ñ", "oacute": "ó", "Oacute": "Ó", "ograve": "ò", "Ograve": "Ò", "ocirc": "ô", "Ocirc": "Ô",
        "ouml": "ö", "Ouml": "Ö", "otilde": "õ", "Otilde": "Õ", "oslash": "ø", "Oslash": "Ø", "uacute": "ú", "Uacute": "Ú",
        "ugrave": "ù", "Ugrave": "Ù", "ucirc": "û", "Ucirc": "Û", "uuml": "ü", "Uuml": "Ü", "yacute": "ý", "Yacute": "Ý",
        "yuml": "ÿ", "szlig": "ß", "eth": "ð", "ETH": "Ð", "thorn": "þ", "THORN": "Þ",
    ]
}

/// A URL found in displayed (stripped) text.
public struct DetectedURL: Hashable, Sendable {
    /// Where the URL is in the text that was searched.
    public var range: Range<String.Index>
    /// The URL itself.
    public var url: String
}

/// Finds `http`, `https`, `irc`, `ircs` and `mailto` URLs in `text` (the output of
/// ``stripFormatting(_:)``), and `www.host.tld…` without a scheme (its ``DetectedURL/url`` then
/// begins `https://`), for the renderer to underline and open.
///
/// A URL starts at its scheme (case-insensitive, not preceded by a letter or digit) and runs to
/// the next whitespace, control character, `<`, `>` or `"`. Trailing punctuation (`.,;:!?'*`) is
/// not part of it, and neither is a closing `)`, `]` or `}` that has no opening partner inside
/// the URL, so `(see https://example.com/a_(b))` gives `https://example.com/a_(b)`.
public func detectURLs(in text: String) -> [DetectedURL] {
    let bytes = Array(text.utf8)
    var found: [DetectedURL] = []
    var i = 0
    while i < bytes.count {
        guard i == 0 || !URLScanner.isAlphanumeric(bytes[i - 1]) else {
            i += 1
            continue
        }
        guard let schemeLength = URLScanner.schemeLength(bytes, at: i) else {
            // "www.example.com/x" without a scheme is a link too (opened over HTTPS).
            // Not inside a name already ("a.www.b", "me@www.b", "x/www.b").
            let inside = i > 0 && [0x2E, 0x40, 0x2F, 0x2D].contains(bytes[i - 1])
            if !inside, let end = URLScanner.wwwHostEnd(bytes, at: i) {
                let utf8 = text.utf8
                let lower = utf8.index(utf8.startIndex, offsetBy: i)
                let upper = utf8.index(utf8.startIndex, offsetBy: end)
                found.append(DetectedURL(range: lower..<upper, url: "https://" + String(text[lower..<upper])))
                i = end
            } else {
                i += 1
            }
            continue
        }
        var end = i + schemeLength
        while end < bytes.count && !URLScanner.isTerminator(bytes[end]) { end += 1 }
        end = URLScanner.trimmedEnd(bytes, start: i, end: end)
        let isMailto = schemeLength == 7 && bytes[i + 6] == 0x3A && bytes[i] | 0x20 == 0x6D
        let body = bytes[(i + schemeLength)..<max(end, i + schemeLength)]
        if end > i + schemeLength && (!isMailto || body.contains(0x40)) {
            let utf8 = text.utf8
            let lower = utf8.index(utf8.startIndex, offsetBy: i)
            let upper = utf8.index(utf8.startIndex, offsetBy: end)
            found.append(DetectedURL(range: lower..<upper, url: String(text[lower..<upper])))
            i = end
        } else {
            i += schemeLength
        }
    }
    return found
}

/// Byte-level helpers for ``detectURLs(in:)``.
enum URLScanner {
    static let schemes: [[UInt8]] = ["https://", "http://", "ircs://", "irc://", "mailto:"].map { Array($0.utf8) }

    static func isAlphanumeric(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || (b | 0x20 >= 0x61 && b | 0x20 <= 0x7A)
    }

    static func schemeLength(_ bytes: [UInt8], at i: Int) -> Int? {
        for scheme in schemes where i + scheme.count <= bytes.count {
            var matched = true
            for (k, c) in scheme.enumerated() {
                let b = bytes[i + k]
                if (c >= 0x61 && c <= 0x7A ? b | 0x20 : b) != c { matched = false; break }
            }
            if matched { return scheme.count }
        }
        return nil
    }

    /// Where a link starting `www.` at `i` ends: `www.` then a host of two labels or more
    /// (letters, digits, hyphens), then anything up to a terminator, trimmed like any link.
    /// `nil` when there is no such host ("www." alone, "www.x").
    static func wwwHostEnd(_ bytes: [UInt8], at i: Int) -> Int? {
        let www: [UInt8] = Array("www.".utf8)
        guard i + www.count < bytes.count, zip(www, bytes[i...]).allSatisfy({ $0 == $1 | 0x20 }) else { return nil }
        var end = i + www.count
        var labels = 0, labelLength = 0
        while end < bytes.count, isAlphanumeric(bytes[end]) || bytes[end] == 0x2D || bytes[end] == 0x2E {
            if bytes[end] == 0x2E {
                guard labelLength > 0 else { return nil }
                labels += 1
                labelLength = 0
            } else {
                labelLength += 1
            }
            end += 1
        }
        if labelLength > 0 { labels += 1 }
        guard labels >= 2 else { return nil }
        while end < bytes.count && !isTerminator(bytes[end]) { end += 1 }
        return trimmedEnd(bytes, start: i, end: end)
    }

    static func isTerminator(_ b: UInt8) -> Bool {
        b <= 0x20 || b == 0x7F || b == 0x3C || b == 0x3E || b == 0x22
    }

    /// Drops trailing punctuation and unbalanced closing brackets.
    static func trimmedEnd(_ bytes: [UInt8], start: Int, end: Int) -> Int {
        var end = end
        while end > start {
            let last = bytes[end - 1]
            switch last {
            case 0x2E, 0x2C, 0x3B, 0x3A, 0x21, 0x3F, 0x27, 0x2A:
                end -= 1
            case 0x29, 0x5D, 0x7D:
                let open: UInt8 = last == 0x29 ? 0x28 : (last == 0x5D ? 0x5B : 0x7B)
                let slice = bytes[start..<end]
                let opens = slice.count(where: { $0 == open })
                let closes = slice.count(where: { $0 == last })
                if closes > opens { end -= 1 } else { return end }
            default:
                return end
            }
        }
        return end
    }
}

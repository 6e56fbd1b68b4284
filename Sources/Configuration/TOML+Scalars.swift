/// The TOML reader's strings, numbers and dates (``TOMLTable/init(parsing:)``).
extension TOMLReader {
    // MARK: Strings

    mutating func basicString() throws(TOMLParseError) -> String {
        at += 1
        var out: [UInt8] = []
        while true {
            guard let b = peek, b != UInt8(ascii: "\n") else { throw fail("a \"string\" is not closed on its line") }
            at += 1
            if b == UInt8(ascii: "\"") { break }
            if b == UInt8(ascii: "\\") { try escape(into: &out); continue }
            try checkTextByte(b)
            out.append(b)
        }
        return try text(out)
    }

    mutating func multilineBasicString() throws(TOMLParseError) -> String {
        at += 3
        skipNewline()
        var out: [UInt8] = []
        while true {
            guard let b = peek else { throw fail("a \"\"\"string\"\"\" is not closed") }
            if starts("\"\"\"") { return try close(out, quote: UInt8(ascii: "\"")) }
            if b == UInt8(ascii: "\\") {
                // A backslash ending a line joins it to the next non-blank text.
                var look = at + 1
                while look < bytes.count, bytes[look] == 0x20 || bytes[look] == 0x09 { look += 1 }
                if look < bytes.count, bytes[look] == 0x0A || (bytes[look] == 0x0D && look + 1 < bytes.count && bytes[look + 1] == 0x0A) {
                    at = look
                    while let c = peek, c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D {
                        if c == 0x0D { guard at + 1 < bytes.count, bytes[at + 1] == 0x0A else { throw fail("a carriage return must be followed by a line feed") } }
                        if c == 0x0A { newline() } else { at += 1 }
                    }
                    continue
                }
                at += 1
                try escape(into: &out)
                continue
            }
            try multilineByte(b, into: &out)
        }
    }

    mutating func literalString() throws(TOMLParseError) -> String {
        at += 1
        let start = at
        while true {
            guard let b = peek, b != UInt8(ascii: "\n") else { throw fail("a 'string' is not closed on its line") }
            if b == UInt8(ascii: "'") { break }
            try checkTextByte(b)
            at += 1
        }
        defer { at += 1 }
        return try text(Array(bytes[start..<at]))
    }

    mutating func multilineLiteralString() throws(TOMLParseError) -> String {
        at += 3
        skipNewline()
        var out: [UInt8] = []
        while true {
            guard let b = peek else { throw fail("a '''string''' is not closed") }
            if starts("'''") { return try close(out, quote: UInt8(ascii: "'")) }
            try multilineByte(b, into: &out)
        }
    }

    /// Ends a multi-line string at its three closing quotes: up to two more quotes right
    /// before them belong to the content.
    mutating func close(_ content: [UInt8], quote: UInt8) throws(TOMLParseError) -> String {
        var quotes = 3
        while quotes < 5, at + quotes < bytes.count, bytes[at + quotes] == quote { quotes += 1 }
        at += quotes
        return try text(content + Array(repeating: quote, count: quotes - 3))
    }

    /// One byte of a multi-line string's content (line ends counted, CR only before LF).
    mutating func multilineByte(_ b: UInt8, into out: inout [UInt8]) throws(TOMLParseError) {
        if b == 0x0A { out.append(b); newline(); return }
        if b == 0x0D {
            guard at + 1 < bytes.count, bytes[at + 1] == 0x0A else { throw fail("a carriage return must be followed by a line feed") }
            out.append(b); at += 1
            return
        }
        try checkTextByte(b)
        out.append(b)
        at += 1
    }

    /// After a backslash in a basic string.
    mutating func escape(into out: inout [UInt8]) throws(TOMLParseError) {
        guard let e = peek else { throw fail("a string ends in a backslash") }
        at += 1
        switch e {
        case UInt8(ascii: "b"): out.append(0x08)
        case UInt8(ascii: "t"): out.append(0x09)
        case UInt8(ascii: "n"): out.append(0x0A)
        case UInt8(ascii: "f"): out.append(0x0C)
        case UInt8(ascii: "r"): out.append(0x0D)
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): out.append(e)
        case UInt8(ascii: "u"), UInt8(ascii: "U"):
            let count = e == UInt8(ascii: "u") ? 4 : 8
            guard at + count <= bytes.count, let value = UInt32(String(decoding: bytes[at..<at + count], as: UTF8.self), radix: 16),
                  bytes[at..<at + count].allSatisfy({ Self.isHex($0) }), let scalar = Unicode.Scalar(value) else {
                throw fail("\\\(Character(Unicode.Scalar(e))) must be followed by \(count) hex digits of a Unicode scalar value")
            }
            at += count
            out += Array(String(Character(scalar)).utf8)
        default:
            throw fail("\\\(shown(e)) is not an escape TOML knows")
        }
    }

    /// Control characters other than tab may not be written in strings or comments.
    func checkTextByte(_ b: UInt8) throws(TOMLParseError) {
        if (b < 0x20 && b != 0x09) || b == 0x7F { throw fail("control character \(shown(b)) in text (write it as an escape)") }
    }

    func text(_ utf8: [UInt8]) throws(TOMLParseError) -> String {
        guard let s = String(validating: utf8, as: UTF8.self) else { throw fail("text that is not UTF-8") }
        return s
    }

    // MARK: Numbers and dates

    mutating func numberOrDate() throws(TOMLParseError) -> TOMLValue {
        let start = at
        // A date-time may hold one space, between the date and a time.
        while let b = peek, !Self.endsValue(b) {
            at += 1
            if b == 0x20 { break }
        }
        var end = at
        var token = String(decoding: bytes[start..<end], as: UTF8.self)
        if token.hasSuffix(" ") {
            let date = String(token.dropLast())
            if Self.isDate(date), let b = peek, b >= 0x30 && b <= 0x39 {
                while let b = peek, !Self.endsValue(b), b != 0x20 { at += 1 }
                end = at
                token = String(decoding: bytes[start..<end], as: UTF8.self)
            } else {
                at -= 1
                token = date
            }
        }
        if let value = Self.number(token) { return value }
        if Self.isDateTime(token) { return .datetime(token) }
        at = start
        throw fail(token.isEmpty ? "expected a value, found \(peek.map(shown) ?? "the end")" : "\(token) is not a TOML value (text needs quotes)")
    }

    static func endsValue(_ b: UInt8) -> Bool {
        b == UInt8(ascii: ",") || b == UInt8(ascii: "]") || b == UInt8(ascii: "}") || b == UInt8(ascii: "#")
            || b == 0x0A || b == 0x0D || b == 0x09
    }

    static func number(_ token: String) -> TOMLValue? {
        var s = Substring(token)
        switch s {
        case "inf", "+inf": return .float(.infinity)
        case "-inf": return .float(-.infinity)
        case "nan", "+nan", "-nan": return .float(.nan)
        default: break
        }
        for (prefix, radix) in [("0x", 16), ("0o", 8), ("0b", 2)] where s.hasPrefix(prefix) {
            let digits = s.dropFirst(2)
            guard underscoresBetweenDigits(digits, radix: radix) else { return nil }
            return Int(digits.filter { $0 != "_" }, radix: radix).map { .integer($0) }
        }
        var sign = ""
        if s.first == "+" || s.first == "-" { sign = s.first == "-" ? "-" : ""; s = s.dropFirst() }
        guard let first = s.first, first.isASCII, first.isNumber else { return nil }
        // The integer part, then an optional fraction and exponent.
        let intEnd = s.firstIndex { $0 == "." || $0 == "e" || $0 == "E" } ?? s.endIndex
        let intPart = s[..<intEnd]
        guard underscoresBetweenDigits(intPart, radix: 10), intPart == "0" || !intPart.hasPrefix("0") else { return nil }
        if intEnd == s.endIndex {
            return Int(sign + intPart.filter { $0 != "_" }).map { .integer($0) }
        }
        var rest = s[intEnd...]
        if rest.first == "." {
            rest = rest.dropFirst()
            let fractionEnd = rest.firstIndex { $0 == "e" || $0 == "E" } ?? rest.endIndex
            guard underscoresBetweenDigits(rest[..<fractionEnd], radix: 10) else { return nil }
            rest = rest[fractionEnd...]
        }
        if let e = rest.first, e == "e" || e == "E" {
            var exponent = rest.dropFirst()
            if exponent.first == "+" || exponent.first == "-" { exponent = exponent.dropFirst() }
            guard underscoresBetweenDigits(exponent, radix: 10) else { return nil }
        } else if !rest.isEmpty {
            return nil
        }
        return Double(sign + s.filter { $0 != "_" }).map { .float($0) }
    }

    /// Digits of `radix`, at least one, with single underscores only between two digits.
    static func underscoresBetweenDigits(_ s: Substring, radix: Int) -> Bool {
        guard let first = s.first, let last = s.last, first != "_", last != "_" else { return false }
        var previousUnderscore = false
        for c in s {
            if c == "_" {
                if previousUnderscore { return false }
                previousUnderscore = true
                continue
            }
            previousUnderscore = false
            guard c.isASCII, let digit = c.hexDigitValue, digit < radix else { return false }
        }
        return true
    }

    static func isHex(_ b: UInt8) -> Bool { (b >= 0x30 && b <= 0x39) || (b | 0x20 >= 0x61 && b | 0x20 <= 0x66) }

    /// `YYYY-MM-DD`.
    static func isDate(_ s: String) -> Bool {
        let b = Array(s.utf8)
        guard b.count == 10, b[4] == UInt8(ascii: "-"), b[7] == UInt8(ascii: "-"),
              [0, 1, 2, 3, 5, 6, 8, 9].allSatisfy({ b[$0] >= 0x30 && b[$0] <= 0x39 }) else { return false }
        let month = Int(s.dropFirst(5).prefix(2))!, day = Int(s.suffix(2))!
        return (1...12).contains(month) && (1...31).contains(day)
    }

    /// `HH:MM:SS[.frac]`.
    static func isTime(_ s: Substring) -> Bool {
        let b = Array(s.utf8)
        guard b.count >= 8, b[2] == UInt8(ascii: ":"), b[5] == UInt8(ascii: ":"),
              [0, 1, 3, 4, 6, 7].allSatisfy({ b[$0] >= 0x30 && b[$0] <= 0x39 }) else { return false }
        guard Int(s.prefix(2))! < 24, Int(s.dropFirst(3).prefix(2))! < 60, Int(s.dropFirst(6).prefix(2))! <= 60 else { return false }
        if b.count == 8 { return true }
        return b[8] == UInt8(ascii: ".") && b.count > 9 && b[9...].allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
    }

    /// A local date, a local time, or a date and time (with `T`, `t` or a space) with an
    /// optional offset (`Z`, `z`, `±HH:MM`).
    static func isDateTime(_ s: String) -> Bool {
        // ASCII only, so that the byte counts the checks use are the character counts the
        // indexing uses (`make fuzz` found a bare value with U+FFFD that ran past the end; a
        // combining mark after the seconds joins the last digit into one character).
        guard s.utf8.allSatisfy({ $0 < 0x80 }) else { return false }
        if isDate(s) || isTime(Substring(s)) { return true }
        guard s.utf8.count > 11 else { return false }
        let date = String(s.prefix(10))
        let separator = s[s.index(s.startIndex, offsetBy: 10)]
        guard isDate(date), separator == "T" || separator == "t" || separator == " " else { return false }
        var time = s.dropFirst(11)
        if time.hasSuffix("Z") || time.hasSuffix("z") {
            time = time.dropLast()
        } else if time.count > 6, let sign = time.dropLast(5).last, sign == "+" || sign == "-" {
            let offset = Array(time.suffix(5).utf8)
            guard offset[2] == UInt8(ascii: ":"), [0, 1, 3, 4].allSatisfy({ offset[$0] >= 0x30 && offset[$0] <= 0x39 }) else { return false }
            time = time.dropLast(6)
        }
        return isTime(time)
    }
}

/// A lexical check run before the TOML reader, for messages in plain words on mistakes whose
/// reader error would be cryptic: a non-ASCII character outside strings and comments, a table
/// header that starts with anything but a key (`[é]`, `[!]`, `[.a]`, a control character), `}`
/// where an array's value should be (`[1, }]`), a lone CR. (It began as a guard for the C++
/// toml++ inside TOMLKit, which stopped the whole process on the first three; `make fuzz`
/// found them. The reader of our own, ``TOMLTable/init(parsing:)``, reports them as errors.)
enum TOMLPrecheck {
    /// The first non-ASCII character outside strings and comments, table header that does not
    /// start with a key, `}` inside an array, or lone CR, with its 1-based line.
    static func problem(in text: String) -> (line: Int, message: String)? {
        enum Place { case code, comment, basic, literal, multilineBasic, multilineLiteral }
        let scalars = Array(text.unicodeScalars)
        var place = Place.code
        var line = 1
        var i = 0
        var open: [Unicode.Scalar] = []   // arrays and inline tables open in a value, innermost last
        var lineIsBlank = true      // nothing but spaces yet on this line (outside strings)
        var inHeader = false
        func starts(_ quote: Unicode.Scalar, times: Int) -> Bool {
            i + times <= scalars.count && scalars[i..<(i + times)].allSatisfy { $0 == quote }
        }
        // After a backslash the next character is escaped, unless it ends the line (a
        // multi-line string's line-ending backslash): that newline is still counted.
        var skipsEscaped: Int { i + 1 < scalars.count && scalars[i + 1] != "\n" ? 1 : 0 }
        while i < scalars.count {
            let c = scalars[i]
            if c == "\n" {
                line += 1
                // Single-line strings and comments end with the line (an unterminated string
                // is the parser's error to report).
                if place != .multilineBasic && place != .multilineLiteral { place = .code }
                lineIsBlank = true
                inHeader = false
                i += 1
                continue
            }
            // TOML lines end in LF or CR LF; a lone CR is invalid anywhere, and the parser would
            // count it as a line end that no editor shows.
            if c == "\r" && (i + 1 >= scalars.count || scalars[i + 1] != "\n") {
                return (line, "a carriage return (CR) that does not end a line (CR LF)")
            }
            switch place {
            case .code:
                if c == "[" && open.isEmpty && lineIsBlank {
                    inHeader = true
                    var k = i + 1
                    if k < scalars.count && scalars[k] == "[" { k += 1 }
                    while k < scalars.count && (scalars[k] == " " || scalars[k] == "\t") { k += 1 }
                    let first = k < scalars.count ? scalars[k] : "\n"
                    guard isBareKey(first) || first == "\"" || first == "'" else {
                        return (line, "a table name starts with a letter, a digit, `_`, `-` or a quote")
                    }
                } else if !inHeader && (c == "[" || c == "{") {
                    open.append(c)
                } else if !inHeader && c == "}" && open.last == "[" {
                    // Only an inline table closes with `}`; the parser stops the process on
                    // one where an array's next value should be.
                    return (line, "`}` inside an array: an array closes with `]`")
                } else if !inHeader && (c == "]" || c == "}") {
                    _ = open.popLast()
                }
                if c != " " && c != "\t" && c != "\r" { lineIsBlank = false }
                if c == "#" { place = .comment }
                else if c == "\"" { place = starts("\"", times: 3) ? .multilineBasic : .basic; i += place == .basic ? 0 : 2 }
                else if c == "'" { place = starts("'", times: 3) ? .multilineLiteral : .literal; i += place == .literal ? 0 : 2 }
                else if !c.isASCII {
                    return (line, "`\(Character(c))` outside a string: keys and table names are ASCII letters, digits, "
                        + "`_` and `-` unless quoted (\"…\")")
                }
            case .comment: break
            case .basic:
                if c == "\\" { i += skipsEscaped } else if c == "\"" { place = .code }
            case .literal:
                if c == "'" { place = .code }
            case .multilineBasic:
                if c == "\\" { i += skipsEscaped } else if starts("\"", times: 3) { place = .code; i += 2 }
            case .multilineLiteral:
                if starts("'", times: 3) { place = .code; i += 2 }
            }
            i += 1
        }
        return nil
    }

    private static func isBareKey(_ c: Unicode.Scalar) -> Bool {
        c.isASCII && (c.properties.isAlphabetic || ("0"..."9").contains(c) || c == "_" || c == "-")
    }
}

/// A TOML 1.0 document read into tables and values, for the config file.
///
/// Written here rather than taken from TOMLKit: that package wraps the C++ toml++ (libstdc++
/// in the process) and links Foundation's full library, which loads ICU; together about 7 MiB
/// of the window's memory for reading one small file at start. The reader is strict: what
/// TOML 1.0 forbids (a key or table defined twice, a table extended that an inline table or
/// dotted keys closed, control characters, malformed numbers) is an error naming its line.
enum TOMLValue: Equatable, Sendable {
    case string(String)
    case integer(Int)
    case float(Double)
    case boolean(Bool)
    /// An offset or local date-time, date or time, kept as written (nothing here reads them).
    case datetime(String)
    case array([TOMLValue])
    case table(TOMLTable)

    var string: String? { if case .string(let s) = self { s } else { nil } }
    var int: Int? { if case .integer(let n) = self { n } else { nil } }
    var double: Double? { if case .float(let x) = self { x } else { nil } }
    var bool: Bool? { if case .boolean(let b) = self { b } else { nil } }
    var array: [TOMLValue]? { if case .array(let a) = self { a } else { nil } }
    var table: TOMLTable? { if case .table(let t) = self { t } else { nil } }
}

/// A table: its keys in the order written, and their values.
struct TOMLTable: Equatable, Sendable {
    private(set) var keys: [String] = []
    private var values: [String: TOMLValue] = [:]

    subscript(key: String) -> TOMLValue? { values[key] }

    fileprivate mutating func set(_ key: String, _ value: TOMLValue) {
        if values.updateValue(value, forKey: key) == nil { keys.append(key) }
    }
}

/// What is wrong with a TOML text, and where (1-based).
struct TOMLParseError: Error, Equatable, CustomStringConvertible {
    var line: Int
    var column: Int
    var message: String
    var description: String { "\(message) (line \(line), column \(column))" }
}

extension TOMLTable {
    /// Reads `text` as a TOML document.
    init(parsing text: String) throws(TOMLParseError) {
        var reader = TOMLReader(Array(text.utf8))
        self = try reader.document()
    }

    /// Reads `text` as a TOML document, with where each key and header was written.
    static func parsingWithLayout(_ text: String) throws(TOMLParseError) -> (TOMLTable, TOMLLayout) {
        var reader = TOMLReader(Array(text.utf8))
        let table = try reader.document()
        return (table, reader.layout)
    }
}

/// The reader: bytes in, a tree of mutable nodes while reading (tables must stay open to later
/// headers), the finished tables out.
struct TOMLReader {
    /// A table while the document is read, with how it came to be (which decides what may
    /// still be added to it).
    final class Node {
        enum Origin { case header, implicit, dotted, inline, arrayElement }
        var origin: Origin
        var keys: [String] = []
        var entries: [String: Entry] = [:]
        init(_ origin: Origin) { self.origin = origin }
    }

    enum Entry {
        case value(TOMLValue)
        case table(Node)
        /// An array of tables made by `[[…]]` headers (which may add to it).
        case tables([Node])
    }

    let bytes: [UInt8]
    var at = 0
    var line = 1
    var lineStart = 0
    /// Where each key and header was written, for editing the text in place (TOMLEditor).
    var layout = TOMLLayout()
    /// The table the key-values being read go to, as a path with array-of-tables indices.
    var currentPath: [TOMLLayout.Step] = []
    /// How deep in inline tables the reader is: their keys are part of a value, not lines.
    var inlineDepth = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    // MARK: Document

    mutating func document() throws(TOMLParseError) -> TOMLTable {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { at = 3; lineStart = 3 }
        let root = Node(.header)
        var current = root
        while true {
            skipBlanks()
            guard let byte = peek else { break }
            switch byte {
            case UInt8(ascii: "#"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                try endOfLine()
            case UInt8(ascii: "["):
                let start = at
                current = try header(root)
                layout.headers.append(TOMLLayout.Header(path: currentPath, lineStart: lineStart, start: start, end: at))
                try endOfLine()
            default:
                try keyValue(into: current)
                try endOfLine()
            }
        }
        return Self.finish(root)
    }

    /// `[a.b]` or `[[a.b]]`: the table that following keys go to.
    mutating func header(_ root: Node) throws(TOMLParseError) -> Node {
        at += 1
        let isArray = take(UInt8(ascii: "["))
        skipBlanks()
        let path = try key()
        skipBlanks()
        guard take(UInt8(ascii: "]")), !isArray || take(UInt8(ascii: "]")) else {
            throw fail(isArray ? "a [[table]] header must end with ]]" : "a [table] header must end with ]")
        }
        var node = root
        var steps: [TOMLLayout.Step] = []
        for name in path.dropLast() {
            switch node.entries[name] {
            case nil:
                let child = Node(.implicit)
                add(name, .table(child), to: node)
                node = child
                steps.append(TOMLLayout.Step(name))
            case .table(let child):
                guard child.origin != .inline else { throw fail("[\(path.joined(separator: "."))] adds to the inline table \(name)") }
                node = child
                steps.append(TOMLLayout.Step(name))
            case .tables(let list):
                node = list[list.count - 1]
                steps.append(TOMLLayout.Step(name, index: list.count - 1))
            case .value:
                throw fail("[\(path.joined(separator: "."))]: \(name) is already a value, not a table")
            }
        }
        let last = path[path.count - 1]
        let shown = path.joined(separator: ".")
        if isArray {
            let element = Node(.arrayElement)
            switch node.entries[last] {
            case nil:
                add(last, .tables([element]), to: node)
                currentPath = steps + [TOMLLayout.Step(last, index: 0)]
            case .tables(let list):
                node.entries[last] = .tables(list + [element])
                currentPath = steps + [TOMLLayout.Step(last, index: list.count)]
            default: throw fail("[[\(shown)]]: \(shown) is already defined as something else")
            }
            return element
        }
        currentPath = steps + [TOMLLayout.Step(last)]
        switch node.entries[last] {
        case nil:
            let table = Node(.header)
            add(last, .table(table), to: node)
            return table
        case .table(let table) where table.origin == .implicit:
            table.origin = .header
            return table
        default:
            throw fail("[\(shown)] is defined twice")
        }
    }

    /// `a.b = value` into `table`.
    mutating func keyValue(into table: Node) throws(TOMLParseError) {
        let keyStart = at
        let firstLineStart = lineStart
        let path = try key()
        skipBlanks()
        guard take(UInt8(ascii: "=")) else { throw fail("expected = after the key \(path.joined(separator: "."))") }
        skipBlanks()
        let valueStart = at
        let value = try self.value()
        if inlineDepth == 0 { layout.keys.append(TOMLLayout.Key(table: currentPath, key: path, lineStart: firstLineStart, keyStart: keyStart,
                                          valueStart: valueStart, valueEnd: at)) }
        var node = table
        for name in path.dropLast() {
            switch node.entries[name] {
            case nil:
                let child = Node(.dotted)
                add(name, .table(child), to: node)
                node = child
            case .table(let child) where child.origin == .dotted:
                node = child
            default:
                throw fail("\(path.joined(separator: ".")): \(name) is already defined and cannot take dotted keys")
            }
        }
        let last = path[path.count - 1]
        guard node.entries[last] == nil else { throw fail("\(path.joined(separator: ".")) is defined twice", at: keyStart) }
        switch value {
        case .node(let inline): add(last, .table(inline), to: node)
        case .plain(let plain): add(last, .value(plain), to: node)
        }
    }

    func add(_ key: String, _ entry: Entry, to node: Node) {
        node.keys.append(key)
        node.entries[key] = entry
    }

    static func finish(_ node: Node) -> TOMLTable {
        var table = TOMLTable()
        for key in node.keys {
            switch node.entries[key]! {
            case .value(let value): table.set(key, value)
            case .table(let child): table.set(key, .table(finish(child)))
            case .tables(let list): table.set(key, .array(list.map { .table(finish($0)) }))
            }
        }
        return table
    }

    // MARK: Keys

    /// A dotted key: bare or quoted parts with blanks around the dots.
    mutating func key() throws(TOMLParseError) -> [String] {
        var parts: [String] = []
        repeat {
            skipBlanks()
            parts.append(try simpleKey())
            skipBlanks()
        } while take(UInt8(ascii: "."))
        return parts
    }

    mutating func simpleKey() throws(TOMLParseError) -> String {
        switch peek {
        case UInt8(ascii: "\""): return try basicString()
        case UInt8(ascii: "'"): return try literalString()
        default:
            let start = at
            while let b = peek, Self.isBareKey(b) { at += 1 }
            guard at > start else { throw fail(peek == nil ? "expected a key at the end of the text" : "expected a key, found \(shown(peek!))") }
            return String(decoding: bytes[start..<at], as: UTF8.self)
        }
    }

    static func isBareKey(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || (b | 0x20 >= 0x61 && b | 0x20 <= 0x7A) || b == UInt8(ascii: "_") || b == UInt8(ascii: "-")
    }

    // MARK: Values

    enum Read { case plain(TOMLValue), node(Node) }

    mutating func value() throws(TOMLParseError) -> Read {
        guard let b = peek else { throw fail("expected a value at the end of the text") }
        switch b {
        case UInt8(ascii: "\""):
            if starts("\"\"\"") { return .plain(.string(try multilineBasicString())) }
            return .plain(.string(try basicString()))
        case UInt8(ascii: "'"):
            if starts("'''") { return .plain(.string(try multilineLiteralString())) }
            return .plain(.string(try literalString()))
        case UInt8(ascii: "["): return .plain(try array())
        case UInt8(ascii: "{"): return .node(try inlineTable())
        case UInt8(ascii: "t"):
            guard starts("true") else { break }
            at += 4
            return .plain(.boolean(true))
        case UInt8(ascii: "f"):
            guard starts("false") else { break }
            at += 5
            return .plain(.boolean(false))
        default:
            return .plain(try numberOrDate())
        }
        throw fail("expected a value, found \(shown(b))")
    }

    mutating func array() throws(TOMLParseError) -> TOMLValue {
        at += 1
        var items: [TOMLValue] = []
        while true {
            try skipBlanksNewlinesAndComments()
            if take(UInt8(ascii: "]")) { return .array(items) }
            switch try value() {
            case .plain(let v): items.append(v)
            case .node(let n): items.append(.table(Self.finish(n)))
            }
            try skipBlanksNewlinesAndComments()
            if take(UInt8(ascii: ",")) { continue }
            guard take(UInt8(ascii: "]")) else { throw fail(peek.map { "expected , or ] in an array, found \(shown($0))" } ?? "an array is not closed") }
            return .array(items)
        }
    }

    mutating func inlineTable() throws(TOMLParseError) -> Node {
        at += 1
        inlineDepth += 1
        defer { inlineDepth -= 1 }
        let node = Node(.inline)
        skipBlanks()
        if take(UInt8(ascii: "}")) { return node }
        while true {
            skipBlanks()
            try keyValue(into: node)
            skipBlanks()
            if take(UInt8(ascii: "}")) { break }
            guard take(UInt8(ascii: ",")) else {
                throw fail(peek.map { "expected , or } in an inline table, found \(shown($0))" } ?? "an inline table is not closed")
            }
        }
        Self.closeDotted(node)
        return node
    }

    /// Tables made by dotted keys inside an inline table are as closed as it is.
    static func closeDotted(_ node: Node) {
        node.origin = .inline
        for case .table(let child) in node.entries.values { closeDotted(child) }
    }

    // MARK: Blanks, comments, lines

    var peek: UInt8? { at < bytes.count ? bytes[at] : nil }

    mutating func take(_ b: UInt8) -> Bool {
        guard peek == b else { return false }
        at += 1
        return true
    }

    func starts(_ s: StaticString) -> Bool {
        let count = s.utf8CodeUnitCount
        guard at + count <= bytes.count else { return false }
        return s.withUTF8Buffer { bytes[at..<at + count].elementsEqual($0) }
    }

    mutating func skipBlanks() {
        while let b = peek, b == 0x20 || b == 0x09 { at += 1 }
    }

    mutating func newline() {
        at += 1
        line += 1
        lineStart = at
    }

    /// A newline right after a multi-line string's opening quotes is not part of it.
    mutating func skipNewline() {
        if starts("\r\n") { at += 1 }
        if peek == 0x0A { newline() }
    }

    /// Blanks, then an optional comment, then the end of the line or of the text.
    mutating func endOfLine() throws(TOMLParseError) {
        skipBlanks()
        if peek == UInt8(ascii: "#") { try comment() }
        if starts("\r\n") { at += 1 }
        guard let b = peek else { return }
        guard b == 0x0A else {
            throw fail(b == 0x0D ? "a carriage return must be followed by a line feed" : "expected the end of the line, found \(shown(b))")
        }
        newline()
    }

    mutating func comment() throws(TOMLParseError) {
        while let b = peek, b != 0x0A {
            if b == 0x0D && at + 1 < bytes.count && bytes[at + 1] == 0x0A { return }
            try checkTextByte(b)
            at += 1
        }
    }

    /// Inside arrays: blanks, line ends and comments, in any number.
    mutating func skipBlanksNewlinesAndComments() throws(TOMLParseError) {
        while true {
            skipBlanks()
            if peek == UInt8(ascii: "#") { try comment() }
            if starts("\r\n") { at += 1 }
            if peek == 0x0A { newline(); continue }
            if peek == 0x0D { throw fail("a carriage return must be followed by a line feed") }
            return
        }
    }

    func shown(_ b: UInt8) -> String {
        b >= 0x21 && b < 0x7F ? "'\(Character(Unicode.Scalar(b)))'" : String(format16: b)
    }

    /// An error at `position` (by default, where reading is), on the current line.
    func fail(_ message: String, at position: Int? = nil) -> TOMLParseError {
        // The column counts characters, not bytes.
        let column = bytes[lineStart..<min(max(lineStart, position ?? at), bytes.count)].count { $0 & 0xC0 != 0x80 } + 1
        return TOMLParseError(line: line, column: column, message: message)
    }
}

private extension String {
    /// `U+00XX` for a byte shown in an error (the TOML reader's).
    init(format16 b: UInt8) {
        let hex = String(b, radix: 16, uppercase: true)
        self = "U+" + String(repeating: "0", count: 4 - hex.count) + hex
    }
}

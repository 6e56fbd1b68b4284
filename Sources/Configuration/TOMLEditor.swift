/// Changes a TOML text in place: the value of one key, a key added or removed, an element of an
/// array of tables added or removed. Everything else — comments, blank lines, order, quoting,
/// the line ends — stays byte for byte as the user wrote it, so Natter can write the file a
/// person edits by hand without spoiling it. Every edit is read back before it is kept: an edit
/// that would make the text unreadable throws and leaves it as it was.
public struct TOMLEditor: Sendable {
    /// The text as edited so far.
    public private(set) var text: String
    var layout: TOMLLayout
    /// The line end the text uses (a file written with CR LF keeps them).
    let newline: String

    /// The table a key lives in.
    public struct Table: Hashable, Sendable {
        var steps: [TOMLLayout.Step]
        /// The document's top level, before any header.
        public static let root = Table(steps: [])
        /// A `[name]` table (`a.b` for `[a.b]`).
        public static func named(_ name: String) -> Table {
            Table(steps: name.split(separator: ".").map { TOMLLayout.Step(String($0)) })
        }
        /// Element `index` (from 0) of the array of tables `[[name]]`.
        public static func element(_ index: Int, of name: String) -> Table {
            Table(steps: [TOMLLayout.Step(name, index: index)])
        }
        /// Sub-table `name` of this one (`[networks.sasl]` of a network).
        public func sub(_ name: String) -> Table { Table(steps: steps + [TOMLLayout.Step(name)]) }
        /// The table this one is a sub-table of, and its name there.
        var parent: (table: Table, name: String)? { steps.last.map { (Table(steps: steps.dropLast()), $0.name) } }
    }

    /// An editor of `text`; throws when it is not TOML.
    public init(_ text: String) throws(TOMLEditError) {
        self.text = text
        newline = text.contains("\r\n") ? "\r\n" : "\n"
        do {
            layout = try TOMLTable.parsingWithLayout(text).1
        } catch {
            throw TOMLEditError("the file does not read as TOML: \(error)")
        }
    }

    /// Sets `key` of `table` to `value`: the value replaced where the key is written (a value
    /// spanning lines included), else a line added after the table's last key (or its header),
    /// else the table added at the end.
    public mutating func set(_ key: String, _ value: TOMLLiteral, in table: Table = .root) throws(TOMLEditError) {
        let bytes = Array(text.utf8)
        if let written = find(key, in: table) {
            try apply(bytes, replacing: written.valueStart..<written.valueEnd, with: value.text(newline: newline))
            return
        }
        if let last = layout.keys.last(where: { $0.table == table.steps && $0.key.count == 1 }) {
            let indent = String(decoding: bytes[last.lineStart..<last.keyStart], as: UTF8.self)
            let end = lineEnd(after: last.valueEnd, in: bytes)
            let line = indent + "\(Self.key(key)) = \(value.text(newline: newline))"
            try apply(bytes, replacing: end..<end, with: end == bytes.count && !endsWithNewline(bytes) ? newline + line : line + newline)
            return
        }
        let line = "\(Self.key(key)) = \(value.text(newline: newline))"
        if table.steps.isEmpty {
            // Before the first header, and before the comments that introduce it.
            let at = layout.headers.first.map { leadingComments(before: $0.lineStart, in: bytes) } ?? bytes.count
            let prefix = at == bytes.count && !bytes.isEmpty && !endsWithNewline(bytes) ? newline : ""
            try apply(bytes, replacing: at..<at, with: prefix + line + newline)
        } else if let header = layout.headers.first(where: { $0.path == table.steps }) {
            let end = lineEnd(after: header.end, in: bytes)
            try apply(bytes, replacing: end..<end, with: end == bytes.count && !endsWithNewline(bytes) ? newline + line : line + newline)
        } else if table.steps.count > 1, layout.headers.contains(where: { $0.path == Array(table.steps.dropLast()) }) {
            // A sub-table of an element (`[networks.sasl]`): after the element's keys.
            let end = sectionEnd(of: Array(table.steps.dropLast()), in: bytes)
            let header = "[" + table.steps.map { Self.key($0.name) }.joined(separator: ".") + "]"
            let before = end == bytes.count ? separation(bytes) : newline
            try apply(bytes, replacing: end..<end, with: before + header + newline + line + newline)
        } else if table.steps.allSatisfy({ $0.index == nil }) {
            let header = "[" + table.steps.map { Self.key($0.name) }.joined(separator: ".") + "]"
            try apply(bytes, replacing: bytes.count..<bytes.count, with: separation(bytes) + header + newline + line + newline)
        } else {
            throw TOMLEditError("no table \(describe(table)) to set \(key) in")
        }
    }

    /// Removes `key` of `table` with its line (and a comment at the end of that line); false
    /// when it is not written there.
    @discardableResult
    public mutating func remove(_ key: String, in table: Table = .root) throws(TOMLEditError) -> Bool {
        guard let written = find(key, in: table) else { return false }
        let bytes = Array(text.utf8)
        try apply(bytes, replacing: written.lineStart..<lineEnd(after: written.valueEnd, in: bytes), with: "")
        return true
    }

    /// The index of the first element of the array of tables `name` whose string `key` is
    /// `value` (or, where it has no `key`, whose `fallback` is), as the file is now.
    public func element(of name: String, whereKey key: String, is value: String, orElse fallback: String? = nil) -> Int? {
        guard let elements = (try? TOMLTable(parsing: text))?[name]?.array else { return nil }
        return elements.firstIndex { element in
            guard let table = element.table else { return false }
            if let own = table[key]?.string { return own == value }
            return fallback.flatMap { table[$0]?.string } == value
        }
    }

    /// How many elements the array of tables `name` has.
    public func count(of name: String) -> Int {
        layout.headers.filter { $0.path.count == 1 && $0.path[0].name == name && $0.path[0].index != nil }.count
    }

    /// Adds an element to the array of tables `name`, after its last one (or at the end), with
    /// `entries` in their order.
    public mutating func append(to name: String, _ entries: [(String, TOMLLiteral)]) throws(TOMLEditError) {
        let bytes = Array(text.utf8)
        let body = "[[\(Self.key(name))]]" + newline + entries.map { "\(Self.key($0.0)) = \($0.1.text(newline: newline))" + newline }.joined()
        let lastIndex = count(of: name) - 1
        guard lastIndex >= 0 else {
            return try apply(bytes, replacing: bytes.count..<bytes.count, with: separation(bytes) + body)
        }
        let end = sectionEnd(of: [TOMLLayout.Step(name, index: lastIndex)], in: bytes)
        if end == bytes.count {
            try apply(bytes, replacing: end..<end, with: separation(bytes) + body)
        } else {
            try apply(bytes, replacing: end..<end, with: newline + body)
        }
    }

    /// Removes element `index` of the array of tables `name`: its header, its keys and its
    /// sub-tables, up to the comments that introduce what follows.
    public mutating func remove(element index: Int, of name: String) throws(TOMLEditError) {
        let path = [TOMLLayout.Step(name, index: index)]
        guard let header = layout.headers.first(where: { $0.path == path }) else {
            throw TOMLEditError("there is no [[\(name)]] number \(index + 1)")
        }
        let bytes = Array(text.utf8)
        // The comments just above the header introduce this element: they go with it, and so
        // does one blank line before them, which separated it from what came before.
        var start = leadingComments(before: header.lineStart, in: bytes)
        if start > 1, bytes[start - 1] == 0x0A, bytes[start - 2] == 0x0A { start -= 1 }
        if start > 2, bytes[start - 1] == 0x0A, bytes[start - 2] == 0x0D, bytes[start - 3] == 0x0A { start -= 2 }
        try apply(bytes, replacing: start..<sectionEnd(of: path, in: bytes), with: "")
    }

    // MARK: Where things are

    private func find(_ key: String, in table: Table) -> TOMLLayout.Key? {
        // `key` is one key, dots and all (`"irc.libera.chat/#natter"`): a dotted key written in
        // the file is found by the table path the caller names.
        let wanted = table.steps + [TOMLLayout.Step(key)]
        return layout.keys.first { $0.table + $0.key.map { TOMLLayout.Step($0) } == wanted }
    }

    /// Just past the line end after `offset` (or the end of the text).
    func lineEnd(after offset: Int, in bytes: [UInt8]) -> Int {
        var at = offset
        while at < bytes.count, bytes[at] != 0x0A { at += 1 }
        return min(at + 1, bytes.count)
    }

    /// Where the section of the table at `path` ends: the next header that is not one of its
    /// sub-tables, less the comment and blank lines just above that header (they introduce it).
    func sectionEnd(of path: [TOMLLayout.Step], in bytes: [UInt8]) -> Int {
        guard let start = layout.headers.firstIndex(where: { $0.path == path }) else { return bytes.count }
        guard let next = layout.headers[(start + 1)...].first(where: { !$0.path.starts(with: path) }) else { return bytes.count }
        return leadingComments(before: next.lineStart, in: bytes, includingBlank: true)
    }

    /// The start of the run of comment lines (and, if asked, blank lines) that ends at line
    /// start `offset`.
    func leadingComments(before offset: Int, in bytes: [UInt8], includingBlank: Bool = false) -> Int {
        var start = offset
        while start > 0 {
            var lineBegin = start - 1
            while lineBegin > 0, bytes[lineBegin - 1] != 0x0A { lineBegin -= 1 }
            let content = bytes[lineBegin..<(start - 1)].drop { $0 == 0x20 || $0 == 0x09 }
            let isComment = content.first == UInt8(ascii: "#")
            let isBlank = content.allSatisfy { $0 == 0x0D }
            guard isComment || (includingBlank && isBlank) else { break }
            start = lineBegin
        }
        return start
    }

    func endsWithNewline(_ bytes: [UInt8]) -> Bool { bytes.last == 0x0A }

    /// What goes before a table added at the end: a line end if the text lacks one, and a
    /// blank line after any text.
    func separation(_ bytes: [UInt8]) -> String {
        if bytes.isEmpty { return "" }
        return (endsWithNewline(bytes) ? "" : newline) + newline
    }

    func describe(_ table: Table) -> String {
        table.steps.map { step in step.index.map { "\(step.name)[\($0)]" } ?? step.name }.joined(separator: ".")
    }

    /// Replaces `range` of the text's bytes, keeping the result only if it reads as TOML.
    mutating func apply(_ bytes: [UInt8], replacing range: Range<Int>, with insertion: String) throws(TOMLEditError) {
        var changed = bytes
        changed.replaceSubrange(range, with: Array(insertion.utf8))
        let edited = String(decoding: changed, as: UTF8.self)
        do {
            layout = try TOMLTable.parsingWithLayout(edited).1
        } catch {
            throw TOMLEditError("the change would not read as TOML: \(error)")
        }
        text = edited
    }

    /// A key as TOML writes it: bare when it can be, quoted otherwise.
    static func key(_ name: String) -> String {
        !name.isEmpty && name.utf8.allSatisfy(TOMLReader.isBareKey) ? name : ConfigWriter.quoted(name)
    }
}

/// A value to write into a TOML text.
public enum TOMLLiteral: Hashable, Sendable {
    case string(String)
    case integer(Int)
    /// A number with a fraction (written with a point: `14.5`, `2.0`).
    case float(Double)
    case boolean(Bool)
    case array([TOMLLiteral])
    /// An array written one item a line, indented (easier to read and to edit by hand when
    /// the items are long).
    case arrayOnLines([TOMLLiteral])
    /// `{ key = value, … }`, keys in this order.
    case inlineTable([Pair])

    /// One key of an inline table.
    public struct Pair: Hashable, Sendable {
        public var key: String
        public var value: TOMLLiteral
        public init(_ key: String, _ value: TOMLLiteral) {
            self.key = key
            self.value = value
        }
    }

    /// The value as TOML text, lines ended with "\n".
    public var text: String { text(newline: "\n") }

    /// The value as TOML text, lines ended with `newline` (the file's own).
    func text(newline: String) -> String {
        switch self {
        case .arrayOnLines(let items) where !items.isEmpty:
            return "[" + newline + items.map { "    " + $0.text(newline: newline) + "," + newline }.joined() + "]"
        case .arrayOnLines:
            return "[]"
        case .string(let string): return ConfigWriter.quoted(string)
        case .integer(let number): return String(number)
        case .float(let number): return SettingText.number(number, fraction: true)
        case .boolean(let flag): return flag ? "true" : "false"
        case .array(let items): return "[" + items.map(\.text).joined(separator: ", ") + "]"
        case .inlineTable(let pairs):
            return pairs.isEmpty ? "{}" : "{ " + pairs.map { "\(TOMLEditor.key($0.key)) = \($0.value.text(newline: newline))" }.joined(separator: ", ") + " }"
        }
    }
}

/// Why a TOML text was not changed.
public struct TOMLEditError: Error, CustomStringConvertible, Sendable {
    public let description: String
    /// An error that says `description`.
    public init(_ description: String) { self.description = description }
}

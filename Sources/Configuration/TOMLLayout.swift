/// Where a document's keys and table headers are in its text (byte offsets into its UTF-8),
/// recorded while reading: what editing the text in place needs.
struct TOMLLayout: Sendable {
    /// One step of a table's path: a table's name, and which element of an array of tables.
    struct Step: Hashable, Sendable {
        var name: String
        var index: Int?
        init(_ name: String, index: Int? = nil) {
            self.name = name
            self.index = index
        }
    }

    /// A `key = value` line (the value may span lines: a multi-line array or string).
    struct Key: Sendable {
        /// The table whose header it follows (the root: none).
        var table: [Step]
        /// The key as written, dotted parts apart.
        var key: [String]
        /// The start of its line, of the key, of the value, and the end of the value.
        var lineStart: Int
        var keyStart: Int
        var valueStart: Int
        var valueEnd: Int
    }

    /// A `[table]` or `[[table]]` header.
    struct Header: Sendable {
        var path: [Step]
        var lineStart: Int
        var start: Int
        var end: Int
    }

    var keys: [Key] = []
    var headers: [Header] = []
}

/// What a script says about itself in the comment lines that open it, read without running Lua:
///
///     -- name: urllog
///     -- version: 1.0
///     -- author: Ada
///     -- licence: MIT
///     -- description: Logs the links said in channels.
///
/// The keys come in any order, in any case, with any spaces around `--`, the key and the colon;
/// unknown keys are ignored (`license` is read as `licence`). Blank lines before the header are
/// skipped; the header ends at the first line that is not a `--` comment. The name is required.
public struct ScriptHeader: Equatable, Sendable {
    public var name: String
    public var version: String?
    public var author: String?
    public var licence: String?
    public var description: String?

    public init(name: String, version: String? = nil, author: String? = nil, licence: String? = nil,
                description: String? = nil) {
        self.name = name
        self.version = version
        self.author = author
        self.licence = licence
        self.description = description
    }

    /// Why a header does not read.
    public struct ParseError: Error, Equatable, CustomStringConvertible {
        /// The script's file name.
        public let fileName: String
        public let reason: String
        public var description: String { "\(fileName): \(reason)" }
    }

    /// Reads the header of `source`, the text of the script `fileName` (which errors name).
    public init(parsing source: String, fileName: String) throws(ParseError) {
        var fields: [String: String] = [:]
        var started = false
        for rawLine in source.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            let line = rawLine.trimmingSpaces()
            if line.isEmpty && !started { continue }
            // A block comment (`--[[`) is not a header line: stop there as at code.
            guard line.hasPrefix("--"), !line.hasPrefix("--[[") else { break }
            started = true
            let comment = line.dropFirst(2)
            guard let colon = comment.firstIndex(of: ":") else { continue }
            let word = comment[..<colon].trimmingSpaces().lowercased()
            let key = word == "license" ? "licence" : word
            let value = comment[comment.index(after: colon)...].trimmingSpaces()
            guard !key.isEmpty, !key.contains(" "), !value.isEmpty, fields[key] == nil else { continue }
            fields[key] = String(value)
        }
        guard let name = fields["name"] else {
            throw ParseError(fileName: fileName, reason: "the header names no script: its first comment lines need one like `-- name: urllog`")
        }
        guard name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == ".") }) else {
            throw ParseError(fileName: fileName, reason: "the script's name \(name) has more than letters, digits, '-', '_' and '.'")
        }
        self.init(name: name, version: fields["version"], author: fields["author"], licence: fields["licence"],
                  description: fields["description"])
    }
}

extension Substring {
    /// Without spaces, tabs and carriage returns at either end.
    fileprivate func trimmingSpaces() -> Substring {
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
        guard let first = firstIndex(where: { !blank($0) }), let last = lastIndex(where: { !blank($0) }) else { return self[endIndex...] }
        return self[first...last]
    }
}

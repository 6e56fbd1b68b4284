import FoundationEssentials
import FoundationExtras
import IRCProtocol

/// A problem with the configuration file, naming the file, the line and the key.
public struct ConfigError: Error, CustomStringConvertible, Sendable {
    public var file: String
    public var line: Int?
    public var key: String?
    public var message: String

    /// A problem with `file` (at `line`, with `key`, where known): `message`.
    public init(file: String, line: Int? = nil, key: String? = nil, message: String) {
        self.file = file
        self.line = line
        self.key = key
        self.message = message
    }

    public var description: String {
        var text = file
        if let line { text += ":\(line)" }
        text += ": "
        if let key { text += "\(key): " }
        return text + message
    }
}

/// Reads `config.toml` into a ``NatterConfig``: every key is checked for its type and range,
/// unknown keys are errors (a typo must not be silently ignored), and errors name the file, the
/// line and the key.
public enum ConfigLoader {
    /// `$XDG_CONFIG_HOME/natter/config.toml`, or `~/.config/natter/config.toml`.
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") { return config + "/natter/config.toml" }
        return (environment["HOME"] ?? FileManager.default.homeDirectoryForCurrentUser.path) + "/.config/natter/config.toml"
    }

    /// Reads and checks the file at `path`.
    public static func load(path: String) throws(ConfigError) -> NatterConfig {
        let text: String
        do { text = try String(contentsOfFile: path, encoding: .utf8) } catch {
            throw ConfigError(file: path, line: nil, key: nil, message: "cannot read the file: \(describe(error))")
        }
        return try parse(text, file: path)
    }

    /// Checks `text` as the contents of `file`.
    public static func parse(_ text: String, file: String) throws(ConfigError) -> NatterConfig {
        if let problem = TOMLPrecheck.problem(in: text) {
            throw ConfigError(file: file, line: problem.line, key: nil, message: problem.message)
        }
        let table: TOMLTable
        do { table = try TOMLTable(parsing: text) } catch {
            throw ConfigError(file: file, line: error.line, key: nil, message: error.description)
        }
        let reader = ConfigReader(file: file, lines: KeyLines(text))
        return try reader.read(table)
    }
}

/// Where each key of a TOML text is written, as `table.key` paths with array-of-tables indices
/// (`networks[0].sasl.account`), for error messages.
struct KeyLines {
    private var lines: [String: Int] = [:]

    init(_ text: String) {
        var table = ""
        var arrayCounts: [String: Int] = [:]
        for (index, raw) in text.textLines.enumerated() {
            let line = raw.trimmingBlanks
            if line.hasPrefix("[[") , let end = line.firstRange(of: "]]") {
                let name = String(line[line.index(line.startIndex, offsetBy: 2)..<end.lowerBound]).trimmingBlanks
                let n = arrayCounts[name, default: -1] + 1
                arrayCounts[name] = n
                table = "\(name)[\(n)]"
                lines[table] = index + 1
            } else if line.hasPrefix("["), let end = line.firstIndex(of: "]") {
                let name = String(line[line.index(after: line.startIndex)..<end]).trimmingBlanks
                // `[networks.sasl]` belongs to the latest `[[networks]]`.
                // (A line of a multi-line string may look like a header, `[.]` included: this is
                // only a guide to line numbers, so it is skipped, not trusted.)
                let parts = name.split(separator: ".").map(String.init)
                guard var path = parts.first else { continue }
                if let n = arrayCounts[path] { path += "[\(n)]" }
                table = ([path] + parts.dropFirst()).joined(separator: ".")
                lines[table] = index + 1
            } else if let equals = line.firstIndex(of: "="), !line.hasPrefix("#") {
                let key = line[..<equals].trimmingBlanks.trimming { $0 == "\"" || $0 == "'" }
                lines[table.isEmpty ? key : "\(table).\(key)"] = index + 1
            }
        }
    }

    /// The line of `path`, or of the nearest enclosing table.
    func line(of path: String) -> Int? {
        var candidate = path
        while true {
            if let line = lines[candidate] { return line }
            guard let dot = candidate.lastIndex(of: ".") else { return nil }
            candidate = String(candidate[..<dot])
        }
    }
}

/// The configuration a starting Natter uses: the file when it reads well (and then a copy of
/// it is kept as the last good one), otherwise the last good copy, with the reason; never a
/// rewrite of the user's file.
public struct StartupConfig {
    public var config = NatterConfig()
    /// What to tell the user (the file's error, which configuration is used instead).
    public var problems: [String] = []
    /// The file exists and does not read: nothing may be appended to it.
    public var fileIsBroken = false

    /// `$XDG_STATE_HOME/natter/config.last-good.toml`.
    public static func lastGoodPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") { return state + "/natter/config.last-good.toml" }
        return (environment["HOME"] ?? FileManager.default.homeDirectoryForCurrentUser.path) + "/.local/state/natter/config.last-good.toml"
    }

    /// Keeps `data`, a version of the file that reads, at `lastGood` (only when it changed):
    /// at start, and when a version saved while Natter runs is applied.
    public static func keep(_ data: Data, asLastGood lastGood: String) {
        guard FileManager.default.contents(atPath: lastGood) != data else { return }
        try? FileManager.default.createDirectory(atPath: lastGood.parentPath,
                                                 withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        _ = FileManager.default.createFile(atPath: lastGood, contents: data, attributes: [.posixPermissions: 0o600])
    }

    /// Reads the file at `path`, keeping a copy of it at `lastGood` when it reads well, and
    /// falling back to that copy when it does not.
    public init(path: String, lastGood: String) {
        guard FileManager.default.fileExists(atPath: path) else { return }
        do {
            config = try ConfigLoader.load(path: path)
            // Kept for the day the file breaks.
            if let data = FileManager.default.contents(atPath: path) { Self.keep(data, asLastGood: lastGood) }
        } catch {
            fileIsBroken = true
            problems.append(error.description)
            if let previous = try? ConfigLoader.load(path: lastGood) {
                config = previous
                problems.append("Using the last configuration that worked (kept in \(lastGood)); \(path) is left as it is until you fix it.")
            } else {
                problems.append("No configuration that worked before is kept: \(path) is left as it is; fix it, or move it away to start afresh.")
            }
        }
    }
}

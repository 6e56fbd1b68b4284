import FoundationEssentials
import IRCProtocol

/// Adds a network to the configuration file (created 0600, since a file that may one day hold a
/// password should never start out readable by others). Existing text is kept as it is.
public enum ConfigWriter {
    /// Appends `network` to the file at `path` as a `[[networks]]` table (its password only
    /// when the keyring holds it), creating the file and its folder when missing.
    public static func append(_ network: NatterConfig.Network, to path: String) throws {
        let url = URL(fileURLWithPath: path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        var text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? "# Natter's configuration: see README.md.\n"
        if !text.hasSuffix("\n") { text += "\n" }
        let channelList = network.channels.map { channel in
            quoted(channel.key.map { "\(channel.name) \($0)" } ?? channel.name)
        }.joined(separator: ", ")
        text += """

            [[networks]]
            name = \(quoted(network.name))
            host = \(quoted(network.host))
            port = \(network.port)
            tls = \(network.tls)
            nick = \(quoted(network.nick))
            channels = [\(channelList)]
            \(network.password.flatMap(Self.passwordLine) ?? "")
            """
        let exists = FileManager.default.fileExists(atPath: path)
        try text.write(to: url, atomically: true, encoding: .utf8)
        if !exists { try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path) }
    }

    /// The `password` line for a secret that may be written down: a keyring name (a literal or a
    /// command is never written by Natter).
    private static func passwordLine(_ secret: NatterConfig.Secret) -> String? {
        guard case .keyring(let name) = secret else { return nil }
        return "password = { keyring = \(quoted(name)) }\n"
    }

    /// Writes `friends = [...]` into the `[[networks]]` table named `network` (replacing the line
    /// there, or adding one after its `name`), keeping every other line as it is. Throws, and
    /// changes nothing, when the table is not found by its name or its `friends` spans lines.
    public static func setFriends(_ nicks: [String], network: String, in path: String) throws {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        // Line ends as written: a file with CR LF keeps them.
        let crlf = text.contains("\r\n")
        var lines = text.components(separatedBy: crlf ? "\r\n" : "\n")
        func key(_ line: String) -> String? {
            let trimmed = line.trimmingBlanks
            guard !trimmed.hasPrefix("#"), let eq = trimmed.firstIndex(of: "=") else { return nil }
            return trimmed[..<eq].trimmingBlanks
        }
        // The table: from a `[[networks]]` header to the next header.
        var tables: [Range<Int>] = []
        var start: Int?
        for (k, line) in lines.enumerated() {
            let trimmed = line.trimmingBlanks
            guard trimmed.hasPrefix("[") else { continue }
            if let s = start { tables.append(s..<k) }
            // A header may carry a comment after it.
            let header = trimmed.split(separator: "#", maxSplits: 1).first?.trimmingBlanks ?? ""
            start = header == "[[networks]]" ? k : nil
        }
        if let s = start { tables.append(s..<lines.count) }
        let value = "friends = [" + nicks.map(quoted).joined(separator: ", ") + "]"
        for table in tables {
            // A network without a name is named by its host.
            guard let nameLine = table.first(where: { key(lines[$0]) == "name" }) ?? table.first(where: { key(lines[$0]) == "host" }),
                  lines[nameLine].contains(quoted(network)) || lines[nameLine].contains("'\(network)'") else { continue }
            if let existing = table.first(where: { key(lines[$0]) == "friends" }) {
                guard Self.closesArray(lines[existing]) else { throw ConfigWriteError("friends of \(network) span several lines: edit them by hand") }
                lines[existing] = value
            } else {
                lines.insert(value, at: nameLine + 1)
            }
            try lines.joined(separator: crlf ? "\r\n" : "\n").write(toFile: path, atomically: true, encoding: .utf8)
            return
        }
        throw ConfigWriteError("no [[networks]] table named \(network) in \(path)")
    }

    /// Whether a `key = [ … ]` line closes its array: a `]` outside quoted strings (nicks may
    /// hold brackets, as in `"[m]bob"`).
    static func closesArray(_ line: String) -> Bool {
        var quote: Character?
        var escaped = false
        for c in line {
            if let open = quote {
                if escaped { escaped = false } else if c == "\\" && open == "\"" { escaped = true } else if c == open { quote = nil }
                continue
            }
            if c == "\"" || c == "'" { quote = c } else if c == "#" { return false } else if c == "]" { return true }
        }
        return false
    }

    /// A TOML basic string.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}

/// Why the configuration file was not changed.
struct ConfigWriteError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

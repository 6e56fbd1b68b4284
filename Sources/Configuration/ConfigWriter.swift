import FoundationEssentials

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

    /// Writes `friends = [...]` into the `[[networks]]` table named `network` (by its `name`,
    /// else its `host`), in place: the value replaced where it is written (over several lines
    /// too), else a line added to the table; everything else kept as it is.
    public static func setFriends(_ nicks: [String], network: String, in path: String) throws {
        do {
            try ConfigFile.edit(path) { (editor: inout TOMLEditor) throws(TOMLEditError) in
                try setFriends(nicks, network: network, in: &editor)
            }
        } catch {
            throw ConfigWriteError(error.description)
        }
    }

    /// ``setFriends(_:network:in:)`` on a text being edited.
    public static func setFriends(_ nicks: [String], network: String, in editor: inout TOMLEditor) throws(TOMLEditError) {
        guard let index = editor.element(of: "networks", whereKey: "name", is: network, orElse: "host") else {
            throw TOMLEditError("no [[networks]] table named \(network)")
        }
        try editor.set("friends", .array(nicks.map { .string($0) }), in: .element(index, of: "networks"))
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

import Foundation

/// Adds a network to the configuration file (created 0600, since a file that may one day hold a
/// password should never start out readable by others). Existing text is kept as it is.
enum ConfigWriter {
    static func append(_ network: NatterConfig.Network, to path: String) throws {
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

            """
        let exists = FileManager.default.fileExists(atPath: path)
        try text.write(to: url, atomically: true, encoding: .utf8)
        if !exists { try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path) }
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
                if scalar.value < 0x20 || scalar.value == 0x7F { out += String(format: "\\u%04X", scalar.value) } else { out.unicodeScalars.append(scalar) }
            }
        }
        return out + "\""
    }
}

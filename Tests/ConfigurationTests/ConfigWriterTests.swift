@testable import Configuration
import Foundation
import Testing

struct ConfigWriterTests {
    @Test func theWrittenNetworkReadsBackAndTheFileIsPrivate() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("natter-cw-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("natter/config.toml").path
        let network = NatterConfig.Network(name: "Odd \"name\"", host: "irc.example.org", port: 6697, tls: true,
                                           verifyCertificate: true, nick: "me", alternativeNicks: [], user: "me",
                                           realName: "me", channels: [("#a", nil), ("#b", "key")], password: nil, sasl: nil,
                                           clientCertificate: nil, clientKey: nil, autoConnect: true)
        try ConfigWriter.append(network, to: path)
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let config = try ConfigLoader.load(path: path)
        #expect(config.networks.count == 1)
        #expect(config.networks[0].name == "Odd \"name\"" && config.networks[0].host == "irc.example.org")
        #expect(config.networks[0].channels.map(\.name) == ["#a", "#b"] && config.networks[0].channels[1].key == "key")
    }

    /// A keyring name is written; a password itself never is.
    @Test func onlyAKeyringNameIsWritten() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("natter-cw-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("natter/config.toml").path
        var network = NatterConfig.Network(name: "bnc", host: "bnc.example.org", port: 6697, tls: true,
                                           verifyCertificate: true, nick: "me", alternativeNicks: [], user: "me",
                                           realName: "me", channels: [], password: .keyring("bnc.example.org"), sasl: nil,
                                           clientCertificate: nil, clientKey: nil, autoConnect: true)
        try ConfigWriter.append(network, to: path)
        network.name = "other"
        network.password = .literal("hunter2")
        try ConfigWriter.append(network, to: path)
        let config = try ConfigLoader.load(path: path)
        #expect(config.networks.map(\.password) == [.keyring("bnc.example.org"), nil])
        #expect(!(try String(contentsOfFile: path, encoding: .utf8)).contains("hunter2"))
    }

    @Test func friendsAreWrittenIntoTheirNetworkKeepingEverythingElse() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("natter-cw-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let path = dir.appendingPathComponent("config.toml").path
        let original = """
            # my settings
            [[networks]]
            name = "Libera"   # the big one
            host = "irc.libera.chat"
            nick = "me"

            [[networks]]
            host = "irc.example.org"
            nick = "me"
            friends = ["old"]

            [notifications]
            enabled = true
            """
        try original.write(toFile: path, atomically: true, encoding: .utf8)
        try ConfigWriter.setFriends(["alice", "bob"], network: "Libera", in: path)
        try ConfigWriter.setFriends(["carol"], network: "irc.example.org", in: path)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains("# my settings") && text.contains("# the big one") && text.contains("[notifications]"))
        let config = try ConfigLoader.load(path: path)
        #expect(config.networks.map(\.friends) == [["alice", "bob"], ["carol"]])
        #expect(throws: ConfigWriteError.self) { try ConfigWriter.setFriends(["x"], network: "Nowhere", in: path) }
        // An array over several lines is replaced whole; the rest stays as it was.
        try (text + "\n").replacingOccurrences(of: "friends = [\"carol\"]", with: "friends = [\n  \"carol\",\n]").write(toFile: path, atomically: true, encoding: .utf8)
        try ConfigWriter.setFriends(["x"], network: "irc.example.org", in: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == text.replacingOccurrences(of: "[\"carol\"]", with: "[\"x\"]") + "\n")
    }

    @Test func aFriendThatIsNoNickIsNamed() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("natter-cw-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let path = dir.appendingPathComponent("config.toml").path
        try "[[networks]]\nhost = \"h\"\nfriends = [\"bad nick\"]\n".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(throws: ConfigError.self) { try ConfigLoader.load(path: path) }
    }

    @Test func bracketsInNicksCRLFAndHeaderCommentsAreRead() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("natter-cw-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let path = dir.appendingPathComponent("config.toml").path
        try "[[networks]] # main\r\nname = \"N\"\r\nhost = \"h\"\r\nfriends = [\"[m]bob\",\r\n  \"alice\"]\r\n"
            .write(toFile: path, atomically: true, encoding: .utf8)
        // The array goes on over the next line (its first `]` is inside a nick): replaced whole.
        try ConfigWriter.setFriends(["x"], network: "N", in: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "[[networks]] # main\r\nname = \"N\"\r\nhost = \"h\"\r\nfriends = [\"x\"]\r\n")
        try "[[networks]] # main\r\nname = \"N\"\r\nhost = \"h\"\r\nfriends = [\"[m]bob\"]\r\n".write(toFile: path, atomically: true, encoding: .utf8)
        try ConfigWriter.setFriends(["[m]bob", "carol"], network: "N", in: path)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text == "[[networks]] # main\r\nname = \"N\"\r\nhost = \"h\"\r\nfriends = [\"[m]bob\", \"carol\"]\r\n")
        #expect(try ConfigLoader.load(path: path).networks.first?.friends == ["[m]bob", "carol"])
    }
}

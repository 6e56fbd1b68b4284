import Foundation
@testable import NatterApp
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
}

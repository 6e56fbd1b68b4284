@testable import Configuration
import ChatModel
import Foundation
import IRCSession
import Testing

/// `[previews]`, a network's `previews` and `[previews.buffers]`: read with their defaults,
/// refused with the key named, changed by `/set`, and a host hidden from a preview's menu
/// written into the file.
final class PreviewConfigTests {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("natter-previews-\(UUID().uuidString)")
    var path: String { dir.appendingPathComponent("config.toml").path }

    init() throws {
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: dir) }

    @Test func readWithDefaults() throws {
        let plain = try ConfigLoader.parse("", file: "c.toml")
        #expect(plain.previews == PreviewSettings())
        #expect(plain.previews.mode == .all && !plain.previews.allowsPrivateAddresses && plain.previewCacheMiB == 200)
        let config = try ConfigLoader.parse("""
            [previews]
            show = "links"
            deny_hosts = ["example.com", "tracker.net"]
            allow_private_addresses = true
            cache_mb = 50

            [previews.buffers]
            "Libera/#Busy" = "off"

            [[networks]]
            name = "Libera"
            host = "irc.libera.chat"
            previews = "ALL"
            """, file: "c.toml")
        #expect(config.previews.mode == .links)
        #expect(config.previews.deniedHosts == ["example.com", "tracker.net"])
        #expect(config.previews.allowsPrivateAddresses && config.previews.cacheBytes == 50 << 20)
        #expect(config.previews.mode(network: "Libera", buffer: "#busy") == .off)
        #expect(config.previews.mode(network: "libera", buffer: "#other") == .all)
        #expect(config.previews.mode(network: "OFTC", buffer: "#x") == .links)
    }

    @Test(arguments: ["[previews]\nshow = \"some\"\n", "[previews]\ndeny_hosts = [\"a b\"]\n", "[previews]\ncache_mb = -1\n",
                      "[previews]\nfetch = true\n", "[previews.buffers]\n\"#x\" = \"off\"\n"])
    func badValuesAreRefusedNamingTheKey(text: String) {
        #expect {
            try ConfigLoader.parse(text, file: "c.toml")
        } throws: { error in
            "\(error)".contains("previews")
        }
    }

    @Test func hidingAHostWritesItIntoTheFile() throws {
        try "[previews]\ndeny_hosts = [\"example.com\"]   # mine\n".write(toFile: path, atomically: true, encoding: .utf8)
        let store = ConfigSettingsStore(path: path, config: try ConfigLoader.load(path: path))
        var applied: [NatterConfig] = []
        store.onChange = { applied.append($0) }
        let model = ChatModel(settings: ModelSettings())
        model.settingsStore = store
        model.previewSettings = try ConfigLoader.load(path: path).previews
        model.hidePreviews(fromHost: "Cats.Example.NET")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains("deny_hosts = [\"example.com\", \"cats.example.net\"]   # mine"))
        #expect(applied.last?.previews.deniedHosts == ["example.com", "cats.example.net"])
        model.hidePreviews(fromHost: "img.cats.example.net")   // already covered: nothing written
        #expect(applied.count == 1)
    }

    @Test func setChangesABuffersMode() throws {
        try "[[networks]]\nname = \"Libera\"\nhost = \"irc.libera.chat\"\n".write(toFile: path, atomically: true, encoding: .utf8)
        let store = ConfigSettingsStore(path: path, config: try ConfigLoader.load(path: path))
        let address = try store.address(of: "previews", in: BufferID(network: "Libera", name: "#natter")).get()
        #expect(try store.set("links", at: address).get().text == "links")
        let config = try ConfigLoader.load(path: path)
        #expect(config.previews.mode(network: "Libera", buffer: "#natter") == .links)
        let network = try store.address(of: "networks.Libera.previews", in: nil).get()
        #expect(try store.set("off", at: network).get().text == "off")
        #expect(try ConfigLoader.load(path: path).previews.networkModes["libera"] == .off)
    }
}

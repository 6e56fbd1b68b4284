@testable import Configuration
import ChatModel
import DesktopBus
import IRCSession
import Foundation
import NatterTestSupport
import Testing

/// Passwords from the desktop's keyring: a real GNOME Keyring on a private bus, its items made
/// and read by libsecret's own secret-tool as well as by Natter.
@Suite(.serialized)
struct KeyringTests {
    @Test(.timeLimit(.minutes(1)))
    func aPasswordStoredBySecretToolIsReadAndOursIsReadBack() throws {
        let bus = try PrivateSessionBus()
        defer { bus.stop() }
        let keyring = try GnomeKeyring(bus: bus)
        defer { keyring.stop() }
        _ = try keyring.secretTool(["store", "--label=libera", "xdg:schema", SecretService.schema, "key", "libera"], input: "hunter2")

        let service = SecretService(address: bus.address)
        defer { service.stop() }
        #expect(try service.password(for: "libera", timeout: 10) == "hunter2")
        #expect(try service.password(for: "oftc", timeout: 10) == nil)

        try service.store("pässwörd with spaces", for: "oftc", label: "Natter: oftc", timeout: 10)
        #expect(try keyring.secretTool(["lookup", "xdg:schema", SecretService.schema, "key", "oftc"]) == "pässwörd with spaces")
        try service.store("second", for: "oftc", label: "Natter: oftc", timeout: 10)
        #expect(try service.password(for: "oftc", timeout: 10) == "second", "storing again replaces")
    }

    @Test(.timeLimit(.minutes(1)))
    func theConfigsKeyringPasswordResolves() throws {
        let config = try ConfigLoader.parse("""
            [[networks]]
            host = "irc.libera.chat"
            password = { keyring = "libera" }
            [networks.sasl]
            account = "me"
            password = { keyring = "libera-sasl" }
            """, file: "c.toml")
        #expect(config.networks[0].password == .keyring("libera"))
        #expect(config.networks[0].sasl?.password == .keyring("libera-sasl"))
        // Shown (in logs, errors) as where the password is, never as a password.
        #expect("\(NatterConfig.Secret.keyring("libera"))" == "(password libera from the keyring)")

        let bus = try PrivateSessionBus()
        defer { bus.stop() }
        let keyring = try GnomeKeyring(bus: bus)
        defer { keyring.stop() }
        _ = try keyring.secretTool(["store", "--label=x", "xdg:schema", SecretService.schema, "key", "libera-sasl"], input: "s3cret")
        #expect(try SecretResolver.resolve(.keyring("libera-sasl"), keyringBus: bus.address) == "s3cret")
        do {
            _ = try SecretResolver.resolve(.keyring("missing"), keyringBus: bus.address)
            Issue.record("a missing keyring item resolved")
        } catch {
            #expect(error.message.contains("no password named missing") && error.message.contains("secret-tool store"))
        }
    }

    @Test func withoutAKeyringTheErrorSaysSo() throws {
        do {
            _ = try SecretResolver.resolve(.keyring("libera"), keyringBus: "unix:path=/nonexistent/bus")
            Issue.record("resolved without a keyring")
        } catch {
            #expect(error.message.contains("cannot read libera from the keyring"))
        }
        #expect(throws: ConfigError.self) {
            try ConfigLoader.parse("[[networks]]\nhost = \"h\"\npassword = { keyring = \"\" }\n", file: "c.toml")
        }
        #expect(throws: ConfigError.self) {
            try ConfigLoader.parse("[[networks]]\nhost = \"h\"\npassword = { vault = \"x\" }\n", file: "c.toml")
        }
    }
}

/// A password set through the settings (`/set`, the settings screen) goes to the keyring; the
/// file names the item and never holds the password.
@Suite(.serialized)
struct SettingsKeyringTests {
    @Test(.timeLimit(.minutes(1)))
    func aTypedPasswordIsKeptInTheKeyringAndTheFileNamesIt() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("natter-setkey-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("config.toml").path
        try "[[networks]]\nname = \"Libera\"\nhost = \"irc.libera.chat\"\n".write(toFile: path, atomically: true, encoding: .utf8)
        let store = ConfigSettingsStore(path: path, config: try ConfigLoader.load(path: path))
        let address = try store.address(of: "networks.Libera.sasl.password", in: nil).get()

        // No keyring: refused, the file as it was.
        #expect(throws: SettingRefusal.self) { try store.set("hunter2", at: address).get() }
        #expect(try String(contentsOfFile: path, encoding: .utf8).contains("hunter2") == false)

        let bus = try PrivateSessionBus()
        defer { bus.stop() }
        let keyring = try GnomeKeyring(bus: bus)
        defer { keyring.stop() }
        store.keepSecret = ConfigSettingsStore.keyringKeeper(address: bus.address)
        #expect(try store.set("hunter2", at: address).get().text == "keyring:Libera/sasl")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains("[networks.sasl]\npassword = { keyring = \"Libera/sasl\" }") && !text.contains("hunter2"))
        #expect(try keyring.secretTool(["lookup", "xdg:schema", SecretService.schema, "key", "Libera/sasl"]) == "hunter2")
        #expect(store.config.networks[0].sasl?.password == .keyring("Libera/sasl"))
        // Checked as typed without keeping anything.
        #expect(store.refusal(of: "other", at: address) == nil)
        #expect(try keyring.secretTool(["lookup", "xdg:schema", SecretService.schema, "key", "Libera/sasl"]) == "hunter2")
        // A new password for the same item leaves the file as it is: the network is told to
        // fetch it again.
        var refetched: [String] = []
        store.onSecretChanged = { refetched.append($0) }
        let before = try String(contentsOfFile: path, encoding: .utf8)
        _ = try store.set("n3w", at: address).get()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == before)
        #expect(refetched == ["Libera"])
        #expect(try keyring.secretTool(["lookup", "xdg:schema", SecretService.schema, "key", "Libera/sasl"]) == "n3w")
    }
}

/// Channel keys in the keyring (issue 33, point 7): a channel joined by hand on a network that
/// keeps its passwords there keeps its key there too, and is joined with it at the next start.
@Suite(.serialized)
struct ChannelKeyKeyringTests {
    @Test(.timeLimit(.minutes(1)))
    func aKeyJoinedByHandIsKeptAndFetchedBack() throws {
        let bus = try PrivateSessionBus()
        defer { bus.stop() }
        let keyring = try GnomeKeyring(bus: bus)
        defer { keyring.stop() }
        let store = ConfigSettingsStore.keyringKeeper(address: bus.address)
        let lookup = ConfigSettingsStore.keyringLookup(address: bus.address)
        var config = try ConfigLoader.parse("""
            [[networks]]
            name = "Libera"
            host = "irc.libera.chat"
            password = { keyring = "libera" }
            channels = ["#open", "#plain key"]
            """, file: "c.toml")

        let joined: [RememberedChange] = [.added(ChannelKey("#Secret", key: "s3cret")), .added(ChannelKey("#free")), .removed("#old")]
        let kept = ChannelKeyKeeping.keep(joined, of: config.networks[0], lookup: lookup, store: store)
        #expect(kept.failures.isEmpty)
        #expect(kept.changes == [.added(ChannelKey("#Secret", key: "keyring:Libera/#secret")), .added(ChannelKey("#free")), .removed("#old")])
        #expect(try keyring.secretTool(["lookup", "xdg:schema", SecretService.schema, "key", "Libera/#secret"]) == "s3cret")

        // Written so, the next start fetches it and joins with it.
        var editor = try TOMLEditor("[[networks]]\nname = \"Libera\"\nhost = \"irc.libera.chat\"\npassword = { keyring = \"libera\" }\n"
                                    + "channels = [\"#open\", \"#plain key\"]\n")
        try ConfigWriter.applyChannelChanges(kept.changes, network: "Libera", in: &editor)
        #expect(editor.text.contains("\"#Secret keyring:Libera/#secret\""))
        config = try ConfigLoader.parse(editor.text, file: "c.toml")
        let network = config.networks[0]
        #expect(NetworkSecrets.immediate(for: network) == nil, "the keyring is asked off the window's thread")
        _ = try keyring.secretTool(["store", "--label=x", "xdg:schema", SecretService.schema, "key", "libera"], input: "pw")
        let secrets = try NetworkSecrets.fetch(for: network, keyringBus: bus.address)
        #expect(secrets.channelKeys == ["#secret": "s3cret"])
        #expect(NetworkSecrets.sources(for: network).contains("the keyring (Libera/#secret)"))
        let setup = try NetworkSetup(network, secrets: secrets, ctcp: CTCPConfiguration())
        #expect(setup.session.autoJoin == [ChannelKey("#open"), ChannelKey("#plain", key: "key"), ChannelKey("#Secret", key: "s3cret"),
                                         ChannelKey("#free")])

        // Joined again with the same key: nothing to write. A new key replaces the kept one.
        #expect(ChannelKeyKeeping.keep([.keyed(ChannelKey("#Secret", key: "s3cret"))], of: network, lookup: lookup, store: store).changes.isEmpty)
        let rekeyed = ChannelKeyKeeping.keep([.keyed(ChannelKey("#Secret", key: "n3w"))], of: network, lookup: lookup, store: store)
        #expect(rekeyed.changes == [.keyed(ChannelKey("#Secret", key: "keyring:Libera/#secret"))])
        #expect(try keyring.secretTool(["lookup", "xdg:schema", SecretService.schema, "key", "Libera/#secret"]) == "n3w")
    }

    @Test func aNetworkWithoutTheKeyringKeepsKeysInTheFileAndAFailureIsSaid() throws {
        let plain = try ConfigLoader.parse("[[networks]]\nhost = \"h.example\"\n", file: "c").networks[0]
        let change = RememberedChange.added(ChannelKey("#c", key: "k"))
        var asked = false
        let untouched = ChannelKeyKeeping.keep([change], of: plain, lookup: { _ in asked = true; return nil },
                                               store: { _, _ in asked = true; return nil })
        #expect(untouched.changes == [change] && untouched.failures.isEmpty && !asked)
        let keyed = try ConfigLoader.parse("[[networks]]\nhost = \"h.example\"\npassword = { keyring = \"h\" }\n", file: "c").networks[0]
        let failed = ChannelKeyKeeping.keep([change], of: keyed, lookup: { _ in nil }, store: { _, _ in "no keyring" })
        #expect(failed.changes == [change] && failed.failures.first?.contains("no keyring") == true)
    }
}

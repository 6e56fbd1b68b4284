@testable import Configuration
import ChatModel
import DesktopBus
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
    }
}

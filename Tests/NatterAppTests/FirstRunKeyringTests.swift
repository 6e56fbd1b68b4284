import DesktopBus
import Foundation
import IRCTestServers
import NatterTestSupport
import Testing

/// The first-run form keeps a server password in the desktop's keyring (a real GNOME Keyring on
/// a private bus) and writes only the keyring's name into the new config file. (That the
/// password field shows bullets and is never copied is TextFieldTests'.)
@Suite(.serialized)
struct FirstRunKeyringTests {
    @Test(.timeLimit(.minutes(1)))
    func thePasswordGoesToTheKeyringNotTheFile() throws {
        let desktop = try KeyringDesktop()
        defer { desktop.stop() }
        let (x, keyring, env) = (desktop.x, desktop.keyring, desktop.environment)
        let configFile = env["XDG_CONFIG_HOME"]! + "/natter/config.toml"
        try? FileManager.default.removeItem(atPath: configFile)
        defer { try? FileManager.default.removeItem(atPath: configFile) }
        try? FileManager.default.removeItem(atPath: env["XDG_STATE_HOME"]! + "/natter/window.json")

        let app = try ChildProcess(try natterExecutable(), ["--window-size", "900x600"], environment: env)
        defer { app.stop() }
        let window = try x.waitForNatterWindow()
        let xdotool = try XvfbSession.xdotool()
        // The server field has the keyboard: a server nobody answers at, then Tab… is the
        // form's business; the password field is reached with a click (the window is centred
        // on the 1280×800 screen; the field is the fourth, as in the first-run scenario).
        _ = try runTool(xdotool, ["windowfocus", "--sync", window, "key", "ctrl+a", "type", "127.0.0.1:9"], environment: env)
        _ = try runTool(xdotool, ["mousemove", "--sync", String(190 + 450), String(100 + 381), "click", "1"], environment: env)
        _ = try runTool(xdotool, ["type", "--delay", "20", "bouncer-secret"], environment: env)
        _ = try runTool(xdotool, ["key", "Return"], environment: env)

        let deadline = Date().addingTimeInterval(10)
        var text = ""
        while Date() < deadline {
            text = (try? String(contentsOfFile: configFile, encoding: .utf8)) ?? ""
            if text.contains("keyring") { break }
            Thread.sleep(forTimeInterval: 0.1)
        }
        #expect(text.contains("password = { keyring = \"127.0.0.1\" }"), "config: \(text)")
        #expect(!text.contains("bouncer-secret"))
        #expect(try keyring.secretTool(["lookup", "xdg:schema", SecretService.schema, "key", "127.0.0.1"]) == "bouncer-secret")
    }

    /// `/server add … -sasl ACCOUNT PASSWORD -password PASS`: both passwords go to the keyring,
    /// the file names the items, and neither the file nor the history of ↑ holds them.
    @Test(.timeLimit(.minutes(1)))
    func serverAddKeepsItsPasswordsInTheKeyring() throws {
        let desktop = try KeyringDesktop()
        defer { desktop.stop() }
        let (x, keyring, env) = (desktop.x, desktop.keyring, desktop.environment)
        let configFile = try x.writeConfig("[[networks]]\nname = \"First\"\nhost = \"127.0.0.1\"\nport = 9\ntls = false\nnick = \"me\"\n")
        defer { try? FileManager.default.removeItem(atPath: configFile) }

        let app = try ChildProcess(try natterExecutable(), ["--window-size", "900x600"], environment: env)
        let window = try x.waitForNatterWindow()
        try x.type(window, "/server add Other 127.0.0.1 9 -notls -sasl me s3cret-sasl -password s3cret-pass")
        try x.key(window, "Return")
        let deadline = Date().addingTimeInterval(10)
        var text = ""
        while Date() < deadline {
            text = (try? String(contentsOfFile: configFile, encoding: .utf8)) ?? ""
            if text.contains("[networks.sasl]") { break }
            Thread.sleep(forTimeInterval: 0.1)
        }
        #expect(text.contains("name = \"Other\"") && text.contains("password = { keyring = \"Other\" }"), "config: \(text)")
        #expect(text.contains("[networks.sasl]\nmechanism = \"plain\"\naccount = \"me\"\npassword = { keyring = \"Other/sasl\" }"),
                "config: \(text)")
        #expect(!text.contains("s3cret"))
        #expect(try keyring.secretTool(["lookup", "xdg:schema", SecretService.schema, "key", "Other"]) == "s3cret-pass")
        #expect(try keyring.secretTool(["lookup", "xdg:schema", SecretService.schema, "key", "Other/sasl"]) == "s3cret-sasl")
        app.stop()
        let history = (try? String(contentsOfFile: env["XDG_STATE_HOME"]! + "/natter/history.json", encoding: .utf8)) ?? ""
        #expect(!history.contains("s3cret"), "history: \(history)")
    }
}

/// An X display, a private session bus and a real GNOME Keyring on it: the desktop a keyring
/// test runs Natter in. `stop` ends them in the reverse order.
final class KeyringDesktop {
    let x: XvfbSession
    let bus: PrivateSessionBus
    let keyring: GnomeKeyring
    /// The display's environment, with the private bus as the session bus.
    let environment: [String: String]

    init() throws {
        x = try XvfbSession()
        do {
            bus = try PrivateSessionBus()
        } catch {
            x.stop()
            throw error
        }
        do {
            keyring = try GnomeKeyring(bus: bus)
        } catch {
            bus.stop()
            x.stop()
            throw error
        }
        var env = x.environment()
        env["DBUS_SESSION_BUS_ADDRESS"] = bus.address
        environment = env
    }

    func stop() {
        keyring.stop()
        bus.stop()
        x.stop()
    }
}

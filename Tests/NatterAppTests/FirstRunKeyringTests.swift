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
        let x = try XvfbSession()
        defer { x.stop() }
        let bus = try PrivateSessionBus()
        defer { bus.stop() }
        let keyring = try GnomeKeyring(bus: bus)
        defer { keyring.stop() }
        var env = x.environment()
        env["DBUS_SESSION_BUS_ADDRESS"] = bus.address
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
}

import Foundation
import IRCProtocol
import IRCTestServers
import NatterTestSupport
import Testing

/// `/set` and the settings screen in the real window (issue 33, points 4 and 5): a value typed
/// is written into config.toml in place (the user's comment kept) and applied at once, as the
/// file's reload would apply it; a nick set so reconnects that network under it.
extension ConfigReloadWindowTests {
    @Test(.timeLimit(.minutes(2))) func setAndTheSettingsScreenChangeTheRunningApp() throws {
        let (server, peer) = try serverWithPeer(joining: ["#set"])
        defer { server.stop() }
        defer { peer.close() }
        let x = try XvfbSession()
        defer { x.stop() }
        let env = x.environment()
        let original = """
            # Changed by /set while Natter runs.
            [[networks]]
            name = "First"
            host = "127.0.0.1"
            port = \(server.clientPort)
            tls = false
            nick = "first"      # my usual nick
            channels = ["#set"]

            [theme]
            appearance = "dark"   # my choice

            """
        let file = try x.writeConfig(original)
        defer { try? FileManager.default.removeItem(atPath: file) }

        let app = try ChildProcess(try natterExecutable(), ["--window-size", "1000x700"], environment: env)
        defer { app.stop() }
        let window = try x.waitForNatterWindow()
        try peer.waitFor(timeout: 10, "First's JOIN") { $0.command == "JOIN" && $0.parsedSource?.nick == "first" }
        try waitForCentre(x, toBe: "srgb(30,31,34)")

        try x.type(window, "/set theme.appearance light")
        try x.key(window, "Return")
        try waitForCentre(x, toBe: "srgb(255,255,255)")
        #expect(try String(contentsOfFile: file, encoding: .utf8)
                == original.replacingOccurrences(of: "appearance = \"dark\"", with: "appearance = \"light\""))

        // A network's key alone, typed in its channel: that network reconnects with it.
        try x.type(window, "/set nick renamed")
        try x.key(window, "Return")
        try peer.waitFor(timeout: 15, "the JOIN under the new nick") { $0.command == "JOIN" && $0.parsedSource?.nick == "renamed" }
        #expect(try String(contentsOfFile: file, encoding: .utf8).contains("nick = \"renamed\"      # my usual nick"))

        // The screen: /settings opens Appearance with its first field (theme.appearance) focused;
        // Space shows its next choice (auto: the desktop's, dark here), Enter saves and applies it
        // (a step alone saves nothing: each would be a change of its own).
        try x.type(window, "/settings appearance")
        try x.key(window, "Return")
        try waitForCentre(x, toBe: "srgb(232,233,236)")   // a row of the panel (surfaceHover, light)
        try x.key(window, "space")
        try x.key(window, "Return")
        try waitUntil("the screen saved the new appearance") {
            ((try? String(contentsOfFile: file, encoding: .utf8)) ?? "").contains("appearance = \"auto\"   # my choice")
        }
        try x.key(window, "Escape")
        try waitForCentre(x, toBe: "srgb(30,31,34)")
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(text == original.replacingOccurrences(of: "nick = \"first\"", with: "nick = \"renamed\"")
            .replacingOccurrences(of: "appearance = \"dark\"", with: "appearance = \"auto\""))
    }
}

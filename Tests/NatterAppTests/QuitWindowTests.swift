import Foundation
import IRCProtocol
import IRCTestServers
import NatterTestSupport
import Testing

/// Quitting the real window says goodbye: Ctrl+Q (and the SIGTERM of a desktop logout) sends
/// QUIT with the configured message and waits for it to leave, so peers read the message
/// instead of "Connection closed".
@Suite(.serialized)
struct QuitWindowTests {
    @Test(.timeLimit(.minutes(1)), arguments: ["ctrl+q", "SIGTERM"])
    func quittingSaysTheQuitMessage(how: String) throws {
        let server = try InspIRCdNetwork(services: false)
        defer { server.stop() }
        let peer = try RawIRCClient(port: server.clientPort)
        defer { peer.close() }
        try peer.register(nick: "peer")
        try peer.join("#q")

        let x = try XvfbSession()
        defer { x.stop() }
        let env = x.environment()
        let config = env["XDG_CONFIG_HOME"]! + "/natter"
        try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
        try """
            [[networks]]
            name = "Local"
            host = "127.0.0.1"
            port = \(server.clientPort)
            tls = false
            nick = "leaver"
            channels = ["#q"]

            [messages]
            quit = "see you tomorrow"
            """.write(toFile: config + "/config.toml", atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: config + "/config.toml") }

        let app = try ChildProcess(try natterExecutable(), ["--window-size", "900x600"], environment: env)
        defer { app.stop() }
        let window = try x.waitForNatterWindow()
        try peer.waitFor(timeout: 10, "natter's JOIN") { $0.command == "JOIN" && $0.parsedSource?.nick == "leaver" }

        if how == "SIGTERM" {
            app.signal(SIGTERM)
        } else {
            _ = try runTool(try XvfbSession.xdotool(), ["windowfocus", "--sync", window, "key", how], environment: env)
        }
        let quit = try peer.waitFor(timeout: 5, "natter's QUIT") { $0.command == "QUIT" && $0.parsedSource?.nick == "leaver" }
        // A link closed without a QUIT reads "Connection closed" here.
        #expect(quit.parameters.last == "see you tomorrow")
        #expect(app.waitForExit(seconds: 5), "natter did not end after quitting")
        #expect(app.exitStatus == 0)
    }
}

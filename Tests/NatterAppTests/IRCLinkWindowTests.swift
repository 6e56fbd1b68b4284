import Foundation
import IRCProtocol
import IRCTestServers
import NatterTestSupport
import Testing

/// `natter irc://…` while Natter runs: the running window takes the link and joins the
/// channel (on its configured network, or on a new connection for another server), and the
/// second process exits at once. Real binary, real InspIRCd, private Xvfb.
@Suite(.serialized)
struct IRCLinkWindowTests {
    @Test(.timeLimit(.minutes(1)))
    func aLaterNatterHandsItsLinkToTheRunningWindow() throws {
        let server = try InspIRCdNetwork(services: false)
        defer { server.stop() }
        let peer = try RawIRCClient(port: server.clientPort)
        defer { peer.close() }
        try peer.register(nick: "peer")
        try peer.join("#linked")
        try peer.join("#elsewhere")
        try peer.send("MONITOR + lnk")

        let x = try XvfbSession()
        defer { x.stop() }
        let env = x.environment()
        let configFile = env["XDG_CONFIG_HOME"]! + "/natter/config.toml"
        try FileManager.default.createDirectory(atPath: env["XDG_CONFIG_HOME"]! + "/natter", withIntermediateDirectories: true)
        try """
            [[networks]]
            name = "Local"
            host = "127.0.0.1"
            port = \(server.clientPort)
            tls = false
            nick = "lnk"
            """.write(toFile: configFile, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: configFile) }
        let app = try ChildProcess(try natterExecutable(), [], environment: env)
        defer { app.stop() }
        let window = try x.waitForNatterWindow()
        try peer.waitFor(timeout: 10, "natter online (730)") { $0.command == "730" }

        // The configured network's host and port: joined there.
        let started = Date()
        _ = try runTool(try natterExecutable(), ["irc://127.0.0.1:\(server.clientPort)/%23linked"], environment: env)
        #expect(Date().timeIntervalSince(started) < 5, "the second natter did not hand over and exit")
        try peer.waitFor(timeout: 5, "JOIN #linked") { $0.command == "JOIN" && $0.parsedSource?.nick == "lnk" && $0.parameters.first == "#linked" }

        // Another server name (localhost is not the configured 127.0.0.1): a connection of its
        // own, with the configured nick (taken, so the server's answer makes it lnk_).
        _ = try runTool(try natterExecutable(), ["irc://localhost:\(server.clientPort)/elsewhere"], environment: env)
        try peer.waitFor(timeout: 10, "JOIN #elsewhere") {
            $0.command == "JOIN" && ($0.parsedSource?.nick.hasPrefix("lnk") ?? false) && $0.parameters.first == "#elsewhere"
        }
        #expect(app.isRunning)
        // Natter asks whether that server joins the networks: Enter adds it to the file (as
        // /server add writes one), and the reload that write wakes starts nothing twice.
        #expect(!(try String(contentsOfFile: configFile, encoding: .utf8)).contains("localhost"))
        try x.key(window, "Return")
        let deadline = Date().addingTimeInterval(10)
        var text = ""
        while Date() < deadline, !text.contains("host = \"localhost\"") {
            Thread.sleep(forTimeInterval: 0.1)
            text = (try? String(contentsOfFile: configFile, encoding: .utf8)) ?? ""
        }
        #expect(text.contains("[[networks]]\nhost = \"localhost\"\nport = \(server.clientPort)\ntls = false\nnick = \"lnk\"\n"
                              + "channels = [\"#elsewhere\"]"), "config: \(text)")
        try x.type(window, "/msg #elsewhere still one link")
        try x.key(window, "Return")
        var between: [IRCMessage] = []
        try peer.waitFor(timeout: 10, "the message after the write") { message in
            between.append(message)
            return message.command == "PRIVMSG" && message.parameters.last == "still one link"
        }
        #expect(!between.contains { ["JOIN", "QUIT", "PART"].contains($0.command) }, "\(between)")

        app.signal(SIGTERM)
        #expect(app.waitForExit(seconds: 5))
        #expect(app.exitStatus == 0)
        #expect(!FileManager.default.fileExists(atPath: env["XDG_RUNTIME_DIR"]! + "/natter/instance.sock"), "the socket file stayed")
    }
}

import Foundation
import IRCProtocol
import IRCTestServers
import NatterTestSupport
import Testing

/// `/server add` in the real window (issue 33, point 6): the network connects at once, is
/// written to config.toml in place, and connects again at the next start.
@Suite(.serialized)
struct ServerAddWindowTests {
    @Test(.timeLimit(.minutes(1))) func anAddedNetworkConnectsNowAndAfterARestart() throws {
        let (server, peer) = try serverWithPeer(joining: ["#added"])
        defer { server.stop() }
        defer { peer.close() }

        let x = try XvfbSession()
        defer { x.stop() }
        let env = x.environment()
        let file = try x.writeConfig("""
            # Only one network to begin with.
            [[networks]]
            name = "First"
            host = "127.0.0.1"
            port = \(server.clientPort)
            tls = false
            nick = "first"
            channels = []
            """)
        defer { try? FileManager.default.removeItem(atPath: file) }

        let first = try ChildProcess(try natterExecutable(), ["--window-size", "900x600"], environment: env)
        defer { first.stop() }
        var window = try x.waitForNatterWindow()
        Thread.sleep(forTimeInterval: 1)
        try x.type(window, "/server add Second 127.0.0.1 \(server.clientPort) -notls -nick second -join #added")
        try x.key(window, "Return")
        try peer.waitFor(timeout: 10, "the added network's JOIN") { $0.command == "JOIN" && $0.parsedSource?.nick == "second" }
        let deadline = Date().addingTimeInterval(10)
        while !((try? String(contentsOfFile: file, encoding: .utf8)) ?? "").contains("name = \"Second\""), Date() < deadline {
            Thread.sleep(forTimeInterval: 0.05)
        }
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(text.hasPrefix("# Only one network to begin with.\n[[networks]]\nname = \"First\""), "\(text)")
        #expect(text.contains("""
            [[networks]]
            name = "Second"
            host = "127.0.0.1"
            port = \(server.clientPort)
            tls = false
            nick = "second"
            channels = ["#added"]
            """), "\(text)")
        try x.key(window, "ctrl+q")
        #expect(first.waitForExit(seconds: 5), "natter did not quit on Ctrl+Q")

        let second = try ChildProcess(try natterExecutable(), ["--window-size", "900x600"], environment: env)
        defer { second.stop() }
        window = try x.waitForNatterWindow()
        try peer.waitFor(timeout: 10, "the added network's JOIN after the restart") {
            $0.command == "JOIN" && $0.parsedSource?.nick == "second"
        }
    }
}

import Foundation
import IRCProtocol
import IRCTestServers
import NatterTestSupport
import Testing

/// What is changed by hand in the window is kept in config.toml, in place (issue 33, points
/// 7 and 9): a channel joined by hand is joined again at the next start, one parted is not,
/// an alias made with /alias works after a restart, and the user's comments are still there.
@Suite(.serialized)
struct RememberedChannelsWindowTests {
    @Test(.timeLimit(.minutes(1))) func aChannelJoinedByHandIsJoinedAgainAfterARestart() throws {
        let (server, peer) = try serverWithPeer(joining: ["#kept", "#left", "#new"])
        defer { server.stop() }
        defer { peer.close() }

        let x = try XvfbSession()
        defer { x.stop() }
        let env = x.environment()
        let file = try x.writeConfig("""
            # My networks.
            [[networks]]
            name = "Local"   # the test server
            host = "127.0.0.1"
            port = \(server.clientPort)
            tls = false
            nick = "keeper"
            channels = ["#kept", "#left"]   # joined at start
            """)
        defer { try? FileManager.default.removeItem(atPath: file) }

        let first = try ChildProcess(try natterExecutable(), ["--window-size", "900x600"], environment: env)
        defer { first.stop() }
        var window = try x.waitForNatterWindow()
        try joined(peer, ["#kept", "#left"])
        Thread.sleep(forTimeInterval: 0.5)
        try x.type(window, "/join #new")
        try x.key(window, "Return")
        try joined(peer, ["#new"])
        try x.type(window, "/part #left")
        try x.key(window, "Return")
        try peer.waitFor(timeout: 10, "natter's PART") { $0.command == "PART" && $0.parsedSource?.nick == "keeper" }
        try x.type(window, "/alias hello /msg #kept hello from $nick")
        try x.key(window, "Return")
        // In the file while the app runs, in place.
        try waitUntil("the file holds #new and the alias") {
            let text = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
            return text.contains("\"#new\"") && !text.contains("\"#left\"") && text.contains("hello = ")
        }
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(text.hasPrefix("# My networks.\n[[networks]]\nname = \"Local\"   # the test server\n"), "\(text)")
        #expect(text.contains("channels = [\"#kept\", \"#new\"]   # joined at start"), "\(text)")
        #expect(text.hasSuffix("\n[aliases]\nhello = \"/msg #kept hello from $nick\"\n"), "\(text)")
        _ = try runTool(try XvfbSession.xdotool(), ["windowfocus", "--sync", window, "key", "ctrl+q"], environment: env)
        #expect(first.waitForExit(seconds: 5), "natter did not quit on Ctrl+Q")

        // Second run: #kept and #new, not #left; the alias is there.
        let second = try ChildProcess(try natterExecutable(), ["--window-size", "900x600"], environment: env)
        defer { second.stop() }
        window = try x.waitForNatterWindow()
        let joins = try joined(peer, ["#kept", "#new"])
        #expect(!joins.contains("#left"))
        Thread.sleep(forTimeInterval: 0.5)
        try x.type(window, "/hello")
        try x.key(window, "Return")
        let said = try peer.waitFor(timeout: 10, "the alias's message") { $0.command == "PRIVMSG" && $0.parsedSource?.nick == "keeper" }
        #expect(said.parameters == ["#kept", "hello from keeper"])
    }

    /// Waits until natter has joined every one of `channels` (the peer sees its JOINs); returns
    /// every channel it joined meanwhile.
    @discardableResult
    private func joined(_ peer: RawIRCClient, _ channels: Set<String>) throws -> Set<String> {
        var seen = Set<String>()
        while !channels.isSubset(of: seen) {
            let join = try peer.waitFor(timeout: 10, "natter's JOIN of \(channels)") { $0.command == "JOIN" && $0.parsedSource?.nick == "keeper" }
            seen.insert(join.parameters[0])
        }
        return seen
    }

    private func waitUntil(_ what: String, _ condition: () -> Bool) throws {
        let deadline = Date().addingTimeInterval(10)
        while !condition() {
            guard Date() < deadline else { throw TestServerError("timed out waiting until \(what)") }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }
}

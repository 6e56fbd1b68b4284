import Foundation
import IRCProtocol
import IRCTestServers
import NatterTestSupport
import Testing

/// What was sent is kept between runs: a line said in the real window (in the file at once),
/// Ctrl+Q, Natter started again with the same state folder, and ↑ then Enter in the channel says the line again. The
/// file is in `$XDG_STATE_HOME/natter/`, its owner's alone.
@Suite(.serialized)
struct HistoryWindowTests {
    @Test(.timeLimit(.minutes(1)))
    func aLineSentComesBackWithUpAfterARestart() throws {
        let server = try InspIRCdNetwork(services: false)
        defer { server.stop() }
        let peer = try RawIRCClient(port: server.clientPort)
        defer { peer.close() }
        try peer.register(nick: "peer")
        try peer.join("#h")

        let x = try XvfbSession()
        defer { x.stop() }
        let env = x.environment()
        let arguments = ["--server", "127.0.0.1:\(server.clientPort)", "--no-tls", "--nick", "keeper", "--join", "#h",
                         "--window-size", "900x600"]

        // First run: say a line, then quit with Ctrl+Q.
        let first = try ChildProcess(try natterExecutable(), arguments, environment: env)
        defer { first.stop() }
        var window = try x.waitForNatterWindow()
        try ready(peer)
        try x.type(window, "kept for later")
        try x.key(window, "Return")
        let said = try peer.waitFor(timeout: 5, "the line typed") { $0.command == "PRIVMSG" && $0.parsedSource?.nick == "keeper" }
        #expect(said.parameters == ["#h", "kept for later"])
        // Written as it was sent, not only at the end: a run killed now would keep it.
        let file = env["XDG_STATE_HOME"]! + "/natter/history.json"
        let deadline = Date().addingTimeInterval(5)
        func written() -> Bool { (FileManager.default.contents(atPath: file).map { String(decoding: $0, as: UTF8.self) } ?? "").contains("kept for later") }
        while !written(), Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        #expect(written(), "the history file did not hold the line before the quit")
        try x.key(window, "ctrl+q")
        #expect(first.waitForExit(seconds: 5), "natter did not quit on Ctrl+Q")
        let attributes = try FileManager.default.attributesOfItem(atPath: file)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)

        // Second run, the same folders: ↑ in the channel gives the line back.
        let second = try ChildProcess(try natterExecutable(), arguments, environment: env)
        defer { second.stop() }
        window = try x.waitForNatterWindow()
        try ready(peer)
        try x.key(window, "Up")
        try x.key(window, "Return")
        let again = try peer.waitFor(timeout: 5, "the line recalled") { $0.command == "PRIVMSG" && $0.parsedSource?.nick == "keeper" }
        #expect(again.parameters == ["#h", "kept for later"])
    }

    /// Natter joined #h and has its names (the peer's line proves it), so #h is shown.
    private func ready(_ peer: RawIRCClient) throws {
        try peer.waitFor(timeout: 10, "natter's JOIN") { $0.command == "JOIN" && $0.parsedSource?.nick == "keeper" }
        try peer.send("PRIVMSG #h :ready")
        Thread.sleep(forTimeInterval: 0.5)
    }
}

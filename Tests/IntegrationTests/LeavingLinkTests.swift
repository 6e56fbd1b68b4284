import ChatModel
import Foundation
import IRCProtocol
import IRCSession
import IRCTestServers
import Testing

/// A link leaving its server (its QUIT written, waiting for the server's close) against a
/// server that never closes it: a quick /connect's new link is not knocked down by the old
/// one's end, a line typed meanwhile is not lost, and the old link is let go once it closes.
@MainActor
struct LeavingLinkTests {
    /// Answers the registration of each connection, and nothing after (a QUIT is ignored).
    func register(_ client: RawIRCClient, nick: String) throws {
        _ = try client.waitFor(command: "USER")
        try client.send(lines: [":srv 001 \(nick) :Welcome", ":srv 005 \(nick) CHANTYPES=# :are supported",
                                ":srv 376 \(nick) :End of MOTD"])
    }

    @Test(.timeLimit(.minutes(1))) func aQuickReconnectIsNotUndoneByTheOldLink() async throws {
        let server = try FakeIRCServer()
        defer { server.close() }
        let client = LiveClient(nick: "leaver")
        defer { client.close() }
        // Longer than the test: the old link ends when the server closes it, below.
        client.hub.leaveWithin = .seconds(60)
        client.connect(port: server.port)
        let first = try server.accept(timeout: 5)
        defer { first.close() }
        try await client.pump(for: 0.5)   // the session hears of the link and registers
        try register(first, nick: "leaver")
        try await client.waitUntilReady()

        Commands(model: client.model).run(line: "/disconnect", in: client.serverBuffer.id, now: client.hub.now())
        try await client.pump(for: 0.3)
        _ = try first.waitFor(command: "QUIT")
        #expect(client.hub.isLeaving, "the old link waits for the server's close")
        // Typed while the old link waits: not lost (it waits as pending for the next link).
        Commands(model: client.model).run(line: "/msg friend still here", in: client.serverBuffer.id, now: client.hub.now())
        Commands(model: client.model).run(line: "/connect", in: client.serverBuffer.id, now: client.hub.now())
        let second = try server.accept(timeout: 5)
        defer { second.close() }
        try await client.pump(for: 0.5)
        try register(second, nick: "leaver")
        try await client.pump(for: 0.5)   // registered again: what waited goes out
        let kept = try second.waitFor(command: "PRIVMSG")
        #expect(kept.parameters == ["friend", "still here"])

        // The server closes the old link now: its end is reported, and the new one stays.
        first.close()
        try await client.pump("the old link let go", timeout: 10) { !client.hub.isLeaving }
        try await client.pump(for: 0.5)
        #expect(client.session.state.phase == .registered)
        #expect(client.network.link != .idle)
    }
}

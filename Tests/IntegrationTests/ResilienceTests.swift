import ChatModel
import Foundation
import IRCProtocol
import IRCSession
import IRCTestServers
import IRCTransport
import Testing
import NatterTestSupport

/// The client when the server goes away: killed (a crash), or frozen (a dead link). These
/// tests kill and freeze their suite's own InspIRCd, so they run one after the other.
@MainActor
@Suite("Client when the server fails", .inspircd, .serialized)
struct ResilienceTests {
    /// Short test timings: ticks every 200 ms, reconnecting after 0.2 s, 0.4 s, 0.8 s, 1 s, ….
    static func quick(_ configuration: inout IRCTransportConfiguration) {
        configuration.tickInterval = .milliseconds(200)
        configuration.backoff = ReconnectBackoff(initialDelay: .milliseconds(200), maximumDelay: .seconds(1),
                                                 multiplier: 2, jitter: 0.25)
    }

    @Test func aKilledServerIsReconnectedWithBackoffAndWhatWasTypedMeanwhileIsDelivered() async throws {
        let network = try Fixtures.network()
        let client = LiveClient(nick: "natterBack", channels: ["#re"])
        defer { client.close() }
        var peer = try RawIRCClient(port: network.clientPort)
        defer { peer.close() }
        try await client.register(peer, nick: "stayer")
        try await client.join(peer, "#re")
        client.connect(port: network.clientPort, adjust: Self.quick)
        try await client.waitUntilJoined("#re")
        try client.show("#re")
        client.controller.submit("before the crash")
        let before = try await client.wait(for: peer, "the first line") { $0.command == "PRIVMSG" }
        #expect(before.parameters == ["#re", "before the crash"])

        // The server crashes mid-conversation.
        network.killServer()
        try await client.pump("the drop") {
            client.session.state.phase == .disconnected && client.buffer("#re")?.isJoined == false
        }
        #expect(client.serverBuffer.lines.contains { $0.kind == .error && $0.text == "The server closed the connection" })

        // Typed during the outage: a pending row.
        let typed = "typed during the \u{02}outage\u{02}"
        client.controller.submit(typed)
        try await client.pump("the pending row") {
            client.buffer("#re")?.lines.contains { $0.text == typed && $0.delivery == .pending } == true
        }
        // Attempts fail while it is down, each after a longer delay.
        try await client.pump("two failed attempts") {
            client.serverBuffer.lines.filter { $0.text.hasPrefix("Could not connect") }.count >= 2
        }
        let delays = client.serverBuffer.lines.compactMap { line -> Int? in
            guard line.text.hasPrefix("Reconnecting in ") else { return nil }
            return Int(line.text.dropFirst("Reconnecting in ".count).prefix { $0.isNumber })
        }
        #expect(delays.count >= 2)
        #expect(delays.allSatisfy { $0 <= 1 })
        #expect(client.buffer("#re")?.lines.contains { $0.text == typed && $0.delivery == .pending } == true)

        // The server comes back on the same port; the peer rejoins too.
        try network.restartServer()
        peer.close()
        peer = try RawIRCClient(port: network.clientPort)
        try await client.register(peer, nick: "stayer")
        try await client.join(peer, "#re")
        try await client.waitUntilJoined("#re", timeout: 15)

        // The peer gets the typed line (live, or replayed by chanhistory when we rejoined
        // first), and the pending row is now the delivered one, in place.
        let after = try await client.wait(for: peer, "the line typed during the outage") {
            $0.command == "PRIVMSG" && $0.parameters.first == "#re"
        }
        #expect(after.parameters == ["#re", typed])
        #expect(after.sourceNick == "natterBack")
        try await client.pump("the delivered row") {
            client.buffer("#re")?.lines.contains { $0.text == typed && $0.delivery == .delivered } == true
        }
        let own = client.messages(in: "#re").filter(\.isOwn)
        #expect(own.map(\.text) == ["before the crash", typed])
        #expect(own.allSatisfy { $0.delivery == .delivered && !$0.id.hasPrefix("pending-") })
        #expect(client.sent.filter { $0.command == "PRIVMSG" }.map { $0.parameters } == [["#re", "before the crash"], ["#re", typed]])
    }

    @Test func aServerThatStopsAnsweringIsDeclaredDeadWithinTheBoundAndReconnected() async throws {
        let network = try Fixtures.network()
        let keepalive = KeepaliveConfiguration(pingAfter: 1, deadAfter: 2)
        let client = LiveClient(nick: "natterDead", channels: ["#dead"], keepalive: keepalive)
        defer { client.close() }
        client.connect(port: network.clientPort, adjust: Self.quick)
        try await client.waitUntilJoined("#dead")
        let sentBefore = client.sent.count

        network.suspendServer()
        let frozenAt = Date()
        var resumed = false
        defer { if !resumed { network.resumeServer() } }
        let stalled = try await client.pump("the dead link", timeout: 10) {
            client.serverBuffer.lines.contains { $0.text.hasPrefix("No data from the server") }
        }
        // The time the client's loop could run: another target's test may hold the main actor.
        let elapsed = Date().timeIntervalSince(frozenAt) - stalled
        // deadAfter (2 s) after the last line, which came before the freeze, seen at the next
        // tick (0.2 s); 1.5 s for a busy machine.
        #expect(elapsed <= 2 + 0.2 + 1.5, "dead link seen after \(elapsed) s")
        let row = try #require(client.serverBuffer.lines.first { $0.text.hasPrefix("No data from the server") })
        #expect(row.kind == .error)
        let silence = Int(row.text.dropFirst("No data from the server for ".count).prefix { $0.isNumber }) ?? 0
        #expect(silence >= 2)
        // After a second of silence the client asked with its own PING.
        #expect(client.sent[sentBefore...].contains { $0.command == "PING" && $0.parameters.first?.hasPrefix("natter-") == true })
        // The model asked its link to close, and the hub closed it for a reconnect.
        try await client.pump("the forced close") {
            client.serverBuffer.lines.contains { $0.text.hasPrefix("Disconnected: no data for ") }
        }
        #expect(client.hub.requests.contains { if case .close = $0.request { true } else { false } })

        network.resumeServer()
        resumed = true
        try await client.pump("registration after the thaw", timeout: 15) {
            client.session.isReady && client.buffer("#dead")?.isJoined == true
        }
        // The old connection may still hold the nick for a moment when the server thaws: then
        // the client registers as natterDead_ and takes its nick back once the ghost is gone.
        try await client.pump("our own nick", timeout: 15) { client.session.state.nick == "natterDead" }
    }
}

import ChatModel
import Foundation
import IRCProtocol
import IRCSession
import IRCTestServers
import Testing
import NatterTestSupport

/// The WHO the session sends after joining, against a real InspIRCd: someone who went away
/// before we joined is known as away (away-notify only tells of changes), the answer is not
/// shown, and away-notify keeps the state current afterwards.
@MainActor
@Suite("WHO on join against InspIRCd", .inspircd)
struct WhoOnJoinTests {
    @Test func aMemberAwayBeforeWeJoinedIsKnownAsAway() async throws {
        let network = try Fixtures.network()
        let peer = try RawIRCClient(port: network.clientPort)
        let present = try RawIRCClient(port: network.clientPort)
        defer { peer.close(); present.close() }
        try peer.register(nick: "awayPeer")
        try peer.join("#whoaway")
        try peer.send("AWAY :at lunch")
        _ = try peer.waitFor(command: "306")
        try present.register(nick: "herePeer")
        try present.join("#whoaway")

        let client = LiveClient(nick: "natterWho", channels: ["#whoaway"])
        defer { client.close() }
        client.connect(port: network.clientPort)
        try await client.waitUntilJoined("#whoaway")
        try await client.pump("awayPeer known as away") { client.session.state.user(named: "awayPeer")?.awayMessage != nil }
        #expect(client.session.state.capabilities.has("away-notify"))
        let who = try #require(client.sent.first { $0.command == "WHO" })
        #expect(who.parameters == ["#whoaway", "%tcuhnfar,153"])
        // The answer taught the members' hosts and real names, and the nick list dims the
        // away one.
        #expect(client.session.state.user(named: "herePeer")?.awayMessage == nil)
        #expect(client.session.state.user(named: "awayPeer")?.realName == "Raw test client")
        let members = client.network.sortedMembers(of: "#whoaway")
        #expect(members.first { $0.nick == "awayPeer" }?.away == true)
        #expect(members.first { $0.nick == "herePeer" }?.away == false)
        // Nothing of it is shown, in the channel or the server buffer.
        try await client.pump(for: 0.3)
        let shown = (client.buffer("#whoaway")?.lines ?? []) + client.serverBuffer.lines
        #expect(!shown.contains { $0.text.contains("End of") && $0.text.contains("WHO") }, "\(client.dump())")
        #expect(!shown.contains { $0.text.contains("Raw test client") }, "\(client.dump())")

        // away-notify: coming back is heard.
        try peer.send("AWAY")
        try await client.pump("awayPeer back") { client.session.state.user(named: "awayPeer")?.awayMessage == nil }
    }
}

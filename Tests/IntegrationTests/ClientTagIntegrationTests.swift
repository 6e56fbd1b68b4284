import ChatModel
import Foundation
import IRCProtocol
import IRCSession
import IRCTestServers
import Testing
import NatterTestSupport

/// Typing, replies and reactions through a real InspIRCd 3, whose `ircv3_ctctags` module relays
/// client-only tags (TAGMSG) between clients that negotiated `message-tags`. The peer is a raw
/// client that asks for the same capabilities.
@MainActor
@Suite("Client tags through InspIRCd", .inspircdWithServices)
struct ClientTagIntegrationTests {
    @Test func typingRepliesAndReactionsGoBothWays() async throws {
        let network = try Fixtures.network()
        let peer = try RawIRCClient(port: network.clientPort)
        defer { peer.close() }
        let client = LiveClient(nick: "natterTags", channels: ["#tags"])
        defer { client.close() }
        try peer.send(lines: ["CAP REQ :message-tags echo-message server-time", "CAP END"])
        try await client.register(peer, nick: "tagger")
        try await client.join(peer, "#tags")
        client.connect(port: network.clientPort)
        try await client.waitUntilJoined("#tags")
        try await client.wait(for: peer, "the client's JOIN") { $0.command == "JOIN" && $0.sourceNick == "natterTags" }
        try client.show("#tags")

        // The peer types: the buffer says so; its message ends it. (Asked as of the moment the
        // peer typed: the state lasts 6 s, and under a full test run the main actor, which
        // this suite shares with the others, was once busy for longer than that.)
        let typedAt = Date()
        try peer.send("@+typing=active TAGMSG #tags")
        try await client.pump("the peer's typing") {
            client.buffer("#tags")?.typingNicks(at: typedAt) == ["tagger"]
        }
        try peer.send("PRIVMSG #tags :who can review the notes?")
        let echo = try await client.wait(for: peer, "the peer's echo with a msgid") { $0.command == "PRIVMSG" && $0.tags["msgid"] != nil }
        let parent = try #require(echo.tags["msgid"])
        try await client.pump("the peer's message") { client.messages(in: "#tags").contains { $0.id == parent } }
        #expect(client.buffer("#tags")?.typingNicks(at: Date()).isEmpty == true)

        // We type a reply: +typing=active goes out, then the reply with both tags.
        client.screen.input.text = "me"
        client.controller.input.inputChanged("me")
        let typing = try await client.wait(for: peer, "our typing") { $0.command == "TAGMSG" }
        #expect(typing.tags["+typing"] == "active" && typing.sourceNick == "natterTags")
        let line = try #require(client.messages(in: "#tags").first { $0.id == parent })
        client.controller.input.startReply(to: line)
        client.controller.submit("me, after lunch")
        let reply = try await client.wait(for: peer, "our reply") { $0.command == "PRIVMSG" && $0.sourceNick == "natterTags" }
        #expect(reply.tags["+reply"] == parent && reply.tags["+draft/reply"] == parent)
        #expect(reply.parameters == ["#tags", "me, after lunch"])
        try await client.pump("our echoed reply") {
            client.messages(in: "#tags").contains { $0.isOwn && $0.replyTo == parent && $0.delivery == .delivered }
        }

        // The peer reacts; we react too and take it back.
        try peer.send("@+draft/reply=\(parent);+draft/react=👍 TAGMSG #tags")
        try await client.pump("the peer's reaction") {
            client.messages(in: "#tags").first { $0.id == parent }?.reactions.first?.nicks == ["tagger"]
        }
        client.controller.buffers.toggleReaction("👍", on: try #require(client.messages(in: "#tags").first { $0.id == parent }),
                                         in: try #require(client.buffer("#tags")).id)
        let react = try await client.wait(for: peer, "our reaction") { $0.command == "TAGMSG" && $0.sourceNick == "natterTags" && $0.tags["+draft/react"] != nil }
        #expect(react.tags["+draft/react"] == "👍" && react.tags["+reply"] == parent, "\(react.tags) \(parent)")
        try await client.pump("our echoed reaction") {
            client.messages(in: "#tags").first { $0.id == parent }?.reactions.first?.includesOwn == true
        }
        #expect(client.messages(in: "#tags").first { $0.id == parent }?.reactions.first?.nicks == ["tagger", "natterTags"])
        client.controller.buffers.toggleReaction("👍", on: try #require(client.messages(in: "#tags").first { $0.id == parent }),
                                         in: try #require(client.buffer("#tags")).id)
        try await client.wait(for: peer, "our unreaction") { $0.command == "TAGMSG" && $0.tags["+draft/unreact"] == "👍" }
        try await client.pump("our reaction gone") {
            client.messages(in: "#tags").first { $0.id == parent }?.reactions.first?.nicks == ["tagger"]
        }
        #expect(client.errorRows.isEmpty, "\(client.dump())")
        try peer.send("QUIT :bye")
    }
}

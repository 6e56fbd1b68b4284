import ChatModel
import Foundation
import IRCProtocol
import IRCSession
import IRCTestServers
import Testing
import NatterTestSupport

/// Answers shown where they were asked, against a real InspIRCd (issue 32): its WHOIS numerics
/// read into one card in the channel /whois was typed in, its 401 as a sentence there, WHO and
/// NAMES as tables. Part of the client's InspIRCd suite, so they share its server rather than
/// start one more on a loaded machine.
extension InspIRCdClientTests {
    @Test func aWhoisTypedInAChannelIsACardThereWithTheServersFields() async throws {
        let network = try Fixtures.network()
        let client = LiveClient(nick: "asker", channels: ["#answers"])
        let peer = try RawIRCClient(port: network.clientPort)
        defer { client.close(); peer.close() }
        client.connect(port: network.clientPort)
        try await client.waitUntilReady()
        try await client.register(peer, nick: "asked")
        try await client.join(peer, "#answers")
        try await client.waitUntilJoined("#answers")
        let channel = try #require(client.buffer("#answers"))
        let serverRows = client.serverBuffer.lines.count

        Commands(model: client.model).run(line: "/whois asked", in: channel.id, now: client.hub.now())
        try await client.pump("the WHOIS card") { channel.lines.contains { $0.answer != nil } }
        let line = try #require(channel.lines.last { $0.answer != nil })
        guard case .whois(let card)? = line.answer?.content else { Issue.record("not a card: \(client.dump())"); return }
        #expect(card.nick == "asked")
        #expect(card.user?.hasSuffix("asked") == true, "the USER the peer registered with (InspIRCd may add ~)")
        #expect(card.host == "127.0.0.1" || card.host == "localhost" || card.actualHost?.contains("127.0.0.1") == true,
                "\(card)")
        #expect(card.realName == "raw peer")
        #expect(card.server == "irc.example")
        #expect(card.channels.contains("#answers"))
        #expect(card.idleSeconds != nil && card.signedOn != nil)
        #expect(line.text.contains("activity: idle ") && line.text.contains("signed on "))
        // Nothing of it reached the server buffer.
        #expect(!client.serverBuffer.lines.dropFirst(serverRows).contains { $0.text.contains("asked") }, "\(client.dump())")

        Commands(model: client.model).run(line: "/whois nobodyHere", in: channel.id, now: client.hub.now())
        try await client.pump("the 401 sentence") {
            channel.lines.contains { $0.kind == .error && $0.text.hasPrefix("There is no one called nobodyHere on this network (server: ") }
        }
        #expect(!client.serverBuffer.lines.dropFirst(serverRows).contains { $0.text.contains("nobodyHere") })
    }

    @Test func whoAndNamesTypedInAChannelAreTablesThere() async throws {
        let network = try Fixtures.network()
        let client = LiveClient(nick: "tabler", channels: ["#tables"])
        let peer = try RawIRCClient(port: network.clientPort)
        defer { client.close(); peer.close() }
        client.connect(port: network.clientPort)
        try await client.waitUntilReady()
        try await client.register(peer, nick: "tabled")
        try await client.join(peer, "#tables")
        try await client.waitUntilJoined("#tables")
        let channel = try #require(client.buffer("#tables"))

        Commands(model: client.model).run(line: "/who #tables", in: channel.id, now: client.hub.now())
        Commands(model: client.model).run(line: "/names", in: channel.id, now: client.hub.now())
        try await client.pump("both tables") { channel.lines.filter { $0.answer != nil }.count == 2 }
        let answers = channel.lines.compactMap(\.answer).map(\.content)
        guard case .who(let mask, let rows) = answers.first(where: { if case .who = $0 { true } else { false } }),
              case .names(let name, let nicks) = answers.first(where: { if case .names = $0 { true } else { false } }) else {
            Issue.record("a table is missing: \(client.dump())"); return
        }
        #expect(mask == "#tables" && name == "#tables")
        #expect(Set(rows.map(\.nick)) == ["tabler", "tabled"])
        let row = try #require(rows.first { $0.nick == "tabled" })
        #expect(row.user.hasSuffix("tabled") && row.realName == "raw peer" && row.flags.hasPrefix("H"))
        // The first to join got op: its prefix is kept, and it comes first.
        #expect(nicks == ["@tabler", "tabled"])
    }
}

import ChatModel
import Foundation
import IRCProtocol
import IRCSession
import IRCTestServers
import IRCTransport
import Testing
import NatterTestSupport

/// The whole client (transport → session → model → controller) against one real InspIRCd 3
/// linked to atheme, shared by the suite. Each test uses its own nicks and channels, and a raw
/// peer to see exactly what the client sends and to play the other side.
@MainActor
@Suite("Client against InspIRCd + atheme", .inspircdWithServices)
struct InspIRCdClientTests {
    @Test func registersAndShowsTheWelcomeInTheServerBuffer() async throws {
        let network = try Fixtures.network()
        let client = LiveClient(nick: "natterReg")
        defer { client.close() }
        client.connect(port: network.clientPort)
        try await client.waitUntilReady()

        let state = client.session.state
        #expect(state.phase == .registered)
        #expect(state.nick == "natterReg")
        #expect(state.serverName == "irc.example")
        #expect(state.capabilities.has("server-time") && state.capabilities.has("echo-message")
            && state.capabilities.has("batch") && state.capabilities.has("message-tags"))
        let rows = client.serverBuffer.lines.map(\.text)
        #expect(rows.contains { $0.hasPrefix("Connecting to 127.0.0.1:\(network.clientPort)") })
        #expect(client.serverBuffer.lines.contains { $0.kind == .error && $0.text.hasPrefix("Connected without TLS") })
        #expect(client.errorRows.isEmpty, "\(client.dump())")
        #expect(rows.contains("Connected to irc.example as natterReg"))
        #expect(rows.contains { $0.contains("Welcome") && $0.contains("TestNet") })
        // The session sent CAP LS 302 first, then NICK and USER; CAP END before registering.
        let commands = client.sent.map(\.command)
        #expect(Array(commands.prefix(3)) == ["CAP", "NICK", "USER"])
        #expect(client.sent.first?.parameters == ["LS", "302"])
        #expect(client.sent.contains { $0.command == "CAP" && $0.parameters == ["END"] })
    }

    @Test func aTakenNickFallsBackToTheAlternativeThenToAnUnderscore() async throws {
        let network = try Fixtures.network()
        let holderA = try RawIRCClient(port: network.clientPort)
        let holderB = try RawIRCClient(port: network.clientPort)
        defer { holderA.close(); holderB.close() }
        let first = LiveClient(nick: "clash", alternativeNicks: ["clashAlt"])
        let second = LiveClient(nick: "clash2", alternativeNicks: ["clash2Alt"])
        defer { first.close(); second.close() }
        try await first.register(holderA, nick: "clash")
        try await first.register(holderB, nick: "clashAlt")
        let holderC = try RawIRCClient(port: network.clientPort)
        defer { holderC.close() }
        try await first.register(holderC, nick: "clash2")

        first.connect(port: network.clientPort)
        second.connect(port: network.clientPort)
        try await first.waitUntilReady()
        try await second.waitUntilReady()

        // Only the first nick taken: the configured alternative.
        #expect(second.session.state.nick == "clash2Alt")
        #expect(second.sent.filter { $0.command == "NICK" }.map(\.parameters) == [["clash2"], ["clash2Alt"]])
        // Both taken: the nick with an underscore.
        #expect(first.session.state.nick == "clash_")
        #expect(first.sent.filter { $0.command == "NICK" }.map(\.parameters) == [["clash"], ["clashAlt"], ["clash_"]])
        #expect(first.serverBuffer.lines.contains { $0.text == "Connected to irc.example as clash_" })
    }

    @Test func saslPlainLogsInWithTheRightPassword() async throws {
        let network = try Fixtures.network()
        try network.registerAccount("natterAcct", password: "correct-horse")
        let client = LiveClient(nick: "saslGood", sasl: .plain(account: "natterAcct", password: "correct-horse"))
        defer { client.close() }
        client.connect(port: network.clientPort)
        try await client.waitUntilReady()

        #expect(client.session.state.account == "natterAcct")
        #expect(client.session.state.capabilities.has("sasl"))
        let rows = client.serverBuffer.lines
        #expect(rows.contains { $0.kind == .info && $0.text == "Logged in as natterAcct" })
        #expect(client.errorRows.isEmpty, "\(client.dump())")
        #expect(client.sent.filter { $0.command == "AUTHENTICATE" }.count == 2)   // PLAIN, then the payload
    }

    @Test func saslPlainWithAWrongPasswordDisconnectsAndSaysWhy() async throws {
        let network = try Fixtures.network()
        try network.registerAccount("natterAcct3", password: "correct-horse")
        // These tests are about the services' refusal: the client's own SASL timeout (tested
        // with scripted servers) is set long enough that a loaded machine, where atheme has
        // taken over 15 s to answer, still sees the refusal.
        let client = LiveClient(nick: "saslStop", sasl: .plain(account: "natterAcct3", password: "wrong-password"),
                                saslTimeout: 90)
        defer { client.close() }
        client.connect(port: network.clientPort)
        try await client.pump("the SASL refusal", timeout: 90) {
            client.serverBuffer.lines.contains { $0.text.hasPrefix("Not staying without the SASL login") }
        }
        // Refused by the services (904), not given up on by the client's SASL timeout.
        #expect(client.serverBuffer.lines.contains { $0.text.hasPrefix("Not staying without the SASL login: the SASL login failed (904)") },
                "\(client.dump())")
        // Never registered, the link closed for good: no reconnect (the first step is 2 s).
        try await client.pump(for: 2.5)
        #expect(client.session.state.phase == .disconnected)
        #expect(client.session.state.account == nil)
        #expect(client.network.link == .idle)
        #expect(!client.serverBuffer.lines.contains { $0.text.hasPrefix("Connected to") })
        #expect(client.sent.contains { $0.command == "QUIT" })
        #expect(!client.sent.contains { $0.command == "CAP" && $0.parameters == ["END"] })
        #expect(client.sent.filter { $0.command == "AUTHENTICATE" && $0.parameters == ["PLAIN"] }.count == 1)
    }

    @Test func saslPlainWithAWrongPasswordRegistersAnywayWhenToldToContinue() async throws {
        let network = try Fixtures.network()
        try network.registerAccount("natterAcct2", password: "correct-horse")
        let client = LiveClient(nick: "saslBad", sasl: .plain(account: "natterAcct2", password: "wrong-password"),
                                saslFailure: .continue, saslTimeout: 90)
        defer { client.close() }
        client.connect(port: network.clientPort)
        try await client.waitUntilReady(timeout: 90)
        // Give a retry loop the time to show itself.
        try await client.pump(for: 1.5)

        #expect(client.session.state.account == nil)
        #expect(client.session.state.phase == .registered)
        let failures = client.serverBuffer.lines.filter { $0.text.hasPrefix("SASL login failed") }
        #expect(failures.count == 1)
        #expect(failures.first?.kind == .error)
        #expect(failures.first?.text.hasPrefix("SASL login failed (904)") == true)
        #expect(client.sent.filter { $0.command == "AUTHENTICATE" && $0.parameters == ["PLAIN"] }.count == 1)
    }

    @Test func joinsTalksBothWaysAndKeepsFormattingCodes() async throws {
        let network = try Fixtures.network()
        let peer = try RawIRCClient(port: network.clientPort)
        defer { peer.close() }
        let client = LiveClient(nick: "natterTalk", channels: ["#talk"])
        defer { client.close() }
        try await client.register(peer, nick: "talker")
        try await client.join(peer, "#talk")
        client.connect(port: network.clientPort)
        try await client.waitUntilJoined("#talk")
        try await client.wait(for: peer, "the client's JOIN") { $0.command == "JOIN" && $0.sourceNick == "natterTalk" }
        let members = client.network.sortedMembers(of: "#talk")
        #expect(Set(members.map(\.nick)) == ["talker", "natterTalk"])
        #expect(members.first { $0.nick == "talker" }?.prefixes == "@")

        // We type into the channel: the peer gets exactly that line, and our row is delivered.
        try client.show("#talk")
        let typed = "hello \u{02}bold\u{02} and \u{03}04red\u{03}"
        client.controller.submit(typed)
        let heard = try await client.wait(for: peer, "our PRIVMSG") { $0.command == "PRIVMSG" }
        #expect(heard.parameters == ["#talk", typed])
        #expect(heard.sourceNick == "natterTalk")
        try await client.pump("our echoed line") {
            client.messages(in: "#talk").contains { $0.isOwn && $0.text == typed && $0.delivery == .delivered }
        }
        #expect(client.messages(in: "#talk").filter(\.isOwn).count == 1)

        // The peer talks, with mIRC codes: bold, colour with background, italics, underline,
        // reverse, reset; then an action and a notice.
        let formatted = "\u{02}bold\u{02} \u{03}04,01red on black\u{03} \u{1D}it\u{1D} \u{1F}u\u{1F} \u{16}rev\u{0F} plain"
        try peer.send("PRIVMSG #talk :\(formatted)")
        try peer.send("PRIVMSG #talk :\u{01}ACTION waves \u{03}3green\u{01}")
        try peer.send("NOTICE #talk :a notice")
        try await client.pump("the peer's three lines") { client.messages(in: "#talk").count == 4 }
        let lines = client.messages(in: "#talk")
        #expect(lines[1].kind == .message && lines[1].nick == "talker" && lines[1].text == formatted && !lines[1].isOwn)
        #expect(lines[2].kind == .action && lines[2].nick == "talker" && lines[2].text == "waves \u{03}3green")
        #expect(lines[3].kind == .notice && lines[3].text == "a notice")
        #expect(lines.dropFirst().allSatisfy { !$0.id.hasPrefix("L") })   // server msgids

        // Private messages open a query both ways.
        try peer.send("PRIVMSG natterTalk :psst \u{1F}underlined\u{1F}")
        try await client.pump("the query") { client.messages(in: "talker").count == 1 }
        #expect(client.buffer("talker")?.kind == .query)
        #expect(client.messages(in: "talker").first?.text == "psst \u{1F}underlined\u{1F}")
        try client.show("talker")
        client.controller.submit("/me replies")
        let action = try await client.wait(for: peer, "our ACTION") { $0.command == "PRIVMSG" }
        #expect(action.parameters == ["talker", "\u{01}ACTION replies\u{01}"])
        try peer.send("QUIT :bye")
    }

    @Test func topicModesAndKickBothWays() async throws {
        let network = try Fixtures.network()
        let op = try RawIRCClient(port: network.clientPort)
        defer { op.close() }
        let client = LiveClient(nick: "natterOps", channels: ["#ops"])
        defer { client.close() }
        try await client.register(op, nick: "opper")
        try await client.join(op, "#ops")   // first in: channel operator
        client.connect(port: network.clientPort)
        try await client.waitUntilJoined("#ops")
        try await client.wait(for: op, "the client's JOIN") { $0.command == "JOIN" && $0.sourceNick == "natterOps" }
        try client.show("#ops")

        // The peer sets a formatted topic.
        let topic = "\u{02}Welcome\u{02} to \u{03}12ops\u{03}"
        try op.send("TOPIC #ops :\(topic)")
        let topicSet = Date()
        try await client.pump("the topic") { client.buffer("#ops")?.topic == topic }
        let topicRow = client.buffer("#ops")?.lines.last { $0.kind == .topic }
        #expect(topicRow?.nick == "opper" && topicRow?.text == topic)
        #expect(client.screen.topicBar.topic.isEmpty == false)

        // Voice, then op: the nick list shows the prefixes.
        func prefixes() -> String? { client.network.sortedMembers(of: "#ops").first { $0.nick == "natterOps" }?.prefixes }
        try op.send("MODE #ops +v natterOps")
        try await client.pump("voice") { prefixes() == "+" }
        try op.send("MODE #ops +o natterOps")
        try await client.pump("op") { prefixes() == "@+" }
        #expect(client.screen.nickList.entries.first { $0.nick == "natterOps" }?.prefixes == "@+")
        let modeRows = client.buffer("#ops")?.lines.filter { $0.kind == .mode }.map { "\($0.nick ?? "") \($0.text)" }
        #expect(modeRows == ["opper +v natterOps", "opper +o natterOps"])

        // Now an operator, we set the topic and a channel mode; the peer sees both. InspIRCd
        // refuses a second topic change within the same second ("Retry topic change later").
        try await client.pump(for: max(0, 1.1 - Date().timeIntervalSince(topicSet)))
        client.controller.submit("/topic ours \u{02}now\u{02}")
        let newTopic = try await client.wait(for: op, "our TOPIC") { $0.command == "TOPIC" && $0.sourceNick == "natterOps" }
        #expect(newTopic.parameters == ["#ops", "ours \u{02}now\u{02}"])
        try await client.pump("our topic") { client.buffer("#ops")?.topic == "ours \u{02}now\u{02}" }
        client.controller.submit("/mode +m")
        let mode = try await client.wait(for: op, "our MODE") { $0.command == "MODE" && $0.sourceNick == "natterOps" }
        #expect(mode.parameters == ["#ops", "+m"])
        #expect(mode.sourceNick == "natterOps")

        // Kicked: the buffer stays, no longer joined, with the kick row.
        try op.send("KICK #ops natterOps :out you go")
        try await client.pump("the kick") { client.buffer("#ops")?.isJoined == false }
        let kick = client.buffer("#ops")?.lines.last
        #expect(kick?.kind == .kick(by: "opper"))
        #expect(kick?.nick == "natterOps" && kick?.text == "out you go")
        #expect(client.session.state.channel(named: "#ops") == nil)
    }

    @Test func chanhistoryIsReplayedOnJoinAsHistoryNotUnread() async throws {
        let network = try Fixtures.network()
        let peer = try RawIRCClient(port: network.clientPort)
        defer { peer.close() }
        let client = LiveClient(nick: "natterHist")
        defer { client.close() }
        try await client.register(peer, nick: "historian")
        try await client.join(peer, "#replay")   // defaultmodes give it +H 50:1d
        let said = (1...5).map { "said \($0) \u{02}before\u{02}" }
        try peer.send(lines: said.map { "PRIVMSG #replay :\($0)" })
        client.connect(port: network.clientPort)
        try await client.waitUntilReady()
        client.controller.submit("/join #replay")
        try await client.waitUntilJoined("#replay")
        try await client.pump("the replay") { client.messages(in: "#replay").count == 5 }

        let buffer = try #require(client.buffer("#replay"))
        let replayed = client.messages(in: "#replay")
        #expect(replayed.map(\.text) == said)
        #expect(replayed.allSatisfy { $0.nick == "historian" && $0.kind == .message && !$0.isOwn })
        #expect(replayed.allSatisfy { !$0.id.hasPrefix("L") })   // the msgids of the batch
        #expect(replayed.map(\.time) == replayed.map(\.time).sorted())
        #expect(replayed.allSatisfy { $0.time <= Date() })
        #expect(buffer.unread == 0)
        #expect(buffer.firstUnreadID == nil)

        // /join showed the channel; the reader goes back to the server buffer, and a live line
        // after the replay is the first unread one.
        client.controller.show(try #require(client.model.networks.first?.serverBuffer.id))
        try peer.send("PRIVMSG #replay :live now")
        try await client.pump("the live line") { client.messages(in: "#replay").count == 6 }
        #expect(buffer.unread == 1)
        #expect(buffer.firstUnreadID == client.messages(in: "#replay").last?.id)
    }

    @Test func tlsWithASelfSignedCertificateIsRejectedByDefault() async throws {
        let network = try Fixtures.network()
        let client = LiveClient(nick: "natterTLSno")
        defer { client.close() }
        // The default endpoint: TLS with the certificate verified.
        let endpoint = IRCServerEndpoint(host: "127.0.0.1", port: Int(network.tlsPort))
        client.connect(endpoint)
        try await client.pump("the certificate error") { client.serverBuffer.lines.contains { $0.kind == .error } }
        let error = try #require(client.serverBuffer.lines.first { $0.kind == .error })
        #expect(error.text.contains("certificate"))
        #expect(error.text.contains("verify failed"))
        #expect(error.text.contains("Not reconnecting"))
        // No registration: nothing was ever sent, and no retry (the first backoff step is 2 s):
        // the certificate would be rejected the same way every time.
        try await client.pump(for: 2.5)
        #expect(client.session.state.phase == .disconnected)
        #expect(client.sent.isEmpty)
        #expect(client.network.link == .stopped)
        #expect(!client.serverBuffer.lines.contains { $0.text.hasPrefix("Connected") || $0.text.hasPrefix("Reconnecting") })
        let rejections = { client.serverBuffer.lines.filter { $0.text.hasPrefix("The server's TLS certificate was rejected") } }
        #expect(rejections().count == 1, "\(client.dump())")
        // /reconnect tries once more, on the user's word.
        client.controller.submit("/reconnect")
        try await client.pump("a second attempt") { rejections().count == 2 }
        #expect(client.serverBuffer.lines.filter { $0.text.hasPrefix("Connecting to") }.count == 2)
    }

    @Test func tlsIsAcceptedWithTheExplicitInsecureOptOut() async throws {
        let network = try Fixtures.network()
        let client = LiveClient(nick: "natterTLS")
        defer { client.close() }
        client.connect(IRCServerEndpoint(host: "127.0.0.1", port: Int(network.tlsPort),
                                         security: .tls(IRCTLSOptions(verifiesCertificate: false))))
        try await client.waitUntilReady()
        let warning = client.serverBuffer.lines.first { $0.kind == .error }
        #expect(warning?.text == "Connected WITHOUT checking the server's TLS certificate (insecure)")
        #expect(client.session.state.nick == "natterTLS")
    }

    @Test func tenThousandChannelLinesArriveInOrder() async throws {
        let network = try Fixtures.network()
        let count = 10_000
        let client = LiveClient(nick: "natterFlood", channels: ["#flood"],
                                settings: ModelSettings(scrollbackCap: 20_000))
        defer { client.close() }
        // The peer uses the flood port, whose connect class lifts InspIRCd's flood limits.
        let peer = try RawIRCClient(port: network.floodPort)
        defer { peer.close() }
        try await client.register(peer, nick: "flooder")
        try await client.join(peer, "#flood")
        client.connect(port: network.clientPort)
        try await client.waitUntilJoined("#flood")
        try await client.wait(for: peer, "the client's JOIN") { $0.command == "JOIN" && $0.sourceNick == "natterFlood" }
        try client.show("#flood")

        // 200 lines every 10 ms, as InspIRCd reads a socket netbuffersize bytes per event.
        let lines = (0..<count).map { "PRIVMSG #flood :line \($0) \u{02}x\u{02}" }
        for start in stride(from: 0, to: count, by: 200) {
            try peer.send(lines: Array(lines[start..<min(start + 200, count)]))
            client.pumpOnce()
            try await Task.sleep(for: .milliseconds(10))
        }
        try await client.pump("\(count) lines", timeout: 40) { client.messages(in: "#flood").count >= count }
        let received = client.messages(in: "#flood")
        #expect(received.count == count)
        #expect(received.map(\.text) == (0..<count).map { "line \($0) \u{02}x\u{02}" })
        #expect(received.allSatisfy { $0.nick == "flooder" })
        #expect(Set(received.map(\.id)).count == count)
        #expect(client.errorRows.isEmpty, "\(client.dump())")
        #expect(client.session.state.phase == .registered)
    }
}

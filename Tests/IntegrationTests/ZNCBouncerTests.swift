import ChatModel
import Foundation
import IRCProtocol
import IRCSession
import IRCTestServers
import Testing
import NatterTestSupport

/// Natter ↔ ZNC (Debian's `znc`) ↔ InspIRCd, all real, on loopback. ZNC keeps its channel
/// buffer after each playback (`AutoClearChanBuffer = false`), so every attach replays all of
/// it: what Natter showed (and logged) before must not come twice, and what it missed must come
/// once, in time order.
@MainActor
@Suite("Through ZNC", .inspircd, .serialized)
struct ZNCBouncerTests {
    /// A raw peer on the IRC server in `channel`, and a ZNC whose user sits in it too.
    struct Setup {
        let network: InspIRCdNetwork
        let znc: ZNCBouncer
        let peer: RawIRCClient
        let logs: URL
    }

    func setUp(channel: String, peerNick: String) async throws -> Setup {
        let network = try Fixtures.network()
        let znc = try ZNCBouncer(serverPort: network.clientPort, nick: "natterZ", channels: [channel])
        let peer = try RawIRCClient(port: network.clientPort)
        try peer.send(lines: ["NICK \(peerNick)", "USER \(peerNick) 0 * :peer"])
        try await Self.read(peer, "001") { $0.command == "001" }
        try peer.send("JOIN \(channel)")
        // ZNC's user joins on its own once ZNC is connected upstream: before the peer (the
        // names list holds it), or after.
        try await Self.read(peer, "ZNC's user in \(channel)", timeout: 30) {
            ($0.command == "JOIN" && $0.sourceNick == "natterZ")
                || ($0.command == "353" && $0.parameters.last?.split(separator: " ").contains { $0.hasSuffix("natterZ") } == true)
        }
        let logs = FileManager.default.temporaryDirectory.appendingPathComponent("natter-znc-logs-\(UUID().uuidString)")
        return Setup(network: network, znc: znc, peer: peer, logs: logs)
    }

    /// Reads `peer` until a line matches, in short waits that leave the main actor to the
    /// other tests meanwhile.
    static func read(_ peer: RawIRCClient, _ what: String, timeout: Double = 15,
                     until predicate: (IRCMessage) -> Bool) async throws {
        var deadline = Deadline(timeout)
        repeat {
            let line: String?
            do {
                line = try peer.readLine(timeout: 0.02)
            } catch {
                try await Task.sleep(for: .milliseconds(5))
                continue
            }
            guard let line else { throw IntegrationFailure("the peer's connection closed waiting for \(what)") }
            if let message = try? IRCMessage(parsing: line), predicate(message) { return }
        } while deadline.hasTimeLeft()
        throw IntegrationFailure("the peer did not see \(what) within \(timeout) s")
    }

    func client(_ setup: Setup, channel: String) -> LiveClient {
        let client = LiveClient(configuration: SessionConfiguration(nick: "natterZ", user: "natterZ", realName: "Natter",
                                                                    serverPassword: setup.znc.loginPassword),
                                logs: LogStore(root: setup.logs, timeZone: LocalZone.utc))
        client.model.windowFocused = false   // away from the window: what arrives is unread
        client.connect(port: setup.znc.port)
        return client
    }

    func logged(_ setup: Setup, _ channel: String) -> [String] {
        let store = LogStore(root: setup.logs, timeZone: LocalZone.utc)
        return store.writtenLines(network: "testnet", buffer: channel, on: Date()).filter { $0.contains("<") }
    }

    @Test func playbackOnAttachIsInTimeOrderOnceAcrossCutsAndRestarts() async throws {
        let setup = try await setUp(channel: "#bnc", peerNick: "zpeer")
        defer { setup.znc.stop(); setup.peer.close(); try? FileManager.default.removeItem(at: setup.logs) }
        // Said while no client is attached: ZNC buffers it. Two distinct lines share a text.
        try setup.peer.send(lines: ["PRIVMSG #bnc :one", "PRIVMSG #bnc :same", "PRIVMSG #bnc :same", "PRIVMSG #bnc :three"])
        try await Task.sleep(for: .milliseconds(300))

        var client = client(setup, channel: "#bnc")
        try await client.pump("the playback") { client.messages(in: "#bnc").count == 4 }
        let buffer = try #require(client.buffer("#bnc"))
        #expect(client.messages(in: "#bnc").map(\.text) == ["one", "same", "same", "three"])
        // In time order: the playback (dated by ZNC's server-time) goes before the join row.
        #expect(buffer.lines.map(\.time) == buffer.lines.map(\.time).sorted())
        #expect(buffer.lines.last?.kind == .join || buffer.lines.last?.kind == .topic || buffer.lines.last?.kind == .info)
        #expect(buffer.firstUnreadID == client.messages(in: "#bnc").first?.id, "the marker before the first replayed line")
        #expect(buffer.unread == 4)

        // The link is cut and comes back: ZNC replays all four again, plus what came meanwhile.
        client.model.requestLink(.disconnect(farewell: []), network: client.name)
        try await client.pump("the disconnect") { client.session.state.phase == .disconnected }
        try setup.peer.send("PRIVMSG #bnc :while away")
        try await Task.sleep(for: .milliseconds(200))
        client.model.requestLink(.connect, network: client.name)
        try await client.pump("the second playback") { client.messages(in: "#bnc").contains { $0.text == "while away" } }
        try await client.pump(for: 0.5)
        #expect(client.messages(in: "#bnc").map(\.text) == ["one", "same", "same", "three", "while away"])
        #expect(logged(setup, "#bnc").count == 5)

        // Natter restarted: a new process (nothing in memory), the same logs. Nothing repeats,
        // on screen or on disk.
        client.close()
        try setup.peer.send("PRIVMSG #bnc :after the restart")
        try await Task.sleep(for: .milliseconds(200))
        client = self.client(setup, channel: "#bnc")
        defer { client.close() }
        try await client.pump("the third playback") { client.messages(in: "#bnc").contains { $0.text == "after the restart" } }
        try await client.pump(for: 0.5)
        #expect(client.messages(in: "#bnc").map(\.text) == ["after the restart"])
        #expect(logged(setup, "#bnc").map { String($0.dropFirst(9)) }
                == ["<zpeer> one", "<zpeer> same", "<zpeer> same", "<zpeer> three", "<zpeer> while away",
                    "<zpeer> after the restart"])
        // The marker: before the only line not seen.
        #expect(client.buffer("#bnc")?.firstUnreadID == client.messages(in: "#bnc").first?.id)
    }

    @Test func theURLFormLogsInWithUserSlashNetwork() async throws {
        // `natter --server irc://natter@HOST:PORT/upstream --password-command …` sends
        // USER natter/upstream and PASS with the password alone: ZNC takes the user and the
        // network from it.
        let setup = try await setUp(channel: "#url", peerNick: "upeer")
        defer { setup.znc.stop(); setup.peer.close(); try? FileManager.default.removeItem(at: setup.logs) }
        let client = LiveClient(configuration: SessionConfiguration(nick: "natterZ", user: "\(setup.znc.user)/\(setup.znc.network)", realName: "Natter",
                                                                    serverPassword: setup.znc.password))
        defer { client.close() }
        client.connect(port: setup.znc.port)
        try await client.waitUntilJoined("#url")
        #expect(client.errorRows.isEmpty, "\(client.dump())")
    }

    @Test func whatWeSayFromAnotherClientIsOursOnce() async throws {
        let setup = try await setUp(channel: "#self", peerNick: "speer")
        defer { setup.znc.stop(); setup.peer.close(); try? FileManager.default.removeItem(at: setup.logs) }
        let client = client(setup, channel: "#self")
        defer { client.close() }
        try await client.waitUntilJoined("#self")
        // Our phone, attached to the same ZNC network.
        let phone = try RawIRCClient(port: setup.znc.port)
        defer { phone.close() }
        try phone.send(lines: ["PASS \(setup.znc.loginPassword)", "NICK natterZ", "USER natterZ 0 * :phone"])
        try await Self.read(phone, "the phone's welcome") { $0.command == "001" }
        try phone.send("PRIVMSG #self :sent from my phone")
        try phone.send("PRIVMSG speer :a private word from my phone")
        try await client.pump("our phone's messages") {
            client.messages(in: "#self").contains { $0.text == "sent from my phone" }
                && client.messages(in: "speer").contains { $0.text == "a private word from my phone" }
        }
        try await client.pump(for: 0.5)
        let own = client.messages(in: "#self").filter { $0.text == "sent from my phone" }
        #expect(own.count == 1)
        #expect(own.first?.isOwn == true)
        #expect(own.first?.nick == "natterZ")
        let query = client.messages(in: "speer")
        #expect(query.count == 1 && query.first?.isOwn == true)
        // What we typed here reaches the peer once, and shows once (echo-message through ZNC).
        try client.show("#self")
        client.screen.input.text = "typed in natter"
        client.screen.input.onSubmit?("typed in natter")
        try await client.wait(for: setup.peer, "our message") { $0.command == "PRIVMSG" && $0.parameters.last == "typed in natter" }
        try await client.pump(for: 0.5)
        #expect(client.messages(in: "#self").filter { $0.text == "typed in natter" }.count == 1)
    }
}

import ChatModel
import Foundation
import IRCProtocol
import IRCSession
import IRCTestServers
import IRCTransport
import NatterTestSupport
import Synchronization
import Testing

/// Servers that misbehave on purpose, through the whole client: the client stays responsive,
/// its memory bounded, and it says what happened.
@MainActor
@Suite("Hostile servers", .serialized)
struct HostileServerTests {
    /// Registers the client, joins #c, then does `script` with every later line.
    final class Hostile: ScriptedServer, @unchecked Sendable {
        let onJoin: @Sendable (RawIRCClient, Hostile) -> Void
        let registers: Bool

        init(registers: Bool = true, onJoin: @escaping @Sendable (RawIRCClient, Hostile) -> Void) throws {
            self.registers = registers
            self.onJoin = onJoin
            try super.init()
        }

        override func serve(_ client: RawIRCClient) {
            var nick = "*"
            while !isStopped {
                let line: String?
                do { line = try client.readLine(timeout: 0.05) } catch { continue }
                guard let line, let message = try? IRCMessage(parsing: line) else { if line == nil { return }; continue }
                guard registers else { continue }   // accepts TCP, then says nothing at all
                switch message.command {
                case "CAP" where message.parameters.first == "LS":
                    send([":srv CAP * LS :batch server-time message-tags draft/chathistory"], to: client)
                case "CAP" where message.parameters.first == "REQ":
                    send([":srv CAP * ACK :\(message.parameters.last ?? "")"], to: client)
                case "NICK": nick = message.parameters.first ?? nick
                case "USER":
                    send([":srv 001 \(nick) :Welcome", ":srv 005 \(nick) CHANTYPES=# CHATHISTORY=100 :are supported",
                          ":srv 422 \(nick) :No MOTD"], to: client)
                case "JOIN":
                    send([":\(nick)!u@h JOIN #c", ":srv 353 \(nick) = #c :\(nick)", ":srv 366 \(nick) #c :End"], to: client)
                case "CHATHISTORY":
                    onJoin(client, self)
                case "PING":
                    send([":srv PONG srv :\(message.parameters.last ?? "")"], to: client)
                default: break
                }
            }
        }
    }

    @Test func aHundredThousandLineHistoryReplyStaysWithinTheScrollback() async throws {
        let server = try Hostile { client, server in
            var lines = [":srv BATCH +h chathistory #c"]
            for k in 0..<100_000 {
                lines.append("@batch=h;msgid=m\(k);time=2024-01-01T00:00:00.000Z :bob!b@h PRIVMSG #c :flood \(k)")
                if lines.count == 2_000 { server.send(lines, to: client); lines = [] }
            }
            server.send(lines + [":srv BATCH -h"], to: client)
        }
        defer { server.stop() }
        let client = LiveClient(nick: "natterBig", channels: ["#c"], settings: ModelSettings(scrollbackCap: 5_000, trimBatch: 500))
        defer { client.close() }
        client.connect(port: server.port)
        try server.start()
        // (Dated long ago, the flood goes before the join row, in time order.)
        try await client.pump("the last of the flood", timeout: 120) {
            client.buffer("#c")?.lines.contains { $0.text == "flood 99999" } == true
        }
        let lines = try #require(client.buffer("#c")?.lines)
        #expect(lines.count <= 5_000)
        // Still answering: a line typed now goes out.
        try client.show("#c")
        client.screen.input.onSubmit?("still here")
        #expect(client.sent.contains { $0.command == "PRIVMSG" && $0.parameters.last == "still here" })
    }

    @Test func aBatchThatNeverEndsIsShownAfterAMinuteOfServerTime() async throws {
        // The session closes a batch left open for 60 s at a tick: the ticks here come on a
        // clock the test moves, through the model, as the hub would deliver them.
        let server = try Hostile { client, server in
            server.send([":srv BATCH +forever chathistory #c",
                         "@batch=forever;msgid=x;time=2024-01-01T00:00:00.000Z :bob!b@h PRIVMSG #c :held back"], to: client)
        }
        defer { server.stop() }
        let client = LiveClient(nick: "natterOpen", channels: ["#c"])
        defer { client.close() }
        client.connect(port: server.port)
        try server.start()
        try await client.waitUntilJoined("#c")
        try await client.pump(for: 0.3)
        #expect(client.messages(in: "#c").isEmpty)
        let later = SessionTime(monotonic: ProcessInfo.processInfo.systemUptime + 120, wall: Date().addingTimeInterval(120))
        client.model.deliver(.tick(now: later), network: client.name)
        #expect(client.messages(in: "#c").map(\.text) == ["held back"])
        #expect(client.serverBuffer.lines.contains { $0.text.hasPrefix("The server left a chathistory batch open") })
    }

    @Test func aServerThatClosesDuringTheTLSHandshakeIsRetriedWithBackoff() async throws {
        let listener = try FakeIRCServer()
        defer { listener.close() }
        // Every connection: read the ClientHello, then hang up.
        let stop = Mutex(false)
        let thread = Thread {
            while !stop.withLock({ $0 }) {
                guard let client = try? listener.accept(timeout: 0.2) else { continue }
                _ = try? client.readLine(timeout: 0.3)
                client.close()
            }
        }
        thread.start()
        defer { stop.withLock { $0 = true } }
        let client = LiveClient(nick: "natterHello")
        defer { client.close() }
        client.connect(IRCServerEndpoint(host: "127.0.0.1", port: Int(listener.port), security: .tls(IRCTLSOptions())),
                       adjust: ResilienceTests.quick)
        try await client.pump("two refused handshakes", timeout: 15) {
            client.serverBuffer.lines.filter { $0.text.hasPrefix("Connecting to") }.count >= 2
        }
        #expect(client.serverBuffer.lines.contains { $0.kind == .error && ($0.text.hasPrefix("TLS failed") || $0.text.hasPrefix("The server closed")) },
                "\(client.dump())")
        #expect(client.session.state.phase == .disconnected || client.session.state.phase == .negotiatingCapabilities)
        #expect(client.sent.allSatisfy { $0.command != "PASS" && $0.command != "AUTHENTICATE" })
    }

    @Test func garbageDuringRegistrationIsSkippedAndRegistrationGoesOn() async throws {
        let server = try Garbage()
        defer { server.stop() }
        let client = LiveClient(nick: "natterJunk")
        defer { client.close() }
        client.connect(port: server.port)
        try server.start()
        try await client.waitUntilReady(timeout: 15)
        let skipped = client.serverBuffer.lines.filter { $0.text.hasPrefix("Skipped a malformed line") }
        #expect(skipped.count >= 2, "\(client.dump())")
        #expect(client.session.state.nick == "natterJunk")
    }

    /// Answers registration with junk first: binary bytes, an over-long line, a line with no
    /// command, a tag section only; then registers properly.
    final class Garbage: ScriptedServer, @unchecked Sendable {
        override func serve(_ client: RawIRCClient) {
            var nick = "*"
            while !isStopped {
                let line: String?
                do { line = try client.readLine(timeout: 0.05) } catch { continue }
                guard let line else { return }
                guard let message = try? IRCMessage(parsing: line) else { continue }
                if message.command == "NICK" { nick = message.parameters.first ?? nick }
                guard message.command == "USER" else { continue }
                do {
                    try client.sendBytes([0xFF, 0xFE, 0x00, 0x01, 0x0D, 0x0A] + Array("@only-tags\r\n".utf8)
                                         + Array((":srv NOTICE * :" + String(repeating: "x", count: 9000) + "\r\n").utf8)
                                         + Array(":\r\n".utf8))
                } catch { problem("send: \(error)") }
                send([":srv 001 \(nick) :Welcome after all", ":srv 422 \(nick) :No MOTD"], to: client)
            }
        }
    }

    @Test func aServerThatAcceptsAndSaysNothingIsGivenUpOnAndRetried() async throws {
        let server = try Hostile(registers: false) { _, _ in }
        defer { server.stop() }
        let client = LiveClient(nick: "natterMute", keepalive: KeepaliveConfiguration(pingAfter: 1, deadAfter: 2))
        defer { client.close() }
        client.connect(port: server.port, adjust: ResilienceTests.quick)
        try server.start()
        try await client.pump("the silence noticed", timeout: 15) {
            client.serverBuffer.lines.contains { $0.text.hasPrefix("No data from the server") }
        }
        try await client.pump("a new attempt", timeout: 15) {
            client.serverBuffer.lines.filter { $0.text.hasPrefix("Connecting to") }.count >= 2
        }
    }
}

/// A link that stalls (a proxy that stops forwarding, as a dead path does) between the client
/// and the real InspIRCd: the client notices, reconnects, and what was typed meanwhile reaches
/// the channel exactly once, in order.
@MainActor
@Suite("A stalled link", .inspircd, .serialized)
struct StalledLinkTests {
    @Test func whatWasTypedDuringAStallArrivesOnceInOrder() async throws {
        let network = try Fixtures.network()
        let proxy = try StallingProxy(upstreamPort: network.clientPort)
        defer { proxy.stop() }
        let peer = try RawIRCClient(port: network.clientPort)
        defer { peer.close() }
        let client = LiveClient(nick: "natterStall", channels: ["#stall"], keepalive: KeepaliveConfiguration(pingAfter: 1, deadAfter: 2))
        defer { client.close() }
        try await client.register(peer, nick: "stallPeer")
        try await client.join(peer, "#stall")
        client.connect(port: proxy.port, adjust: ResilienceTests.quick)
        try await client.waitUntilJoined("#stall")
        #expect(client.session.state.capabilities.has("echo-message"))
        try client.show("#stall")

        proxy.stall()
        for text in ["typed in the stall 1", "typed in the stall 2"] { client.screen.input.onSubmit?(text) }
        try await client.pump("the dead link", timeout: 15) {
            client.serverBuffer.lines.contains { $0.text.hasPrefix("No data from the server") }
        }
        client.screen.input.onSubmit?("typed while reconnecting")
        try await client.pump("back in the channel", timeout: 20) {
            client.session.isReady && client.buffer("#stall")?.isJoined == true
        }
        var seen: [String] = []
        while seen.count < 3 {
            let message = try await client.wait(for: peer, "the typed lines", timeout: 15) {
                $0.command == "PRIVMSG" && $0.parameters.first == "#stall" && $0.sourceNick?.hasPrefix("natterStall") == true
            }
            seen.append(message.parameters.last ?? "")
        }
        #expect(seen == ["typed in the stall 1", "typed in the stall 2", "typed while reconnecting"])
        try await client.pump(for: 1)
        // Nothing twice: no more of them reach the peer.
        let extra = try? peer.readLine(timeout: 0.5)
        #expect(extra.map { !$0.contains("typed in the stall") && !$0.contains("typed while reconnecting") } ?? true, "\(extra ?? "")")
        // Each shows once in the buffer, delivered.
        for text in seen {
            #expect(client.messages(in: "#stall").filter { $0.text == text }.count == 1, "\(client.dump())")
        }
    }
}

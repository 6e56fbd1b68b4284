import ChatModel
import Foundation
import IRCProtocol
import IRCSession
import IRCTestServers
import Testing

/// Orderly goodbyes (issue 32, point 10): whichever way the client ends a link, the lines it
/// sent last (`AUTHENTICATE *`, `QUIT :reason`) reach the server before the connection closes.
/// Each test plays the server on a loopback socket and reads everything the client wrote up to
/// the close, so a close that came first shows as missing lines.
@MainActor
@Suite("Last lines before the close, against a scripted server")
struct FarewellIntegrationTests {
    /// Reads `peer` until the client has closed the connection, running the client's frames
    /// meanwhile; returns every command read (without keepalive PING and PONG). The close is
    /// seen at the peer (the end of the stream) or, when another program started meanwhile
    /// holds a copy of the client's socket (the test runner starts many), at the client: its
    /// session back to disconnected. Whatever was written before the close is then already in
    /// the peer's receive buffer, and is read to its end.
    func linesUntilClosed(_ peer: RawIRCClient, client: LiveClient, timeout: Double = 10) async throws -> [String] {
        var lines: [String] = []
        // Time the main actor spent on other tests (window tests wait on it) is not counted.
        var deadline = Deadline(timeout)
        var closedAt: Date?
        let started = Date()
        var seen: [String] = []
        var last = ""
        while deadline.hasTimeLeft() {
            client.pumpOnce()
            let now = "\(client.session.state.phase) \(client.network.link) leaving=\(client.hub.isLeaving)"
            if now != last { seen.append(String(format: "%.2f ", Date().timeIntervalSince(started)) + now); last = now }
            if closedAt == nil, client.session.state.phase == .disconnected { closedAt = Date() }
            let line: String?
            do {
                line = try peer.readLine(timeout: 0.02)
            } catch {
                // Nothing more came within half a second of the client's close: that was all.
                if let closedAt, Date().timeIntervalSince(closedAt) > 0.5 { return lines }
                try await Task.sleep(for: .milliseconds(1))
                continue
            }
            guard let line else { return lines }
            seen.append(String(format: "%.2f line ", Date().timeIntervalSince(started)) + line)
            if !line.hasPrefix("PING ") && !line.hasPrefix("PONG ") { lines.append(line) }
        }
        throw IntegrationFailure("the client did not close within \(timeout) s (\(Int(deadline.stalled)) s more while the "
                                 + "main actor ran other tests); it sent: \(lines); link \(client.network.link), "
                                 + "leaving \(client.hub.isLeaving); seen \(seen)\n\(client.dump())")
    }

    /// Answers the CAP LS with `caps`, and a CAP REQ with its ACK.
    func offer(_ caps: String, to peer: RawIRCClient, client: LiveClient) async throws {
        try await client.wait(for: peer, "CAP LS") { $0.command == "CAP" && $0.parameters.first == "LS" }
        try peer.send(":srv CAP * LS :\(caps)")
        let request = try await client.wait(for: peer, "CAP REQ") { $0.command == "CAP" && $0.parameters.first == "REQ" }
        try peer.send(":srv CAP * ACK :\(request.parameters.last ?? "")")
    }

    /// Registers the client without SASL: the welcome and the end of the MOTD.
    func welcome(_ peer: RawIRCClient, client: LiveClient, nick: String) async throws {
        try await client.wait(for: peer, "USER") { $0.command == "USER" }
        try peer.send(lines: [":srv 001 \(nick) :Welcome", ":srv 005 \(nick) CHANTYPES=# :are supported",
                              ":srv 376 \(nick) :End of MOTD"])
        try await client.waitUntilReady()
    }

    @Test(.timeLimit(.minutes(1)), arguments: [SASLFailurePolicy.disconnect, .reconnect])
    func aMissingMechanismQuitsBeforeTheClose(policy: SASLFailurePolicy) async throws {
        let server = try FakeIRCServer()
        defer { server.close() }
        let client = LiveClient(nick: "farewell", sasl: .plain(account: "farewell", password: "pw"), saslFailure: policy)
        defer { client.close() }
        client.connect(port: server.port)
        let peer = try server.accept(timeout: 5)
        defer { peer.close() }
        // The server logs in by EXTERNAL only: PLAIN cannot happen.
        try await client.wait(for: peer, "CAP LS") { $0.command == "CAP" && $0.parameters.first == "LS" }
        try peer.send(":srv CAP * LS :sasl=EXTERNAL")
        let last = try await linesUntilClosed(peer, client: client)
        #expect(last.last == "QUIT :SASL login required", "\(last)")
        #expect(!last.contains { $0.hasPrefix("CAP END") }, "registration went on: \(last)")
        if policy == .reconnect {
            // The goodbye did not cost the next attempt.
            let again = try server.accept(timeout: 10)
            again.close()
        }
    }

    @Test(.timeLimit(.minutes(1))) func aScramServerThatCannotProveItselfGetsTheAbortAndTheQuit() async throws {
        let server = try FakeIRCServer()
        defer { server.close() }
        let client = LiveClient(nick: "farewell", sasl: .scramSHA256(account: "farewell", password: "pw"))
        defer { client.close() }
        client.connect(port: server.port)
        let peer = try server.accept(timeout: 5)
        defer { peer.close() }
        try await offer("sasl=SCRAM-SHA-256", to: peer, client: client)
        try await client.wait(for: peer, "AUTHENTICATE SCRAM-SHA-256") { $0.command == "AUTHENTICATE" }
        try peer.send("AUTHENTICATE +")
        let first = try await client.wait(for: peer, "the client-first message") { $0.command == "AUTHENTICATE" }
        let clientFirst = String(decoding: Data(base64Encoded: first.parameters[0]) ?? Data(), as: UTF8.self)
        let nonce = try #require(clientFirst.split(separator: ",").first { $0.hasPrefix("r=") }?.dropFirst(2))
        let serverFirst = "r=\(nonce)server,s=\(Data("salt".utf8).base64EncodedString()),i=4096"
        try peer.send("AUTHENTICATE " + Data(serverFirst.utf8).base64EncodedString())
        try await client.wait(for: peer, "the client-final message") { $0.command == "AUTHENTICATE" }
        // A server signature that is not the one the password gives: this server does not know it.
        let forged = "v=" + Data(repeating: 0, count: 32).base64EncodedString()
        try peer.send("AUTHENTICATE " + Data(forged.utf8).base64EncodedString())
        let last = try await linesUntilClosed(peer, client: client)
        #expect(last == ["AUTHENTICATE *", "QUIT :SASL login required"], "\(last)")
        #expect(client.errorRows.contains { $0.text.contains("SCRAM server not verified") }, "\(client.dump())")
    }

    @Test(.timeLimit(.minutes(1))) func aRefusedLoginQuitsBeforeTheClose() async throws {
        let server = try FakeIRCServer()
        defer { server.close() }
        let client = LiveClient(nick: "farewell", sasl: .plain(account: "farewell", password: "wrong"))
        defer { client.close() }
        client.connect(port: server.port)
        let peer = try server.accept(timeout: 5)
        defer { peer.close() }
        try await offer("sasl=PLAIN", to: peer, client: client)
        try await client.wait(for: peer, "AUTHENTICATE PLAIN") { $0.command == "AUTHENTICATE" }
        try peer.send("AUTHENTICATE +")
        try await client.wait(for: peer, "the credentials") { $0.command == "AUTHENTICATE" }
        try peer.send(":srv 904 farewell :SASL authentication failed")
        let last = try await linesUntilClosed(peer, client: client)
        #expect(last == ["QUIT :SASL login required"], "\(last)")
    }

    @Test(.timeLimit(.minutes(1)), arguments: ["/disconnect", "/reconnect", "/quit gone fishing"])
    func aTypedGoodbyeReachesTheServerBeforeTheClose(typed: String) async throws {
        let server = try FakeIRCServer()
        defer { server.close() }
        let settings = ModelSettings()
        let client = LiveClient(nick: "farewell", settings: settings)
        defer { client.close() }
        client.connect(port: server.port)
        let peer = try server.accept(timeout: 5)
        defer { peer.close() }
        try await welcome(peer, client: client, nick: "farewell")
        client.controller.submit(typed)
        let last = try await linesUntilClosed(peer, client: client)
        let reason = typed.hasPrefix("/quit ") ? "gone fishing" : settings.quitMessage
        #expect(last == [IRCMessage(command: "QUIT", parameters: [reason]).serialized()], "\(last)")
        if typed == "/reconnect" {
            let again = try server.accept(timeout: 10)
            defer { again.close() }
            try await welcome(again, client: client, nick: "farewell")
        }
    }
}

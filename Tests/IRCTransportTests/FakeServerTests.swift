import Foundation
import IRCProtocol
import IRCTestServers
import IRCTransport
import Testing

/// The transport against a raw-socket server played by the test.
@Suite("Transport against a scripted raw-socket server")
struct FakeServerTests {
    @Test func malformedAndOverlongLinesAreSkippedAndTheNextLineArrives() throws {
        let link = try Link()
        defer { link.shutDown() }
        let (recorder, client) = (link.recorder, link.client)

        var bytes: [UInt8] = Array(":srv 001 me :Welcome\r\n".utf8)
        bytes += Array("@tag=only\r\n".utf8)                                     // no command
        bytes += Array(":srv NOTICE me :over-long follows\r\n".utf8)
        bytes += Array(":srv NOTICE me :".utf8) + [UInt8](repeating: 0x41, count: 9_000) + [0x0D, 0x0A]
        bytes += Array(":srv NOTICE me :after \u{02}bold\u{02}\r\n".utf8)
        bytes += Array(":source.only \r\n".utf8)                                 // no command either
        bytes += Array("PING :last\r\n".utf8)
        // Odd splits: the framer must not care where the reads break.
        for chunk in stride(from: 0, to: bytes.count, by: 997) {
            try client.sendBytes(Array(bytes[chunk..<min(chunk + 997, bytes.count)]))
            Thread.sleep(forTimeInterval: 0.002)
        }
        let ping = try recorder.message("PING")
        #expect(ping.parameters == ["last"])
        let kinds = recorder.history.map(\.kind)
        let received = kinds.compactMap { kind -> String? in
            if case .received(let message) = kind { message.command + " " + (message.parameters.last ?? "") } else { nil }
        }
        #expect(received == ["001 Welcome", "NOTICE over-long follows", "NOTICE after \u{02}bold\u{02}", "PING last"])
        let malformed = kinds.compactMap { kind -> IRCMalformedLine? in
            if case .malformedLine(let line) = kind { line } else { nil }
        }
        #expect(malformed.count == 3)
        #expect(malformed.first?.line == "@tag=only")
        #expect(malformed.contains { $0.line == nil && $0.problem.contains("lineTooLong") })
        #expect(malformed.last?.line == ":source.only ")
    }

    @Test func floodControlPacesAPasteAndNothingIsLostOnADrop() throws {
        let link = try Link(floodControl: FloodControl(burst: 5, interval: .milliseconds(200)))
        defer { link.shutDown() }
        let (transport, recorder, client) = (link.transport, link.recorder, link.client)
        let start = Date()
        let paste = (1...50).map { IRCMessage(command: "PRIVMSG", parameters: ["#c", "paste \($0)"]) }
        transport.send(paste)
        var arrivals: [(String, Double)] = []
        while arrivals.count < 10 {
            guard let line = try client.readLine(timeout: 5) else { break }
            arrivals.append((line, Date().timeIntervalSince(start)))
        }
        #expect(arrivals.map(\.0) == (1...10).map { "PRIVMSG #c :paste \($0)" })   // a space: colon kept
        // Five at once, then one per 200 ms: line n (n > 5) not before (n − 5) × 200 ms.
        for (index, arrival) in arrivals.enumerated() where index >= 5 {
            #expect(arrival.1 >= Double(index - 4) * 0.2 - 0.01, "line \(index + 1) at \(arrival.1)")
        }
        // The first five came as one burst (measured between reads, so a slow reader cannot fake it).
        #expect(arrivals[4].1 - arrivals[0].1 < 0.1)
        // The server goes away: the 40 lines still queued come back, in order.
        client.close()
        let drop = try recorder.next("disconnected") { $0.disconnect != nil }
        #expect(drop.kind.disconnect?.reason == .closedByServer)
        let unsent = drop.kind.disconnect?.unsent ?? []
        #expect(unsent.count >= 38 && unsent.count <= 40)
        #expect(unsent == Array(paste.suffix(unsent.count)))
        try recorder.next("stopped") { $0.isStopped }
    }

    @Test func linesSentWhileDisconnectedOrInvalidComeBackNotSent() throws {
        let server = try FakeIRCServer()
        let (transport, recorder) = makeTransport(port: server.port)
        defer { try? shutDown(transport, recorder) }
        let early = IRCMessage(command: "PRIVMSG", parameters: ["#c", "typed before connecting"])
        transport.send(early)
        let notSent = try recorder.next("notSent") { if case .notSent = $0 { true } else { false } }
        guard case .notSent(let lines, let reason) = notSent.kind else { return }
        #expect(lines == [early])
        #expect(reason == .notConnected)

        transport.start()
        let client = try server.accept()
        try recorder.next("connected") { $0.isConnected }
        let smuggler = IRCMessage(command: "PRIVMSG", parameters: ["#c", "two\r\nQUIT :lines"])
        let fine = IRCMessage(command: "PRIVMSG", parameters: ["#c", "fine"])
        transport.send([smuggler, fine])
        let rejected = try recorder.next("invalid") { if case .notSent = $0 { true } else { false } }
        guard case .notSent(let bad, .invalid) = rejected.kind else {
            Issue.record("expected an invalid-message event, got \(rejected.kind)")
            return
        }
        #expect(bad == [smuggler])
        #expect(try client.readLine() == "PRIVMSG #c fine")
    }

    @Test func urgentLinesJumpTheQueue() throws {
        let link = try Link(floodControl: FloodControl(burst: 1, interval: .seconds(30)))
        defer { link.shutDown() }
        let (transport, client) = (link.transport, link.client)
        transport.send([IRCMessage(command: "PRIVMSG", parameters: ["#c", "one"]),
                        IRCMessage(command: "PRIVMSG", parameters: ["#c", "two"])])
        #expect(try client.readLine() == "PRIVMSG #c one")
        transport.send(IRCMessage(command: "PONG", parameters: ["srv"]), priority: .immediate)
        #expect(try client.readLine() == "PONG srv")
    }

    @Test func registrationGoesAtOnceAndLeavesTheBucketFull() throws {
        let link = try Link(floodControl: FloodControl(burst: 1, interval: .seconds(30)))
        defer { link.shutDown() }
        let (transport, client) = (link.transport, link.client)
        let registration = try ["CAP LS 302", "NICK me", "USER me 0 * me", "CAP REQ sasl", "AUTHENTICATE PLAIN", "CAP END"]
            .map { try IRCMessage(parsing: $0) }
        transport.send(registration, priority: .registration)
        for message in registration { #expect(try client.readLine() == message.serialized()) }
        // The one line the bucket allows at once is still there for the user.
        transport.send(IRCMessage(command: "JOIN", parameters: ["#c"]))
        #expect(try client.readLine(timeout: 2) == "JOIN #c")
    }

    @Test func aClientBatchIsPacedAsOneMessage() throws {
        let link = try Link(floodControl: FloodControl(burst: 1, interval: .seconds(30)))
        defer { link.shutDown() }
        let (transport, client) = (link.transport, link.client)
        let batch = try ["BATCH +m draft/multiline #c", "@batch=m PRIVMSG #c one", "@batch=m PRIVMSG #c two",
                         "@batch=m;draft/multiline-concat PRIVMSG #c three", "BATCH -m"].map { try IRCMessage(parsing: $0) }
        transport.send(batch + [IRCMessage(command: "PRIVMSG", parameters: ["#c", "after"])])
        for message in batch { #expect(try client.readLine() == message.serialized()) }
        // The batch took the one slot the bucket had: the next message waits its turn.
        #expect(throws: (any Error).self) { try client.readLine(timeout: 0.5) }
    }

    @Test func connectionRefusedIsReportedAndRetriedWithBackoff() throws {
        let port = try LoopbackPorts.free(1)[0]   // nothing listens there
        let (transport, recorder) = makeTransport(
            port: port, reconnects: true,
            backoff: ReconnectBackoff(initialDelay: .milliseconds(50), maximumDelay: .milliseconds(100), jitter: 0.5))
        defer { try? shutDown(transport, recorder) }
        transport.start()
        for attempt in 1...3 {
            let drop = try recorder.next("refused") { $0.disconnect != nil }
            #expect(drop.connection == attempt)
            guard case .connectFailed = drop.kind.disconnect?.reason else {
                Issue.record("expected connectFailed, got \(drop.kind)")
                return
            }
            let delay = try #require(try recorder.next("scheduled") { $0.reconnectDelay != nil }.kind.reconnectDelay)
            let nominal: Duration = attempt == 1 ? .milliseconds(50) : .milliseconds(100)
            #expect(delay <= nominal && delay >= nominal * 0.5)
        }
    }

    @Test func backoffGrowsOnShortConnectionsAndResetsAfterAStableOne() throws {
        let server = try FakeIRCServer()
        let (transport, recorder) = makeTransport(
            port: server.port, reconnects: true,
            backoff: ReconnectBackoff(initialDelay: .milliseconds(50), maximumDelay: .seconds(1), jitter: 0,
                                      stableAfter: .milliseconds(300)))
        defer { try? shutDown(transport, recorder) }
        transport.start()
        func dropAfter(_ seconds: Double) throws -> Duration? {
            let client = try server.accept()
            try recorder.next("connected") { $0.isConnected }
            Thread.sleep(forTimeInterval: seconds)
            client.close()
            try recorder.next("closed by server") { $0.disconnect?.reason == .closedByServer }
            return try recorder.next("scheduled") { $0.reconnectDelay != nil }.kind.reconnectDelay
        }
        #expect(try dropAfter(0) == .milliseconds(50))
        #expect(try dropAfter(0) == .milliseconds(100))
        #expect(try dropAfter(0) == .milliseconds(200))
        #expect(try dropAfter(0.4) == .milliseconds(50))     // up for longer than stableAfter
    }
}

/// A transport connected to a raw-socket server the test plays: started, accepted, connected.
struct Link {
    let server: FakeIRCServer
    let transport: IRCTransport
    let recorder: EventRecorder
    let client: RawIRCClient

    init(floodControl: FloodControl = FloodControl(burst: 20, interval: .milliseconds(50))) throws {
        server = try FakeIRCServer()
        (transport, recorder) = makeTransport(port: server.port, floodControl: floodControl)
        transport.start()
        do {
            client = try server.accept()
            try recorder.next("connected") { $0.isConnected }
        } catch {
            try? IRCTransportTests.shutDown(transport, recorder)
            throw error
        }
    }

    func shutDown() { try? IRCTransportTests.shutDown(transport, recorder) }
}

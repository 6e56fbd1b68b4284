import Foundation
import IRCProtocol
import IRCTestServers
import IRCTransport
import Testing
import NatterTestSupport

/// Disruptive scenarios on a server of their own: killing it, freezing it.
@Suite("Transport drops and reconnects (InspIRCd)", .serialized, .inspircd)
struct ReconnectTests {
    @Test func serverKilledMidConversationReportsUnsentLinesAndReconnectsWithBackoff() throws {
        let network = try Fixtures.network()
        // Burst 5, then one line per 10 s: most of a paste stays queued.
        let (transport, recorder) = makeTransport(
            port: network.clientPort, reconnects: true,
            backoff: ReconnectBackoff(initialDelay: .milliseconds(200), maximumDelay: .seconds(2), jitter: 0),
            floodControl: FloodControl(burst: 5, interval: .seconds(10)))
        defer { try? shutDown(transport, recorder) }
        transport.start()
        try recorder.next("connected") { $0.isConnected }
        try register(transport, recorder, nick: "natterDrop")   // NICK, USER: 2 tokens
        let paste = (1...8).map { IRCMessage(command: "PRIVMSG", parameters: ["natterDrop", "line \($0)"]) }
        transport.send(paste)                                      // 3 go out, 5 wait
        try recorder.message("PRIVMSG") { $0.parameters.last == "line 3" }

        network.killServer()
        let drop = try recorder.next("disconnected") { $0.disconnect != nil }
        #expect(drop.connection == 1)
        #expect(drop.kind.disconnect?.unsent == Array(paste[3...]))
        // Refused while the server is down: the delays double (no jitter here).
        var delays: [Duration] = []
        while delays.count < 3 {
            let event = try recorder.next("reconnect scheduled") { $0.reconnectDelay != nil }
            delays.append(event.kind.reconnectDelay!)
        }
        #expect(delays == [.milliseconds(200), .milliseconds(400), .milliseconds(800)])
        #expect(recorder.history.contains {
            if case .disconnected(.connectFailed, _) = $0.kind { true } else { false }
        })

        try network.restartServer()
        let back = try recorder.next("connected again", timeout: 10) { $0.isConnected }
        #expect(back.connection > 3)
        try register(transport, recorder, nick: "natterDrop")
    }

    @Test func frozenServerSendsNothingTicksContinueAndForceCloseReconnects() throws {
        let network = try Fixtures.network()
        let (transport, recorder) = makeTransport(
            port: network.clientPort, reconnects: true,
            backoff: ReconnectBackoff(initialDelay: .milliseconds(200), jitter: 0),
            tickInterval: .milliseconds(100))
        defer {
            network.resumeServer()
            try? shutDown(transport, recorder)
        }
        transport.start()
        try recorder.next("connected") { $0.isConnected }
        try register(transport, recorder, nick: "natterFrozen")
        try recorder.next("tick") { $0.isTick }

        network.suspendServer()
        transport.send(IRCMessage(command: "PING", parameters: ["are-you-there"]))
        let silence = recorder.collect(for: 1.0)
        #expect(!silence.contains { $0.kind.isReceived })
        #expect(silence.filter { $0.kind.isTick }.count >= 7)
        #expect(!silence.contains { $0.kind.disconnect != nil })

        transport.forceClose(reason: "no reply for 1 s")
        let drop = try recorder.next("disconnected") { $0.disconnect != nil }
        #expect(drop.kind.disconnect?.reason == .closedByOwner("no reply for 1 s"))
        let scheduled = try recorder.next("reconnect scheduled") { $0.reconnectDelay != nil }
        #expect(scheduled.kind.reconnectDelay == .milliseconds(200))
        // No ticks while waiting to reconnect.
        let waiting = recorder.collect(for: 0.1)
        #expect(!waiting.contains { $0.kind.isTick })
        // The kernel still accepts TCP for the frozen server; registration needs it thawed.
        try recorder.next("connected again") { $0.isConnected }
        network.resumeServer()
        try register(transport, recorder, nick: "natterFrozen2")
    }
}

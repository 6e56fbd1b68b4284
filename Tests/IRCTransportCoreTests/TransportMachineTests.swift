import IRCProtocol
import IRCTransportCore
import NatterTestSupport
import Testing

/// The transport's decisions on a virtual clock: no sockets, no waiting.
@Suite("Transport machine")
struct TransportMachineTests {
    @Test func startOpensTheFirstAttemptOnce() {
        var h = MachineHarness.plain()
        h.handle(.start)
        h.handle(.start)
        #expect(h.opened == [1])
        #expect(h.eventNames == ["connecting"])
    }

    @Test func linesSentBeforeTheLinkIsUpComeBackNotSent() {
        var h = MachineHarness.plain()
        h.handle(.start)
        h.handle(.send([privmsg("early")], .normal))
        #expect(h.kinds.last == .notSent([privmsg("early")], reason: .notConnected))
        #expect(h.lines.isEmpty)
    }

    @Test func aBurstGoesAtOnceAndTheRestOnePerInterval() {
        var h = MachineHarness.plain()
        h.handle(.start)
        h.linkUp(1)
        h.handle(.send((1...8).map { privmsg("\($0)") }, .normal))
        #expect(h.written.count == 5)
        h.advance(.seconds(10))
        #expect(h.written.map(\.at) == [.zero, .zero, .zero, .zero, .zero, .seconds(2), .seconds(4), .seconds(6)])
        #expect(h.lines == (1...8).map { "PRIVMSG #c \($0)" })
    }

    @Test func registrationIsNotCountedButImmediateLinesAre() {
        var h = MachineHarness.plain()
        h.handle(.start)
        h.linkUp(1)
        h.handle(.send((1...6).map { IRCMessage(command: "AUTHENTICATE", parameters: ["x\($0)"]) }, .registration))
        h.handle(.send((1...5).map { privmsg("\($0)") }, .normal))
        #expect(h.written.count == 11, "registration leaves the whole burst to the user's lines")
        h.handle(.send([IRCMessage(command: "PONG", parameters: ["t"])], .immediate))
        h.handle(.send([privmsg("after")], .normal))
        #expect(h.written.count == 12)
        h.advance(.seconds(4))
        #expect(h.written.last?.at == .seconds(4), "the PONG took a slot of its own")
    }

    @Test func anImmediateLineOvertakesTheQueue() {
        var h = MachineHarness.plain(burst: 1)
        h.handle(.start)
        h.linkUp(1)
        h.handle(.send([privmsg("a"), privmsg("b")], .normal))
        h.handle(.send([IRCMessage(command: "QUIT", parameters: ["bye"])], .immediate))
        #expect(h.lines == ["PRIVMSG #c a", "QUIT bye"])
    }

    @Test func aClientBatchIsPacedAsOneMessage() {
        var h = MachineHarness.plain(burst: 1)
        h.handle(.start)
        h.linkUp(1)
        let batch = [IRCMessage(command: "BATCH", parameters: ["+m", "draft/multiline", "#c"])]
            + (1...3).map { IRCMessage(tags: ["batch": "m"], command: "PRIVMSG", parameters: ["#c", "part \($0)"]) }
            + [IRCMessage(command: "BATCH", parameters: ["-m"])]
        h.handle(.send([privmsg("before")] + batch + [privmsg("after")], .normal))
        h.advance(.seconds(5))
        #expect(h.written.map(\.at) == [.zero] + Array(repeating: .seconds(2), count: 5) + [.seconds(4)])
    }

    @Test func anInvalidLineComesBackAndTheOthersGo() {
        var h = MachineHarness.plain()
        h.handle(.start)
        h.linkUp(1)
        let bad = IRCMessage(command: "PRIVMSG", parameters: ["#c", "two\r\nlines"])
        h.handle(.send([privmsg("ok"), bad], .normal))
        #expect(h.lines == ["PRIVMSG #c ok"])
        // Reported as it was refused (the queue's drained report follows the line written).
        guard case .notSent(let back, .invalid) = h.kinds.first(where: { if case .notSent = $0 { true } else { false } }) else {
            Issue.record("no notSent for the invalid line: \(h.eventNames)")
            return
        }
        #expect(back == [bad])
    }

    @Test func receivedLinesAreParsedAndMalformedOnesReportedInOneBatch() {
        var h = MachineHarness.plain()
        h.handle(.start)
        h.linkUp(1)
        h.handle(.received(connection: 1, lines: [.success(":a PRIVMSG #c :hi"), .success("@bad"), .failure(.lineTooLong(bytes: 9000, limit: 8191))]))
        #expect(h.eventNames.suffix(3) == ["received", "malformed", "malformed"])
        #expect(h.events.count == 5)
    }

    @Test func aDropReturnsTheQueueAndReconnectsWithBackoff() {
        var h = MachineHarness.plain(burst: 1)
        h.handle(.start)
        h.linkUp(1)
        h.handle(.send((1...4).map { privmsg("\($0)") }, .normal))
        h.serverCloses(1)
        #expect(h.kinds.contains(.disconnected(reason: .closedByServer, unsent: (2...4).map { privmsg("\($0)") })))
        #expect(h.kinds.last == .reconnectScheduled(delay: .seconds(2)))
        #expect(h.timers[.pump] == nil && h.timers[.tick] == nil)
        // Refused twice: the delay doubles.
        h.advance(.seconds(2))
        h.handle(.connectFailed(connection: 2, reason: .connectFailed("refused")))
        h.advance(.seconds(4))
        h.handle(.connectFailed(connection: 3, reason: .connectFailed("refused")))
        #expect(h.kinds.last == .reconnectScheduled(delay: .seconds(8)))
        h.advance(.seconds(8))
        #expect(h.opened == [1, 2, 3, 4])
        // Reports about an attempt given up on change nothing.
        let before = h.events.count
        h.handle(.received(connection: 1, lines: [.success("PING x")]))
        h.handle(.linkClosed(connection: 2))
        #expect(h.events.count == before)
    }

    @Test func aLinkThatStayedUpStartsTheBackoffAgain() {
        var h = MachineHarness.plain(backoff: ReconnectBackoff(initialDelay: .seconds(2), jitter: 0, stableAfter: .seconds(60)))
        h.handle(.start)
        h.handle(.connectFailed(connection: 1, reason: .connectFailed("refused")))
        h.advance(.seconds(2))
        h.linkUp(2)
        h.advance(.seconds(120))
        h.serverCloses(2)
        #expect(h.kinds.last == .reconnectScheduled(delay: .seconds(2)))
    }

    @Test func forceCloseEndsTheLinkWithTheOwnersReason() {
        var h = MachineHarness.plain()
        h.handle(.start)
        h.linkUp(1)
        h.handle(.forceClose(reason: "no reply to PING"))
        #expect(h.kinds.contains(.disconnected(reason: .closedByOwner("no reply to PING"), unsent: [])))
        #expect(h.channels.isEmpty)
        // While connecting (no channel yet): ended at once, and the late channel is closed.
        h.advance(.seconds(2))
        h.handle(.forceClose(reason: "too slow"))
        #expect(h.kinds.contains(.disconnected(reason: .closedByOwner("too slow"), unsent: [])))
        h.linkUp(2)
        #expect(h.channels.isEmpty, "a channel of an attempt given up on is closed")
        #expect(!h.machine.isReady)
    }

    /// A TLS close waits for the server's close notice: meanwhile nothing more is written, a
    /// send comes back at once, and the queue comes back whole when the close is reported.
    @Test func aLinkBeingClosedSendsNothingMoreAndReturnsTheQueue() {
        var h = MachineHarness.plain(burst: 1)
        h.handle(.start)
        h.linkUp(1)
        h.handle(.send((1...3).map { privmsg("\($0)") }, .normal))
        h.closesAtOnce = false
        h.handle(.forceClose(reason: "dead"))
        h.handle(.send([privmsg("meanwhile")], .normal))
        #expect(h.kinds.last == .notSent([privmsg("meanwhile")], reason: .notConnected))
        h.advance(.seconds(5))
        #expect(h.lines == ["PRIVMSG #c 1"], "nothing written while the link closes")
        h.finishClosing()
        #expect(h.kinds.contains(.disconnected(reason: .closedByOwner("dead"), unsent: [privmsg("2"), privmsg("3")])))
    }

    @Test func aHandshakeThatCompletesWhileTheLinkClosesDoesNotMakeItReady() {
        var h = MachineHarness.plain(security: .tls(IRCTLSOptions()))
        h.handle(.start)
        h.channelOpens(1)
        h.closesAtOnce = false
        h.advance(.seconds(20))
        h.handle(.linkReady(connection: 1))
        #expect(!h.machine.isReady)
        #expect(!h.eventNames.contains("connected"))
        h.finishClosing()
        #expect(h.kinds.contains(.disconnected(reason: .tlsFailed("the TLS handshake timed out"), unsent: [])))
    }

    @Test func stopEndsForGood() {
        var h = MachineHarness.plain(burst: 1)
        h.handle(.start)
        h.linkUp(1)
        h.handle(.send([privmsg("a"), privmsg("b")], .normal))
        h.handle(.stop)
        #expect(h.eventNames.suffix(2) == ["disconnected", "stopped"])
        #expect(h.kinds.contains(.disconnected(reason: .stopped, unsent: [privmsg("b")])))
        h.advance(.seconds(600))
        #expect(h.opened == [1])
        #expect(h.timers.isEmpty)
    }

    @Test func stopWhileWaitingToReconnectCancelsTheReconnect() {
        var h = MachineHarness.plain()
        h.handle(.start)
        h.handle(.connectFailed(connection: 1, reason: .connectFailed("refused")))
        h.handle(.stop)
        #expect(h.eventNames.last == "stopped")
        h.advance(.seconds(60))
        #expect(h.opened == [1])
    }

    @Test func withoutReconnectsADropStops() {
        var h = MachineHarness.plain(reconnects: false)
        h.handle(.start)
        h.linkUp(1)
        h.serverCloses(1)
        #expect(h.eventNames.suffix(2) == ["disconnected", "stopped"])
        #expect(h.machine.isStopped)
    }

    @Test func anErrorBeforeTheCloseNamesTheDrop() {
        var h = MachineHarness.plain()
        h.handle(.start)
        h.linkUp(1)
        h.handle(.linkFailed(connection: 1, reason: .failed("connection reset by peer")))
        h.serverCloses(1)
        #expect(h.kinds.contains(.disconnected(reason: .failed("connection reset by peer"), unsent: [])))
    }

    @Test func aPinMismatchNamesBothFingerprintsAndDoesNotRetry() {
        let pin: [UInt8] = Array(repeating: 0xAB, count: 32)
        var h = MachineHarness.plain(security: .tls(IRCTLSOptions(pinnedFingerprint: pin)))
        h.handle(.start)
        h.handle(.certificateChecked(connection: 1, seen: pin))
        h.handle(.certificateChecked(connection: 1, seen: Array(repeating: 0x01, count: 32)))
        h.handle(.linkFailed(connection: 1, reason: .tlsFailed("handshake failed")))
        h.handle(.linkClosed(connection: 1))
        guard case .disconnected(.certificateRejected(let text), _)? = h.kinds.dropLast().last else {
            Issue.record("expected a rejected certificate: \(h.eventNames)")
            return
        }
        #expect(text.contains("sha256:01:01") && text.contains("sha256:AB:AB"))
        #expect(h.eventNames.last == "stopped")
    }

    @Test func aTLSHandshakeThatNeverEndsTimesOut() {
        var h = MachineHarness.plain(security: .tls(IRCTLSOptions()))
        h.handle(.start)
        h.channelOpens(1)
        #expect(h.timers[.handshake] == .seconds(20))
        h.advance(.seconds(20))
        #expect(h.kinds.contains(.disconnected(reason: .tlsFailed("the TLS handshake timed out"), unsent: [])))
        #expect(h.eventNames.last == "reconnect 2.0 seconds")
    }

    @Test func ticksComeWhileTheLinkIsUp() {
        var h = MachineHarness.plain()
        h.handle(.start)
        h.linkUp(1)
        h.advance(.seconds(16))
        #expect(h.ticks == 3)
        h.serverCloses(1)
        h.advance(.seconds(1))
        #expect(h.ticks == 3)
    }

    @Test func anUnwritableChannelHoldsTheQueueUntilItDrains() {
        var h = MachineHarness.plain()
        h.handle(.start)
        h.linkUp(1)
        h.handle(.writabilityChanged(connection: 1, isWritable: false))
        h.handle(.send([privmsg("held")], .normal))
        #expect(h.lines.isEmpty)
        h.handle(.writabilityChanged(connection: 1, isWritable: true))
        #expect(h.lines == ["PRIVMSG #c held"])
    }

    @Test func aSlowerRateAppliesToWhatIsQueued() {
        var h = MachineHarness.plain(burst: 1)
        h.handle(.start)
        h.linkUp(1)
        h.handle(.adjustFloodControl(burst: 1, interval: .seconds(5)))
        h.handle(.send([privmsg("a"), privmsg("b")], .normal))
        h.advance(.seconds(10))
        #expect(h.written.map(\.at) == [.zero, .seconds(5)])
    }

    /// Whatever happens to the links, every line the owner sends is written once or comes
    /// back once (not sent, or unsent at a drop), and what is written keeps the sending order.
    @Test(arguments: 0..<40)
    func nothingTheOwnerSendsIsLostOrDoubled(seed: Int) {
        var random = SplitMix64(seed: UInt64(seed))
        var h = MachineHarness.plain(burst: 2, backoff: ReconnectBackoff(initialDelay: .milliseconds(500), jitter: 0))
        h.handle(.start)
        var sent: [IRCMessage] = []
        var paced: [String] = []
        for step in 0..<300 {
            let attempt = h.machine.connection
            switch random.next() % 9 {
            case 0, 1, 2:
                let message = privmsg("m\(step)")
                sent.append(message)
                let immediate = random.next() % 4 == 0
                if !immediate { paced.append("m\(step)") }
                h.handle(.send([message], immediate ? .immediate : .normal))
            case 3: h.linkUp(attempt)
            case 4: h.serverCloses(attempt)
            case 5: h.handle(.connectFailed(connection: attempt, reason: .connectFailed("refused")))
            case 6:
                h.closesAtOnce = random.next() % 2 == 0
                h.handle(.forceClose(reason: "dead"))
            case 7: h.handle(.writabilityChanged(connection: attempt, isWritable: random.next() % 2 == 0))
            default:
                h.advance(.milliseconds(Int64(random.next() % 3000)))
                if random.next() % 3 == 0 { h.finishClosing() }
            }
        }
        h.handle(.stop)
        h.finishClosing()
        var returned: [IRCMessage] = []
        for kind in h.kinds {
            if case .notSent(let lines, _) = kind { returned += lines }
            if case .disconnected(_, let unsent) = kind { returned += unsent }
        }
        let written = h.lines.map { String($0.dropFirst("PRIVMSG #c ".count)) }
        let texts = sent.map { $0.parameters[1] }
        #expect(Set(written).isDisjoint(with: returned.map { $0.parameters[1] }))
        #expect((written + returned.map { $0.parameters[1] }).sorted() == texts.sorted())
        let pacedWritten = written.filter(Set(paced).contains)
        #expect(pacedWritten == paced.filter(Set(pacedWritten).contains), "paced lines keep their order")
        #expect(h.eventNames.last == "stopped")
    }
}

/// Leaving with a farewell (QUIT): what was sent before goes first, the farewell always goes,
/// and the close waits for the server's answer up to a deadline.
struct TransportMachineLeaveTests {
    let quit = IRCMessage(command: "QUIT", parameters: ["Leaving"])

    @Test func theFarewellFollowsTheQueueAndTheServersCloseEndsTheLink() {
        var h = MachineHarness.plain(burst: 1, interval: .milliseconds(500))
        h.handle(.start)
        h.linkUp(1)
        h.handle(.send([privmsg("a"), privmsg("b"), privmsg("c")], .normal))
        h.handle(.leave(farewell: [quit], within: .seconds(3), reconnect: false))
        #expect(h.lines == ["PRIVMSG #c a"], "the queue keeps its pace")
        h.advance(.seconds(1))
        #expect(h.lines == ["PRIVMSG #c a", "PRIVMSG #c b", "PRIVMSG #c c", "QUIT Leaving"])
        #expect(!h.channels.isEmpty, "the link waits for the server's close")
        // A line sent after the QUIT left is not written: the server reads nothing more.
        h.handle(.send([privmsg("late")], .normal))
        #expect(h.kinds.last == .notSent([privmsg("late")], reason: .notConnected))
        h.serverCloses(1)
        #expect(h.kinds.contains(.disconnected(reason: .stopped, unsent: [])))
        #expect(h.eventNames.last == "stopped")
        h.advance(.seconds(600))
        #expect(h.opened == [1] && h.timers.isEmpty)
    }

    @Test func atTheDeadlineTheFarewellGoesAndTheRestComesBackUnsent() {
        var h = MachineHarness.plain(burst: 1, interval: .seconds(2))
        h.handle(.start)
        h.linkUp(1)
        h.handle(.send((1...5).map { privmsg("\($0)") }, .normal))
        h.handle(.leave(farewell: [quit], within: .seconds(3), reconnect: false))
        h.advance(.seconds(3))
        // Lines 1 and 2 had their slots (0 s and 2 s); 3 would have gone at 4 s.
        #expect(h.lines == ["PRIVMSG #c 1", "PRIVMSG #c 2", "QUIT Leaving"])
        #expect(h.channels.isEmpty, "closed by the machine once the time was up")
        #expect(h.kinds.contains(.disconnected(reason: .stopped, unsent: (3...5).map { privmsg("\($0)") })))
        #expect(h.eventNames.last == "stopped")
    }

    @Test func aServerThatNeverClosesIsClosedAtTheDeadline() {
        var h = MachineHarness.plain()
        h.handle(.start)
        h.linkUp(1)
        h.handle(.leave(farewell: [quit], within: .seconds(2), reconnect: false))
        #expect(h.lines == ["QUIT Leaving"], "an empty queue: the farewell at once")
        h.advance(.milliseconds(1999))
        #expect(!h.channels.isEmpty)
        h.advance(.milliseconds(1))
        #expect(h.channels.isEmpty)
        #expect(h.lines == ["QUIT Leaving"], "written once")
    }

    @Test func leavingToReconnectConnectsAgain() {
        var h = MachineHarness.plain()
        h.handle(.start)
        h.linkUp(1)
        h.handle(.leave(farewell: [quit], within: .seconds(2), reconnect: true))
        h.serverCloses(1)
        #expect(h.kinds.contains(.disconnected(reason: .closedByOwner("reconnecting"), unsent: [])))
        #expect(!h.eventNames.contains("stopped"))
        h.advance(.seconds(2))
        #expect(h.opened == [1, 2])
    }

    @Test func withoutALinkLeavingIsAStop() {
        var h = MachineHarness.plain()
        h.handle(.start)
        h.handle(.leave(farewell: [quit], within: .seconds(2), reconnect: false))
        #expect(h.lines.isEmpty)
        #expect(h.eventNames.last == "stopped")
        h.advance(.seconds(60))
        #expect(h.opened == [1])
    }
}

extension TransportMachineLeaveTests {
    @Test func leavingWithoutAFarewellClosesOnceTheQueueIsWritten() {
        var h = MachineHarness.plain(burst: 1, interval: .seconds(1))
        h.handle(.start)
        h.linkUp(1)
        h.handle(.send([privmsg("a"), privmsg("b")], .normal))
        h.handle(.leave(farewell: [], within: .seconds(3), reconnect: false))
        #expect(!h.channels.isEmpty)
        h.advance(.seconds(1))
        #expect(h.lines == ["PRIVMSG #c a", "PRIVMSG #c b"])
        #expect(h.channels.isEmpty, "no QUIT to wait for an answer to")
        #expect(h.kinds.contains(.disconnected(reason: .stopped, unsent: [])))
    }

    @Test func aStopWhileLeavingWritesTheFarewellAndClosesAtOnce() {
        var h = MachineHarness.plain(burst: 1, interval: .seconds(2))
        h.handle(.start)
        h.linkUp(1)
        h.handle(.send([privmsg("a"), privmsg("b")], .normal))
        h.handle(.leave(farewell: [quit], within: .seconds(3), reconnect: false))
        h.handle(.stop)
        #expect(h.lines == ["PRIVMSG #c a", "QUIT Leaving"])
        #expect(h.channels.isEmpty)
        #expect(h.kinds.contains(.disconnected(reason: .stopped, unsent: [privmsg("b")])))
        #expect(h.eventNames.last == "stopped")
    }
}

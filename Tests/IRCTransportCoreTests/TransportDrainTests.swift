import IRCProtocol
import IRCTransportCore
import Testing

/// The machine says when its queue empties (a paste hands over its next line then), and only
/// for queued lines: an urgent PONG is not a queue.
struct TransportDrainTests {
    @Test func theLastQueuedLineWrittenSaysTheQueueIsEmpty() {
        var h = MachineHarness.plain(burst: 1, interval: .seconds(2))
        h.handle(.start)
        h.linkUp(1)
        h.handle(.send([privmsg("a"), privmsg("b")], .normal))
        #expect(h.lines == ["PRIVMSG #c a"])
        #expect(!h.eventNames.contains("drained"), "b still waits")
        h.advance(.seconds(2))
        #expect(h.lines == ["PRIVMSG #c a", "PRIVMSG #c b"])
        #expect(h.kinds.last == .drained(interval: .seconds(2)))
        let before = h.events.count
        h.handle(.send([IRCMessage(command: "PONG", parameters: ["x"])], .immediate))
        #expect(h.events.count == before, "an urgent line is no queue to drain")
    }
}

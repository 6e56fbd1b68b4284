import Foundation
import IRCProtocol
import Testing
@testable import IRCSession

/// Batches a hostile or broken server abuses: one that never ends, one far too large, too many
/// open at once. Memory stays bounded and what arrived is shown.
@Suite("Hostile batches")
struct HostileBatchTests {
    static func registered() -> Harness {
        var h = Harness()
        h.register(caps: "batch server-time message-tags draft/chathistory", isupport: ["CHANTYPES=#", "CHATHISTORY=100"])
        h.feed(":natter!nat@host JOIN #c")
        return h
    }

    @Test func aBatchThatNeverEndsIsClosedForTheServerAfterAMinute() {
        var h = Self.registered()
        h.feed(":srv BATCH +forever chathistory #c")
        h.feed("@batch=forever;msgid=a;time=2024-01-01T00:00:01.000Z :bob!b@h PRIVMSG #c :held back")
        #expect(histories(h.tick(at: h.now + 30)).isEmpty)
        let out = h.tick(at: h.now + 31 + 1)
        #expect(histories(out).first?.messages.map(\.text) == ["held back"])
        #expect(events(out).contains { if case .batchAbandoned(type: "chathistory", _) = $0 { true } else { false } })
        #expect(h.session.batches.isEmpty)
    }

    @Test func aHugeReplyKeepsTheNewestWithinTheBound() {
        var h = Self.registered()
        h.feed(":srv BATCH +huge chathistory #c")
        let total = IRCSession.maxBatchMessages * 3 + 17
        for k in 0..<total {
            h.feed("@batch=huge;msgid=m\(k) :bob!b@h PRIVMSG #c :line \(k)")
            #expect((h.session.batches["huge"]?.messages.count ?? 0) <= IRCSession.maxBatchMessages)
        }
        let batch = histories(h.feed(":srv BATCH -huge")).first
        #expect(batch?.messages.last?.text == "line \(total - 1)")
        #expect((batch?.messages.count ?? 0) <= IRCSession.maxBatchMessages)
    }

    @Test func batchesNestedInACycleAreClosedOnceEach() {
        // Found by `make fuzz` (Tests/FuzzRegressions/session-batch-parent-cycle): closing a
        // batch that names itself, or a cycle of batches, as its parent recursed forever.
        var h = Self.registered()
        h.feed("@batch=self :srv BATCH +self netsplit a b")
        h.feed("@batch=b :srv BATCH +a netsplit a b")
        h.feed("@batch=a :srv BATCH +b netsplit a b")
        let out = h.tick(at: h.now + 61)
        #expect(events(out).filter { if case .batchAbandoned = $0 { true } else { false } }.count == 3)
        #expect(h.session.batches.isEmpty)
    }

    @Test func aHistoryBatchInsideACycleOfBatchesStillCloses() {
        // Found by `make fuzz` (Tests/FuzzRegressions/session-batch-label-cycle): looking for
        // the label of an enclosing batch walked a cycle of parents forever.
        var h = Self.registered()
        h.feed("@batch=b :srv BATCH +a netsplit a b")
        h.feed("@batch=a :srv BATCH +b netsplit a b")
        h.feed("@batch=a :srv BATCH +h chathistory #c")
        h.feed("@batch=h;msgid=m1 :bob!b@h PRIVMSG #c :inside")
        let batch = histories(h.feed(":srv BATCH -h")).first
        #expect(batch?.messages.map(\.text) == ["inside"])
    }

    @Test func tooManyOpenBatchesCloseTheOldest() {
        var h = Self.registered()
        var abandoned = 0
        for k in 0..<(IRCSession.maxOpenBatches + 5) {
            abandoned += events(h.feed(":srv BATCH +b\(k) netsplit a b")).filter { if case .batchAbandoned = $0 { true } else { false } }.count
        }
        #expect(h.session.batches.count <= IRCSession.maxOpenBatches)
        #expect(abandoned == 5)
    }
}

import IRCProtocol
import Synchronization
import Testing
@testable import IRCTransport

@Suite("Event queue")
struct EventQueueTests {
    @Test func wakesOncePerDrainAndKeepsOrder() {
        let wakes = Atomic<Int>(0)
        let queue = IRCTransportEventQueue { wakes.add(1, ordering: .relaxed) }
        let id = IRCTransportID(rawValue: 1)
        func event(_ text: String) -> IRCTransportEvent {
            IRCTransportEvent(transport: id, connection: 1,
                              kind: .received(IRCMessage(command: "NOTICE", parameters: [text])))
        }
        queue.post([event("a")])
        queue.post([event("b"), event("c")])
        #expect(wakes.load(ordering: .relaxed) == 1)
        let drained = queue.drain().compactMap { if case .received(let m) = $0.kind { m.parameters[0] } else { nil } }
        #expect(drained == ["a", "b", "c"])
        #expect(queue.drain().isEmpty)
        queue.post([event("d")])
        #expect(wakes.load(ordering: .relaxed) == 2)
    }

    @Test func concurrentPostersLoseNothing() async {
        let wakes = Atomic<Int>(0)
        let queue = IRCTransportEventQueue { wakes.add(1, ordering: .relaxed) }
        await withTaskGroup(of: Void.self) { group in
            for poster in 0..<4 {
                group.addTask {
                    for index in 0..<1000 {
                        queue.post([IRCTransportEvent(transport: IRCTransportID(rawValue: poster), connection: index,
                                                      kind: .stopped)])
                    }
                }
            }
        }
        let events = queue.drain()
        #expect(events.count == 4000)
        for poster in 0..<4 {
            #expect(events.filter { $0.transport.rawValue == poster }.map(\.connection) == Array(0..<1000))
        }
        #expect(wakes.load(ordering: .relaxed) == 1)
    }

    @Test func aBacklogHoldsResumersUntilTheNextDrain() {
        let queue = IRCTransportEventQueue(backlogLimit: 3) {}
        let id = IRCTransportID(rawValue: 1)
        let stopped = IRCTransportEvent(transport: id, connection: 1, kind: .stopped)
        let resumed = Atomic<Int>(0)
        queue.post([stopped, stopped])
        #expect(!queue.isBacklogged)
        queue.whenDrained { resumed.add(1, ordering: .relaxed) }
        #expect(resumed.load(ordering: .relaxed) == 1, "not backlogged: resumed at once")
        queue.post([stopped])
        #expect(queue.isBacklogged)
        queue.whenDrained { resumed.add(1, ordering: .relaxed) }
        queue.whenDrained { resumed.add(10, ordering: .relaxed) }
        queue.post([stopped])
        #expect(resumed.load(ordering: .relaxed) == 1, "nothing resumes while the owner has not drained")
        #expect(queue.drain().count == 4)
        #expect(resumed.load(ordering: .relaxed) == 12, "each waiting reader resumed once at the drain")
        #expect(!queue.isBacklogged)
        _ = queue.drain()
        #expect(resumed.load(ordering: .relaxed) == 12, "and only once")
    }
}

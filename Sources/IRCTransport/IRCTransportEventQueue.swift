import Synchronization

/// A thread-safe queue of transport events with a wake-up callback: how events reach the UI
/// thread without polling.
///
/// The transports post from their event-loop threads; the owner drains on its own thread. The
/// wake-up callback (the app posts an SDL user event) is called once when the queue becomes
/// non-empty after a drain, not once per event. Several transports may share one queue.
///
///     let queue = IRCTransportEventQueue { window.wakeUp() }
///     // on the UI thread, when woken:
///     for event in queue.drain() { session.handle(event) }
public final class IRCTransportEventQueue: Sendable {
    private struct State {
        var events: [IRCTransportEvent] = []
        var wakeUpPending = false
    }

    private let state = Mutex(State())
    private let wakeUp: @Sendable () -> Void

    /// Creates a queue; `wakeUp` is called from a transport's thread and must not block.
    public init(wakeUp: @escaping @Sendable () -> Void) {
        self.wakeUp = wakeUp
    }

    /// Appends events (in order) and wakes the owner if it has drained since the last wake-up.
    func post(_ events: [IRCTransportEvent]) {
        guard !events.isEmpty else { return }
        let wake = state.withLock { state in
            state.events.append(contentsOf: events)
            defer { state.wakeUpPending = true }
            return !state.wakeUpPending
        }
        if wake { wakeUp() }
    }

    /// Takes every queued event, oldest first. O(1) apart from handing over the array.
    public func drain() -> [IRCTransportEvent] {
        state.withLock { state in
            state.wakeUpPending = false
            defer { state.events = [] }
            return state.events
        }
    }
}

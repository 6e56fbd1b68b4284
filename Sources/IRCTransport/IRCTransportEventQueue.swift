import IRCTransportCore
import Synchronization

/// A thread-safe queue of transport events with a wake-up callback: how events reach the UI
/// thread without polling.
///
/// The transports post from their event-loop threads; the owner drains on its own thread. The
/// wake-up callback (the app posts an SDL user event) is called once when the queue becomes
/// non-empty after a drain, not once per event. Several transports may share one queue.
///
/// The queue is also the links' backpressure: while it holds ``backlogLimit`` events or more
/// (the owner has fallen behind, as in a flood), ``isBacklogged`` is true and the links stop
/// reading from their sockets until the next ``drain()`` (``whenDrained(_:)``). Without it a
/// flood was read and parsed whole into the queue before the owner took any of it: 20,000
/// queued messages were most of the window's peak memory. The server's lines wait in the
/// kernel's socket buffers instead, and TCP slows the sender.
///
///     let queue = IRCTransportEventQueue { window.wakeUp() }
///     // on the UI thread, when woken:
///     for event in queue.drain() { session.handle(event) }
public final class IRCTransportEventQueue: Sendable {
    private struct State {
        var events: [IRCTransportEvent] = []
        var wakeUpPending = false
        var onDrain: [@Sendable () -> Void] = []
    }

    private let state = Mutex(State())
    private let wakeUp: @Sendable () -> Void
    /// How many queued events make the links wait for a drain.
    public let backlogLimit: Int

    /// Creates a queue; `wakeUp` is called from a transport's thread and must not block.
    /// Links stop reading while `backlogLimit` events or more wait. 500 rather than the 2,000
    /// of before: the queued events and the log lines of one drained batch were 1.5 MiB of a
    /// flood's peak memory at 2,000, and the smaller batches cost no measurable CPU (the frames
    /// are paced apart from the drains).
    public init(backlogLimit: Int = 500, wakeUp: @escaping @Sendable () -> Void) {
        self.backlogLimit = max(1, backlogLimit)
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

    /// Whether the owner is behind: ``backlogLimit`` events or more are waiting.
    public var isBacklogged: Bool {
        state.withLock { $0.events.count >= backlogLimit }
    }

    /// Whether events wait that the last ``drain()`` did not take (more are coming in).
    public var hasEvents: Bool {
        state.withLock { !$0.events.isEmpty }
    }

    /// Runs `resume` once, on the draining thread, at the next ``drain()``; at once when the
    /// queue is not backlogged (it may have been drained meanwhile). `resume` must not block.
    func whenDrained(_ resume: @escaping @Sendable () -> Void) {
        let now = state.withLock { state -> Bool in
            guard state.events.count >= backlogLimit else { return true }
            state.onDrain.append(resume)
            return false
        }
        if now { resume() }
    }

    /// Takes every queued event, oldest first. O(1) apart from handing over the array.
    public func drain() -> [IRCTransportEvent] {
        let (events, resumes) = state.withLock { state in
            state.wakeUpPending = false
            defer { state.events = []; state.onDrain = [] }
            return (state.events, state.onDrain)
        }
        for resume in resumes { resume() }
        return events
    }
}

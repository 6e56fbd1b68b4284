/// Outgoing flood control: a token bucket (as the generic cell rate algorithm) over injected time.
///
/// Up to ``burst`` lines go out at once; after that one line per ``interval``. An idle bucket
/// refills one token per interval. It never drops anything: it only says *when* a line may be sent,
/// and the caller sends queued lines in order. Times are `Duration`s since any fixed origin.
///
///     var bucket = FloodControl()            // burst 5, then 1 line per 2 s
///     let times = (0..<50).map { _ in bucket.reserve(at: .zero) }
///     // 0, 0, 0, 0, 0, 2 s, 4 s, …, 90 s
///
/// Servers differ (InspIRCd's default fakelag allows 1 line/s after a burst of 10, ngIRCd about 1
/// per 2 s); change ``interval`` or ``burst`` at any time, e.g. when the session sees the server lag.
public struct FloodControl: Hashable, Sendable {
    /// Lines that may be sent back to back after an idle period.
    public var burst: Int {
        didSet { burst = max(1, burst) }
    }
    /// Time per line once the burst is used up.
    public var interval: Duration
    /// The theoretical time at which the bucket is next empty of debt (GCRA's TAT).
    private var theoreticalArrival: Duration?

    public init(burst: Int = 5, interval: Duration = .seconds(2)) {
        self.burst = max(1, burst)
        self.interval = interval
    }

    /// The earliest time at or after `now` at which one more line may be sent.
    public func earliestSendTime(at now: Duration) -> Duration {
        guard let theoreticalArrival else { return now }
        return max(now, theoreticalArrival - interval * (burst - 1))
    }

    /// Records that a line was sent at `time` (which should be ≥ ``earliestSendTime(at:)``;
    /// an earlier, urgent send is recorded as debt that delays later lines).
    public mutating func recordSend(at time: Duration) {
        theoreticalArrival = max(theoreticalArrival ?? time, time) + interval
    }

    /// Books the next slot for a line queued at `now` and returns its send time.
    public mutating func reserve(at now: Duration) -> Duration {
        let time = earliestSendTime(at: now)
        recordSend(at: time)
        return time
    }

    /// Forgets all history (a fresh connection starts with a full bucket).
    public mutating func reset() { theoreticalArrival = nil }
}

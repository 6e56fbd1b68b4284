/// When to try again after a connection failed or dropped: exponential backoff with jitter.
///
/// The nominal delay starts at ``initialDelay`` and is multiplied by ``multiplier`` after each
/// failure, up to ``maximumDelay`` (2 s, 4 s, 8 s, … 5 min by default). Jitter takes a random
/// share of up to ``jitter`` off the nominal delay, so the delay lies in
/// `[nominal × (1 − jitter), nominal]` and never exceeds the maximum; many clients dropped by the
/// same netsplit then do not reconnect in lockstep. A connection that stayed up for at least
/// ``stableAfter`` resets the count. Pure: the random source is passed in.
///
///     var backoff = ReconnectBackoff()
///     var random = SystemRandomNumberGenerator()
///     let delay = backoff.nextDelay(using: &random)   // 1.5–2 s, then 3–4 s, …
public struct ReconnectBackoff: Hashable, Sendable {
    /// The nominal delay after the first failure.
    public var initialDelay: Duration
    /// The largest delay.
    public var maximumDelay: Duration
    /// The factor between successive nominal delays.
    public var multiplier: Double
    /// The largest share (0…1) of the nominal delay that jitter may take off.
    public var jitter: Double
    /// How long a connection must have stayed up for the next failure to start again from
    /// ``initialDelay``.
    public var stableAfter: Duration
    /// Failures since the last reset: the number of delays handed out.
    public private(set) var failures: Int = 0

    public init(initialDelay: Duration = .seconds(2), maximumDelay: Duration = .seconds(300),
                multiplier: Double = 2, jitter: Double = 0.25, stableAfter: Duration = .seconds(60)) {
        self.initialDelay = initialDelay
        self.maximumDelay = max(initialDelay, maximumDelay)
        self.multiplier = max(1, multiplier)
        self.jitter = min(1, max(0, jitter))
        self.stableAfter = stableAfter
    }

    /// The delay before jitter after `failures` earlier failures: `initial × multiplier^failures`,
    /// capped at the maximum.
    public func nominalDelay(afterFailures failures: Int) -> Duration {
        let initial = initialDelay.seconds
        let maximum = maximumDelay.seconds
        var delay = initial
        for _ in 0..<max(0, failures) {
            delay *= multiplier
            if delay >= maximum { return maximumDelay }
        }
        return .seconds(min(delay, maximum))
    }

    /// The delay before the next attempt; counts one more failure. O(failures until the cap).
    public mutating func nextDelay(using random: inout some RandomNumberGenerator) -> Duration {
        let nominal = nominalDelay(afterFailures: failures).seconds
        failures += 1
        guard jitter > 0 else { return .seconds(nominal) }
        let share = Double.random(in: 0..<1, using: &random) * jitter
        return .seconds(nominal * (1 - share))
    }

    /// Tells the policy that a connection ended after being up for `uptime`: a stable connection
    /// resets the failure count.
    public mutating func connectionEnded(after uptime: Duration) {
        if uptime >= stableAfter { failures = 0 }
    }

    /// Starts again from ``initialDelay``.
    public mutating func reset() { failures = 0 }
}

extension Duration {
    /// The duration in seconds as a `Double`. Package-wide: the NIO shell converts the
    /// machine's delays to NIO's time amounts with it.
    package var seconds: Double {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}

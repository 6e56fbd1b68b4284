/// A token bucket over monotonic seconds: `capacity` actions at once, then one per
/// `refillInterval`.
struct TokenBucket: Sendable, Hashable {
    let capacity: Int
    let refillInterval: Double
    private(set) var tokens: Double
    private var lastRefill: Double?

    init(capacity: Int, refillInterval: Double) {
        self.capacity = max(0, capacity)
        self.refillInterval = refillInterval
        tokens = Double(max(0, capacity))
    }

    /// Takes one token if there is one.
    mutating func take(now: Double) -> Bool {
        if let last = lastRefill, refillInterval > 0, now > last {
            tokens = min(Double(capacity), tokens + (now - last) / refillInterval)
        }
        lastRefill = now
        guard tokens >= 1 else { return false }
        tokens -= 1
        return true
    }
}

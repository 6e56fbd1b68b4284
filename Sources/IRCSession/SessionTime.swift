import FoundationEssentials

/// "Now", as the caller sees it. The session never reads a clock itself.
///
/// `monotonic` drives timers (keepalive, rate limits) and must never go backwards; `wall` stamps
/// messages that arrive without a `server-time` tag and answers CTCP TIME.
public struct SessionTime: Sendable, Hashable {
    /// Monotonic seconds from any fixed origin (for example the transport's uptime clock).
    public var monotonic: Double
    /// The wall-clock time.
    public var wall: Date

    /// Creates a time from both clocks.
    public init(monotonic: Double, wall: Date) {
        self.monotonic = monotonic
        self.wall = wall
    }

    /// A time whose wall clock is `monotonic` seconds after the Unix epoch; handy in tests.
    public init(_ monotonic: Double) {
        self.init(monotonic: monotonic, wall: Date(timeIntervalSince1970: monotonic))
    }
}

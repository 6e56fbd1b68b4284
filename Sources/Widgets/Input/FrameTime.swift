/// A point in time in seconds on the host's monotonic clock. The toolkit never reads a clock
/// itself: the host passes the time in (`SDL_GetTicks64() / 1000` in the app, virtual time in
/// tests and headless scenarios), so caret blinking and tooltip delays are deterministic.
public struct FrameTime: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Seconds since an arbitrary epoch.
    public var seconds: Double

    /// Creates a time.
    public init(seconds: Double) { self.seconds = seconds }

    /// Time zero.
    public static let zero = FrameTime(seconds: 0)

    public static func < (lhs: FrameTime, rhs: FrameTime) -> Bool { lhs.seconds < rhs.seconds }
    /// The time `delta` seconds later.
    public static func + (lhs: FrameTime, delta: Double) -> FrameTime { FrameTime(seconds: lhs.seconds + delta) }
    /// Seconds from `rhs` to `lhs`.
    public static func - (lhs: FrameTime, rhs: FrameTime) -> Double { lhs.seconds - rhs.seconds }

    public var description: String { "t=\(seconds)s" }
}

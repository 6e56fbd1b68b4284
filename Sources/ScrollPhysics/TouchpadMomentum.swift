/// Detects the end of a touchpad scroll and estimates its momentum.
///
/// SDL2 on Linux reports no "fingers lifted" event for touchpads, so momentum starts
/// ``liftDelay`` (50 ms) after the last scroll event. Its velocity is the sum of the deltas of
/// the events in the ``window`` (150 ms) before the last one (the last one included), excluding
/// the oldest of them, divided by the time between that oldest event and the last. Deltas are
/// px in scroll-offset direction; times s; velocity px/s. 20 px every 10 ms gives 2000 px/s.
public struct TouchpadMomentum: Sendable, Hashable {
    /// Time (s) after the last event at which the fingers are taken to have lifted.
    public static let liftDelay = 0.050
    /// How far back (s) from the last event the velocity looks.
    public static let window = 0.150

    private var times: [Double] = []
    private var deltas: [Double] = []

    public init() {}

    /// Records a precise scroll event of `delta` px at `time` s (deltas apply 1:1 to the offset).
    public mutating func feed(delta: Double, at time: Double) {
        times.append(time)
        deltas.append(delta)
        let cutoff = time - Self.window - Self.tolerance
        if let keep = times.firstIndex(where: { $0 >= cutoff }), keep > 0 {
            times.removeFirst(keep)
            deltas.removeFirst(keep)
        }
    }

    /// Forgets the gesture (call after starting its momentum, or on any other input).
    public mutating func reset() {
        times.removeAll()
        deltas.removeAll()
    }

    /// Time (s) of the last event, if any.
    public var lastEventTime: Double? { times.last }

    /// Once ``liftDelay`` has passed since the last event at `now`, when the momentum starts
    /// (last event + 50 ms) and its velocity (px/s; 0 with fewer than two events in the window).
    public func momentumStart(now: Double) -> (time: Double, velocity: Double)? {
        guard let last = times.last else { return nil }
        let start = last + Self.liftDelay
        guard now >= start - Self.tolerance else { return nil }
        let cutoff = last - Self.window - Self.tolerance
        guard let oldest = times.firstIndex(where: { $0 >= cutoff }),
              oldest < times.count - 1 else { return (start, 0) }
        let travelled = deltas[(oldest + 1)...].reduce(0, +)
        return (start, travelled / (last - times[oldest]))
    }

    /// Slack (s) for timestamps that land on a boundary up to floating-point rounding.
    private static let tolerance = 1e-9
}

/// Estimates the velocity of a drag at release from its recent position samples.
///
/// Keeps at most ``maximumSamples`` (20) samples. The estimate uses, going back from the newest,
/// the samples no older than ``horizon`` (100 ms) before the newest, stopping at the first gap
/// over ``maximumGap`` (40 ms). With at least 3 of them it fits position over time by least
/// squares — a quadratic, or a straight line where the quadratic is degenerate or its slope at
/// the newest sample points against the line's (the artefact of a stationary tail) — and takes
/// the slope at the newest sample. A release more than ``maximumGap`` (40 ms) after the newest
/// sample, or fewer than 3 samples, gives 0. Positions px, times s, velocity px/s.
public struct VelocityTracker: Sendable, Hashable {
    /// At most this many samples are kept.
    public static let maximumSamples = 20
    /// Samples older than this (s) before the newest are ignored.
    public static let horizon = 0.100
    /// A gap longer than this (s) between samples, or before the release, ends the estimate.
    public static let maximumGap = 0.040

    private var times: [Double] = []
    private var positions: [Double] = []

    public init() {}

    /// Records the pointer at `position` (px) at `time` (s); times must not decrease.
    public mutating func addSample(position: Double, at time: Double) {
        times.append(time)
        positions.append(position)
        if times.count > Self.maximumSamples {
            times.removeFirst(times.count - Self.maximumSamples)
            positions.removeFirst(positions.count - Self.maximumSamples)
        }
    }

    /// Forgets all samples (a new drag).
    public mutating func reset() {
        times.removeAll()
        positions.removeAll()
    }

    /// The number of samples held (at most 20).
    public var sampleCount: Int { times.count }

    /// The release velocity (px/s) for a release at `time`.
    public func velocity(releasedAt time: Double) -> Double {
        guard let moved = lastMovementTime, time - moved <= Self.maximumGap + 1e-9 else { return 0 }
        return velocityAtNewestSample()
    }

    /// Time (s) of the newest sample whose position differs from the one before it.
    public var lastMovementTime: Double? {
        var index = positions.count - 1
        while index > 0 {
            if positions[index] != positions[index - 1] { return times[index] }
            index -= 1
        }
        return nil
    }

    /// The slope (px/s) of the fit at the newest sample, ignoring when the release happens.
    public func velocityAtNewestSample() -> Double {
        guard let newest = times.last else { return 0 }
        var first = times.count - 1
        while first > 0 {
            let previous = times[first - 1]
            if newest - previous > Self.horizon || times[first] - previous > Self.maximumGap { break }
            first -= 1
        }
        guard times.count - first >= 3 else { return 0 }
        // Time relative to the newest sample, in units of the horizon, for conditioning.
        let xs = times[first...].map { ($0 - newest) / Self.horizon }
        let ys = Array(positions[first...])
        let line = LeastSquares.fit(xs, ys, degree: 1)
        guard let line else { return 0 }
        let lineSlope = line[1] / Self.horizon
        guard let quadratic = LeastSquares.fit(xs, ys, degree: 2) else { return lineSlope }
        let slope = quadratic[1] / Self.horizon // derivative at x = 0, the newest sample
        if slope * lineSlope < 0 || (lineSlope == 0 && slope != 0) { return lineSlope }
        return slope
    }
}

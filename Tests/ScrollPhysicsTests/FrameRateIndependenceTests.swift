import Testing
@testable import ScrollPhysics
import NatterTestSupport

/// Drives motions the way the list view will: events are applied at their own timestamps, and
/// frames only sample. The result must not depend on when the frames happen.
@Suite struct FrameRateIndependenceTests {
    /// What one run observed.
    struct Run: Equatable {
        var samples: [Double: Double] = [:]
        var firstRestFrame: Double?
        var endTime = 0.0
        var restPosition = 0.0
    }

    /// Common timestamps of 30, 60 and 144 Hz: multiples of 1/6 s (exact as doubles, since
    /// n/30, 2n/60 and 24n/144 round to the same double).
    static let checkpoints = (0...30).map { Double($0) / 6 }

    static func frameTimes(rate: Int, until end: Double) -> [Double] {
        (0...Int(end * Double(rate))).map { Double($0) / Double(rate) }
    }

    static func jitteredFrameTimes(seed: UInt64, until end: Double) -> [Double] {
        var generator = SplitMix64(seed: seed)
        var times: [Double] = [0]
        while times[times.count - 1] < end {
            times.append(times[times.count - 1] + Double.random(in: 0.002...0.045, using: &generator))
        }
        return (times + checkpoints).sorted()
    }

    static let schedules: [String: [Double]] = [
        "30 Hz": frameTimes(rate: 30, until: 5),
        "60 Hz": frameTimes(rate: 60, until: 5),
        "144 Hz": frameTimes(rate: 144, until: 5),
        "jitter A": jitteredFrameTimes(seed: 1, until: 5),
        "jitter B": jitteredFrameTimes(seed: 0xC0FFEE, until: 5),
    ]

    /// A fling down that is shifted by a prepend at 0.25 s, whose maxY grows at 0.4 s, and that
    /// then bounces at the new bottom.
    static func flingRun(frames: [Double]) -> Run {
        var motion = ScrollMotion.fling(from: 200, velocity: 4000, minY: 0, maxY: 1500)
        var events: [(Double, (ScrollMotion) -> ScrollMotion)] = [
            (0.25, { $0.shifted(by: 120) }),
            (0.40, { $0.withBounds(minY: 0, maxY: 1800, at: 0.40) }),
        ]
        var run = Run()
        for t in frames {
            while let (time, apply) = events.first, time <= t {
                motion = apply(motion)
                events.removeFirst()
            }
            if checkpoints.contains(t) { run.samples[t] = motion.position(at: t) }
            if run.firstRestFrame == nil, motion.isDone(at: t) { run.firstRestFrame = t }
        }
        run.firstRestFrame = nil  // frame quantisation: compared separately below
        run.endTime = motion.endTime
        run.restPosition = motion.restPosition
        return run
    }

    @Test func flingShiftAndReboundAreFrameRateIndependent() {
        let runs = Self.schedules.mapValues { Self.flingRun(frames: $0) }
        let reference = runs["60 Hz"]!
        #expect(reference.samples.count == Self.checkpoints.count)
        #expect(reference.restPosition == 1800)
        for (name, run) in runs {
            #expect(run == reference, "\(name)")
        }
    }

    @Test func restDetectionHappensOnTheFirstFrameAfterTheEndTime() {
        let motion = ScrollMotion.fling(from: 0, velocity: 2000, minY: 0, maxY: 10_000)
        for (name, frames) in Self.schedules {
            let first = frames.first { motion.isDone(at: $0) }
            let last = frames.last { !motion.isDone(at: $0) }
            #expect(first! >= motion.endTime && last! < motion.endTime, "\(name)")
            #expect(motion.position(at: first!) == motion.restPosition)
        }
    }

    /// Wheel notches at fixed event times, sampled at different rates.
    static func wheelRun(frames: [Double]) -> Run {
        var animation = WheelAnimation.notches(1, from: 300, viewportHeight: 800, at: 0,
                                               minY: 0, maxY: 2000)
        var notches: [Double] = [0.03, 0.07, 0.11]
        var run = Run()
        for t in frames {
            while let time = notches.first, time <= t {
                animation = animation.addingNotches(1, viewportHeight: 800, at: time)
                notches.removeFirst()
            }
            if checkpoints.contains(t) { run.samples[t] = animation.position(at: t) }
        }
        run.endTime = animation.startTime + animation.duration
        run.restPosition = animation.position(at: run.endTime)
        return run
    }

    @Test func wheelRetargetingIsFrameRateIndependent() {
        let runs = Self.schedules.mapValues { Self.wheelRun(frames: $0) }
        let reference = runs["144 Hz"]!
        #expect(abs(reference.restPosition - (300 + 4 * WheelAnimation.notchDistance(viewportHeight: 800))) < 1e-9)
        for (name, run) in runs {
            #expect(run == reference, "\(name)")
        }
    }
}

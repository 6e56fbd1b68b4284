import Testing
@testable import ScrollPhysics

@Suite struct VelocityTrackerTests {
    private func tracker(_ samples: [(Double, Double)]) -> VelocityTracker {
        var tracker = VelocityTracker()
        for (t, y) in samples { tracker.addSample(position: y, at: t) }
        return tracker
    }

    @Test(arguments: [1500.0, -800, 7000])
    func constantVelocityIsExact(speed: Double) {
        let samples = (0..<12).map { (Double($0) * 0.008, 40 + speed * Double($0) * 0.008) }
        let estimate = tracker(samples).velocity(releasedAt: 0.088 + 0.005)
        #expect(abs(estimate - speed) < 1e-6)
    }

    @Test func acceleratingDragGivesTheSlopeAtTheNewestSample() {
        // y = 1000 t + 5000 t²: slope at t = 0.08 is 1000 + 10000·0.08 = 1800.
        let samples = (0...10).map { i -> (Double, Double) in
            let t = Double(i) * 0.008
            return (t, 1000 * t + 5000 * t * t)
        }
        #expect(abs(tracker(samples).velocity(releasedAt: 0.08) - 1800) < 1e-6)
    }

    @Test func needsThreeSamples() {
        let two: [(Double, Double)] = [(0, 0), (0.01, 10)]
        #expect(tracker(two).velocity(releasedAt: 0.01) == 0)
        #expect(tracker([]).velocity(releasedAt: 0) == 0)
        let three: [(Double, Double)] = [(0, 0), (0.01, 10), (0.02, 20)]
        let estimate = tracker(three).velocity(releasedAt: 0.02)
        #expect(abs(estimate - 1000) < 1e-6)
    }

    @Test func lateReleaseGivesZero() {
        let samples = (0..<10).map { (Double($0) * 0.01, Double($0) * 10) }
        let moving = tracker(samples)
        #expect(abs(moving.velocity(releasedAt: 0.09 + 0.040) - 1000) < 1e-6)
        #expect(moving.velocity(releasedAt: 0.09 + 0.041) == 0)
    }

    @Test func stopsAtAGapOver40ms() {
        // Fast movement, a 50 ms pause without samples, then 1000 px/s.
        var samples: [(Double, Double)] = (0..<5).map { i in (Double(i) * 0.01, Double(i) * 50) }
        for i in 0..<4 {
            let t: Double = 0.09 + Double(i) * 0.01
            samples.append((t, 200 + Double(i) * 10))
        }
        #expect(abs(tracker(samples).velocity(releasedAt: 0.12) - 1000) < 1e-6)
    }

    @Test func ignoresSamplesOlderThan100ms() {
        // 3000 px/s until 0.15 s, then 1000 px/s until 0.3 s, a sample every 10 ms.
        let samples = (0...30).map { i -> (Double, Double) in
            let t = Double(i) * 0.01
            return (t, t <= 0.15 ? 3000 * t : 450 + 1000 * (t - 0.15))
        }
        #expect(abs(tracker(samples).velocity(releasedAt: 0.3) - 1000) < 1e-6)
    }

    @Test func keepsAtMost20Samples() {
        // Every 2 ms: 40 samples at 3000 px/s, then 20 at 1000 px/s. The 100 ms horizon would
        // reach into the fast part; the 20-sample limit does not.
        var samples: [(Double, Double)] = []
        var y = 0.0
        for i in 0..<60 {
            if i > 0 { y += (i < 40 ? 3000 : 1000) * 0.002 }
            samples.append((Double(i) * 0.002, y))
        }
        let tracked = tracker(samples)
        #expect(tracked.sampleCount == 20)
        #expect(abs(tracked.velocity(releasedAt: 0.118) - 1000) < 1e-6)
    }

    /// 1000 px/s for six samples 8 ms apart, then the finger rests for `hold` samples.
    private func rampThenHold(_ hold: Int) -> [(Double, Double)] {
        var samples: [(Double, Double)] = (0..<6).map { i in (Double(i) * 0.008, Double(i) * 8) }
        for i in 1...hold { samples.append((0.040 + Double(i) * 0.008, 40)) }
        return samples
    }

    @Test func stationaryTailFallsBackToTheLine() throws {
        let samples = rampThenHold(4)  // newest at 0.072, last movement at 0.040
        let xs = samples.map { ($0.0 - 0.072) / 0.1 }
        let ys = samples.map(\.1)
        let quadratic = try #require(LeastSquares.fit(xs, ys, degree: 2))
        let line = try #require(LeastSquares.fit(xs, ys, degree: 1))
        // The parabola has turned past its vertex: it would fling backwards at about 277 px/s.
        #expect(quadratic[1] / 0.1 < -50)
        let estimate = tracker(samples).velocity(releasedAt: 0.075)
        #expect(abs(estimate - line[1] / 0.1) < 1e-9)
        #expect(rounded2(estimate) == 575.76)
    }

    @Test func releaseMoreThan40msAfterTheLastMovementGivesZero() {
        let tracked = tracker(rampThenHold(6))  // last movement at 0.040, newest sample at 0.088
        #expect(tracked.lastMovementTime == 0.040)
        #expect(tracked.velocity(releasedAt: 0.088) == 0)
        #expect(tracker(rampThenHold(4)).velocity(releasedAt: 0.080) != 0)
    }

    @Test func resetForgets() {
        var tracked = tracker((0..<5).map { (Double($0) * 0.01, Double($0) * 10) })
        tracked.reset()
        #expect(tracked.sampleCount == 0)
        #expect(tracked.velocity(releasedAt: 0.05) == 0)
    }
}

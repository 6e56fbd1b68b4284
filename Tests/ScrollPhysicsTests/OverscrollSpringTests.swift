import Testing
@testable import ScrollPhysics

@Suite struct OverscrollSpringTests {
    @Test(arguments: [(0.1, 73.58), (0.2, 40.60), (0.5, 4.04)])
    func fromHundredAtRest(t: Double, expected: Double) {
        let spring = OverscrollSpring(overscroll: 100, velocity: 0)
        #expect(rounded2(spring.overscroll(at: t)) == expected)
    }

    @Test func snapsWhenHeadingBackBelowHalfPixel() {
        let spring = OverscrollSpring(overscroll: 100, velocity: 0)
        let snap = spring.snapTime
        #expect(abs(OverscrollSpring.e(snap, 100, 0) - 0.5) < 1e-9)
        #expect(spring.overscroll(at: snap.nextDown) >= 0.5)
        #expect(spring.overscroll(at: snap) == 0)
        #expect(spring.velocity(at: snap) == 0)
        #expect(spring.isDone(at: snap) && !spring.isDone(at: snap.nextDown))
    }

    @Test func outwardStartPeaksThenReturns() {
        // e0 = 0, v0 = 1000·e: the peak is exactly 100 px at t = 0.1 s.
        let spring = OverscrollSpring(overscroll: 0, velocity: OverscrollSpring.maximumEntryVelocity)
        #expect(abs(spring.overscroll(at: 0.1) - 100) < 1e-9)
        #expect(abs(spring.peakOverscroll - 100) < 1e-9)
        #expect(abs(spring.velocity(at: 0.1)) < 1e-9)
        #expect(spring.snapTime > 0.1)
    }

    @Test func tinyOutwardStartSnapsAtItsPeak() {
        let spring = OverscrollSpring(overscroll: 0, velocity: 5)
        // Peak 5/(10e) ≈ 0.18 px < 0.5: it snaps as soon as it turns back, at t = 0.1 s.
        #expect(abs(spring.snapTime - 0.1) < 1e-12)
        #expect(OverscrollSpring(overscroll: 0.3, velocity: 0).snapTime == 0)
    }

    /// Sweep of e0 and v0 (including inward speeds fast enough that the unsnapped closed form
    /// would cross the edge): the overscroll is never negative and always ends at 0.
    @Test(arguments: [0.0, 0.4, 1, 10, 100, 283.87, 799])
    func neverCrossesTheEdge(e0: Double) {
        for v0 in stride(from: -20_000.0, through: 20_000, by: 250) {
            let spring = OverscrollSpring(overscroll: e0, velocity: v0)
            var t = 0.0
            while t < 3 {
                let e = spring.overscroll(at: t)
                #expect(e >= 0, "e0 \(e0) v0 \(v0) t \(t)")
                if e < 0 { return }
                t += 0.0005
            }
            #expect(spring.isDone(at: 3), "e0 \(e0) v0 \(v0)")
            #expect(spring.overscroll(at: spring.snapTime) == 0)
        }
    }
}

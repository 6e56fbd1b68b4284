import Testing
@testable import ScrollPhysics

@Suite struct WheelAnimationTests {
    @Test func notchDistanceIsViewportToTheTwoThirds() {
        #expect(abs(WheelAnimation.notchDistance(viewportHeight: 1000) - 100) < 1e-9)
        #expect(rounded2(WheelAnimation.notchDistance(viewportHeight: 800)) == 86.18)
    }

    @Test(arguments: [(0.0, 0.2), (86.18, 0.2), (120, 0.2), (300, 0.15), (-300, 0.15),
                      (480, 0.1), (5000, 0.1)])
    func duration(distance: Double, seconds: Double) {
        #expect(abs(WheelAnimation.duration(forDistance: distance) - seconds) < 1e-12)
    }

    @Test func oneNotchFollowsTheEaseInOutCurve() {
        let animation = WheelAnimation.notches(1, from: 0, viewportHeight: 1000, at: 0,
                                               minY: 0, maxY: 10_000)
        #expect(abs(animation.target - 100) < 1e-9)  // 1000^(2/3) is 100 up to rounding
        #expect(abs(animation.duration - 0.2) < 1e-12)
        for i in 0...40 {
            let t = Double(i) * 0.005
            let expected = animation.target * CubicBezier.easeInOut.value(at: t / 0.2)
            #expect(abs(animation.position(at: t) - expected) < 1e-9)
        }
        #expect(abs(animation.position(at: 0.1) - 50) < 1e-9)
        #expect(animation.velocity(at: 0) == 0)
        #expect(animation.position(at: 0.2) == animation.target && animation.isDone(at: 0.2))
        #expect(!animation.isDone(at: 0.19))
        // Peak speed at the middle: slope of the curve there × 100 px / 0.2 s.
        let slope = CubicBezier.easeInOut.slope(at: 0.5)
        #expect(abs(animation.velocity(at: 0.1) - slope * 500) < 1e-6)
    }

    @Test func velocityIsTheDerivativeOfPosition() {
        let animation = WheelAnimation(from: 10, velocity: 900, to: 400, at: 1, minY: 0, maxY: 1000)
        for i in 1..<60 {
            let t = 1 + animation.duration * Double(i) / 60
            let h = 1e-6
            let numeric = (animation.position(at: t + h) - animation.position(at: t - h)) / (2 * h)
            #expect(abs(animation.velocity(at: t) - numeric) < 1e-3)
        }
    }

    @Test func furtherNotchAddsToTheTarget() {
        let first = WheelAnimation.notches(1, from: 0, viewportHeight: 1000, at: 0, minY: 0, maxY: 10_000)
        let second = first.addingNotches(1, viewportHeight: 1000, at: 0.05)
        #expect(abs(second.target - 200) < 1e-9)
        let remaining = 200 - first.position(at: 0.05)
        #expect(abs(second.duration - WheelAnimation.duration(forDistance: remaining)) < 1e-12)
        #expect(second.position(at: 0.05) == first.position(at: 0.05))
    }

    @Test func targetIsClampedToTheContent() {
        let animation = WheelAnimation.notches(3, from: 900, viewportHeight: 1000, at: 0, minY: 0, maxY: 1000)
        #expect(animation.target == 1000)
        let up = animation.addingNotches(-20, viewportHeight: 1000, at: 0.1)
        #expect(up.target == 0)
        for i in 0...100 {
            let t = Double(i) * 0.005
            #expect((0...1000).contains(animation.position(at: t)))
            #expect((0...1000).contains(up.position(at: t)))
        }
    }

    /// Retargeting keeps velocity continuous, for notches in the same and opposite directions at
    /// many moments of the running animation.
    @Test(arguments: [1.0, 2, -1, -3])
    func retargetKeepsVelocityContinuous(notches: Double) {
        let first = WheelAnimation.notches(1, from: 500, viewportHeight: 1000, at: 0,
                                           minY: 0, maxY: 10_000)
        for i in 1..<20 {
            let t = Double(i) * 0.01
            let next = first.addingNotches(notches, viewportHeight: 1000, at: t)
            let before = first.velocity(at: t - 1e-9)
            let after = next.velocity(at: t + 1e-9)
            #expect(abs(before - after) < 0.01, "retarget at \(t): \(before) → \(after)")
            #expect(abs(first.position(at: t - 1e-9) - next.position(at: t + 1e-9)) < 1e-5)
            #expect(next.position(at: t + next.duration) == next.target)
            #expect(abs(next.velocity(at: t + next.duration - 1e-9)) < 0.01)
        }
    }

    @Test func shiftedAnimationIsTheOriginalPlusDelta() {
        let animation = WheelAnimation(from: 100, velocity: 300, to: 250, at: 0, minY: 0, maxY: 1000)
        let shifted = animation.shifted(by: 640)
        for i in 0...50 {
            let t = Double(i) * 0.005
            #expect(abs(shifted.position(at: t) - animation.position(at: t) - 640) < 1e-9)
            #expect(abs(shifted.velocity(at: t) - animation.velocity(at: t)) < 1e-9)
        }
    }

    @Test func explicitDurationForJumpToNewest() {
        let jump = WheelAnimation(from: 0, to: 50_000, at: 0, minY: 0, maxY: 50_000, duration: 0.3)
        #expect(jump.isDone(at: 0.3) && jump.position(at: 0.3) == 50_000)
        #expect(!jump.isDone(at: 0.29))
    }
}

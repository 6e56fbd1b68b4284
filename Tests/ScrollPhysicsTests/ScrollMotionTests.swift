import Foundation
import Testing
@testable import ScrollPhysics

@Suite struct ScrollMotionTests {
    let k = FlingSimulation.k

    @Test func flingInsideBoundsIsThePlainFling() {
        let motion = ScrollMotion.fling(from: 100, velocity: 2000, minY: 0, maxY: 5000)
        let fling = FlingSimulation(startPosition: 100, startVelocity: 2000)
        for t in stride(from: 0.0, through: 5, by: 0.01) {
            #expect(motion.position(at: t) == fling.position(at: t))
            #expect(motion.velocity(at: t) == fling.velocity(at: t))
        }
        #expect(rounded2(motion.restPosition) == 1099.00)
        #expect(motion.endTime == fling.restTime)
        #expect(motion.phase(at: 1) == .fling)
        #expect(motion.phase(at: motion.endTime) == .rest)
    }

    @Test func slowReleaseDoesNotFling() {
        let motion = ScrollMotion.fling(from: 300, velocity: 49, minY: 0, maxY: 5000)
        #expect(motion.isDone(at: 0))
        #expect(motion.position(at: 1) == 300)
        #expect(ScrollMotion.fling(from: 300, velocity: -49.9, minY: 0, maxY: 5000).isDone(at: 0))
    }

    @Test func releaseSpeedIsClamped() {
        let motion = ScrollMotion.fling(from: 0, velocity: 20_000, minY: 0, maxY: 100_000)
        #expect(motion.velocity(at: 0) == 8000)
        #expect(abs(motion.restPosition - 8000 / k) < 1e-9)
    }

    @Test func contactTimeAndVelocityAtTheBottomEdge() {
        // From y = 0 at 2000 px/s towards maxY = 500: t_c = -ln(1 - 500k/2000)/k.
        let motion = ScrollMotion.fling(from: 0, velocity: 2000, minY: 0, maxY: 500)
        let contact = -log(1 - 500 * k / 2000) / k
        let contactSpeed = 2000 - k * 500
        #expect(rounded2(contactSpeed) == 999.00)
        #expect(abs(motion.position(at: contact.nextDown) - 500) < 1e-9)
        #expect(motion.position(at: contact) == 500)
        // v_c < 2718 px/s: handed over unchanged, so the velocity is continuous at contact.
        #expect(abs(motion.velocity(at: contact.nextDown) - contactSpeed) < 1e-9)
        #expect(motion.velocity(at: contact) == contactSpeed)
        #expect(motion.phase(at: contact + 0.01) == .overscroll(.bottom))
        // Peak overshoot v_c/(10e) at 0.1 s after contact.
        let peak = motion.position(at: contact + 0.1) - 500
        #expect(abs(peak - contactSpeed / (10 * M_E)) < 1e-9)
        #expect(motion.restPosition == 500)
        #expect(motion.position(at: motion.endTime + 10) == 500)
    }

    @Test func flingUpMeetsTheTopEdge() {
        let motion = ScrollMotion.fling(from: 300, velocity: -3000, minY: 0, maxY: 5000)
        let contact = -log(1 - 300 * k / 3000) / k
        #expect(abs(motion.position(at: contact)) < 1e-9)
        #expect(motion.position(at: contact + 0.05) < 0)
        #expect(motion.phase(at: contact + 0.05) == .overscroll(.top))
        #expect(motion.restPosition == 0)
    }

    @Test func fastContactIsCappedAt1000e() {
        let motion = ScrollMotion.fling(from: 0, velocity: 8000, minY: 0, maxY: 100)
        let contact = -log(1 - 100 * k / 8000) / k
        #expect(abs(motion.velocity(at: contact + 1e-12) - 1000 * M_E) < 1e-6)
        #expect(abs(motion.position(at: contact + 0.1) - 200) < 1e-6)
    }

    /// Sweep of fling speeds up to 8000 px/s and distances to the edge, both directions:
    /// the overshoot never exceeds 100 px and the motion always settles exactly on the edge.
    @Test(arguments: [0.0, 1, 50, 400, 999])
    func overshootNeverExceeds100(distance: Double) {
        for speed in stride(from: 50.0, through: 8000, by: 50) {
            for direction in [1.0, -1.0] {
                let start = direction > 0 ? 1000 - distance : distance
                let motion = ScrollMotion.fling(from: start, velocity: direction * speed,
                                                minY: 0, maxY: 1000)
                var worst = 0.0
                for t in stride(from: 0.0, through: motion.endTime + 0.1, by: 0.001) {
                    let y = motion.position(at: t)
                    worst = max(worst, y - 1000, -y)
                }
                #expect(worst <= 100 + 1e-9, "speed \(speed) direction \(direction)")
                if start + direction * speed / k > 1000 || start + direction * speed / k < 0 {
                    #expect(motion.restPosition == (direction > 0 ? 1000 : 0))
                }
            }
        }
    }

    @Test(arguments: [(0.1, 73.58), (0.2, 40.60), (0.5, 4.04)])
    func springBackFromOverscroll(t: Double, expected: Double) {
        let bottom = ScrollMotion.springBack(from: 1100, velocity: 0, minY: 0, maxY: 1000)
        #expect(rounded2(bottom.position(at: t) - 1000) == expected)
        let top = ScrollMotion.springBack(from: -100, velocity: 0, minY: 0, maxY: 1000)
        #expect(rounded2(-top.position(at: t)) == expected)
        #expect(bottom.restPosition == 1000 && top.restPosition == 0)
        #expect(bottom.phase(at: t) == .overscroll(.bottom))
    }

    @Test func springBackUsesTheReleaseVelocity() {
        // Released at 50 px past maxY moving further out at 500 px/s.
        let motion = ScrollMotion.springBack(from: 1050, velocity: 500, minY: 0, maxY: 1000)
        #expect(motion.velocity(at: 0) == 500)
        #expect(abs(motion.position(at: 0.1) - 1000 - OverscrollSpring.e(0.1, 50, 500)) < 1e-9)
        // Past the top edge, "outward" is decreasing y.
        let top = ScrollMotion.springBack(from: -50, velocity: -500, minY: 0, maxY: 1000)
        #expect(abs(-top.position(at: 0.1) - OverscrollSpring.e(0.1, 50, 500)) < 1e-9)
        // Inside the bounds there is nothing to spring back from.
        #expect(ScrollMotion.springBack(from: 500, velocity: 3000, minY: 0, maxY: 1000).isDone(at: 0))
    }

    @Test func flingReleasedWhileOverscrolledSpringsBack() {
        let motion = ScrollMotion.fling(from: 1100, velocity: -3000, minY: 0, maxY: 1000)
        #expect(motion.phase(at: 0) == .overscroll(.bottom))
        #expect(motion.restPosition == 1000)
        for t in stride(from: 0.0, through: 2, by: 0.001) { #expect(motion.position(at: t) >= 1000) }
    }

    @Test(arguments: [-250.0, 0.5, 37, 1000])
    func shiftedMotionIsTheOriginalPlusDelta(delta: Double) {
        let motions = [
            ScrollMotion.fling(from: 100, velocity: 2000, minY: 0, maxY: 5000),
            ScrollMotion.fling(from: 900, velocity: 2500, minY: 0, maxY: 1000),
            ScrollMotion.fling(from: 50, velocity: -7000, minY: 0, maxY: 1000),
            ScrollMotion.springBack(from: 1100, velocity: 300, minY: 0, maxY: 1000),
        ]
        for motion in motions {
            let shifted = motion.shifted(by: delta)
            #expect(shifted.endTime == motion.endTime)
            #expect(shifted.minY == motion.minY + delta && shifted.maxY == motion.maxY + delta)
            #expect(abs(shifted.restPosition - (motion.restPosition + delta)) < 1e-9)
            for t in stride(from: 0.0, through: motion.endTime + 0.5, by: 0.003) {
                #expect(abs(shifted.position(at: t) - (motion.position(at: t) + delta)) < 1e-9)
                #expect(shifted.velocity(at: t) == motion.velocity(at: t))
                #expect(shifted.isDone(at: t) == motion.isDone(at: t))
            }
        }
    }

    @Test func sameBoundsFromAnyTimeChangesNothing() {
        let motions = [
            ScrollMotion.fling(from: 100, velocity: 2000, minY: 0, maxY: 5000),
            ScrollMotion.fling(from: 900, velocity: 2500, minY: 0, maxY: 1000),
            ScrollMotion.springBack(from: -80, velocity: -400, minY: 0, maxY: 1000),
        ]
        for motion in motions {
            for cut in [0.0, 0.05, 0.2, 0.7, 2.5] {
                let rebased = motion.withBounds(minY: motion.minY, maxY: motion.maxY, at: cut)
                #expect(abs(rebased.endTime - motion.endTime) < 1e-9, "cut \(cut)")
                #expect(abs(rebased.restPosition - motion.restPosition) < 1e-9)
                for t in stride(from: 0.0, through: motion.endTime + 0.5, by: 0.01) {
                    #expect(abs(rebased.position(at: t) - motion.position(at: t)) < 1e-9)
                }
            }
        }
    }

    @Test func growingMaxYDuringAFlingRemovesTheOldBounce() {
        // Heading down towards maxY = 1000; at 0.2 s new messages make maxY = 3000.
        let motion = ScrollMotion.fling(from: 500, velocity: 3000, minY: 0, maxY: 1000)
        let grown = motion.withBounds(minY: 0, maxY: 3000, at: 0.2)
        let free = FlingSimulation(startPosition: 500, startVelocity: 3000)
        for t in stride(from: 0.0, through: 0.2, by: 0.01) {
            #expect(grown.position(at: t) == motion.position(at: t))
        }
        for t in stride(from: 0.2, through: 6, by: 0.01) {
            #expect(abs(grown.position(at: t) - free.position(at: t)) < 1e-9)
            #expect(grown.position(at: t) <= 3000)
        }
        #expect(abs(grown.restPosition - free.finalPosition) < 1e-9)
    }

    @Test func growingMaxYDuringTheBounce() {
        let motion = ScrollMotion.fling(from: 900, velocity: 3000, minY: 0, maxY: 1000)
        let contact = -log(1 - 100 * k / 3000) / k
        // 20 ms into the bounce, still moving outward; maxY grows beyond the current position:
        // it carries on as a fling, continuous in position and velocity.
        let cut = contact + 0.02
        let y = motion.position(at: cut)
        let grown = motion.withBounds(minY: 0, maxY: y + 400, at: cut)
        #expect(grown.position(at: cut) == y)
        #expect(grown.velocity(at: cut) == motion.velocity(at: cut))
        #expect(grown.phase(at: cut + 0.01) == .fling)
        // Heading back in (0.15 s in), then maxY grows past it: it stops there.
        let later = contact + 0.15
        #expect(motion.velocity(at: later) < 0)
        let stopped = motion.withBounds(minY: 0, maxY: 1500, at: later)
        #expect(stopped.position(at: later + 1) == motion.position(at: later))
        #expect(stopped.isDone(at: later))
        // maxY grows a little, still overscrolled: the spring continues towards the new edge.
        let nudged = motion.withBounds(minY: 0, maxY: 1010, at: cut)
        #expect(nudged.position(at: cut) == y)
        #expect(nudged.restPosition == 1010)
    }

    @Test func shrinkingBoundsAtRestSpringsBack() {
        let motion = ScrollMotion.rest(at: 1000, minY: 0, maxY: 1000)
        let shrunk = motion.withBounds(minY: 0, maxY: 900, at: 1)
        #expect(shrunk.position(at: 1) == 1000)
        #expect(rounded2(shrunk.position(at: 1.1) - 900) == 73.58)
        #expect(shrunk.restPosition == 900)
    }
}

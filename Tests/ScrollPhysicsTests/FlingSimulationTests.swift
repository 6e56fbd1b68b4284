import Testing
@testable import ScrollPhysics

@Suite struct FlingSimulationTests {
    @Test func decayConstant() {
        #expect(abs(FlingSimulation.k - 2.002003) < 5e-7)
    }

    @Test(arguments: [(0.1, 181.25), (0.5, 631.86), (1.0, 864.07)])
    func travelForV2000(t: Double, expected: Double) {
        let fling = FlingSimulation(startPosition: 0, startVelocity: 2000)
        #expect(rounded2(fling.position(at: t)) == expected)
    }

    @Test func totalTravelAndRestTime() {
        let fling = FlingSimulation(startPosition: 0, startVelocity: 2000)
        #expect(rounded2(fling.finalPosition) == 999.00)
        #expect(abs(2000 / FlingSimulation.k - 0.4995 * 2000) < 0.01)
        // "at rest at about 3.80 s"
        #expect(abs(fling.restTime - 3.80) < 0.005)
        // Remaining travel is exactly 0.5 px at the rest time.
        let remaining = abs(fling.velocity(at: fling.restTime.nextDown)) / FlingSimulation.k
        #expect(abs(remaining - 0.5) < 1e-9)
        #expect(!fling.isDone(at: fling.restTime.nextDown))
        #expect(fling.isDone(at: fling.restTime))
        #expect(fling.position(at: fling.restTime) == fling.finalPosition)
        #expect(fling.position(at: 100) == fling.finalPosition)
        #expect(fling.velocity(at: fling.restTime) == 0)
        // The snap is below half a pixel.
        #expect(abs(fling.finalPosition - fling.position(at: fling.restTime.nextDown)) <= 0.5)
    }

    @Test func velocityDecaysExponentially() {
        let fling = FlingSimulation(startPosition: 10, startVelocity: -3000)
        #expect(fling.velocity(at: 0) == -3000)
        let expected = -3000 * pow998(ms: 250)
        #expect(abs(fling.velocity(at: 0.25) - expected) < 1e-9)
        #expect(fling.position(at: 0) == 10)
        #expect(fling.finalPosition < 10)
    }

    @Test func startThresholdAndClamp() {
        #expect(FlingSimulation.startVelocity(49.99) == nil)
        #expect(FlingSimulation.startVelocity(-49.99) == nil)
        #expect(FlingSimulation.startVelocity(50) == 50)
        #expect(FlingSimulation.startVelocity(-50) == -50)
        #expect(FlingSimulation.startVelocity(12_000) == 8000)
        #expect(FlingSimulation.startVelocity(-12_000) == -8000)
        #expect(FlingSimulation.startVelocity(.nan) == nil)
    }

    @Test func contactTime() throws {
        let fling = FlingSimulation(startPosition: 0, startVelocity: 2000)
        let t = try #require(fling.time(toTravel: 500))
        #expect(abs(fling.position(at: t) - 500) < 1e-9)
        #expect(abs(fling.velocity(at: t) - (2000 - FlingSimulation.k * 500)) < 1e-9)
        #expect(fling.time(toTravel: 999.5) == nil)
        #expect(fling.time(toTravel: 0) == 0)
    }
}

/// 0.998 raised to the number of milliseconds: the iOS definition of the decay.
private func pow998(ms: Double) -> Double {
    var result = 1.0
    for _ in 0..<Int(ms) { result *= 0.998 }
    return result
}

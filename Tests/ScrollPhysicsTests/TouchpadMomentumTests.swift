import Testing
@testable import ScrollPhysics

@Suite struct TouchpadMomentumTests {
    @Test func twentyPixelsEveryTenMillisecondsIs2000() throws {
        var momentum = TouchpadMomentum()
        for i in 0...30 { momentum.feed(delta: 20, at: Double(i) * 0.010) }
        let last = 0.300
        #expect(momentum.momentumStart(now: last + 0.049) == nil)
        let start = try #require(momentum.momentumStart(now: last + 0.050))
        #expect(abs(start.time - 0.35) < 1e-12)
        #expect(abs(start.velocity - 2000) < 1e-9)
        #expect(rounded2(start.velocity) == 2000.00)
    }

    @Test func windowIsTheLast150msAndExcludesTheOldest() throws {
        var momentum = TouchpadMomentum()
        momentum.feed(delta: 999, at: 0.0)      // older than 150 ms before the last: ignored
        momentum.feed(delta: 500, at: 0.2)      // oldest in the window: excluded from the sum
        momentum.feed(delta: 30, at: 0.25)
        momentum.feed(delta: 30, at: 0.3)
        let start = try #require(momentum.momentumStart(now: 1))
        #expect(abs(start.velocity - 60 / 0.1) < 1e-9)
        #expect(abs(start.time - 0.35) < 1e-12)
    }

    @Test func negativeDeltasGiveNegativeVelocity() throws {
        var momentum = TouchpadMomentum()
        for i in 0...5 { momentum.feed(delta: -12, at: 1 + Double(i) * 0.008) }
        let start = try #require(momentum.momentumStart(now: 2))
        #expect(abs(start.velocity + 1500) < 1e-6)
    }

    @Test func singleEventHasNoVelocityAndEmptyHasNoStart() throws {
        var momentum = TouchpadMomentum()
        #expect(momentum.momentumStart(now: 5) == nil)
        momentum.feed(delta: 40, at: 1)
        let start = try #require(momentum.momentumStart(now: 1.05))
        #expect(start.velocity == 0)
        momentum.reset()
        #expect(momentum.momentumStart(now: 5) == nil)
    }
}

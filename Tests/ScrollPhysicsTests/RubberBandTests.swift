import Testing
@testable import ScrollPhysics

@Suite struct RubberBandTests {
    @Test(arguments: [(100.0, 51.46), (400, 172.55), (800, 283.87)])
    func viewport800(raw: Double, expected: Double) {
        let band = RubberBand(dimension: 800)
        #expect(rounded2(band.overscroll(forRawDistance: raw)) == expected)
        #expect(rounded2(band.overscroll(forRawDistance: -raw)) == -expected)
    }

    @Test(arguments: [300.0, 800, 1200])
    func monotonicAndBelowDimension(d: Double) {
        let band = RubberBand(dimension: d)
        var previous = band.overscroll(forRawDistance: 0)
        #expect(previous == 0)
        var x = 0.5
        while x < 1_000_000 {
            let b = band.overscroll(forRawDistance: x)
            #expect(b > previous, "x \(x)")
            #expect(b < d, "x \(x)")
            previous = b
            x *= 1.05
        }
    }

    @Test(arguments: [0.0, 0.25, 1, 51.46, 172.55, 283.87, 500, 799])
    func inverseRoundTrips(b: Double) {
        let band = RubberBand(dimension: 800)
        let raw = band.rawDistance(forOverscroll: b)
        #expect(abs(band.overscroll(forRawDistance: raw) - b) < 1e-9)
        #expect(abs(band.rawDistance(forOverscroll: -b) + raw) < 1e-9)
        #expect(abs(band.rawDistance(forOverscroll: band.overscroll(forRawDistance: b)) - b) < 1e-6)
    }

    @Test func inverseOfCheckValues() {
        let band = RubberBand(dimension: 800)
        #expect(abs(band.rawDistance(forOverscroll: band.overscroll(forRawDistance: 400)) - 400) < 1e-9)
        #expect(band.rawDistance(forOverscroll: 900).isFinite)
    }

    @Test func displayedPositions() {
        let band = RubberBand(dimension: 800)
        #expect(band.displayedPosition(forRawPosition: 500, minY: 0, maxY: 1000) == 500)
        #expect(rounded2(band.displayedPosition(forRawPosition: 1100, minY: 0, maxY: 1000)) == 1051.46)
        #expect(rounded2(band.displayedPosition(forRawPosition: -400, minY: 0, maxY: 1000)) == -172.55)
        let shown = band.displayedPosition(forRawPosition: -400, minY: 0, maxY: 1000)
        #expect(abs(band.rawPosition(forDisplayedPosition: shown, minY: 0, maxY: 1000) + 400) < 1e-9)
    }
}

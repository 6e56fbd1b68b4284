import Testing
@testable import ScrollPhysics

@Suite struct CubicBezierTests {
    /// Reference values of cubic-bezier(0.42, 0, 0.58, 1), computed independently by bisection.
    @Test(arguments: [(0.0, 0.0), (0.1, 0.019722), (0.25, 0.129162), (0.5, 0.5),
                      (0.75, 0.870838), (0.9, 0.980278), (1, 1)])
    func easeInOutValues(x: Double, y: Double) {
        #expect(abs(CubicBezier.easeInOut.value(at: x) - y) < 1e-6)
    }

    @Test func solvesXToParameterAccurately() {
        let curve = CubicBezier.easeInOut
        for i in 0...1000 {
            let x = Double(i) / 1000
            let u = curve.parameter(forX: x)
            #expect(abs(CubicBezier.coordinate(u, curve.x1, curve.x2) - x) < 1e-10)
        }
    }

    @Test func bisectionFallbackOnASteepCurve() {
        // x1 = x2 = 0 … 1 extremes make dx/du vanish at an end, where Newton stalls.
        for curve in [CubicBezier(x1: 1, y1: 0, x2: 1, y2: 1), CubicBezier(x1: 0, y1: 0, x2: 0, y2: 1)] {
            for i in 0...200 {
                let x = Double(i) / 200
                let u = curve.parameter(forX: x)
                #expect(abs(CubicBezier.coordinate(u, curve.x1, curve.x2) - x) < 1e-9)
            }
        }
    }

    @Test func symmetricAndMonotonic() {
        let curve = CubicBezier.easeInOut
        var previous = -1.0
        for i in 0...500 {
            let x = Double(i) / 500
            let y = curve.value(at: x)
            #expect(abs(y + curve.value(at: 1 - x) - 1) < 1e-9)
            #expect(y >= previous)
            previous = y
        }
        #expect(curve.slope(at: 0) == 0)
        #expect(abs(curve.slope(at: 1)) < 1e-12)
        #expect(curve.value(at: -1) == 0 && curve.value(at: 2) == 1)
    }
}

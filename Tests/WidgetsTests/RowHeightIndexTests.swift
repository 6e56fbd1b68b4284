import Testing
@testable import Widgets
import NatterTestSupport

@Test func heightIndexMatchesANaiveArrayThroughAppendsPrependsTrimsAndUpdates() {
    var rng = SplitMix64(seed: 42)
    var index = RowHeightIndex()
    var naive: [Double] = []
    for step in 0..<600 {
        switch Int.random(in: 0..<5, using: &rng) {
        case 0:
            let k = Int.random(in: 1...20, using: &rng)
            index.append(k, estimate: 12)
            naive += Array(repeating: 12, count: k)
        case 1:
            let k = Int.random(in: 1...15, using: &rng)
            index.prepend(k, estimate: 12)
            naive = Array(repeating: 12, count: k) + naive
        case 2 where !naive.isEmpty:
            let k = Int.random(in: 1...min(25, naive.count), using: &rng)
            index.removeFirst(k)
            naive.removeFirst(k)
        default:
            guard !naive.isEmpty else { continue }
            let i = Int.random(in: 0..<naive.count, using: &rng)
            let h = Double(Int.random(in: 0...4, using: &rng)) * 12
            index.setHeight(h, at: i, measured: true)
            naive[i] = h
            #expect(index.isMeasured(i))
        }
        #expect(index.count == naive.count, "step \(step)")
        guard !naive.isEmpty else { continue }
        var sum = 0.0
        for i in stride(from: 0, to: naive.count, by: max(1, naive.count / 17)) {
            sum = naive[..<i].reduce(0, +)
            #expect(abs(index.prefixSum(i) - sum) < 1e-9, "step \(step) prefix \(i)")
            if naive[i] > 0 { #expect(index.row(containing: sum + naive[i] / 2) == i) }
        }
        #expect(abs(index.totalHeight - naive.reduce(0, +)) < 1e-9)
    }
}

@Test func heightIndexInvalidationKeepsHeightsAsEstimates() {
    var index = RowHeightIndex()
    index.append(3, estimate: 12)
    index.setHeight(30, at: 1, measured: true)
    #expect(index.isMeasured(1) && !index.isMeasured(0))
    index.invalidateAll()                         // new width
    #expect(!index.isMeasured(1))
    #expect(index.height(at: 1) == 30)            // the old height is the estimate
    #expect(index.row(containing: -5) == 0)
    #expect(index.row(containing: 1000) == 2)
    #expect(RowHeightIndex().row(containing: 0) == nil)
}

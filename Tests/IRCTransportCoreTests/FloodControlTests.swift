import Testing
@testable import IRCTransportCore

@Suite("Flood control token bucket")
struct FloodControlTests {
    @Test func fiftyPastedLinesGoOutAtExactTimes() {
        var bucket = FloodControl(burst: 5, interval: .seconds(2))
        let times = (0..<50).map { _ in bucket.reserve(at: .zero) }
        let expected = (0..<50).map { index in index < 5 ? Duration.zero : .seconds(2 * (index - 4)) }
        #expect(times == expected)
        #expect(times.last == .seconds(90))
    }

    @Test func sendTimesNeverDecreaseSoOrderIsKept() {
        var bucket = FloodControl()
        var now = Duration.zero
        var last = Duration.zero
        for index in 0..<200 {
            now += .milliseconds((index * 37) % 900)
            let time = bucket.reserve(at: now)
            #expect(time >= last)
            #expect(time >= now)
            last = time
        }
    }

    @Test func idleBucketRefillsOneTokenPerInterval() {
        var bucket = FloodControl(burst: 5, interval: .seconds(2))
        for _ in 0..<5 { #expect(bucket.reserve(at: .zero) == .zero) }
        #expect(bucket.earliestSendTime(at: .zero) == .seconds(2))
        // After 4 s two tokens are back: two lines at once, the third waits.
        #expect(bucket.reserve(at: .seconds(4)) == .seconds(4))
        #expect(bucket.reserve(at: .seconds(4)) == .seconds(4))
        #expect(bucket.reserve(at: .seconds(4)) == .seconds(6))
        // After a long idle period the whole burst is back, and no more.
        var rested = FloodControl(burst: 5, interval: .seconds(2))
        for _ in 0..<5 { _ = rested.reserve(at: .zero) }
        let later = Duration.seconds(1000)
        let burst = (0..<6).map { _ in rested.reserve(at: later) }
        #expect(burst == [later, later, later, later, later, later + .seconds(2)])
    }

    @Test func steadyTypingBelowTheRateIsNeverDelayed() {
        var bucket = FloodControl()
        for second in stride(from: 0, to: 600, by: 3) {
            #expect(bucket.reserve(at: .seconds(second)) == .seconds(second))
        }
    }

    @Test func urgentSendsAreCountedAsDebt() {
        var bucket = FloodControl(burst: 2, interval: .seconds(1))
        bucket.recordSend(at: .zero)
        bucket.recordSend(at: .zero)
        bucket.recordSend(at: .zero)   // a PONG beyond the burst
        #expect(bucket.earliestSendTime(at: .zero) == .seconds(2))
    }

    @Test func resetGivesAFullBurst() {
        var bucket = FloodControl(burst: 3, interval: .seconds(2))
        for _ in 0..<10 { _ = bucket.reserve(at: .zero) }
        bucket.reset()
        #expect((0..<4).map { _ in bucket.reserve(at: .seconds(1)) } == [.seconds(1), .seconds(1), .seconds(1), .seconds(3)])
    }
}

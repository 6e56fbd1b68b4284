import Testing
@testable import IRCTransportCore
import NatterTestSupport

/// Returns the same 64-bit value every time: 0 gives no jitter, `.max` the most.
struct FixedRandom: RandomNumberGenerator {
    let value: UInt64
    mutating func next() -> UInt64 { value }
}

/// A small deterministic generator (SplitMix64) for sampling many jittered delays.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

@Suite("Reconnect backoff")
struct ReconnectBackoffTests {
    @Test func doublesFromTwoSecondsAndCapsAtFiveMinutes() {
        var backoff = ReconnectBackoff(jitter: 0)
        var random = FixedRandom(value: 0)
        let delays = (0..<12).map { _ in backoff.nextDelay(using: &random) }
        #expect(delays == [2, 4, 8, 16, 32, 64, 128, 256, 300, 300, 300, 300].map { Duration.seconds($0) })
        #expect(backoff.failures == 12)
    }

    @Test func nominalDelayNeverOverflowsForHugeCounts() {
        let backoff = ReconnectBackoff()
        #expect(backoff.nominalDelay(afterFailures: 10_000) == .seconds(300))
        #expect(backoff.nominalDelay(afterFailures: 0) == .seconds(2))
    }

    @Test func jitterStaysWithinItsBounds() {
        var backoff = ReconnectBackoff(jitter: 0.25)
        var random = SplitMix(state: 42)
        for failures in 0..<20 {
            let nominal = backoff.nominalDelay(afterFailures: failures)
            let delay = backoff.nextDelay(using: &random)
            #expect(delay <= nominal)
            #expect(delay >= nominal * 0.75)
            #expect(delay <= .seconds(300))
        }
    }

    @Test func jitterExtremesFromTheInjectedSource() {
        var low = ReconnectBackoff(jitter: 0.25)
        var zero = FixedRandom(value: 0)
        #expect(low.nextDelay(using: &zero) == .seconds(2))
        var high = ReconnectBackoff(jitter: 0.25)
        var max = FixedRandom(value: .max)
        let delay = high.nextDelay(using: &max)
        #expect(delay >= .seconds(1.5) && delay < .seconds(1.51))
    }

    @Test func jitterActuallyVaries() {
        var random = SplitMix(state: 7)
        let delays = Set((0..<20).map { _ -> Duration in
            var backoff = ReconnectBackoff()
            return backoff.nextDelay(using: &random)
        })
        #expect(delays.count > 10)
    }

    @Test func stableConnectionResetsButAShortOneDoesNot() {
        var backoff = ReconnectBackoff(jitter: 0, stableAfter: .seconds(60))
        var random = FixedRandom(value: 0)
        for _ in 0..<4 { _ = backoff.nextDelay(using: &random) }
        backoff.connectionEnded(after: .seconds(59))
        #expect(backoff.nextDelay(using: &random) == .seconds(32))
        backoff.connectionEnded(after: .seconds(60))
        #expect(backoff.failures == 0)
        #expect(backoff.nextDelay(using: &random) == .seconds(2))
        #expect(backoff.nextDelay(using: &random) == .seconds(4))
    }

    @Test func shortTestPolicyDoubles() {
        var backoff = ReconnectBackoff(initialDelay: .milliseconds(200), maximumDelay: .seconds(1), jitter: 0)
        var random = FixedRandom(value: 0)
        let delays = (0..<5).map { _ in backoff.nextDelay(using: &random) }
        #expect(delays == [.milliseconds(200), .milliseconds(400), .milliseconds(800), .seconds(1), .seconds(1)])
    }
}

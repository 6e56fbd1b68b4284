import Foundation
import IRCProtocol
import Testing
@testable import IRCSession

/// IRCv3 STS in the session: a plaintext link told to upgrade stops there; a secure link's
/// policy is handed on.
@Suite("STS")
struct STSTests {
    @Test func aPlaintextLinkIsToldToUpgradeAndSendsNothingMore() {
        var h = Harness(Harness.config(sasl: .plain(account: "me", password: "secret")))
        _ = h.session.handle(.connected(now: h.time, secure: false))
        let out = h.feed(":irc.example CAP * LS :sasl=PLAIN server-time sts=port=6697,duration=300")
        #expect(sent(out).isEmpty, "no CAP REQ, no AUTHENTICATE: \(sent(out))")
        #expect(events(out).contains(.stsUpgrade(port: 6697)))
        #expect(events(out).allSatisfy { if case .stsPolicy = $0 { false } else { true } }, "a plaintext link gives no policy")
    }

    @Test func aPlaintextAdvertisementWithoutAPortIsIgnored() {
        var h = Harness()
        _ = h.session.handle(.connected(now: h.time, secure: false))
        let out = h.feed(":irc.example CAP * LS :server-time sts=duration=300")
        #expect(sent(out) == ["CAP REQ server-time"])
        #expect(!events(out).contains { if case .stsUpgrade = $0 { true } else { false } })
    }

    @Test func aSecureLinkHandsThePolicyOnAndCarriesOn() {
        var h = Harness()
        _ = h.session.handle(.connected(now: h.time, secure: true))
        var out = h.feed(":irc.example CAP * LS :server-time sts=duration=86400,preload")
        #expect(events(out).contains(.stsPolicy(duration: 86400, preload: true)))
        #expect(sent(out) == ["CAP REQ server-time"])
        // CAP NEW with a new duration (0: forget).
        out = h.feed(":irc.example CAP * NEW :sts=duration=0")
        #expect(events(out).contains(.stsPolicy(duration: 0, preload: false)))
    }
}

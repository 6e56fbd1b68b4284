import Foundation
import IRCProtocol
import Testing
@testable import IRCSession

/// `sasl_fail`: SASL configured and not logging us in never leaves us connected
/// unauthenticated unless the user said so.
@Suite("SASL failure policy")
struct SASLFailurePolicyTests {
    static func harness(_ policy: SASLFailurePolicy, sasl: SASLMechanismConfig = .plain(account: "me", password: "pw")) -> Harness {
        var config = Harness.config(sasl: sasl)
        config.saslFailure = policy
        var h = Harness(config)
        h.connect()
        return h
    }

    func abandoned(_ outputs: [SessionOutput]) -> SessionEvent? {
        events(outputs).first { if case .saslAbandoned = $0 { true } else { false } }
    }

    @Test(arguments: [SASLFailurePolicy.disconnect, .reconnect])
    func notOfferedLeavesBeforeRegistering(_ policy: SASLFailurePolicy) {
        var h = Self.harness(policy)
        var out = h.feed(":irc.example CAP * LS :server-time")
        out += h.feed(":irc.example CAP * ACK :server-time")
        #expect(sent(out) == ["CAP REQ server-time", "QUIT :SASL login required"])   // no CAP END
        #expect(abandoned(out) == .saslAbandoned(reason: "the server does not offer SASL", reconnect: policy == .reconnect))
        #expect(h.session.state.phase != .registered)
    }

    @Test func otherMechanismsOnlyLeaveToo() {
        var h = Self.harness(.disconnect, sasl: .scramSHA256(account: "me", password: "pw"))
        // Nothing on offer to ask for: negotiation settles at once, without SASL.
        let out = h.feed(":irc.example CAP * LS :sasl=PLAIN,EXTERNAL")
        #expect(sent(out) == ["QUIT :SASL login required"])
        #expect(!sent(out).contains("CAP END"))
        #expect(abandoned(out) == .saslAbandoned(reason: "the server offers SASL with PLAIN, EXTERNAL, not SCRAM-SHA-256",
                                                 reconnect: false))
    }

    @Test func aFailedLoginLeaves() {
        var h = Self.harness(.disconnect)
        h.feed(":irc.example CAP * LS :sasl=PLAIN")
        h.feed(":irc.example CAP * ACK :sasl")
        h.feed("AUTHENTICATE +")
        let out = h.feed(":irc.example 904 natter :SASL authentication failed")
        #expect(sent(out) == ["QUIT :SASL login required"])
        #expect(abandoned(out) == .saslAbandoned(reason: "the SASL login failed (904): SASL authentication failed", reconnect: false))
    }

    @Test func aServerWithoutCapLeavesToo() {
        var h = Self.harness(.disconnect)
        let out = h.feed(":irc.example 421 * CAP :Unknown command")
        #expect(sent(out) == ["QUIT :SASL login required"])
        #expect(abandoned(out) != nil)
    }

    @Test func continueStaysUnauthenticatedAsAsked() {
        var h = Self.harness(.continue)
        var out = h.feed(":irc.example CAP * LS :server-time")
        out += h.feed(":irc.example CAP * ACK :server-time")
        #expect(sent(out) == ["CAP REQ server-time", "CAP END"])
        #expect(abandoned(out) == nil)
        #expect(events(out).contains(.sasl(.unavailable(offered: []))))
    }
}

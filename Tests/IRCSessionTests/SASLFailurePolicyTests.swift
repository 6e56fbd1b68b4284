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

    /// The services behind the server never answer: after `saslTimeout` the login is aborted
    /// and counts as failed, rather than hanging until the server's registration timeout.
    @Test func anUnansweredLoginTimesOutAndLeaves() {
        var h = Self.harness(.disconnect)   // connected at 1,000 s
        h.feed(":irc.example CAP * LS :sasl=PLAIN")
        h.tick(at: 1_002)
        let started = h.feed(":irc.example CAP * ACK :sasl")
        #expect(sent(started) == ["AUTHENTICATE PLAIN"])
        h.feed("AUTHENTICATE +")   // the payload goes out; no 903/904 ever comes
        #expect(sent(h.tick(at: 1_016.9)).isEmpty)
        let out = h.tick(at: 1_017)
        #expect(sent(out) == ["AUTHENTICATE *", "QUIT :SASL login required"])
        #expect(events(out).contains(.sasl(.failed(numeric: "timeout", message: "the server did not finish the login in 15 s"))))
        #expect(abandoned(out) == .saslAbandoned(reason: "the SASL login failed (timeout): the server did not finish the login in 15 s",
                                                 reconnect: false))
        // The server's late answer to the abort is shown, not taken as a second failure.
        let late = h.feed(":irc.example 906 natter :SASL authentication aborted")
        #expect(abandoned(late) == nil && sent(late).isEmpty)
        #expect(sent(h.tick(at: 1_040)).isEmpty)
    }

    @Test func aTimedOutLoginRegistersAnywayWhenToldToContinue() {
        var config = Harness.config(sasl: .plain(account: "me", password: "pw"))
        config.saslFailure = .continue
        config.saslTimeout = 5
        var h = Harness(config)
        h.connect()
        h.feed(":irc.example CAP * LS :sasl=PLAIN")
        h.feed(":irc.example CAP * ACK :sasl")   // no AUTHENTICATE + at all
        #expect(sent(h.tick(at: 1_004)).isEmpty)
        #expect(sent(h.tick(at: 1_005)) == ["AUTHENTICATE *", "CAP END"])
        #expect(h.session.state.phase == .registering)
    }

    @Test func aLoginThatSucceedsInTimeIsNotTimedOut() {
        var h = Self.harness(.disconnect)
        h.feed(":irc.example CAP * LS :sasl=PLAIN")
        h.feed(":irc.example CAP * ACK :sasl")
        h.feed("AUTHENTICATE +")
        h.tick(at: 1_014)
        h.feed(":irc.example 900 natter natter!nat@host me :You are now logged in as me")
        #expect(sent(h.feed(":irc.example 903 natter :SASL authentication successful")) == ["CAP END"])
        #expect(sent(h.tick(at: 1_030)).isEmpty)
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

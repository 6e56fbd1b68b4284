import IRCProtocol
import Testing
@testable import IRCSession

@Suite("Registration and CAP")
struct RegistrationTests {
    @Test func connectSendsCapLsPassNickUser() {
        var config = Harness.config()
        config.serverPassword = "secret"
        var h = Harness(config)
        let out = h.connect()
        #expect(sent(out) == ["CAP LS 302", "PASS secret", "NICK natter", "USER nat 0 * :Natter User"])
        #expect(events(out) == [.connectionPhase(.negotiatingCapabilities)])
    }

    @Test func registrationWithCapabilities() {
        var h = Harness()
        h.connect()
        var out = h.feed(":irc.example CAP * LS :multi-prefix sasl=PLAIN server-time unknown-cap batch")
        #expect(sent(out) == ["CAP REQ :server-time batch multi-prefix"])
        out = h.feed(":irc.example CAP * ACK :server-time batch multi-prefix")
        #expect(sent(out) == ["CAP END"])
        #expect(events(out) == [.capabilitiesChanged(enabled: ["server-time", "batch", "multi-prefix"]),
                                .connectionPhase(.registering)])
        out = h.feed(":irc.example 001 natter :Welcome")
        #expect(events(out).contains(.registered(nick: "natter", server: "irc.example")))
        #expect(events(out).contains(.connectionPhase(.registered)))
        #expect(h.session.state.phase == .registered)
        #expect(h.session.state.serverName == "irc.example")
        h.feed(":irc.example 005 natter NETWORK=TestNet CASEMAPPING=ascii NICKLEN=30 :are supported")
        #expect(h.session.state.isupport.network == "TestNet")
        #expect(h.session.state.isupport.caseMapping == .ascii)
    }

    @Test func serverWithoutCapAnswers421AndRegistrationGoesOn() {
        var h = Harness()
        h.connect()
        var out = h.feed(":old.example 421 * CAP :Unknown command")
        #expect(sent(out).isEmpty)  // no CAP END to a server that has no CAP
        #expect(events(out) == [.connectionPhase(.registering)])
        out = h.feed(":old.example 001 natter :Welcome")
        #expect(h.session.state.phase == .registered)
        out = h.feed(":old.example 376 natter :End of MOTD")
        #expect(sent(out).isEmpty)
    }

    @Test func multilineCapLsWaitsForTheLastLine() {
        var h = Harness()
        h.connect()
        var out = h.feed(":irc.example CAP * LS * :multi-prefix away-notify")
        #expect(sent(out).isEmpty)
        out = h.feed(":irc.example CAP * LS * :account-notify extended-join")
        #expect(sent(out).isEmpty)
        out = h.feed(":irc.example CAP * LS :chghost")
        #expect(sent(out) == ["CAP REQ :away-notify account-notify extended-join multi-prefix chghost"])
        #expect(h.session.state.capabilities.pending.count == 5)
    }

    @Test func nakEndsNegotiationWithoutTheCaps() {
        var h = Harness()
        h.connect()
        h.feed(":irc.example CAP * LS :echo-message batch")
        let out = h.feed(":irc.example CAP * NAK :echo-message batch")
        #expect(sent(out) == ["CAP END"])
        #expect(h.session.state.capabilities.enabled.isEmpty)
        #expect(h.session.state.capabilities.pending.isEmpty)
    }

    @Test func capNewAndDelAfterRegistration() {
        var h = Harness()
        h.register(caps: "cap-notify batch")
        #expect(h.session.state.capabilities.enabled == ["cap-notify", "batch"])
        var out = h.feed(":irc.example CAP natter NEW :away-notify some-other-cap")
        #expect(sent(out) == ["CAP REQ away-notify"])
        out = h.feed(":irc.example CAP natter ACK :away-notify")
        #expect(sent(out).isEmpty)  // no second CAP END
        #expect(h.session.state.capabilities.has("away-notify"))
        out = h.feed(":irc.example CAP natter DEL :away-notify")
        #expect(!h.session.state.capabilities.has("away-notify"))
        #expect(events(out) == [.capabilitiesChanged(enabled: ["cap-notify", "batch"])])
    }

    @Test func capRequestListsAreSplitByBytes() {
        let lines = IRCSession.capRequestLines(["server-time", "message-tags", "batch", "echo-message", "sasl"], maxBytes: 25)
        #expect(lines == [["server-time", "message-tags"], ["batch", "echo-message", "sasl"]])
        #expect(IRCSession.capRequestLines(["a-very-long-capability-name"], maxBytes: 10) == [["a-very-long-capability-name"]])
    }

    @Test func everyWantedCapIsRequestedInLinesThatFit() {
        var h = Harness(Harness.config(sasl: .external))
        h.connect()
        let out = h.feed(":irc.example CAP * LS :" + CapabilitySet.wanted.joined(separator: " "))
        let requests = sent(out)
        #expect(requests.allSatisfy { $0.hasPrefix("CAP REQ :") && $0.utf8.count - 9 <= IRCSession.maxCapRequestBytes })
        let requested = requests.flatMap { $0.dropFirst(9).split(separator: " ").map(String.init) }
        // The draft name is skipped when the ratified chathistory is on offer.
        #expect(requested == CapabilitySet.wanted.filter { $0 != "draft/chathistory" })
    }

    @Test func nickCollisionFallsBackThroughAlternativesThenUnderscores() {
        var h = Harness(Harness.config(nick: "natter", alternatives: ["natter2"]))
        h.connect()
        h.feed(":irc.example CAP * LS :")
        var out = h.feed(":irc.example 433 * natter :Nickname is already in use")
        #expect(sent(out) == ["NICK natter2"])
        out = h.feed(":irc.example 433 * natter2 :Nickname is already in use")
        #expect(sent(out) == ["NICK natter_"])
        out = h.feed(":irc.example 432 * natter_ :Erroneous nickname")
        #expect(sent(out) == ["NICK natter__"])
        out = h.feed(":irc.example 436 * natter__ :Nickname collision")
        #expect(sent(out) == ["NICK natter___"])
        h.feed(":irc.example 001 natter___ :Welcome")
        #expect(h.session.state.nick == "natter___")
    }

    @Test func nickFallbackGivesUpInsteadOfLooping() {
        var h = Harness(Harness.config(nick: "averylongnick"))
        h.connect()
        var tried: [String] = []
        var gaveUp = false
        for _ in 0..<40 {
            let out = h.feed(":irc.example 433 * x :Nickname is already in use")
            tried += sent(out).filter { $0.hasPrefix("NICK ") }.map { String($0.dropFirst(5)) }
            if events(out).contains(where: { if case .nickUnavailable = $0 { return true } else { return false } }) {
                #expect(sent(out) == ["QUIT :No usable nickname"])
                gaveUp = true
                break
            }
        }
        #expect(gaveUp)
        #expect(tried.prefix(4) == ["averylongnick_", "averylongnick__", "averylongnick___", "averylongnick____"])
        #expect(tried.suffix(9) == (1...9).map { "averylo\($0)" })
        #expect(Set(tried).count == tried.count)
    }

    @Test func nickInUseAfterRegistrationIsJustShown() {
        var h = Harness()
        h.register()
        let out = h.feed(":irc.example 433 natter taken :Nickname is already in use")
        #expect(sent(out).isEmpty)
        #expect(events(out) == [.serverReply(ServerReply(command: "433", parameters: ["taken", "Nickname is already in use"],
                                                          isError: true, target: "taken"))])
    }

    @Test func pingIsAnsweredAtOnceEvenBeforeRegistration() {
        var h = Harness()
        h.connect()
        #expect(sent(h.feed("PING :irc.example")) == ["PONG irc.example"])
        #expect(sent(h.feed("PING :token with space")) == ["PONG :token with space"])
    }
}

import Foundation
import IRCProtocol
import Testing
@testable import IRCSession

@Suite("SASL")
struct SASLTests {
    /// Connects, offers `sasl=<mechs>` and ACKs it; returns the harness and the ACK's outputs.
    static func start(_ sasl: SASLMechanismConfig, mechanisms: String = "PLAIN,EXTERNAL,SCRAM-SHA-256",
                      onFailure: SASLFailurePolicy = .disconnect) -> (Harness, [SessionOutput]) {
        var config = Harness.config(sasl: sasl)
        config.saslFailure = onFailure
        config.scramClientNonce = "rOprNGfwEbeRWgbNEkqO"
        var h = Harness(config)
        h.connect()
        let req = h.feed(":irc.example CAP * LS :sasl=\(mechanisms)")
        #expect(sent(req) == ["CAP REQ sasl"])
        let ack = h.feed(":irc.example CAP * ACK :sasl")
        return (h, ack)
    }

    @Test func plainSuccess() {
        var (h, out) = Self.start(.plain(account: "jilles", password: "sesame"))
        #expect(sent(out) == ["AUTHENTICATE PLAIN"])
        #expect(events(out).contains(.connectionPhase(.authenticating)))
        out = h.feed("AUTHENTICATE +")
        #expect(sent(out) == ["AUTHENTICATE amlsbGVzAGppbGxlcwBzZXNhbWU="])
        out = h.feed(":irc.example 900 natter natter!nat@host jilles :You are now logged in as jilles")
        #expect(h.session.state.account == "jilles")
        out = h.feed(":irc.example 903 natter :SASL authentication successful")
        #expect(sent(out) == ["CAP END"])
        #expect(events(out).contains(.sasl(.succeeded(account: "jilles"))))
    }

    @Test func authenticateWithLeadingColonQuirk() {
        var (h, _) = Self.start(.plain(account: "jilles", password: "sesame"))
        // InspIRCd sends `AUTHENTICATE :+`.
        let out = h.feed("AUTHENTICATE :+")
        #expect(sent(out) == ["AUTHENTICATE amlsbGVzAGppbGxlcwBzZXNhbWU="])
    }

    @Test func loggedInNumericWithServerInternalIdIsNotOurNick() {
        var (h, _) = Self.start(.plain(account: "jilles", password: "sesame"))
        h.feed("AUTHENTICATE :+")
        h.feed(":irc.example 900 42SAAAAAB natter!nat@host jilles :You are now logged in as jilles")
        #expect(h.session.state.nick == "natter")
        #expect(h.session.state.account == "jilles")
    }

    @Test func failureIsReportedOnceAndNotRetried() {
        // Told to stay unauthenticated (sasl_fail = continue): CAP ends, registration goes on.
        var (h, _) = Self.start(.plain(account: "jilles", password: "wrong"), onFailure: .continue)
        h.feed("AUTHENTICATE +")
        var out = h.feed(":irc.example 904 natter :SASL authentication failed")
        #expect(sent(out) == ["CAP END"])
        #expect(events(out).filter { if case .sasl = $0 { return true } else { return false } }
                == [.sasl(.failed(numeric: "904", message: "SASL authentication failed"))])
        // A second failure line (some servers send 904 then 906) is only shown.
        out = h.feed(":irc.example 906 natter :SASL authentication aborted")
        #expect(sent(out).isEmpty)
        #expect(!events(out).contains { if case .sasl = $0 { return true } else { return false } })
        // A stray AUTHENTICATE + does not restart anything.
        #expect(sent(h.feed("AUTHENTICATE +")).isEmpty)
        h.feed(":irc.example 001 natter :Welcome")
        #expect(h.session.state.phase == .registered)
        #expect(h.session.state.account == nil)
    }

    @Test func unofferedMechanismIsNotRequested() {
        var config = Harness.config(sasl: .scramSHA256(account: "a", password: "b"))
        config.saslFailure = .continue
        var h = Harness(config)
        h.connect()
        let out = h.feed(":irc.example CAP * LS :sasl=PLAIN server-time")
        #expect(sent(out) == ["CAP REQ server-time"])
        let ack = h.feed(":irc.example CAP * ACK :server-time")
        #expect(sent(ack) == ["CAP END"])
        #expect(events(ack).contains(.sasl(.unavailable(offered: ["PLAIN"]))))
    }

    @Test func externalSendsAnEmptyResponse() {
        var (h, out) = Self.start(.external)
        #expect(sent(out) == ["AUTHENTICATE EXTERNAL"])
        out = h.feed("AUTHENTICATE +")
        #expect(sent(out) == ["AUTHENTICATE +"])
        out = h.feed(":irc.example 900 natter natter!nat@host certuser :You are now logged in as certuser")
        out += h.feed(":irc.example 903 natter :SASL authentication successful")
        #expect(sent(out) == ["CAP END"])
        #expect(events(out).contains(.sasl(.succeeded(account: "certuser"))))
    }

    @Test func longPayloadsAreChunkedAt400Bytes() {
        var session = IRCSession(configuration: Harness.config())
        // 300 bytes → 400 base64 characters exactly: one full line, then "+".
        session.sendSASLPayload([UInt8](repeating: 0x41, count: 300))
        var lines = sent(session.outputs)
        #expect(lines.count == 2)
        #expect(lines[0].utf8.count == "AUTHENTICATE ".utf8.count + 400)
        #expect(lines[1] == "AUTHENTICATE +")
        session.outputs = []
        // 450 bytes → 600 characters: 400 + 200, no "+".
        session.sendSASLPayload([UInt8](repeating: 0x42, count: 450))
        lines = sent(session.outputs)
        #expect(lines.map { $0.utf8.count - 13 } == [400, 200])
        #expect(lines.joined().replacingOccurrences(of: "AUTHENTICATE ", with: "")
                == Data([UInt8](repeating: 0x42, count: 450)).base64EncodedString())
    }

    @Test func plainWithLongPasswordIsChunked() {
        let password = String(repeating: "p", count: 300)
        var (h, _) = Self.start(.plain(account: "acct", password: password))
        let out = h.feed("AUTHENTICATE +")
        let expected = Data("acct\u{0}acct\u{0}\(password)".utf8).base64EncodedString()
        let lines = sent(out)
        #expect(lines.count == 2)
        #expect(lines[0] == "AUTHENTICATE " + expected.prefix(400))
        #expect(lines[1] == "AUTHENTICATE " + expected.dropFirst(400))
    }

    // RFC 7677 section 3.
    static let serverFirst = "r=rOprNGfwEbeRWgbNEkqO%hvYDpWUa2RaTCAfuxFIlj)hNlF$k0,s=W22ZaJ0SNY7soEsUEjb6gQ==,i=4096"
    static let clientFinal = "c=biws,r=rOprNGfwEbeRWgbNEkqO%hvYDpWUa2RaTCAfuxFIlj)hNlF$k0,p=dHzbZapWIk4jUhN+Ute9ytag9zjfMHgsqmmiz7AndVQ="
    static let serverFinal = "v=6rriTRBi23WpRR/wtup+mMhUZUn/dB5nLTJRsjl95G4="

    @Test func scramRFC7677Vectors() throws {
        var scram = SCRAMSHA256Client(username: "user", password: "pencil", nonce: "rOprNGfwEbeRWgbNEkqO")
        #expect(scram.clientFirstMessage() == "n,,n=user,r=rOprNGfwEbeRWgbNEkqO")
        #expect(try scram.clientFinalMessage(serverFirst: Self.serverFirst) == Self.clientFinal)
        try scram.verify(serverFinal: Self.serverFinal)
        #expect(throws: SCRAMSHA256Client.Failure.self) {
            try scram.verify(serverFinal: "v=AAAATRBi23WpRR/wtup+mMhUZUn/dB5nLTJRsjl95G4=")
        }
    }

    @Test func scramRejectsANonceThatDoesNotExtendOurs() {
        var scram = SCRAMSHA256Client(username: "user", password: "pencil", nonce: "abc")
        _ = scram.clientFirstMessage()
        #expect(throws: SCRAMSHA256Client.Failure.invalidServerFirst) {
            try scram.clientFinalMessage(serverFirst: "r=xyz123,s=W22ZaJ0SNY7soEsUEjb6gQ==,i=4096")
        }
    }

    @Test func scramFullExchange() {
        var (h, out) = Self.start(.scramSHA256(account: "user", password: "pencil"))
        #expect(sent(out) == ["AUTHENTICATE SCRAM-SHA-256"])
        out = h.feed("AUTHENTICATE +")
        #expect(sent(out) == ["AUTHENTICATE " + Data("n,,n=user,r=rOprNGfwEbeRWgbNEkqO".utf8).base64EncodedString()])
        out = h.feed("AUTHENTICATE " + Data(Self.serverFirst.utf8).base64EncodedString())
        #expect(sent(out) == ["AUTHENTICATE " + Data(Self.clientFinal.utf8).base64EncodedString()])
        out = h.feed("AUTHENTICATE " + Data(Self.serverFinal.utf8).base64EncodedString())
        #expect(sent(out) == ["AUTHENTICATE +"])
        out = h.feed(":irc.example 900 natter natter!nat@host user :You are now logged in as user")
        out += h.feed(":irc.example 903 natter :SASL authentication successful")
        #expect(sent(out) == ["CAP END"])
        #expect(events(out).contains(.sasl(.succeeded(account: "user"))))
    }

    @Test func scramWithAForgedServerSignatureAborts() {
        var (h, _) = Self.start(.scramSHA256(account: "user", password: "pencil"))
        h.feed("AUTHENTICATE +")
        h.feed("AUTHENTICATE " + Data(Self.serverFirst.utf8).base64EncodedString())
        let out = h.feed("AUTHENTICATE " + Data("v=AAAATRBi23WpRR/wtup+mMhUZUn/dB5nLTJRsjl95G4=".utf8).base64EncodedString())
        // A server that cannot prove it knows the password: not a place to stay (the default
        // policy leaves before registering).
        #expect(sent(out) == ["AUTHENTICATE *", "QUIT :SASL login required"])
        #expect(events(out).contains(.sasl(.failed(numeric: "SCRAM", message: "SCRAM server not verified: server signature mismatch"))))
    }

    @Test func serverChallengeArrivingIn400ByteChunksIsReassembled() {
        var (h, _) = Self.start(.scramSHA256(account: "user", password: "pencil"))
        h.feed("AUTHENTICATE +")
        // Pad the server-first message with an extension attribute so its base64 spans 2 lines.
        let padded = Self.serverFirst + ",x=" + String(repeating: "z", count: 400)
        let encoded = Data(padded.utf8).base64EncodedString()
        #expect(sent(h.feed("AUTHENTICATE " + encoded.prefix(400))).isEmpty)
        let out = h.feed("AUTHENTICATE " + encoded.dropFirst(400))
        #expect(sent(out).count == 1)
        #expect(sent(out)[0].hasPrefix("AUTHENTICATE "))
    }
}

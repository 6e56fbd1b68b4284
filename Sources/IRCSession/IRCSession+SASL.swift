import FoundationEssentials
import IRCProtocol

/// One SASL exchange in progress.
struct SASLExchange: Sendable {
    var mechanism: SASLMechanismConfig
    /// Monotonic time the exchange began (``SessionConfiguration/saslTimeout`` counts from it).
    var startedAt: Double
    /// Base64 received so far in 400-byte chunks.
    var inbound = ""
    /// SCRAM state and step (0: send client-first, 1: send client-final, 2: verify server-final).
    var scram: SCRAMSHA256Client?
    var step = 0
}

/// SASL: PLAIN, EXTERNAL and SCRAM-SHA-256 over `AUTHENTICATE`, 400-byte chunking both ways,
/// and 900–908. A failure is reported once and registration goes on without an account.
extension IRCSession {
    /// Largest AUTHENTICATE payload per line.
    static let saslChunkBytes = 400

    /// Whether SASL is configured and the server offers our mechanism (or lists none).
    func saslUsable() -> Bool {
        guard let mechanism = configuration.sasl, state.capabilities.available["sasl"] != nil else { return false }
        let offered = state.capabilities.saslMechanisms
        return offered.isEmpty || offered.contains(mechanism.mechanismName)
    }

    mutating func startSASL(_ mechanism: SASLMechanismConfig) {
        setPhase(.authenticating)
        // Only a line from the server (CAP ACK or LS) settles the capabilities that start SASL,
        // so the time it arrived is now.
        var exchange = SASLExchange(mechanism: mechanism, startedAt: keepalive.lastReceived)
        if case .scramSHA256(let account, let password) = mechanism {
            exchange.scram = SCRAMSHA256Client(username: account, password: password,
                                               nonce: configuration.scramClientNonce ?? SCRAMSHA256Client.randomNonce())
        }
        sasl = exchange
        send("AUTHENTICATE", mechanism.mechanismName)
    }

    mutating func handleAuthenticate(_ message: IRCMessage) {
        guard var exchange = sasl, let chunk = message.parameters.first else { return }
        // The parser has already removed the `:` of `AUTHENTICATE :+`.
        if chunk != "+" {
            exchange.inbound += chunk
            if chunk.utf8.count == Self.saslChunkBytes {
                sasl = exchange
                return
            }
        }
        let payload = Data(base64Encoded: exchange.inbound) ?? Data()
        exchange.inbound = ""
        sasl = exchange
        respondToChallenge(String(decoding: payload, as: UTF8.self))
    }

    private mutating func respondToChallenge(_ challenge: String) {
        guard var exchange = sasl else { return }
        switch exchange.mechanism {
        case .plain(let account, let password):
            sendSASLPayload(Array("\(account)\u{0}\(account)\u{0}\(password)".utf8))
        case .external:
            send("AUTHENTICATE", "+")
        case .scramSHA256:
            guard var scram = exchange.scram else { return }
            do throws(SCRAMSHA256Client.Failure) {
                switch exchange.step {
                case 0:
                    sendSASLPayload(Array(scram.clientFirstMessage().utf8))
                case 1:
                    sendSASLPayload(Array(try scram.clientFinalMessage(serverFirst: challenge).utf8))
                default:
                    try scram.verify(serverFinal: challenge)
                    send("AUTHENTICATE", "+")
                }
            } catch {
                // The server could not prove itself, or spoke nonsense: abort and say why.
                send("AUTHENTICATE", "*")
                let reason: String
                switch error {
                case .invalidServerFirst: reason = "invalid SCRAM server-first message"
                case .serverNotVerified(let text): reason = "SCRAM server not verified: \(text)"
                }
                saslFailed(numeric: "SCRAM", text: reason)
                return
            }
            exchange.scram = scram
            exchange.step += 1
            sasl = exchange
        }
    }

    /// Sends base64 of `bytes` in 400-byte lines, with a final `+` when the last line was full
    /// (or the payload is empty).
    mutating func sendSASLPayload(_ bytes: [UInt8]) {
        let encoded = Data(bytes).base64EncodedString()
        var utf8 = Substring(encoded)
        while !utf8.isEmpty {
            let piece = utf8.prefix(Self.saslChunkBytes)
            send("AUTHENTICATE", String(piece))
            utf8 = utf8.dropFirst(piece.count)
        }
        if encoded.utf8.count % Self.saslChunkBytes == 0 { send("AUTHENTICATE", "+") }
    }

    mutating func handleSASLNumeric(_ message: IRCMessage) {
        let p = message.parameters
        switch message.command {
        case "900":
            // `900 <nick> <nick!ident@host> <account> :…`; the first parameter may be the
            // server's internal id when SASL runs before NICK, so it is not our nick.
            if p.count >= 3 {
                state.account = p[2]
                emit(.accountChanged(nick: state.nick, account: p[2]))
            }
            showReply(message)
        case "901":
            state.account = nil
            emit(.accountChanged(nick: state.nick, account: nil))
            showReply(message)
        case "903":
            guard sasl != nil else { return showReply(message) }
            sasl = nil
            emit(.sasl(.succeeded(account: state.account ?? "")))
            endCapNegotiation()
        case "902", "904", "905", "906":
            guard sasl != nil else { return showReply(message) }
            saslFailed(numeric: message.command, text: p.last ?? "")
        case "907":
            sasl = nil
            endCapNegotiation()
        default:
            // 908 lists the mechanisms; a 904 follows it.
            showReply(message)
        }
    }

    /// Gives up on an exchange the server has not finished within
    /// ``SessionConfiguration/saslTimeout``: the services behind it may be down or stuck, and
    /// the server would otherwise hold the connection unregistered until its own registration
    /// timeout (InspIRCd's is 90 s). Aborts with `AUTHENTICATE *`, then follows the failure
    /// policy like any failed login. Called on every tick.
    mutating func checkSASLTimeout(now: SessionTime) {
        guard let exchange = sasl, now.monotonic - exchange.startedAt >= configuration.saslTimeout else { return }
        send("AUTHENTICATE", "*")
        let seconds = Int(configuration.saslTimeout.rounded())
        saslFailed(numeric: "timeout", text: "the server did not finish the login in \(seconds) s")
    }

    /// Reports the failure once, forgets the exchange (so nothing retries it), then follows
    /// the configured policy.
    mutating func saslFailed(numeric: String, text: String) {
        sasl = nil
        emit(.sasl(.failed(numeric: numeric, message: text)))
        saslDidNotSucceed(reason: "the SASL login failed (\(numeric)): \(text)")
    }

    /// SASL was configured and did not log us in: continue unauthenticated (ending CAP), or
    /// leave before registration completes, for good or to try again later.
    mutating func saslDidNotSucceed(reason: String) {
        switch configuration.saslFailure {
        case .continue:
            endCapNegotiation()
        case .disconnect, .reconnect:
            let reconnect = configuration.saslFailure == .reconnect
            capNegotiationOpen = false
            send("QUIT", "SASL login required")
            emit(.saslAbandoned(reason: reason, reconnect: reconnect))
        }
    }
}

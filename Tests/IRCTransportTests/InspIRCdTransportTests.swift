import Foundation
import IRCProtocol
import IRCTestServers
import IRCTransport
import Testing
import NatterTestSupport

/// The transport against a real InspIRCd 3 linked to atheme, one server for the whole suite.
@Suite("Transport against InspIRCd + atheme", .inspircdWithServices)
struct InspIRCdTransportTests {
    @Test func plainTCPRegistersJoinsAndExchangesMessagesBothWays() throws {
        let network = try Fixtures.network()
        let (transport, recorder) = makeTransport(port: network.clientPort)
        defer { try? shutDown(transport, recorder) }
        transport.start()
        let connected = try recorder.next("connected") { $0.isConnected }
        guard case .connected(let info) = connected.kind else { return }
        #expect(!info.isTLS)
        #expect(info.isInsecure)

        let peer = try meetInChannel("#talk", transport, recorder, nick: "natter1", peerNick: "peer1",
                                     peerPort: network.clientPort)

        transport.send(IRCMessage(command: "PRIVMSG", parameters: ["#talk", "hello from natter"]))
        let heard = try peer.waitFor(timeout: 5, "the transport's PRIVMSG") { $0.command == "PRIVMSG" }
        #expect(heard.parameters == ["#talk", "hello from natter"])
        #expect(heard.source?.hasPrefix("natter1!") == true)

        // mIRC formatting bytes: bold, colour with background, italics, underline, reverse, reset.
        let formatted = "\u{02}bold\u{02} \u{03}04,01red on black\u{03} \u{1D}it\u{1D} \u{1F}u\u{1F} \u{16}rev\u{0F} plain"
        try peer.send("PRIVMSG #talk :\(formatted)")
        let channelLine = try recorder.message("PRIVMSG") { $0.parameters.first == "#talk" }
        #expect(channelLine.parameters.last == formatted)
        try peer.send("PRIVMSG natter1 :direct \u{03}12blue")
        let direct = try recorder.message("PRIVMSG") { $0.parameters.first == "natter1" }
        #expect(direct.parameters.last == "direct \u{03}12blue")
        #expect(direct.source?.hasPrefix("peer1!") == true)
        try peer.send("QUIT")
    }

    @Test func tlsWithASelfSignedCertificateIsRejectedByDefault() throws {
        let network = try Fixtures.network()
        // The default endpoint: TLS with verification on.
        let endpoint = IRCServerEndpoint(host: "127.0.0.1", port: Int(network.tlsPort))
        #expect(endpoint.security == .tls(IRCTLSOptions(verifiesCertificate: true)))
        let (transport, recorder) = makeTransport(endpoint: endpoint)
        transport.start()
        let event = try recorder.next("disconnected") { $0.disconnect != nil }
        guard case .certificateRejected(let detail) = event.kind.disconnect?.reason else {
            Issue.record("expected a certificate error, got \(event.kind)")
            return
        }
        #expect(detail.contains("certificate verify failed"))
        #expect(!recorder.history.contains { $0.kind.isConnected })
        try recorder.next("stopped") { $0.isStopped }
    }

    /// A rejected certificate is not retried even with reconnecting on: it would be rejected
    /// the same way at every backoff step.
    @Test func aRejectedCertificateStopsReconnecting() throws {
        let network = try Fixtures.network()
        let endpoint = IRCServerEndpoint(host: "127.0.0.1", port: Int(network.tlsPort))
        let (transport, recorder) = makeTransport(endpoint: endpoint, reconnects: true,
                                                  backoff: ReconnectBackoff(initialDelay: .milliseconds(100), maximumDelay: .seconds(1)))
        transport.start()
        let event = try recorder.next("disconnected") { $0.disconnect != nil }
        guard case .certificateRejected = event.kind.disconnect?.reason else {
            Issue.record("expected a certificate error, got \(event.kind)")
            return
        }
        try recorder.next("stopped") { $0.isStopped }
        Thread.sleep(forTimeInterval: 0.5)   // five first backoff steps
        #expect(!recorder.history.contains { if case .reconnectScheduled = $0.kind { true } else { false } })
        #expect(recorder.history.filter { $0.kind.disconnect != nil }.count == 1)
    }

    @Test func tlsClientCertificateIsPresented() throws {
        let network = try Fixtures.network()
        let client = try network.makeClientCertificate(name: "natterCert")
        let options = IRCTLSOptions(serverName: "irc.example",
                                    clientCertificate: IRCClientCertificate(certificateFile: client.certificate,
                                                                            privateKeyFile: client.key),
                                    additionalTrustRootFiles: [network.certificatePath])
        let (transport, recorder) = makeTransport(port: network.tlsPort, security: .tls(options))
        defer { try? shutDown(transport, recorder) }
        transport.start()
        try recorder.next("connected") { $0.isConnected }
        try register(transport, recorder, nick: "natterCert")
        transport.send(IRCMessage(command: "WHOIS", parameters: ["natterCert"]))
        let certFP = try recorder.message("276")
        #expect(certFP.parameters.last?.contains(client.fingerprint) == true, "\(certFP.parameters)")
    }

    @Test func tlsAcceptedWithTheExplicitInsecureOptOut() throws {
        let network = try Fixtures.network()
        let (transport, recorder) = makeTransport(
            port: network.tlsPort, security: .tls(IRCTLSOptions(verifiesCertificate: false)))
        defer { try? shutDown(transport, recorder) }
        transport.start()
        let connected = try recorder.next("connected") { $0.isConnected }
        guard case .connected(let info) = connected.kind else { return }
        #expect(info.isTLS)
        #expect(info.isInsecure)
        try register(transport, recorder, nick: "natterTLS")
    }

    @Test func tlsVerifiedWithTrustedRootAndSNIButWrongNameRejected() throws {
        let network = try Fixtures.network()
        let trusted = IRCTLSOptions(serverName: "irc.example", additionalTrustRootFiles: [network.certificatePath])
        let (transport, recorder) = makeTransport(port: network.tlsPort, security: .tls(trusted))
        transport.start()
        let connected = try recorder.next("connected") { $0.isConnected }
        guard case .connected(let info) = connected.kind else { return }
        #expect(!info.isInsecure)
        try register(transport, recorder, nick: "natterSNI")
        try shutDown(transport, recorder)

        let wrongName = IRCTLSOptions(serverName: "other.example", additionalTrustRootFiles: [network.certificatePath])
        let (other, otherRecorder) = makeTransport(port: network.tlsPort, security: .tls(wrongName))
        other.start()
        let event = try otherRecorder.next("disconnected") { $0.disconnect != nil }
        guard case .certificateRejected = event.kind.disconnect?.reason else {
            Issue.record("expected a host name error, got \(event.kind)")
            return
        }
    }

    /// The server certificate's SHA-256, as `openssl x509 -fingerprint -sha256` prints it.
    func fingerprint(of path: String) throws -> [UInt8] {
        let pipe = Pipe()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        process.arguments = ["x509", "-in", path, "-noout", "-fingerprint", "-sha256"]
        process.standardOutput = pipe
        try process.run()
        process.waitUntilExit()
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let value = text.split(separator: "=", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) } ?? ""
        return try #require(CertificatePin.parse("sha256:" + value), "openssl said \(text)")
    }

    @Test func aPinnedCertificateIsAcceptedSelfSignedAndAnyOtherIsRejectedNamingItsFingerprint() throws {
        let network = try Fixtures.network()
        let pin = try fingerprint(of: network.certificatePath)
        // Self-signed, for irc.example, reached at 127.0.0.1: the pin alone decides.
        let (transport, recorder) = makeTransport(port: network.tlsPort, security: .tls(IRCTLSOptions(pinnedFingerprint: pin)))
        transport.start()
        let connected = try recorder.next("connected") { $0.isConnected }
        guard case .connected(let info) = connected.kind else { return }
        #expect(info.isTLS && !info.isInsecure)
        try register(transport, recorder, nick: "natterPin")
        try shutDown(transport, recorder)

        var wrong = pin
        wrong[0] ^= 0xFF
        let (other, otherRecorder) = makeTransport(port: network.tlsPort, security: .tls(IRCTLSOptions(pinnedFingerprint: wrong)))
        other.start()
        let event = try otherRecorder.next("disconnected") { $0.disconnect != nil }
        guard case .certificateRejected(let detail) = event.kind.disconnect?.reason else {
            Issue.record("expected a pin mismatch, got \(event.kind)")
            return
        }
        #expect(detail.contains(CertificatePin.format(pin)), "the fingerprint seen: \(detail)")
        #expect(detail.contains("not the pinned \(CertificatePin.format(wrong))"))
        #expect(!otherRecorder.history.contains { $0.kind.isConnected })
        try otherRecorder.next("stopped") { $0.isStopped }
    }

    @Test func fingerprintsAreReadAsOpensslWritesThem() {
        let bytes = (0..<32).map { UInt8($0 * 7 % 256) }
        let written = CertificatePin.format(bytes)
        #expect(written.hasPrefix("sha256:00:07:0E:"))
        #expect(CertificatePin.parse(written) == bytes)
        #expect(CertificatePin.parse(written.replacingOccurrences(of: ":", with: "").replacingOccurrences(of: "sha256", with: "")) == bytes)
        #expect(CertificatePin.parse("sha256:AB:CD") == nil)
        #expect(CertificatePin.parse(String(repeating: "zz", count: 32)) == nil)
    }

    @Test func saslPlainByHandSucceedsWith903AndFailsWith904() throws {
        let network = try Fixtures.network()
        try network.registerAccount("saslUser", password: "correct-horse")

        /// CAP REQ sasl, AUTHENTICATE PLAIN by hand; returns the numeric that ended SASL.
        func authenticate(nick: String, password: String) throws -> String {
            let (transport, recorder) = makeTransport(port: network.clientPort)
            defer { try? shutDown(transport, recorder) }
            transport.start()
            try recorder.next("connected") { $0.isConnected }
            transport.send([IRCMessage(command: "CAP", parameters: ["REQ", "sasl"]),
                            IRCMessage(command: "NICK", parameters: [nick]),
                            IRCMessage(command: "USER", parameters: [nick, "0", "*", "sasl test"])])
            let ack = try recorder.message("CAP") { $0.parameters.count >= 3 && $0.parameters[1] == "ACK" }
            #expect(ack.parameters.last?.trimmingCharacters(in: .whitespaces) == "sasl")
            transport.send(IRCMessage(command: "AUTHENTICATE", parameters: ["PLAIN"]))
            let challenge = try recorder.message("AUTHENTICATE")
            #expect(challenge.parameters == ["+"])
            let payload = Data("\0saslUser\0\(password)".utf8).base64EncodedString()
            transport.send(IRCMessage(command: "AUTHENTICATE", parameters: [payload]))
            let event = try recorder.next("903 or 904", timeout: 10) {
                if case .received(let message) = $0 { ["903", "904"].contains(message.command) } else { false }
            }
            guard case .received(let outcome) = event.kind else { return "" }
            transport.send(IRCMessage(command: "CAP", parameters: ["END"]))
            try recorder.message("001")
            return outcome.command
        }

        #expect(try authenticate(nick: "saslGood", password: "correct-horse") == "903")
        #expect(try authenticate(nick: "saslBad", password: "wrong-password") == "904")
    }

    @Test func tenThousandChannelLinesFromAFloodingPeerArriveInOrder() throws {
        let network = try Fixtures.network()
        let (transport, recorder) = makeTransport(port: network.clientPort)
        defer { try? shutDown(transport, recorder) }
        transport.start()
        try recorder.next("connected") { $0.isConnected }
        // The peer uses the flood port, whose connect class lifts InspIRCd's flood limits.
        let peer = try meetInChannel("#flood", transport, recorder, nick: "natterFlood", peerNick: "flooder",
                                     peerPort: network.floodPort)

        let count = 10_000
        // 200 lines every 10 ms (20,000 lines/s). InspIRCd 3.15 reads a socket once per event,
        // netbuffersize bytes at a time: a 300 kB backlog written at once drains at ~500 lines/s.
        let lines = (0..<count).map { "PRIVMSG #flood :line \($0) \u{02}x\u{02}" }
        for start in stride(from: 0, to: count, by: 200) {
            try peer.send(lines: Array(lines[start..<min(start + 200, count)]))
            Thread.sleep(forTimeInterval: 0.01)
        }
        var received: [String] = []
        let deadline = Date().addingTimeInterval(30)
        while received.count < count && Date() < deadline {
            for event in recorder.collect(for: 0.2) {
                if case .received(let message) = event.kind, message.command == "PRIVMSG" {
                    received.append(message.parameters.last ?? "")
                }
                if case .malformedLine(let line) = event.kind { Issue.record("malformed: \(line)") }
                if let disconnect = event.kind.disconnect { Issue.record("dropped: \(disconnect.reason)") }
            }
        }
        #expect(received.count == count)
        #expect(received == (0..<count).map { "line \($0) \u{02}x\u{02}" })
        try peer.send("QUIT")
    }

    @Test func floodControlSpacesOutABurstToTheRealServer() throws {
        let network = try Fixtures.network()
        let (transport, recorder) = makeTransport(port: network.clientPort,
                                                  floodControl: FloodControl(burst: 5, interval: .milliseconds(250)))
        defer { try? shutDown(transport, recorder) }
        transport.start()
        try recorder.next("connected") { $0.isConnected }
        let peer = try RawIRCClient(port: network.clientPort)
        try peer.send(lines: ["NICK pacer", "USER pacer 0 * :peer"])
        try register(transport, recorder, nick: "natterPaced")   // 2 of the 5 tokens
        try peer.waitFor(command: "001")
        // Wait for the bucket to refill: 5 × 250 ms.
        Thread.sleep(forTimeInterval: 1.3)
        let lines = (1...15).map { "paste \($0)" }
        transport.send(lines.map { IRCMessage(command: "PRIVMSG", parameters: ["pacer", $0]) })
        var arrivals: [(String, Date)] = []
        while arrivals.count < lines.count {
            let message = try peer.waitFor(timeout: 10, "pasted line") { $0.command == "PRIVMSG" }
            arrivals.append((message.parameters.last ?? "", Date()))
        }
        #expect(arrivals.map(\.0) == lines)
        // 5 at once, then one per 250 ms: the 15th at least 10 × 250 ms after the first.
        let spread = arrivals.last!.1.timeIntervalSince(arrivals.first!.1)
        #expect(spread >= 2.3)
        #expect(spread < 6)
        try peer.send("QUIT")
    }
}

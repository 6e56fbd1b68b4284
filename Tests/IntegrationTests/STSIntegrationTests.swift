import ChatModel
import Foundation
import IRCProtocol
import IRCSession
import IRCTestServers
import IRCTransport
import Testing
import NatterTestSupport

/// IRCv3 STS through the whole client: a plaintext server that says `sts=port=…` is left at
/// once for its TLS port (here the real InspIRCd's, whose self-signed certificate the test
/// trusts as a private CA), and a stored policy moves the next connection to TLS before a
/// byte of plaintext goes.
@MainActor
@Suite("STS", .inspircd, .serialized)
struct STSIntegrationTests {
    /// A plaintext server that only advertises STS pointing at `tlsPort`, and records what
    /// it is sent.
    final class PlaintextSTSServer: ScriptedServer, @unchecked Sendable {
        let tlsPort: UInt16
        private var _received: [String] = []
        var received: [String] { lock.withLock { _received } }

        init(tlsPort: UInt16) throws {
            self.tlsPort = tlsPort
            try super.init()
        }

        override func serve(_ client: RawIRCClient) {
            while !isStopped {
                let line: String?
                do { line = try client.readLine(timeout: 0.05) } catch { continue }
                guard let line else { return }
                lock.withLock { _received.append(line) }
                if line.hasPrefix("CAP LS") {
                    send([":plain.example CAP * LS :sasl=PLAIN server-time sts=port=\(tlsPort),duration=300"], to: client)
                }
            }
        }
    }

    func trustedTLS(_ network: InspIRCdNetwork) -> IRCTLSOptions {
        IRCTLSOptions(serverName: "irc.example", additionalTrustRootFiles: [network.certificatePath])
    }

    @Test func aPlaintextServerAskingForTLSIsLeftForItsTLSPortAtOnce() async throws {
        let network = try Fixtures.network()
        let plain = try PlaintextSTSServer(tlsPort: network.tlsPort)
        defer { plain.stop() }
        let client = LiveClient(nick: "natterSTS", sasl: .plain(account: "nobody", password: "never-in-clear"),
                                saslFailure: .continue)
        defer { client.close() }
        client.hub.stsTLSOptions = trustedTLS(network)
        client.connect(port: plain.port)
        try plain.start()
        try await client.waitUntilReady(timeout: 15)
        // Registered over TLS, on InspIRCd's TLS port.
        #expect(client.network.link == .connected(warning: ""))
        #expect(client.serverBuffer.lines.contains { $0.text.hasPrefix("The server requires TLS (STS)") })
        // The plaintext server got the opening lines and nothing after the advertisement: no
        // CAP REQ, no AUTHENTICATE, no password.
        #expect(!plain.received.contains { $0.hasPrefix("CAP REQ") || $0.hasPrefix("AUTHENTICATE") })
        #expect(!plain.received.contains { $0.contains("never-in-clear") })
    }

    @Test func aKnownPolicyGoesStraightToTLSAndNeverAcceptsABadCertificate() async throws {
        let network = try Fixtures.network()
        let policies = FileManager.default.temporaryDirectory.appendingPathComponent("natter-sts-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: policies) }
        // A first run, over TLS, receives the policy (as the session hands it on) and keeps it.
        let first = LiveClient(configuration: SessionConfiguration(nick: "natterSTS1", user: "n", realName: "n"),
                               stsPolicies: policies)
        first.connect(IRCServerEndpoint(host: "127.0.0.1", port: Int(network.tlsPort), security: .tls(trustedTLS(network))))
        try await first.waitUntilReady(timeout: 15)
        first.model.requestLink(.rememberSTS(duration: 300), network: first.name)
        first.close()
        #expect(FileManager.default.contents(atPath: policies).map { String(decoding: $0, as: UTF8.self) }?.contains("\(network.tlsPort)") == true)

        // The next run is configured for plaintext: it goes to the TLS port instead, at once.
        let second = LiveClient(configuration: SessionConfiguration(nick: "natterSTS2", user: "n", realName: "n"),
                                stsPolicies: policies)
        defer { second.close() }
        second.hub.stsTLSOptions = trustedTLS(network)
        second.connect(port: network.clientPort)
        try await second.waitUntilReady(timeout: 15)
        #expect(second.network.link == .connected(warning: ""))
        #expect(!second.serverBuffer.lines.contains { $0.text.hasPrefix("Connecting to 127.0.0.1:\(network.clientPort)") })

        // Even told not to check certificates, a host under a policy gets its certificate
        // checked: the self-signed one, untrusted here, is refused, and nothing falls back.
        let third = LiveClient(configuration: SessionConfiguration(nick: "natterSTS3", user: "n", realName: "n"),
                               stsPolicies: policies)
        defer { third.close() }
        third.connect(IRCServerEndpoint(host: "127.0.0.1", port: Int(network.tlsPort),
                                        security: .tls(IRCTLSOptions(verifiesCertificate: false))))
        try await third.pump("the refused certificate", timeout: 15) {
            third.serverBuffer.lines.contains { $0.text.hasPrefix("The server's TLS certificate was rejected") }
        }
        try await third.pump(for: 0.5)
        #expect(third.session.state.phase == .disconnected)
        #expect(!third.serverBuffer.lines.contains { $0.text.hasPrefix("Connected") })
    }
}

@testable import Connections
import IRCProtocol
import IRCTransport
import Testing

/// What the server buffer says when a link goes down: the session only learns that it is gone
/// (and nothing at all when it never came up, as with a rejected certificate).
@Suite struct NetworkHubTests {
    @Test func aRejectedCertificateIsAnErrorThatNamesTheOptOut() throws {
        let row = try #require(NetworkHub.describe(.certificateRejected("certificate verify failed")))
        #expect(row.isError)
        #expect(row.text.contains("certificate verify failed"))
        #expect(row.text.contains("turn off certificate verification"))
    }

    @Test func failuresAreErrorsAndADeliberateCloseIsNot() throws {
        #expect(NetworkHub.describe(.connectFailed("refused"))?.isError == true)
        #expect(NetworkHub.describe(.tlsFailed("bad record"))?.isError == true)
        #expect(NetworkHub.describe(.closedByServer)?.isError == true)
        #expect(NetworkHub.describe(.failed("reset"))?.text.contains("reset") == true)
        #expect(NetworkHub.describe(.closedByOwner("reconnecting"))?.isError == false)
        #expect(NetworkHub.describe(.stopped) == nil)
    }

    @Test func plainTextAndUnverifiedTLSAreWarnedAboutDifferently() {
        #expect(NetworkHub.insecurityWarning(.plaintext)?.contains("without TLS") == true)
        #expect(NetworkHub.insecurityWarning(.tls(IRCTLSOptions(verifiesCertificate: false)))
            == "Connected WITHOUT checking the server's TLS certificate (insecure)")
        #expect(NetworkHub.insecurityWarning(.tls(IRCTLSOptions())) == nil)
    }
}

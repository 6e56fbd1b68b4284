import IRCTransport
@testable import NatterApp
import Testing

/// What the server buffer says when a link goes down: the session only learns that it is gone
/// (and nothing at all when it never came up, as with a rejected certificate).
@Suite struct ConnectionsTests {
    @Test func aRejectedCertificateIsAnErrorThatNamesTheOptOut() throws {
        let row = try #require(Connections.describe(.certificateRejected("certificate verify failed")))
        #expect(row.isError)
        #expect(row.text.contains("certificate verify failed"))
        #expect(row.text.contains("turn off certificate verification"))
    }

    @Test func failuresAreErrorsAndADeliberateCloseIsNot() throws {
        #expect(Connections.describe(.connectFailed("refused"))?.isError == true)
        #expect(Connections.describe(.tlsFailed("bad record"))?.isError == true)
        #expect(Connections.describe(.closedByServer)?.isError == true)
        #expect(Connections.describe(.failed("reset"))?.text.contains("reset") == true)
        #expect(Connections.describe(.closedByOwner("reconnecting"))?.isError == false)
        #expect(Connections.describe(.stopped) == nil)
    }

    @Test func plainTextAndUnverifiedTLSAreWarnedAboutDifferently() {
        #expect(Connections.insecurityWarning(.plaintext)?.contains("without TLS") == true)
        #expect(Connections.insecurityWarning(.tls(IRCTLSOptions(verifiesCertificate: false)))
            == "Connected WITHOUT checking the server's TLS certificate (insecure)")
        #expect(Connections.insecurityWarning(.tls(IRCTLSOptions())) == nil)
    }
}

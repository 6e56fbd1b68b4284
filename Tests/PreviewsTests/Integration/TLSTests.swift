import ChatModel
import Foundation
import NIOSSL
@testable import Previews
import Testing

/// HTTPS: certificates are verified, for the host's name, even though the connection goes to
/// the address checked here (the client is told that address, not asked to look it up).
struct TLSTests {
    /// A CA and a certificate it signed for localhost and 127.0.0.1, made with openssl.
    static func certificates() throws -> (ca: String, certificate: String, key: String) {
        let folder = Fixture.temporaryFolder()
        let steps = [
            "openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -keyout ca.key -out ca.pem -days 2 -subj '/CN=Natter test CA'",
            "openssl req -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -keyout server.key -out server.csr -subj '/CN=localhost'",
            "printf 'subjectAltName=DNS:localhost,IP:127.0.0.1\\n' > san.ext",
            "openssl x509 -req -in server.csr -CA ca.pem -CAkey ca.key -CAcreateserial -out server.pem -days 2 -extfile san.ext",
        ]
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "cd '\(folder)' && " + steps.joined(separator: " && ")]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw TestFailure("openssl failed (make test installs it)") }
        return (folder + "/ca.pem", folder + "/server.pem", folder + "/server.key")
    }

    @Test func aServerOurCAVouchesForIsFetched() throws {
        let files = try Self.certificates()
        let server = try WebServer(tls: (files.certificate, files.key))
        var tls = TLSConfiguration.makeClientConfiguration()
        tls.trustRoots = .certificates(try NIOSSLCertificate.fromPEMFile(files.ca))
        let harness = Harness(limits: Harness.limits(allowing: [server.endpoint]), tls: tls)
        let outcome = try #require(harness.fetch(server.url("/page")))
        #expect(outcome.preview?.title == "A page", "\(outcome.reason ?? "")")
        #expect(outcome.preview?.thumbnail?.imageURL == server.url("/img/sample.png"))
    }

    /// The system's trust does not know the test CA: refused in the handshake, no request made.
    @Test func anUnknownCertificateIsRefused() throws {
        let files = try Self.certificates()
        let server = try WebServer(tls: (files.certificate, files.key))
        let harness = Harness(limits: Harness.limits(allowing: [server.endpoint]))
        let outcome = try #require(harness.fetch(server.url("/page")))
        #expect(outcome.preview == nil)
        #expect(outcome.reason?.lowercased().contains("certificate") == true, "\(outcome.reason ?? "")")
        #expect(server.stats().paths.isEmpty)
    }
}

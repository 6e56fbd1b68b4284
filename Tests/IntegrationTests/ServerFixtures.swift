import IRCTestServers
import Testing

/// The InspIRCd network a suite shares, started once by a scoping trait and stopped after the
/// suite's last test (also when a test fails). Test targets cannot import each other: this
/// mirrors IRCTransportTests' fixtures.
enum Fixtures {
    @TaskLocal static var inspircd: InspIRCdNetwork?

    static func network() throws -> InspIRCdNetwork {
        try #require(inspircd, "the suite needs the .inspircd trait")
    }
}

/// Starts InspIRCd (with or without atheme) for one suite.
struct InspIRCdScope: SuiteTrait, TestScoping {
    let services: Bool

    func provideScope(for test: Test, testCase: Test.Case?,
                      performing function: @Sendable () async throws -> Void) async throws {
        let network = try InspIRCdNetwork(services: services)
        defer { network.stop() }
        try await Fixtures.$inspircd.withValue(network) { try await function() }
    }
}

extension Trait where Self == InspIRCdScope {
    /// InspIRCd linked to atheme (NickServ, SaslServ).
    static var inspircdWithServices: Self { InspIRCdScope(services: true) }
    /// InspIRCd alone.
    static var inspircd: Self { InspIRCdScope(services: false) }
}

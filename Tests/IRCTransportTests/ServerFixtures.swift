import IRCTestServers
import Testing

/// The servers a suite shares, started once for the suite by a scoping trait and stopped after
/// its last test (also when a test fails).
enum Fixtures {
    @TaskLocal static var inspircd: InspIRCdNetwork?
    @TaskLocal static var ngircd: NgircdServer?

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

/// Starts ngIRCd for one suite.
struct NgircdScope: SuiteTrait, TestScoping {
    func provideScope(for test: Test, testCase: Test.Case?,
                      performing function: @Sendable () async throws -> Void) async throws {
        let server = try NgircdServer()
        defer { server.stop() }
        try await Fixtures.$ngircd.withValue(server) { try await function() }
    }
}

extension Trait where Self == InspIRCdScope {
    /// InspIRCd linked to atheme (NickServ, SaslServ).
    static var inspircdWithServices: Self { InspIRCdScope(services: true) }
    /// InspIRCd alone.
    static var inspircd: Self { InspIRCdScope(services: false) }
}

extension Trait where Self == NgircdScope {
    static var ngircd: Self { NgircdScope() }
}

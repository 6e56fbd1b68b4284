import IRCTestServers
import Testing

/// The servers a suite shares, started once for the suite by a scoping trait and stopped after
/// its last test (also when a test fails). Shared by the transport and integration tests.
public enum Fixtures {
    @TaskLocal public static var inspircd: InspIRCdNetwork?
    @TaskLocal public static var ngircd: NgircdServer?

    public static func network() throws -> InspIRCdNetwork {
        try #require(inspircd, "the suite needs the .inspircd trait")
    }
}

/// Starts InspIRCd (with or without atheme) for one suite.
public struct InspIRCdScope: SuiteTrait, TestScoping {
    let services: Bool

    public func provideScope(for test: Test, testCase: Test.Case?,
                      performing function: @Sendable () async throws -> Void) async throws {
        let network = try InspIRCdNetwork(services: services)
        defer { network.stop() }
        try await Fixtures.$inspircd.withValue(network) { try await function() }
    }
}

/// Starts ngIRCd for one suite.
public struct NgircdScope: SuiteTrait, TestScoping {
    public func provideScope(for test: Test, testCase: Test.Case?,
                      performing function: @Sendable () async throws -> Void) async throws {
        let server = try NgircdServer()
        defer { server.stop() }
        try await Fixtures.$ngircd.withValue(server) { try await function() }
    }
}

extension Trait where Self == InspIRCdScope {
    /// InspIRCd linked to atheme (NickServ, SaslServ).
    public static var inspircdWithServices: Self { InspIRCdScope(services: true) }
    /// InspIRCd alone.
    public static var inspircd: Self { InspIRCdScope(services: false) }
}

extension Trait where Self == NgircdScope {
    public static var ngircd: Self { NgircdScope() }
}

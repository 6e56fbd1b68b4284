import Foundation

/// A test failure with a message.
public struct TestFailure: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// The `natter` executable built next to the test binary (or `NATTER_BIN`).
public func natterExecutable() throws -> String {
    if let explicit = ProcessInfo.processInfo.environment["NATTER_BIN"] { return explicit }
    let testBinary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    var folder = testBinary.deletingLastPathComponent()
    // The test binary may sit inside a bundle folder (…/NatterPackageTests.xctest/…).
    for _ in 0..<4 {
        let candidate = folder.appendingPathComponent("natter").path
        if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        folder = folder.deletingLastPathComponent()
    }
    throw TestFailure("no natter executable next to \(testBinary.path); build it first (make test does) or set NATTER_BIN")
}

import Foundation
import NatterTestSupport

/// Where the render tests find their inputs and put their outputs.
enum RenderPaths {
    /// Tests/RenderTests.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let scenarios = root.appendingPathComponent("Scenarios")
    static let goldens = root.appendingPathComponent("Goldens")
    /// The package's folder (two levels above Tests/RenderTests).
    static let package = root.deletingLastPathComponent().deletingLastPathComponent()
    /// Failure artifacts: test-artifacts/render/SCENARIO/ (gitignored).
    static let artifacts = package.appendingPathComponent("test-artifacts/render")

    /// Files in Scenarios whose names end with `suffix`, without it, sorted.
    static func scenarioNames(endingWith suffix: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: scenarios.path)) ?? []
        return names.filter { $0.hasSuffix(suffix) }.map { String($0.dropLast(suffix.count)) }.sorted()
    }
}

/// Runs `natter render SCENARIO --out OUT` with no display; returns its exit status and
/// standard error. Stops it after `timeout` seconds.
func runNatterRender(scenario: URL, out: URL, timeout: Double = 120) throws -> (status: Int32, errors: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try natterExecutable())
    process.arguments = ["render", scenario.path, "--out", out.path]
    var environment = ProcessInfo.processInfo.environment
    environment["DISPLAY"] = nil
    environment["WAYLAND_DISPLAY"] = nil
    process.environment = environment
    try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
    let errorsFile = out.appendingPathComponent("natter.stderr")
    guard FileManager.default.createFile(atPath: errorsFile.path, contents: nil) else {
        throw TestFailure("cannot create \(errorsFile.path)")
    }
    let errorsHandle = try FileHandle(forWritingTo: errorsFile)
    defer { try? errorsHandle.close() }
    process.standardError = errorsHandle
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    let deadline = Date().addingTimeInterval(timeout)
    while process.isRunning {
        if Date() >= deadline {
            process.terminate()
            process.waitUntilExit()
            throw TestFailure("natter render \(scenario.lastPathComponent) did not finish within \(Int(timeout)) s")
        }
        Thread.sleep(forTimeInterval: 0.01)
    }
    let errors = (try? String(contentsOf: errorsFile, encoding: .utf8)) ?? ""
    try? FileManager.default.removeItem(at: errorsFile)
    return (process.terminationStatus, errors)
}

import Foundation
import IRCTestServers

/// Runs a tool (xdotool, ImageMagick) to completion in `environment` and returns its standard
/// output.
public func runTool(_ path: String, _ arguments: [String], environment: [String: String]) throws -> String {
    let child = try ChildProcess(path, arguments, environment: environment, captureOutput: true)
    let data = child.output?.readDataToEndOfFile() ?? Data()
    child.waitForExit(seconds: 10)
    return String(decoding: data, as: UTF8.self)
}

/// The full path of `name` on PATH, or nil.
public func findExecutable(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for folder in path.split(separator: ":") {
        let candidate = "\(folder)/\(name)"
        if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
}

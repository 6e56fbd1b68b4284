import Foundation
import IRCTestServers

/// Runs a tool (xdotool, ImageMagick) to completion in `environment` and returns its standard
/// output.
func runTool(_ path: String, _ arguments: [String], environment: [String: String]) throws -> String {
    let child = try ChildProcess(path, arguments, environment: environment, captureOutput: true)
    let data = child.output?.readDataToEndOfFile() ?? Data()
    child.waitForExit(seconds: 10)
    return String(decoding: data, as: UTF8.self)
}

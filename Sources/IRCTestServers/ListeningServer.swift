import Foundation

extension ChildProcess {
    /// Starts `executable` (a server of the tests), its output in `logPath`, and waits until it
    /// listens on `port`: an error naming `name` and quoting its output when it exits first or
    /// does not listen within `readyTimeout` seconds (the process is stopped then).
    static func startListening(_ name: String, _ executable: String, _ arguments: [String], logPath: String,
                               port: UInt16, readyTimeout: Double) throws -> ChildProcess {
        let process = try ChildProcess(executable, arguments, logPath: logPath, outlivesNoTestRunner: true)
        let deadline = Date().addingTimeInterval(readyTimeout)
        func log() -> String { (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "" }
        while !LoopbackPorts.isListening(port) {
            guard process.isRunning else { throw TestServerError("\(name) exited: \(log())") }
            guard Date() < deadline else {
                process.stop()
                throw TestServerError("\(name) not listening: \(log())")
            }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return process
    }
}

/// Removes a test server's folder, unless NATTER_KEEP_SERVER_DIRS asks to keep it to look at.
func removeServerDirectory(_ directory: URL) {
    if ProcessInfo.processInfo.environment["NATTER_KEEP_SERVER_DIRS"] == nil {
        try? FileManager.default.removeItem(at: directory)
    }
}

import Foundation
import Testing

/// Starts the real `natter` binary under a private Xvfb and checks the window loop: it shows
/// a window titled "Natter", uses no CPU while idle, and quits cleanly on SIGTERM, SIGINT
/// and Ctrl+Q.
@Suite(.serialized)
struct WindowLoopTests {
    @Test func idleWindowUsesUnderTwoPercentOfOneCore() throws {
        let x = try XvfbSession()
        defer { x.stop() }
        let app = try ChildProcess(try natterExecutable(), [], environment: x.environment())
        defer { app.stop() }
        try waitForWindow(x)
        Thread.sleep(forTimeInterval: 0.5)
        let before = try cpuSeconds(pid: app.pid)
        Thread.sleep(forTimeInterval: 3)
        let after = try cpuSeconds(pid: app.pid)
        let share = (after - before) / 3
        #expect(share < 0.02, "idle window used \(share * 100)% of one core over 3 s")
        #expect(app.isRunning)
    }

    @Test(arguments: [SIGTERM, SIGINT])
    func signalQuitsCleanly(signal: Int32) throws {
        let x = try XvfbSession()
        defer { x.stop() }
        let app = try ChildProcess(try natterExecutable(), [], environment: x.environment())
        defer { app.stop() }
        try waitForWindow(x)
        app.signal(signal)
        #expect(app.waitForExit(seconds: 5), "natter did not quit on signal \(signal)")
        #expect(app.exitStatus == 0, "natter ended with status \(String(describing: app.exitStatus)), signal \(String(describing: app.exitSignal))")
    }

    @Test func ctrlQQuits() throws {
        let x = try XvfbSession()
        defer { x.stop() }
        let app = try ChildProcess(try natterExecutable(), [], environment: x.environment())
        defer { app.stop() }
        let window = try waitForWindow(x)
        _ = try runTool(try xdotool(), ["windowfocus", "--sync", window, "key", "ctrl+q"], environment: x.environment())
        #expect(app.waitForExit(seconds: 5), "natter did not quit on Ctrl+Q")
        #expect(app.exitStatus == 0)
    }

    @Test func withoutADisplayItSaysSoAndFails() throws {
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = nil
        env["WAYLAND_DISPLAY"] = nil
        env["SDL_VIDEODRIVER"] = nil
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try natterExecutable())
        process.environment = env
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus != 0)
        #expect(message.contains("no display"), "stderr was: \(message)")
    }

    // MARK: - Helpers

    private func xdotool() throws -> String {
        guard let path = findExecutable("xdotool") else {
            throw TestFailure("xdotool is not installed (make test installs it)")
        }
        return path
    }

    /// Waits until a window titled exactly "Natter" exists and returns its id.
    @discardableResult
    private func waitForWindow(_ x: XvfbSession) throws -> String {
        let tool = try xdotool()
        let deadline = Date().addingTimeInterval(15)
        while Date() < deadline {
            let found = try runTool(tool, ["search", "--name", "^Natter$"], environment: x.environment())
            if let id = found.split(separator: "\n").first { return String(id) }
            Thread.sleep(forTimeInterval: 0.1)
        }
        throw TestFailure("no window titled Natter appeared on \(x.display) within 15 s")
    }
}

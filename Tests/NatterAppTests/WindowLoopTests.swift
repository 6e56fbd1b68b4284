import Foundation
import Testing
import IRCTestServers
import NatterTestSupport

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
        try x.waitForNatterWindow()
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
        try x.waitForNatterWindow()
        app.signal(signal)
        #expect(app.waitForExit(seconds: 5), "natter did not quit on signal \(signal)")
        #expect(app.exitStatus == 0, "natter ended with status \(String(describing: app.exitStatus)), signal \(String(describing: app.exitSignal))")
    }

    @Test func ctrlQQuits() throws {
        let x = try XvfbSession()
        defer { x.stop() }
        let app = try ChildProcess(try natterExecutable(), [], environment: x.environment())
        defer { app.stop() }
        let window = try x.waitForNatterWindow()
        _ = try runTool(try XvfbSession.xdotool(), ["windowfocus", "--sync", window, "key", "ctrl+q"], environment: x.environment())
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


}

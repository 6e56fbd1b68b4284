import Foundation
import IRCTestServers
import NatterTestSupport
import Testing

/// The real `natter` follows the desktop's light or dark preference from the portal (a
/// scripted one on a private bus), at start and live.
@Suite(.serialized)
struct ThemeWindowTests {
    @Test(.timeLimit(.minutes(1)))
    func theWindowFollowsThePortal() throws {
        let x = try XvfbSession()
        defer { x.stop() }
        let bus = try PrivateSessionBus()
        defer { bus.stop() }
        let portal = try FakePortal(bus: bus, scheme: 2)
        defer { portal.stop() }
        var env = x.environment()
        env["DBUS_SESSION_BUS_ADDRESS"] = bus.address
        env["GTK_THEME"] = nil
        let config = env["XDG_CONFIG_HOME"]! + "/natter"
        try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
        // A network nobody answers at: the chat screen, no traffic.
        try "[[networks]]\nname = \"Local\"\nhost = \"127.0.0.1\"\nport = 9\ntls = false\nnick = \"me\"\n"
            .write(toFile: config + "/config.toml", atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: config + "/config.toml") }
        try? FileManager.default.removeItem(atPath: env["XDG_STATE_HOME"]! + "/natter/window.json")

        let app = try ChildProcess(try natterExecutable(), ["--window-size", "1000x700"], environment: env)
        defer { app.stop() }
        try x.waitForNatterWindow()
        // The middle of the screen is the message list's background.
        #expect(try waitForCentre(x, env, toBe: "srgb(255,255,255)"), "not light at start")
        try portal.set(1)
        #expect(try waitForCentre(x, env, toBe: "srgb(30,31,34)"), "did not turn dark")
        try portal.set(2)
        #expect(try waitForCentre(x, env, toBe: "srgb(255,255,255)"), "did not turn light again")
    }

    private func waitForCentre(_ x: XvfbSession, _ env: [String: String], toBe expected: String) throws -> Bool {
        guard let importTool = findExecutable("import"), let convert = findExecutable("convert") else {
            throw TestFailure("ImageMagick is not installed (make test installs it)")
        }
        let shot = FileManager.default.temporaryDirectory.appendingPathComponent("natter-theme-\(UUID().uuidString).png").path
        defer { try? FileManager.default.removeItem(atPath: shot) }
        let deadline = Date().addingTimeInterval(5)
        var pixel = ""
        while Date() < deadline {
            _ = try runTool(importTool, ["-window", "root", shot], environment: env)
            pixel = try runTool(convert, [shot, "-format", "%[pixel:p{640,400}]", "info:"], environment: env)
            if pixel == expected { return true }
            Thread.sleep(forTimeInterval: 0.1)
        }
        Issue.record("the centre pixel is \(pixel)")
        return false
    }
}

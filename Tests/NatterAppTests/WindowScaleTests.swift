import CX11
import Foundation
import IRCTestServers
import NatterTestSupport
import SDLBackend
import Testing

/// The real `natter` window under a private Xvfb draws at the scale the desktop publishes (the
/// X resource `Xft.dpi`, `GDK_SCALE`) or the config sets, and keeps the user's zoom.
@Suite(.serialized)
struct WindowScaleTests {
    @Test func xftDpiInTheResourceDatabaseScalesTheWindow() throws {
        let x = try XvfbSession()
        defer { x.stop() }
        try setResources("Xft.dpi:\t144\nXft.antialias:\t1\n", on: x)
        #expect(XResources.read(display: x.display).flatMap { DesktopScale.value(of: "Xft.dpi", in: $0) } == "144")
        #expect(try firstFrameScale(x) == 1.5)
    }

    /// What the user sees, measured on the screen: the first-run form is
    /// 1.5 times as wide under Xft.dpi 144 as with nothing published.
    @Test func theFormOnScreenIsDrawnLarger() throws {
        let x = try XvfbSession()
        defer { x.stop() }
        let plain = try contentWidth(x)
        try setResources("Xft.dpi:\t144\n", on: x)
        let scaled = try contentWidth(x)
        #expect(plain >= 400 && abs(Double(scaled) / Double(plain) - 1.5) < 0.01, "\(plain) px, then \(scaled) px")
    }

    @Test func gdkScaleWinsOverXftDpiAndTheConfigWinsOverBoth() throws {
        let x = try XvfbSession()
        defer { x.stop() }
        try setResources("Xft.dpi:\t144\n", on: x)
        #expect(try firstFrameScale(x, environment: ["GDK_SCALE": "2"]) == 2)
        try writeConfig("[display]\nscale = 1.25\n", x)
        defer { try? FileManager.default.removeItem(atPath: configPath(x)) }
        #expect(try firstFrameScale(x, environment: ["GDK_SCALE": "2"]) == 1.25)
    }

    @Test func withoutAnythingPublishedTheScaleIsOne() throws {
        let x = try XvfbSession()
        defer { x.stop() }
        #expect(try firstFrameScale(x) == 1)
    }

    /// Ctrl+= zooms the window (the welcome screen here: zoom works on every screen), and the
    /// zoom is kept for the next start, on top of the desktop's scale.
    @Test func ctrlEqualsZoomsAndTheZoomIsKept() throws {
        let x = try XvfbSession()
        defer { x.stop() }
        try setResources("Xft.dpi:\t120\n", on: x)
        let state = statePath(x)
        try? FileManager.default.removeItem(atPath: state)
        defer { try? FileManager.default.removeItem(atPath: state) }
        let app = try ChildProcess(try natterExecutable(), [], environment: x.environment())
        defer { app.stop() }
        let window = try x.waitForNatterWindow()
        _ = try runTool(try XvfbSession.xdotool(), ["windowfocus", "--sync", window, "key", "ctrl+equal", "ctrl+equal", "ctrl+minus",
                                                    "ctrl+q"], environment: x.environment())
        #expect(app.waitForExit(seconds: 5), "natter did not quit on Ctrl+Q")
        let saved = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: state))) as? [String: Any]
        #expect(saved?["zoom"] as? Double == 1.1)
        // 1.25 (Xft.dpi 120) × 1.1.
        #expect(try firstFrameScale(x, keepingState: true) == 1.25 * 1.1)
    }

    // MARK: - Helpers

    /// Sets the root window's RESOURCE_MANAGER property, as `xrdb` and settings daemons do.
    private func setResources(_ text: String, on x: XvfbSession) throws {
        guard let display = XOpenDisplay(x.display) else { throw TestFailure("cannot open \(x.display)") }
        defer { XCloseDisplay(display) }   // flushes the request
        let bytes = Array(text.utf8)
        _ = XChangeProperty(display, XDefaultRootWindow(display), XInternAtom(display, "RESOURCE_MANAGER", 0),
                            XInternAtom(display, "STRING", 0), 8, PropModeReplace, bytes, Int32(bytes.count))
    }

    /// The window state the session's natter keeps (display numbers, and so these folders,
    /// are reused by later sessions).
    private func statePath(_ x: XvfbSession) -> String { x.environment()["XDG_STATE_HOME"]! + "/natter/window.json" }

    private func configPath(_ x: XvfbSession) -> String { x.environment()["XDG_CONFIG_HOME"]! + "/natter/config.toml" }

    private func writeConfig(_ text: String, _ x: XvfbSession) throws {
        let path = configPath(x)
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    /// Starts natter (1100×720 window units, centred on the 1280×800 screen), waits for its first
    /// frame, and returns the width of what it drew: the screenshot of the window cropped to
    /// everything that is not the background.
    private func contentWidth(_ x: XvfbSession) throws -> Int {
        guard let importTool = findExecutable("import"), let convert = findExecutable("convert") else {
            throw TestFailure("ImageMagick is not installed (make test installs it)")
        }
        try? FileManager.default.removeItem(atPath: statePath(x))
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("natter-width-\(UUID().uuidString).log").path
        let shot = log + ".png"
        defer { try? FileManager.default.removeItem(atPath: log); try? FileManager.default.removeItem(atPath: shot) }
        var env = x.environment()
        env["NATTER_REPORT_FIRST_FRAME"] = "1"
        let app = try ChildProcess(try natterExecutable(), ["--window-size", "1100x720"], environment: env, logPath: log)
        defer { app.stop() }
        let deadline = Date().addingTimeInterval(15)
        while (try? String(contentsOfFile: log, encoding: .utf8))?.contains("first frame") != true {
            guard Date() < deadline else { throw TestFailure("natter drew no first frame") }
            Thread.sleep(forTimeInterval: 0.05)
        }
        Thread.sleep(forTimeInterval: 0.3)
        _ = try runTool(importTool, ["-window", "root", shot], environment: env)
        // The window's inside, less a margin (its edges), trimmed to what differs from the background.
        let geometry = try runTool(convert, [shot, "-crop", "1080x700+100+50", "+repage", "-fuzz", "3%", "-trim", "-format", "%w", "info:"],
                                   environment: env)
        return Int(geometry.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
    }

    /// Starts natter, waits for its first frame and returns the scale it reports drawing at.
    private func firstFrameScale(_ x: XvfbSession, environment: [String: String] = [:], keepingState: Bool = false) throws -> Double? {
        if !keepingState { try? FileManager.default.removeItem(atPath: statePath(x)) }
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("natter-scale-\(UUID().uuidString).log").path
        defer { try? FileManager.default.removeItem(atPath: log) }
        var env = x.environment()
        env["NATTER_REPORT_FIRST_FRAME"] = "1"
        for (key, value) in environment { env[key] = value }
        let app = try ChildProcess(try natterExecutable(), [], environment: env, logPath: log)
        defer { app.stop() }
        let deadline = Date().addingTimeInterval(15)
        while Date() < deadline {
            let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            if let line = text.split(separator: "\n").first(where: { $0.contains("first frame at scale ") }) {
                return Double(line.split(separator: " ").last ?? "")
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw TestFailure("natter reported no first frame; its stderr: \((try? String(contentsOfFile: log, encoding: .utf8)) ?? "")")
    }
}

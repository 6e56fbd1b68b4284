import CX11
import Foundation
import IRCProtocol
import IRCTestServers
import NatterTestSupport
import Testing

/// A private message to the real `natter` while its window is not focused becomes a desktop
/// notification (dunst on a private bus), and its "Open" brings the window to that query.
@Suite(.serialized)
struct NotificationWindowTests {
    @Test(.timeLimit(.minutes(1)))
    func aPrivateMessageNotifiesAndOpenShowsTheQuery() throws {
        let server = try InspIRCdNetwork(services: false)
        defer { server.stop() }
        let x = try XvfbSession()
        defer { x.stop() }
        let bus = try PrivateSessionBus()
        defer { bus.stop() }
        let dunst = try DunstServer(display: x.display, bus: bus)
        defer { dunst.stop() }
        let peer = try RawIRCClient(port: server.clientPort)
        defer { peer.close() }
        try peer.register(nick: "friend")
        try peer.send("MONITOR + ntf")

        var env = x.environment()
        env["DBUS_SESSION_BUS_ADDRESS"] = bus.address
        let config = env["XDG_CONFIG_HOME"]! + "/natter"
        try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
        try "[[networks]]\nname = \"Local\"\nhost = \"127.0.0.1\"\nport = \(server.clientPort)\ntls = false\nnick = \"ntf\"\n"
            .write(toFile: config + "/config.toml", atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: config + "/config.toml") }
        let state = env["XDG_STATE_HOME"]! + "/natter/window.json"
        try? FileManager.default.removeItem(atPath: state)
        defer { try? FileManager.default.removeItem(atPath: state) }

        let app = try ChildProcess(try natterExecutable(), [], environment: env)
        defer { app.stop() }
        let window = try x.waitForNatterWindow()
        try peer.waitFor(timeout: 10, "natter online (730)") { $0.command == "730" }
        // The user is elsewhere: the focus goes to the root window (a focused window does not
        // notify).
        let display = try #require(XOpenDisplay(x.display))
        XSetInputFocus(display, XDefaultRootWindow(display), Int32(RevertToPointerRoot), Time(CurrentTime))
        XCloseDisplay(display)
        Thread.sleep(forTimeInterval: 0.3)
        try peer.send("PRIVMSG ntf :are you there?")
        let deadline = Date().addingTimeInterval(10)
        while !dunst.shown().contains(where: { $0.summary.contains("friend") }), Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        let shown = try #require(dunst.shown().first { $0.summary.contains("friend") }, "no notification: \(dunst.shown())")
        #expect(shown.app == "Natter" && shown.body.contains("are you there?"))

        try dunst.control(["action", "0"])
        // Quit and read which buffer was open: the query Open showed.
        Thread.sleep(forTimeInterval: 0.5)
        _ = try runTool(try XvfbSession.xdotool(), ["windowfocus", "--sync", window, "key", "ctrl+q"], environment: env)
        #expect(app.waitForExit(seconds: 5))
        let saved = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: state))) as? [String: Any]
        #expect(saved?["buffer"] as? String == "Local/friend")
    }
}

import Foundation
import IRCProtocol
import IRCTestServers
import NatterTestSupport
import Testing

/// Issue 34's freeze test: scripts run on the window's thread, so a message hook that never
/// ends, or one that allocates without end, would hang the window for good were it not for
/// their bounds. Two such scripts are loaded at start from the autoload folder; a peer's
/// messages set them off. The window keeps drawing (what is typed afterwards appears and is
/// said, and a later message changes the screen), each script is stopped, then unloaded at
/// its third stop with lines in the server buffer, and the chat goes on.
@Suite(.serialized)
struct ScriptFreezeWindowTests {
    @Test(.timeLimit(.minutes(2))) func scriptsThatNeverEndOrEatMemoryDoNotFreezeTheWindow() throws {
        let (server, peer) = try serverWithPeer(joining: ["#freeze"])
        defer { server.stop() }
        defer { peer.close() }
        let x = try XvfbSession()
        defer { x.stop() }
        let env = x.environment()
        try x.writeConfig("""
            [[networks]]
            name = "Freeze"
            host = "127.0.0.1"
            port = \(server.clientPort)
            tls = false
            nick = "frozen"
            channels = ["#freeze"]

            """)
        let autoload = env["XDG_DATA_HOME"]! + "/natter/scripts/autoload"
        try FileManager.default.createDirectory(atPath: autoload, withIntermediateDirectories: true)
        try """
            -- name: spin
            natter.on_message(function(m) while true do end end)
            """.write(toFile: autoload + "/spin.lua", atomically: true, encoding: .utf8)
        // 1 MiB strings: the memory bound (64 MiB) is met long before the time budget.
        try """
            -- name: hog
            natter.on_message(function(m)
              local t = {}
              while true do t[#t + 1] = string.rep("x", 1 << 20) end
            end)
            """.write(toFile: autoload + "/hog.lua", atomically: true, encoding: .utf8)

        let app = try ChildProcess(try natterExecutable(), ["--window-size", "1000x700"], environment: env)
        defer { app.stop() }
        let window = try x.waitForNatterWindow()
        try peer.waitFor(timeout: 10, "natter's JOIN") { $0.command == "JOIN" && $0.parsedSource?.nick == "frozen" }
        let data = URL(fileURLWithPath: env["XDG_DATA_HOME"]!)
        // The channel is shown once its names came: the peer's line proves natter has them (it
        // sets both scripts off a first time).
        try peer.send("PRIVMSG #freeze :first")
        _ = try waitForLog(data, containing: "script spin stopped by its time bound (1 of 3)")
        // The hog meets its memory bound, or its time bound first when filling 64 MiB of fresh
        // pages takes longer than 50 ms (a loaded machine): either stops it.
        _ = try waitForLog(data, containing: "script hog stopped by its", and: "(1 of 3)")

        // Two more: each script's third stop unloads it.
        try peer.send("PRIVMSG #freeze :second")
        try peer.send("PRIVMSG #freeze :third")
        for script in ["spin", "hog"] {
            _ = try waitForLog(data, containing: "script \(script) stopped by its", and: "(2 of 3)")
            let unloaded = try waitForLog(data, containing: "script \(script) unloaded: stopped 3 times by its")
            #expect(unloaded.contains("!!! "), "not an error row: \(unloaded)")
        }
        #expect(logLines(data, containing: "script spin unloaded: stopped 3 times by its time bound").count == 1)

        // The window draws: typed text appears and is said.
        try x.type(window, "still drawing")
        try x.key(window, "Return")
        let typed = try peer.waitFor(timeout: 10, "the line typed after the scripts were stopped") {
            $0.command == "PRIVMSG" && $0.parsedSource?.nick == "frozen"
        }
        #expect(typed.parameters == ["#freeze", "still drawing"])

        // The chat goes on: a later message is shown (the screen changes) and logged, and no
        // script stops again (both are gone).
        Thread.sleep(forTimeInterval: 0.5)   // the line typed drawn
        let before = try messagePixels(x, window: window)
        try peer.send("PRIVMSG #freeze :the chat goes on")
        _ = try waitForLog(data, containing: "the chat goes on")
        var after = before
        let deadline = Date().addingTimeInterval(10)
        while after == before && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.1)
            after = try messagePixels(x, window: window)
        }
        #expect(after != before, "the messages did not change after a later message")
        #expect(logLines(data, containing: "stopped by its").count == 4, "\(logLines(data, containing: "stopped by its"))")
        #expect(logLines(data, containing: "unloaded: stopped 3 times").count == 2)
        #expect(app.isRunning)
    }

    /// The lines of the Freeze network's logs (any buffer, any day) that contain `text`.
    private func logLines(_ data: URL, containing text: String) -> [String] {
        let folder = data.appendingPathComponent("natter/logs/Freeze")
        let files = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []
        return files.filter { $0.hasSuffix(".log") }.sorted().flatMap { name in
            let content = (try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)) ?? ""
            return content.split(separator: "\n").filter { $0.contains(text) }.map(String.init)
        }
    }

    /// Waits (10 s at most) until a log line contains `text` (and `also`), and returns it.
    private func waitForLog(_ data: URL, containing text: String, and also: String = "") throws -> String {
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            if let line = logLines(data, containing: text).first(where: { also.isEmpty || $0.contains(also) }) { return line }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw TestFailure("no log line of Freeze contains \(text) within 10 s; the script lines: "
                          + logLines(data, containing: "script ").joined(separator: "\n"))
    }

    /// The window's pixels above its input line (whose caret blinks), as PPM bytes (no dates
    /// in them, unlike PNG's).
    private func messagePixels(_ x: XvfbSession, window: String) throws -> Data {
        guard let importTool = findExecutable("import") else {
            throw TestFailure("ImageMagick is not installed (make test installs it)")
        }
        let shot = FileManager.default.temporaryDirectory.appendingPathComponent("natter-freeze-\(UUID().uuidString).ppm").path
        defer { try? FileManager.default.removeItem(atPath: shot) }
        _ = try runTool(importTool, ["-window", window, "-crop", "1000x560+0+0", "ppm:" + shot], environment: x.environment())
        return try Data(contentsOf: URL(fileURLWithPath: shot))
    }
}

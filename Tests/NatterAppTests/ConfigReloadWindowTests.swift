import Foundation
import IRCProtocol
import IRCTestServers
import NatterTestSupport
import Testing

/// Live reload of config.toml in the real window (issue 33, point 3): edits saved while Natter
/// runs change the theme, start a network added and close one removed; a file with an error
/// is reported (status line, server buffer) and the running settings stay until it is fixed;
/// Natter's own writes to the file (a channel joined, `/server add`) wake a reload that does
/// nothing again; a network taken out with a conversation open is closed only when the user
/// says so; rebound keys work at once.
@Suite(.serialized)
struct ConfigReloadWindowTests {
    private static let dark = "srgb(30,31,34)", light = "srgb(255,255,255)"
    /// The themes' error colours (`ChatTheme.errorText`), for the status line's problem.
    private static let darkError: (UInt8, UInt8, UInt8) = (0xF2, 0x6B, 0x6F)
    private static let lightError: (UInt8, UInt8, UInt8) = (0xB3, 0x26, 0x1E)

    @Test(.timeLimit(.minutes(2))) func editsApplyWhileTheWindowRuns() throws {
        let server = try InspIRCdNetwork(services: false)
        defer { server.stop() }
        let peer = try RawIRCClient(port: server.clientPort)
        defer { peer.close() }
        try peer.register(nick: "peer")
        for channel in ["#reload", "#added", "#new"] { try peer.join(channel) }

        let x = try XvfbSession()
        defer { x.stop() }
        let env = x.environment()
        let folder = env["XDG_CONFIG_HOME"]! + "/natter"
        let file = folder + "/config.toml"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try? FileManager.default.removeItem(atPath: env["XDG_STATE_HOME"]! + "/natter/window.json")
        let first = """
            # Reloaded while Natter runs.
            [[networks]]
            name = "First"
            host = "127.0.0.1"
            port = \(server.clientPort)
            tls = false
            nick = "first"
            channels = ["#reload"]

            """
        let second = """
            [[networks]]
            name = "Second"
            host = "127.0.0.1"
            port = \(server.clientPort)
            tls = false
            nick = "second"
            channels = ["#added"]

            """
        try (first + "[theme]\nappearance = \"dark\"\n").write(toFile: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: file) }

        let app = try ChildProcess(try natterExecutable(), ["--window-size", "1000x700"], environment: env)
        defer { app.stop() }
        let window = try x.waitForNatterWindow()
        try peer.waitFor(timeout: 10, "First's JOIN") { $0.command == "JOIN" && $0.parsedSource?.nick == "first" }
        try waitForCentre(x, toBe: Self.dark)

        // A network added and the theme changed, saved by a rename (as most editors do).
        try (first + second + "[theme]\nappearance = \"light\"\n").write(toFile: file, atomically: true, encoding: .utf8)
        try peer.waitFor(timeout: 10, "the added network's JOIN") {
            $0.command == "JOIN" && $0.parsedSource?.nick == "second" && $0.parameters.first == "#added"
        }
        try waitForCentre(x, toBe: Self.light)
        #expect(try errorPixels(x, Self.lightError) == 0)

        // A mistake: said with its file, line and key; nothing of this version applies (Second
        // stays, the theme stays light).
        let bad = first + "[theme]\nappearance = \"purple\"\n"
        let line = try #require(bad.split(separator: "\n", omittingEmptySubsequences: false).firstIndex(of: "appearance = \"purple\"")) + 1
        try bad.write(toFile: file, atomically: false, encoding: .utf8)
        let data = URL(fileURLWithPath: env["XDG_DATA_HOME"]!)
        let said = try waitForLogLine(data: data, network: "First", containing: "config.toml:\(line): theme.appearance:")
        #expect(said.contains("!!! "), "not an error row: \(said)")
        try waitUntil("the status line shows the problem") { (try? errorPixels(x, Self.lightError)) ?? 0 > 20 }
        try waitForCentre(x, toBe: Self.light)

        // Mended, written in place: applied, and said once; Second is taken out and leaves.
        try (first + "[theme]\nappearance = \"dark\"\n").write(toFile: file, atomically: false, encoding: .utf8)
        _ = try waitForLogLine(data: data, network: "First", containing: "config.toml reads again: applied")
        let quit = try peer.waitFor(timeout: 10, "the removed network's QUIT") { $0.command == "QUIT" }
        #expect(quit.parsedSource?.nick == "second", "\(quit)")
        try waitForCentre(x, toBe: Self.dark)
        try waitUntil("the status line's problem is gone") { (try? errorPixels(x, Self.darkError)) == 0 }

        // Natter's own writes: a channel joined by hand and a network added with /server add
        // go into the file, and the reloads they wake join, part, start and stop nothing.
        try x.type(window, "/join #new")
        try x.key(window, "Return")
        try peer.waitFor(timeout: 10, "the JOIN of #new") { $0.command == "JOIN" && $0.parsedSource?.nick == "first" }
        try x.type(window, "/server add Third 127.0.0.1 \(server.clientPort) -notls -nick third -join #new")
        try x.key(window, "Return")
        try peer.waitFor(timeout: 10, "Third's JOIN") { $0.command == "JOIN" && $0.parsedSource?.nick == "third" }
        try waitUntil("the file has #new and Third") {
            let text = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
            return text.contains("\"#new\"") && text.contains("name = \"Third\"")
        }
        // One more edit of ours, seen applied: the reloads of Natter's writes came before it.
        let text = try String(contentsOfFile: file, encoding: .utf8)
        try text.replacingOccurrences(of: "appearance = \"dark\"", with: "appearance = \"light\"")
            .write(toFile: file, atomically: true, encoding: .utf8)
        try waitForCentre(x, toBe: Self.light)
        // Typed in Third's server buffer (shown by /server add): Third says it.
        try x.type(window, "/msg #new after the reloads")
        try x.key(window, "Return")
        var between: [IRCMessage] = []
        try peer.waitFor(timeout: 10, "the message after the reloads") { message in
            between.append(message)
            return message.command == "PRIVMSG" && message.parameters.last == "after the reloads"
        }
        let echoes = between.filter { ["JOIN", "PART", "QUIT", "NICK"].contains($0.command) }
        #expect(echoes.isEmpty, "a reload of Natter's own write did something: \(echoes)")
        // Nor was a link made again where the peer could not see it (before Third registered).
        for network in ["First", "Third"] {
            let connects = logLines(data: data, network: network, containing: "Connecting to 127.0.0.1")
            #expect(connects.count == 1, "\(network) connected \(connects.count) times: \(connects)")
        }

        // A login changed: that network alone connects again, with its new nick.
        try String(contentsOfFile: file, encoding: .utf8)
            .replacingOccurrences(of: "nick = \"third\"", with: "nick = \"fourth\"")
            .write(toFile: file, atomically: true, encoding: .utf8)
        let left = try peer.waitFor(timeout: 10, "Third's QUIT") { $0.command == "QUIT" }
        #expect(left.parsedSource?.nick == "third", "\(left)")
        try peer.waitFor(timeout: 10, "the JOIN with the new nick") {
            $0.command == "JOIN" && $0.parsedSource?.nick == "fourth"
        }

        // Taken out of the file with a conversation open: asked first. Escape keeps it.
        try x.type(window, "/query peer")
        try x.key(window, "Return")
        let kept = first.replacingOccurrences(of: "channels = [\"#reload\"]", with: "channels = [\"#reload\", \"#new\"]")
        try (kept + "[theme]\nappearance = \"light\"\n").write(toFile: file, atomically: true, encoding: .utf8)
        _ = try waitForLogLine(data: data, network: "Third", containing: "asking whether to close it")
        try x.key(window, "Escape")
        _ = try waitForLogLine(data: data, network: "Third", containing: "Third stays for this run")
        try x.type(window, "/msg #new still here")
        try x.key(window, "Return")
        let still = try peer.waitFor(timeout: 10, "the kept network's message") { $0.command == "PRIVMSG" || $0.command == "QUIT" }
        #expect(still.command == "PRIVMSG" && still.parsedSource?.nick == "fourth", "\(still)")
        // Back in the file (nothing to start: it runs), out again, asked again: Enter closes it.
        let third = "[[networks]]\nname = \"Third\"\nhost = \"127.0.0.1\"\nport = \(server.clientPort)\ntls = false\nnick = \"fourth\"\n"
            + "channels = [\"#new\"]\nrealname = \"first\"\n\n"
        try (kept + third + "[theme]\nappearance = \"dark\"\n").write(toFile: file, atomically: true, encoding: .utf8)
        try waitForCentre(x, toBe: Self.dark)
        try (kept + "[theme]\nappearance = \"light\"\n").write(toFile: file, atomically: true, encoding: .utf8)
        try waitUntil("asked again") { logLines(data: data, network: "Third", containing: "asking whether to close it").count == 2 }
        try x.key(window, "Return")
        let closed = try peer.waitFor(timeout: 10, "the closed network's QUIT") { $0.command == "QUIT" || $0.command == "JOIN" }
        #expect(closed.command == "QUIT" && closed.parsedSource?.nick == "fourth", "\(closed)")

        // Deleted: said, and nothing changes (the theme stays light).
        try FileManager.default.removeItem(atPath: file)
        _ = try waitForLogLine(data: data, network: "First", containing: "config.toml was deleted")
        // Back (dark), then twice as large and with the quit key rebound: drawn at the new
        // scale at once (the topic bar twice as tall), kept as the last good version, and the
        // new key quits.
        try (kept + "[theme]\nappearance = \"dark\"\n").write(toFile: file, atomically: true, encoding: .utf8)
        try waitForCentre(x, toBe: Self.dark)
        let bar = try topBarHeight(x)
        #expect(bar > 20, "no topic bar found down the window's right edge")
        try (kept + "[theme]\nappearance = \"dark\"\n\n[display]\nscale = 2\n\n[keys]\nquit = \"Ctrl+E\"\n")
            .write(toFile: file, atomically: true, encoding: .utf8)
        try waitUntil("the topic bar is twice as tall as its \(bar) px") {
            Double((try? topBarHeight(x)) ?? 0) > 1.8 * Double(bar)
        }
        let lastGood = env["XDG_STATE_HOME"]! + "/natter/config.last-good.toml"
        try waitUntil("the last good copy has the new key") {
            ((try? String(contentsOfFile: lastGood, encoding: .utf8)) ?? "").contains("Ctrl+E")
        }
        try x.key(window, "ctrl+e")
        #expect(app.waitForExit(seconds: 5), "natter did not quit on the rebound Ctrl+E")
    }

    /// A file broken at start: Natter runs on the last good copy with the problem in the status
    /// line, and applies the file once it is mended.
    @Test(.timeLimit(.minutes(1))) func aFileBrokenAtStartIsAppliedOnceMended() throws {
        let x = try XvfbSession()
        defer { x.stop() }
        let env = x.environment()
        let folder = env["XDG_CONFIG_HOME"]! + "/natter", state = env["XDG_STATE_HOME"]! + "/natter"
        let file = folder + "/config.toml"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
        try? FileManager.default.removeItem(atPath: state + "/window.json")
        // A network nobody answers at: the chat screen, no traffic.
        let network = "[[networks]]\nname = \"Kept\"\nhost = \"127.0.0.1\"\nport = 9\ntls = false\nnick = \"me\"\n\n"
        try (network + "[theme]\nappearance = \"dark\"\n").write(toFile: state + "/config.last-good.toml", atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: state + "/config.last-good.toml") }
        try (network + "[theme]\nappearance = \"dusk\"\n").write(toFile: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: file) }

        let app = try ChildProcess(try natterExecutable(), ["--window-size", "1000x700"], environment: env)
        defer { app.stop() }
        let window = try x.waitForNatterWindow()
        try waitForCentre(x, toBe: Self.dark)
        // In the sidebar (the server buffer's refused connections are errors too, further right).
        try waitUntil("the status line shows the problem") {
            ((try? errorPixels(x, Self.darkError, left: 180)) ?? 0) > 20
        }
        try (network + "[theme]\nappearance = \"light\"\n").write(toFile: file, atomically: true, encoding: .utf8)
        try waitForCentre(x, toBe: Self.light)
        let data = URL(fileURLWithPath: env["XDG_DATA_HOME"]!)
        _ = try waitForLogLine(data: data, network: "Kept", containing: "config.toml reads again: applied")
        try waitUntil("the status line's problem is gone") { (try? errorPixels(x, Self.lightError, left: 180)) == 0 }
        try x.key(window, "ctrl+q")
        #expect(app.waitForExit(seconds: 5), "natter did not quit on Ctrl+Q")
    }

    // MARK: - Helpers

    /// Waits until the top of the message list (its background: the few lines of a channel are
    /// at the bottom) is `expected`.
    private func waitForCentre(_ x: XvfbSession, toBe expected: String) throws {
        guard let importTool = findExecutable("import"), let convert = findExecutable("convert") else {
            throw TestFailure("ImageMagick is not installed (make test installs it)")
        }
        let shot = FileManager.default.temporaryDirectory.appendingPathComponent("natter-reload-\(UUID().uuidString).png").path
        defer { try? FileManager.default.removeItem(atPath: shot) }
        var pixel = ""
        try waitUntil("the centre is \(expected) (it is \(pixel))") {
            _ = try? runTool(importTool, ["-window", "root", shot], environment: x.environment())
            pixel = (try? runTool(convert, [shot, "-format", "%[pixel:p{640,150}]", "info:"], environment: x.environment())) ?? ""
            return pixel == expected
        }
    }

    /// How tall the dark theme's topic bar is, counted down a column of pixels near the
    /// window's right edge (where no title reaches).
    private func topBarHeight(_ x: XvfbSession) throws -> Int {
        let (left, top, width, height) = try windowGeometry(x)
        let image = try screen(x)
        let column = left + width - 10
        guard column >= 0, column < image.width else { return 0 }
        var count = 0
        for row in max(0, top)..<min(image.height, top + height) {
            let i = (row * image.width + column) * 3
            if image.rgb[i] == 43, image.rgb[i + 1] == 45, image.rgb[i + 2] == 49 { count += 1 }
        }
        return count
    }

    /// The whole screen, decoded.
    private func screen(_ x: XvfbSession) throws -> Pixmap {
        guard let importTool = findExecutable("import"), let convert = findExecutable("convert") else {
            throw TestFailure("ImageMagick is not installed (make test installs it)")
        }
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("natter-reload-\(UUID().uuidString)").path
        defer {
            try? FileManager.default.removeItem(atPath: base + ".png")
            try? FileManager.default.removeItem(atPath: base + ".ppm")
        }
        _ = try runTool(importTool, ["-window", "root", base + ".png"], environment: x.environment())
        _ = try runTool(convert, [base + ".png", "-depth", "8", "ppm:" + base + ".ppm"], environment: x.environment())
        return try Pixmap(ppm: Data(contentsOf: URL(fileURLWithPath: base + ".ppm")))
    }

    /// How many pixels of the screen (of its `left` columns of the window, when given) are
    /// (nearly: text is smoothed) the error colour `rgb`.
    private func errorPixels(_ x: XvfbSession, _ rgb: (UInt8, UInt8, UInt8), left: Int? = nil) throws -> Int {
        let image = try screen(x)
        let columns = try left.map { left in
            let origin = try windowGeometry(x).x
            return max(0, origin)..<min(image.width, origin + left)
        } ?? 0..<image.width
        var count = 0
        for row in 0..<image.height {
            for column in columns {
                let i = (row * image.width + column) * 3
                if abs(Int(image.rgb[i]) - Int(rgb.0)) <= 8, abs(Int(image.rgb[i + 1]) - Int(rgb.1)) <= 8,
                   abs(Int(image.rgb[i + 2]) - Int(rgb.2)) <= 8 { count += 1 }
            }
        }
        return count
    }

    /// Where the (only) Natter window is on the screen, and its size.
    private func windowGeometry(_ x: XvfbSession) throws -> (x: Int, y: Int, width: Int, height: Int) {
        let window = try x.waitForNatterWindow()
        let geometry = try runTool(try XvfbSession.xdotool(), ["getwindowgeometry", "--shell", window], environment: x.environment())
        var values: [String: Int] = [:]
        for line in geometry.split(separator: "\n") {
            let parts = line.split(separator: "=")
            if parts.count == 2, let value = Int(parts[1]) { values[String(parts[0])] = value }
        }
        guard let left = values["X"], let top = values["Y"], let width = values["WIDTH"], let height = values["HEIGHT"] else {
            throw TestFailure("no geometry in \(geometry)")
        }
        return (left, top, width, height)
    }

    /// Waits until a log of `network` has a line containing `text`; returns that line.
    private func waitForLogLine(data: URL, network: String, containing text: String) throws -> String {
        var found: String?
        try waitUntil("a log line of \(network) contains \(text)") {
            found = logLines(data: data, network: network, containing: text).first
            return found != nil
        }
        return found ?? ""
    }

    /// The lines of `network`'s logs (any buffer, any day) that contain `text`.
    private func logLines(data: URL, network: String, containing text: String) -> [String] {
        let folder = data.appendingPathComponent("natter/logs/\(network)")
        let files = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []
        return files.filter { $0.hasSuffix(".log") }.sorted().flatMap { name in
            let content = (try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)) ?? ""
            return content.split(separator: "\n").filter { $0.contains(text) }.map(String.init)
        }
    }

    private func waitUntil(_ what: @autoclosure () -> String, _ condition: () throws -> Bool) throws {
        let deadline = Date().addingTimeInterval(10)
        while try !condition() {
            guard Date() < deadline else { throw TestServerError("timed out waiting until \(what())") }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }
}

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
        let (server, peer) = try serverWithPeer(joining: ["#reload", "#added", "#new"])
        defer { server.stop() }
        defer { peer.close() }
        let x = try XvfbSession()
        defer { x.stop() }
        let env = x.environment()
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
        let file = try x.writeConfig(first + "[theme]\nappearance = \"dark\"\n")
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
}

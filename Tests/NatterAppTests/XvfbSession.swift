import Foundation
import IRCTestServers
import NatterTestSupport

/// A private X server for a test: `Xvfb` started on a display number it picks itself
/// (`-displayfd`), stopped when the session is stopped. It keeps its state (the root window's
/// properties) when its last client leaves (`-noreset`), as a desktop's X server does.
final class XvfbSession {
    let display: String
    private let process: ChildProcess
    /// Config, logs, window state and runtime folder of this session's clients, removed at
    /// ``stop()``. Of this session alone: named by the display number, as before, they
    /// outlived the session, and a later test on a reused number read the window state an
    /// earlier one saved (a saved server buffer kept the end-to-end test's keys out of the
    /// channel it had just joined).
    private let home = FileManager.default.temporaryDirectory.appendingPathComponent("natter-xdg-\(UUID().uuidString.prefix(8))").path

    init() throws {
        guard let xvfb = findExecutable("Xvfb") else {
            throw TestFailure("Xvfb is not installed (make test installs the xvfb package)")
        }
        process = try ChildProcess(xvfb, ["-displayfd", "1", "-screen", "0", "1280x800x24", "-nolisten", "tcp", "-noreset"],
                                   environment: ProcessInfo.processInfo.environment, captureOutput: true)
        // Xvfb writes the display number and a newline once it accepts connections.
        var number = ""
        let handle = process.output!
        while true {
            guard let c = handle.readData(ofLength: 1).first, c != UInt8(ascii: "\n") else { break }
            number.append(Character(UnicodeScalar(c)))
        }
        guard Int(number) != nil else {
            process.stop()
            throw TestFailure("Xvfb did not report a display number")
        }
        display = ":" + number
    }

    /// The environment of a client of this server.
    func environment(_ changes: [String: String?] = [:]) -> [String: String] {
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = display
        env["WAYLAND_DISPLAY"] = nil
        env["SDL_VIDEODRIVER"] = nil
        // Config, logs and window state of the test's own, never the user's.
        env["XDG_CONFIG_HOME"] = home + "/config"
        env["XDG_DATA_HOME"] = home + "/data"
        env["XDG_STATE_HOME"] = home + "/state"
        env["XDG_CACHE_HOME"] = home + "/cache"
        // The single-instance socket too: each session's natter is alone (a later one would
        // otherwise hand its work to another test's window and exit).
        env["XDG_RUNTIME_DIR"] = home + "/run"
        for (key, value) in changes { env[key] = value }
        return env
    }

    func stop() {
        process.stop()
        try? FileManager.default.removeItem(atPath: home)
    }

    /// The xdotool executable.
    static func xdotool() throws -> String {
        guard let path = findExecutable("xdotool") else {
            throw TestFailure("xdotool is not installed (make test installs it)")
        }
        return path
    }

    /// Waits until a window titled exactly "Natter" exists on this display and returns its id.
    @discardableResult
    func waitForNatterWindow() throws -> String {
        let tool = try Self.xdotool()
        let deadline = Date().addingTimeInterval(15)
        while Date() < deadline {
            let found = try runTool(tool, ["search", "--name", "^Natter$"], environment: environment())
            if let id = found.split(separator: "\n").first { return String(id) }
            Thread.sleep(forTimeInterval: 0.1)
        }
        throw TestFailure("no window titled Natter appeared on \(display) within 15 s")
    }
}

/// User plus system CPU time of a process in seconds, from /proc/PID/stat.
func cpuSeconds(pid: Int32) throws -> Double {
    let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
    // Fields after the command name, which is in parentheses and may contain spaces.
    guard let close = stat.lastIndex(of: ")") else { throw TestFailure("unreadable /proc/\(pid)/stat") }
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    // fields[0] is the state (field 3); utime and stime are fields 14 and 15.
    guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else {
        throw TestFailure("unreadable /proc/\(pid)/stat")
    }
    let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
    return (user + system) / ticks
}

extension XvfbSession {
    /// Presses `name` (xdotool's key names: `Return`, `ctrl+q`) in `window`, focused first.
    func key(_ window: String, _ name: String) throws {
        _ = try runTool(try Self.xdotool(), ["windowfocus", "--sync", window, "key", name], environment: environment())
    }

    /// Types `text` in `window`, focused first, a key every 20 ms.
    func type(_ window: String, _ text: String) throws {
        _ = try runTool(try Self.xdotool(), ["windowfocus", "--sync", window, "type", "--delay", "20", text],
                        environment: environment())
    }
}

extension XvfbSession {
    /// Writes `text` as config.toml in this session's config folder (made if need be), and
    /// forgets the window state an earlier test left (its open buffer, its sizes); returns the
    /// file's path.
    @discardableResult
    func writeConfig(_ text: String) throws -> String {
        let env = environment()
        let folder = env["XDG_CONFIG_HOME"]! + "/natter"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try? FileManager.default.removeItem(atPath: env["XDG_STATE_HOME"]! + "/natter/window.json")
        try text.write(toFile: folder + "/config.toml", atomically: true, encoding: .utf8)
        return folder + "/config.toml"
    }
}

/// A real InspIRCd on a loopback port, and a peer registered there in `channels`: what the
/// window tests watch Natter through. The caller stops both.
func serverWithPeer(joining channels: [String]) throws -> (server: InspIRCdNetwork, peer: RawIRCClient) {
    let server = try InspIRCdNetwork(services: false)
    do {
        let peer = try RawIRCClient(port: server.clientPort)
        try peer.register(nick: "peer")
        for channel in channels { try peer.join(channel) }
        return (server, peer)
    } catch {
        server.stop()
        throw error
    }
}

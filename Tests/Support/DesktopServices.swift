import Foundation
import IRCTestServers

/// A private session bus for a test: `dbus-daemon --session` on a socket of its own, stopped
/// with the test.
public final class PrivateSessionBus {
    public let address: String
    private let process: ChildProcess

    public init() throws {
        guard let daemon = findExecutable("dbus-daemon") else { throw TestFailure("dbus-daemon is not installed (make test installs dbus)") }
        process = try ChildProcess(daemon, ["--session", "--nofork", "--nopidfile", "--print-address=1"],
                                   environment: ProcessInfo.processInfo.environment, captureOutput: true)
        var line = ""
        while let byte = process.output?.readData(ofLength: 1).first, byte != UInt8(ascii: "\n") {
            line.append(Character(UnicodeScalar(byte)))
        }
        guard line.hasPrefix("unix:") else {
            process.stop()
            throw TestFailure("dbus-daemon printed no address")
        }
        address = line
    }

    public func stop() { process.stop() }
}

/// A real notification server (dunst) on a private bus and X display, which records every
/// notification it shows (appname, summary, body, one per line, tab-separated) through a rule
/// running a script, and whose notifications `dunstctl` acts on.
public final class DunstServer {
    public let records: URL
    private let folder: URL
    private let process: ChildProcess
    private let environment: [String: String]

    public init(display: String, bus: PrivateSessionBus) throws {
        guard let dunst = findExecutable("dunst") else { throw TestFailure("dunst is not installed (make test installs it)") }
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("natter-dunst-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        records = folder.appendingPathComponent("shown.tsv")
        let script = folder.appendingPathComponent("record.sh")
        try "#!/bin/sh\nprintf '%s\\t%s\\t%s\\n' \"$1\" \"$2\" \"$3\" >> '\(records.path)'\n".write(to: script, atomically: true, encoding: .utf8)
        chmod(script.path, 0o755)
        let config = folder.appendingPathComponent("dunstrc")
        try """
            [global]
            markup = full
            [record]
            appname = "*"
            script = \(script.path)
            """.write(to: config, atomically: true, encoding: .utf8)
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = display
        env["DBUS_SESSION_BUS_ADDRESS"] = bus.address
        environment = env
        process = try ChildProcess(dunst, ["-conf", config.path], environment: env,
                                   logPath: folder.appendingPathComponent("dunst.log").path)
        // Ready once it owns its name on the bus.
        let deadline = Date().addingTimeInterval(10)
        while (try? control(["is-paused"]))?.contains("false") != true {
            guard Date() < deadline else { throw TestFailure("dunst did not come up on the test bus") }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }

    /// Runs `dunstctl` with `arguments` against this server.
    @discardableResult
    public func control(_ arguments: [String]) throws -> String {
        guard let tool = findExecutable("dunstctl") else { throw TestFailure("dunstctl is not installed") }
        return try runTool(tool, arguments, environment: environment)
    }

    /// The notifications shown so far, as (appname, summary, body).
    public func shown() -> [(app: String, summary: String, body: String)] {
        let text = (try? String(contentsOf: records, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            return (fields[0], fields.count > 1 ? fields[1] : "", fields.count > 2 ? fields[2] : "")
        }
    }

    public func stop() {
        process.stop()
        try? FileManager.default.removeItem(at: folder)
    }
}

/// The scripted desktop portal (fake-portal.py beside this file, following the portal
/// specification) on a private bus, offering `color-scheme`; `set(_:)` changes it, which the
/// portal announces with SettingChanged.
public final class FakePortal {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()

    public init(bus: PrivateSessionBus, scheme: Int, version: Int = 2) throws {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("fake-portal.py")
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [script.path, "\(scheme)", "--version", "\(version)"]
        var env = ProcessInfo.processInfo.environment
        env["DBUS_SESSION_BUS_ADDRESS"] = bus.address
        process.environment = env
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        guard readLine() == "ready" else {
            process.terminate()
            throw TestFailure("the fake portal did not start (make test installs python3-dbus and python3-gi)")
        }
    }

    /// Sets color-scheme to `scheme` (0 no preference, 1 dark, 2 light) and waits until the
    /// portal has announced it.
    public func set(_ scheme: Int) throws {
        input.fileHandleForWriting.write(Data("\(scheme)\n".utf8))
        guard readLine() == "changed \(scheme)" else { throw TestFailure("the fake portal did not change") }
    }

    private func readLine() -> String {
        var line = ""
        while let byte = try? output.fileHandleForReading.read(upToCount: 1)?.first, byte != UInt8(ascii: "\n") {
            line.append(Character(UnicodeScalar(byte)))
        }
        return line
    }

    public func stop() {
        // Closing its input ends it; SIGKILL in case it inherited a blocked SIGTERM.
        try? input.fileHandleForWriting.close()
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}

/// A real keyring: GNOME Keyring's Secret Service on a private bus, its login keyring created
/// and unlocked with a test password, its files in a folder of its own.
public final class GnomeKeyring {
    private let process: ChildProcess
    private let folder: URL
    public let environment: [String: String]

    public init(bus: PrivateSessionBus) throws {
        guard let daemon = findExecutable("gnome-keyring-daemon") else {
            throw TestFailure("gnome-keyring-daemon is not installed (make test installs gnome-keyring)")
        }
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("natter-keyring-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("run"), withIntermediateDirectories: true)
        chmod(folder.appendingPathComponent("run").path, 0o700)
        var env = ProcessInfo.processInfo.environment
        env["DBUS_SESSION_BUS_ADDRESS"] = bus.address
        env["HOME"] = folder.path
        env["XDG_DATA_HOME"] = folder.appendingPathComponent("data").path
        env["XDG_RUNTIME_DIR"] = folder.appendingPathComponent("run").path
        environment = env
        // --unlock reads the login keyring's password from standard input.
        let password = folder.appendingPathComponent("password")
        try "test-password".write(to: password, atomically: true, encoding: .utf8)
        process = try ChildProcess("/bin/sh", ["-c", "exec \"$0\" --foreground --components=secrets --unlock < \"$1\"",
                                               daemon, password.path],
                                   environment: env, logPath: folder.appendingPathComponent("daemon.log").path)
        // Ready once it owns its name.
        let deadline = Date().addingTimeInterval(10)
        while (try? runTool("/usr/bin/dbus-send", ["--session", "--print-reply", "--dest=org.freedesktop.DBus", "/org/freedesktop/DBus",
                                                    "org.freedesktop.DBus.NameHasOwner", "string:org.freedesktop.secrets"],
                            environment: env))?.contains("boolean true") != true {
            guard Date() < deadline else { throw TestFailure("gnome-keyring did not come up on the test bus") }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }

    /// `secret-tool` (libsecret's own client) against this keyring, `input` on its standard input.
    public func secretTool(_ arguments: [String], input: String? = nil) throws -> String {
        guard let tool = findExecutable("secret-tool") else { throw TestFailure("secret-tool is not installed (make test installs libsecret-tools)") }
        guard let input else { return try runTool(tool, arguments, environment: environment) }
        let file = folder.appendingPathComponent("input")
        try input.write(to: file, atomically: true, encoding: .utf8)
        return try runTool("/bin/sh", ["-c", "exec \"$0\" \"$@\" < \"\(file.path)\"", tool] + arguments, environment: environment)
    }

    public func stop() {
        process.stop()
        try? FileManager.default.removeItem(at: folder)
    }
}

import Foundation

/// An error from the test-server harness, with a message meant for a test failure.
public struct TestServerError: Error, CustomStringConvertible, Sendable {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// A child process started with `posix_spawn`, an empty signal mask and default signal handlers.
///
/// Foundation's `Process` passes on the spawning thread's signal mask, and the test runner's
/// threads block SIGTERM and SIGINT: a daemon started that way would ignore SIGTERM. Standard
/// output and error go to `logPath` (or /dev/null).
public final class ChildProcess: @unchecked Sendable {
    // @unchecked: the mutable exit fields are only touched under `lock`.
    public let pid: pid_t
    public let path: String
    private let lock = NSLock()
    private var endedStatus: Int32?
    private var endedSignal: Int32?
    /// A shell that stops this child if the test runner dies first (crash, SIGKILL).
    private var watchdog: ChildProcess?

    /// Starts `path`. With `outlivesNoTestRunner`, a small watchdog shell also starts: if the test
    /// runner ends without stopping the child (a crash), it sends SIGCONT, SIGTERM and, 3 s later,
    /// SIGKILL, so no daemon is left behind.
    public convenience init(_ path: String, _ arguments: [String], logPath: String? = nil,
                            outlivesNoTestRunner: Bool) throws {
        try self.init(path, arguments, logPath: logPath)
        guard outlivesNoTestRunner else { return }
        let script = "while kill -0 $1 2>/dev/null; do sleep 0.5; done; "
            + "kill -CONT $2; kill -TERM $2; sleep 3; kill -KILL $2"
        watchdog = try ChildProcess("/bin/sh", ["-c", script, "natter-test-watchdog",
                                                "\(getpid())", "\(pid)"])
    }

    /// The read end of the child's standard output when it was started with `captureOutput`.
    public let output: FileHandle?

    /// Starts `path` with `arguments` in `environment` (default: the test runner's). Standard
    /// output and error go to `logPath` (or /dev/null); with `captureOutput`, standard output
    /// goes to a pipe read through ``output`` instead.
    public init(_ path: String, _ arguments: [String], environment: [String: String]? = nil,
                logPath: String? = nil, captureOutput: Bool = false) throws {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGTERM, SIGINT, SIGPIPE, SIGHUP, SIGCONT] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        let log = logPath ?? "/dev/null"
        posix_spawn_file_actions_addopen(&actions, 2, log, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        var pipeEnds: [Int32] = [-1, -1]
        if captureOutput {
            guard pipe(&pipeEnds) == 0 else { throw TestServerError("cannot create a pipe for \(path)") }
            posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
            posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
            posix_spawn_file_actions_addclose(&actions, pipeEnds[1])
        } else {
            posix_spawn_file_actions_adddup2(&actions, 2, 1)
        }
        // A server started while another test's client is connected must not hold that
        // client's socket (SwiftNIO's sockets are not close-on-exec): its close would never
        // reach the other end.
        _ = addCloseFrom?(&actions, 3)

        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = (environment ?? ProcessInfo.processInfo.environment).map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        if captureOutput { close(pipeEnds[1]) }
        guard result == 0 else {
            if captureOutput { close(pipeEnds[0]) }
            throw TestServerError("cannot start \(path): \(String(cString: strerror(result)))")
        }
        self.pid = pid
        self.path = path
        output = captureOutput ? FileHandle(fileDescriptor: pipeEnds[0], closeOnDealloc: true) : nil
    }

    /// Whether the child is still running (reaps it when it has ended).
    public var isRunning: Bool {
        lock.lock()
        defer { lock.unlock() }
        guard endedStatus == nil, endedSignal == nil else { return false }
        var status: Int32 = 0
        let result = waitpid(pid, &status, WNOHANG)
        guard result == pid else { return result == 0 }
        if status & 0x7f == 0 { endedStatus = (status >> 8) & 0xff } else { endedSignal = status & 0x7f }
        return false
    }

    /// The exit status, or the signal that ended the child; both `nil` while it runs.
    public var termination: (status: Int32?, signal: Int32?) {
        _ = isRunning
        lock.lock()
        defer { lock.unlock() }
        return (endedStatus, endedSignal)
    }

    /// The exit status once the child has ended normally.
    public var exitStatus: Int32? { termination.status }
    /// The signal that ended the child, if one did.
    public var exitSignal: Int32? { termination.signal }

    /// Waits up to `seconds` for the child to end; returns whether it did.
    @discardableResult
    public func waitForExit(seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while isRunning {
            if Date() >= deadline { return false }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return true
    }

    /// Sends `number` to the child if it still runs.
    public func signal(_ number: Int32) { if isRunning { kill(pid, number) } }

    /// Stops the child: SIGCONT (in case it was stopped), SIGTERM, then SIGKILL after `grace`.
    public func stop(grace: Double = 2) {
        watchdog?.killNow()
        guard isRunning else { return }
        kill(pid, SIGCONT)
        kill(pid, SIGTERM)
        if !waitForExit(seconds: grace) {
            kill(pid, SIGKILL)
            waitForExit(seconds: 2)
        }
    }

    /// Kills the child at once with SIGKILL and reaps it.
    public func killNow() {
        watchdog?.killNow()
        guard isRunning else { return }
        kill(pid, SIGKILL)
        waitForExit(seconds: 2)
    }

    deinit { stop() }
}

/// Runs a tool to completion; throws with its output when it fails.
func runTool(_ path: String, _ arguments: [String], logPath: String) throws {
    let child = try ChildProcess(path, arguments, logPath: logPath)
    guard child.waitForExit(seconds: 30) else {
        child.killNow()
        throw TestServerError("\(path) did not finish")
    }
    let termination = child.termination
    guard termination.status == 0 else {
        let log = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
        throw TestServerError("\(path) \(arguments.joined(separator: " ")) failed: \(log)")
    }
}

/// Finds an executable by name in the usual system directories.
func locateExecutable(_ name: String) throws -> String {
    for directory in ["/usr/sbin", "/usr/bin", "/sbin", "/bin", "/usr/local/bin", "/usr/local/sbin"] {
        let path = "\(directory)/\(name)"
        if FileManager.default.isExecutableFile(atPath: path) { return path }
    }
    throw TestServerError("\(name) is not installed (make test-deps installs it)")
}

/// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later; its header hides it from
/// Swift): the action that closes every descriptor from `from` on in the child.
private let addCloseFrom: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32)? = {
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") else { return nil }
    return unsafeBitCast(symbol, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self)
}()

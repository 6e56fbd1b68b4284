import Foundation
import NatterTestSupport

/// A child process started with `posix_spawn`, with an empty signal mask and default signal
/// handlers.
///
/// Foundation's `Process` passes on the spawning thread's signal mask, and the test runner's
/// threads block SIGTERM and SIGINT: a child started that way never sees those signals, so a
/// test of "quits on SIGTERM" would test nothing and `terminate()` would not stop it.
final class ChildProcess {
    let pid: pid_t
    private(set) var exitStatus: Int32?
    private(set) var exitSignal: Int32?
    /// The read end of the child's standard output, when captured.
    let output: FileHandle?

    init(_ path: String, _ arguments: [String], environment: [String: String],
         captureOutput: Bool = false) throws {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGTERM, SIGINT, SIGPIPE, SIGHUP] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var pipeEnds: [Int32] = [-1, -1]
        if captureOutput {
            guard pipe(&pipeEnds) == 0 else { throw TestFailure("pipe failed") }
            posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
            posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        }
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)

        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        if captureOutput { close(pipeEnds[1]) }
        guard result == 0 else {
            if captureOutput { close(pipeEnds[0]) }
            throw TestFailure("cannot start \(path): \(String(cString: strerror(result)))")
        }
        self.pid = pid
        output = captureOutput ? FileHandle(fileDescriptor: pipeEnds[0], closeOnDealloc: true) : nil
    }

    /// Whether the child is still running (reaps it when it has ended).
    var isRunning: Bool {
        guard exitStatus == nil, exitSignal == nil else { return false }
        var status: Int32 = 0
        let result = waitpid(pid, &status, WNOHANG)
        guard result == pid else { return result == 0 }
        if status & 0x7f == 0 { exitStatus = (status >> 8) & 0xff } else { exitSignal = status & 0x7f }
        return false
    }

    /// Waits up to `seconds` for the child to end; returns whether it did.
    @discardableResult
    func waitForExit(seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while isRunning {
            if Date() >= deadline { return false }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return true
    }

    func signal(_ number: Int32) { if isRunning { kill(pid, number) } }

    /// Stops the child: SIGTERM, then SIGKILL after two seconds.
    func stop() {
        guard isRunning else { return }
        kill(pid, SIGTERM)
        if !waitForExit(seconds: 2) {
            kill(pid, SIGKILL)
            waitForExit(seconds: 2)
        }
    }

    deinit { stop() }
}

/// Runs a tool to completion and returns its standard output.
func runTool(_ path: String, _ arguments: [String], environment: [String: String]) throws -> String {
    let child = try ChildProcess(path, arguments, environment: environment, captureOutput: true)
    let data = child.output!.readDataToEndOfFile()
    child.waitForExit(seconds: 10)
    return String(decoding: data, as: UTF8.self)
}

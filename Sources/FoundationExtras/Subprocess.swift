import ChatModel
import Glibc
import Synchronization

/// Starts programs with `posix_spawn`: standard input and error from and to /dev/null, output
/// to /dev/null or read back. Foundation's `Process` would do, but only Foundation's full
/// library has it, and that library loads ICU (about 11 MiB of the window's memory).
public enum Subprocess {
    /// How a program run by ``run(_:timeout:)`` ended.
    public enum Outcome: Equatable {
        /// It exited with `status`, having printed `output`.
        case exited(status: Int32, output: [UInt8])
        /// It was still running at the deadline and was stopped.
        case timedOut
        /// It could not be started.
        case notStarted
    }

    /// Runs `arguments` (the first found on PATH), reads what it prints until it exits, and
    /// stops it (SIGKILL) if it has not exited after `timeout` seconds. Past `outputLimit`
    /// bytes it is stopped too, and what it printed up to the limit comes back with status -1.
    public static func run(_ arguments: [String], timeout: Double, outputLimit: Int = .max) -> Outcome {
        var pipe: [Int32] = [-1, -1]
        // Not inherited by other programs started meanwhile (they would hold the output open):
        // close-on-exec, set under the lock every spawn takes, so that no program started from
        // another thread (passwords are fetched off the window's thread) slips in between. The
        // child's own copy on its output is made by dup2, which clears the flag.
        let started: pid_t? = spawning.withLock { _ in
            guard Glibc.pipe(&pipe) == 0 else { return nil }
            for fd in pipe { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
            guard let pid = spawn(arguments, output: pipe[1]) else {
                close(pipe[0]); close(pipe[1])
                return nil
            }
            return pid
        }
        guard let pid = started else { return .notStarted }
        close(pipe[1])
        defer { close(pipe[0]) }
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        let deadline = monotonicSeconds() + timeout
        while true {
            let left = deadline - monotonicSeconds()
            var poller = pollfd(fd: pipe[0], events: Int16(POLLIN), revents: 0)
            let ready = left > 0 ? poll(&poller, 1, Int32(min(left, 1) * 1000) + 1) : 0
            if ready < 0 && errno == EINTR { continue }
            if left <= 0 || ready < 0 {
                kill(pid, SIGKILL)
                reap(pid)
                return .timedOut
            }
            if ready == 0 { continue }
            let count = read(pipe[0], &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            output += buffer[..<count]
            if output.count > outputLimit {
                kill(pid, SIGKILL)
                reap(pid)
                return .exited(status: -1, output: Array(output.prefix(outputLimit)))
            }
        }
        // Output closed: the program is exiting (or closed its output and goes on; the same
        // deadline holds for its exit).
        while true {
            var status: Int32 = 0
            let done = waitpid(pid, &status, WNOHANG)
            if done == pid {
                // Exited normally when the low seven bits are zero; the code is the next byte.
                return status & 0x7F == 0 ? .exited(status: (status >> 8) & 0xFF, output: output)
                    : .exited(status: 128 + (status & 0x7F), output: output)
            }
            if done < 0 && errno != EINTR { return .exited(status: -1, output: output) }
            if monotonicSeconds() >= deadline {
                kill(pid, SIGKILL)
                reap(pid)
                return .timedOut
            }
            usleep(10_000)
        }
    }

    /// Starts `arguments` (the first found on PATH) without waiting for it; a background
    /// thread reaps it when it exits. False when it could not be started.
    public static func start(_ arguments: [String]) -> Bool {
        guard let pid = spawning.withLock({ _ in spawn(arguments, output: nil) }) else { return false }
        // Without a thread to reap it, it stays a zombie until Natter exits: waiting for it
        // here could hold the window as long as the program runs.
        BackgroundThread.start { reap(pid) }
        return true
    }

    /// Spawns `arguments` with input and error on /dev/null and output on `output` (or
    /// /dev/null).
    /// Held while a program is started (see ``run(_:timeout:)``).
    private static let spawning = Mutex(())

    private static func spawn(_ arguments: [String], output: Int32?) -> pid_t? {
        guard let program = arguments.first else { return nil }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        if let output {
            posix_spawn_file_actions_adddup2(&actions, output, 1)
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        }
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        // Nothing else of ours goes to the program: SwiftNIO opens its sockets without
        // close-on-exec, and a browser started by xdg-open would otherwise hold every IRC
        // connection open after Natter closed it (the server would never see it go).
        _ = addCloseFrom?(&actions, 3)
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let result = posix_spawnp(&pid, program, &actions, nil, &argv, environ)
        return result == 0 ? pid : nil
    }

    private static func reap(_ pid: pid_t) {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    }

    private static func monotonicSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
}

/// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later; its header hides it from
/// Swift): the action that closes every descriptor from `from` on in the child.
private let addCloseFrom: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32)? = {
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") else { return nil }
    return unsafeBitCast(symbol, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self)
}()

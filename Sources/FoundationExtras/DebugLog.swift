import FoundationEssentials
import Glibc
import Synchronization

/// The app's debug log: what went wrong quietly (a preview that could not be fetched, and why),
/// one timestamped line each, for a user or a developer to read when something is missing.
/// Written to `$XDG_STATE_HOME/natter/debug.log` (or `~/.local/state/natter/debug.log`), also
/// to standard error when `NATTER_DEBUG` is set. Bounded: past 1 MiB the file starts again
/// (the previous one kept as `debug.log.1`). Safe from any thread.
public final class DebugLog: Sendable {
    /// The file written.
    public let path: String
    /// Past this many bytes the file starts again.
    public let byteLimit: Int
    private let echoes: Bool
    private let state = Mutex<(fd: Int32, size: Int)>((-1, 0))

    /// A log written to `path`.
    public init(path: String, byteLimit: Int = 1 << 20, echoes: Bool = false) {
        self.path = path
        self.byteLimit = byteLimit
        self.echoes = echoes
    }

    deinit {
        state.withLock { if $0.fd >= 0 { close($0.fd) } }
    }

    /// The app's log, where the environment puts it.
    public static func standard(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> DebugLog {
        let state = environment["XDG_STATE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (environment["HOME"] ?? "/tmp") + "/.local/state"
        return DebugLog(path: state + "/natter/debug.log", echoes: environment["NATTER_DEBUG"] != nil)
    }

    /// Appends `message` as one line, after the UTC time; line breaks in it become spaces. A
    /// log that cannot be written loses the line (never the caller's work).
    public func write(_ message: String) {
        let flat = message.map { $0.isNewline ? " " : $0 }
        let line = "\(Date().formatted(.iso8601)) \(String(flat))\n"
        if echoes { printError(line.dropLast().description) }
        state.withLock { file in
            if file.fd < 0 || file.size + line.utf8.count > byteLimit {
                if file.fd >= 0 {
                    close(file.fd)
                    rename(path, path + ".1")
                }
                let folder = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
                if !folder.isEmpty { try? makeDirectory(folder) }
                file.fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
                var info = stat()
                file.size = file.fd >= 0 && fstat(file.fd, &info) == 0 ? Int(info.st_size) : 0
                guard file.fd >= 0 else { return }
            }
            let written = line.withCString { Glibc.write(file.fd, $0, strlen($0)) }
            if written > 0 { file.size += written }
        }
    }
}

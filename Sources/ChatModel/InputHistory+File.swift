import FoundationEssentials
import Glibc

/// The input history kept between runs in `$XDG_STATE_HOME/natter/history.json`, readable by
/// its owner alone (it holds private conversations). It is written whole, to a temporary file
/// beside it that is then renamed over it, so a crash or a full disk leaves the old file, never
/// half of one; a file that is missing or does not read is no history.
extension InputHistory {
    /// The file's form: each buffer by its network and its name, with its lines oldest first.
    private struct Stored: Codable {
        struct Buffer: Codable {
            var network: String
            var buffer: String
            var lines: [String]
        }
        var version = 1
        var buffers: [Buffer]
    }

    /// `$XDG_STATE_HOME/natter/history.json`, or `~/.local/state/natter/history.json`.
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") { return state + "/natter/history.json" }
        return (environment["HOME"] ?? FileManager.default.homeDirectoryForCurrentUser.path) + "/.local/state/natter/history.json"
    }

    /// The history kept at `path`; empty when there is none or it does not read. Lines that
    /// carry a password are dropped here too, whoever wrote the file.
    public static func load(path: String, limit: Int = InputHistory.limit) -> InputHistory {
        var history = InputHistory(limit: limit)
        guard let data = FileManager.default.contents(atPath: path),
              let stored = try? JSONDecoder().decode(Stored.self, from: data), stored.version == 1 else { return history }
        for buffer in stored.buffers {
            let id = BufferID(network: buffer.network, name: buffer.buffer)
            for line in buffer.lines.suffix(limit) { history.add(line, in: id) }
        }
        return history
    }

    /// Writes the history to `path` (its folder made if need be): a temporary file in the same
    /// folder, then renamed over the old one.
    public func save(path: String) throws {
        let buffers = self.buffers.sorted { ($0.network, $0.name) < ($1.network, $1.name) }
            .map { Stored.Buffer(network: $0.network, buffer: $0.name, lines: lines(in: $0)) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let data = try encoder.encode(Stored(buffers: buffers))
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        var template = Array((path + ".XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }   // mode 0600
        guard fd >= 0 else { throw HistoryFileError(path: path, code: errno) }
        let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        var failure: Int32?
        data.withUnsafeBytes { bytes in
            var written = 0
            while written < bytes.count {
                let n = write(fd, bytes.baseAddress! + written, bytes.count - written)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                written += n
            }
        }
        if failure == nil, fsync(fd) != 0 { failure = errno }
        close(fd)
        if failure == nil, rename(temporary, path) != 0 { failure = errno }
        if let failure {
            unlink(temporary)
            throw HistoryFileError(path: path, code: failure)
        }
    }
}

/// The history file could not be written.
public struct HistoryFileError: Error, CustomStringConvertible, Sendable {
    public var path: String
    /// The `errno` of the call that failed.
    public var code: Int32
    public var description: String { "cannot write \(path): \(String(cString: strerror(code)))" }
}

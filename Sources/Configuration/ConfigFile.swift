import FoundationEssentials
import Glibc

/// Writing the configuration file without ever losing it: the new text goes to a temporary
/// file beside it, is flushed to the disk, takes the old file's permissions (0600 for a new
/// file, which may one day hold a password), and is renamed over the old one. A crash or a
/// full disk leaves the old file whole.
public enum ConfigFile {
    /// Replaces the file at `path` with `text` (its folder made, 0700, when missing).
    public static func write(_ text: String, to link: String) throws(ConfigFileError) {
        // A config.toml that is a link (dotfiles managers make them) stays one: the file it
        // points at is the one replaced.
        let path = resolvingLinks(link)
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            throw ConfigFileError(path: path, reason: "cannot make its folder: \(error)")
        }
        var existing = stat()
        let mode: mode_t = stat(path, &existing) == 0 ? existing.st_mode & 0o7777 : 0o600
        var template = Array((path + ".XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw ConfigFileError(path: path, code: errno) }
        let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        var failure: Int32?
        let bytes = Array(text.utf8)
        bytes.withUnsafeBytes { raw in
            var written = 0
            while written < raw.count {
                let n = Glibc.write(fd, raw.baseAddress! + written, raw.count - written)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                written += n
            }
        }
        if failure == nil, fchmod(fd, mode) != 0 { failure = errno }
        if failure == nil, fsync(fd) != 0 { failure = errno }
        close(fd)
        if failure == nil, rename(temporary, path) != 0 { failure = errno }
        if let failure {
            unlink(temporary)
            throw ConfigFileError(path: path, code: failure)
        }
    }

    /// `path` with its symbolic links followed, as far as they lead (a dangling link: the path
    /// it names).
    static func resolvingLinks(_ path: String) -> String {
        var current = path
        for _ in 0..<16 {
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: current) else { return current }
            current = target.hasPrefix("/") ? target
                : URL(fileURLWithPath: current).deletingLastPathComponent().appendingPathComponent(target).path
        }
        return current
    }

    /// Reads the file at `path`, applies `edit` to its text in place (``TOMLEditor``) and
    /// writes it back; a missing file is an empty one.
    public static func edit(_ path: String, _ edit: (inout TOMLEditor) throws(TOMLEditError) -> Void) throws(ConfigFileError) {
        let text: String
        if FileManager.default.fileExists(atPath: path) {
            do { text = try String(contentsOfFile: path, encoding: .utf8) } catch {
                throw ConfigFileError(path: path, reason: "cannot read it: \(error)")
            }
        } else {
            text = ""
        }
        var editor: TOMLEditor
        do {
            editor = try TOMLEditor(text)
            try edit(&editor)
        } catch {
            throw ConfigFileError(path: path, reason: error.description)
        }
        guard editor.text != text else { return }
        try write(editor.text, to: path)
    }
}

/// The configuration file could not be written (it is as it was).
public struct ConfigFileError: Error, CustomStringConvertible, Sendable {
    public var path: String
    public var reason: String

    init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    init(path: String, code: Int32) {
        self.init(path: path, reason: String(cString: strerror(code)))
    }

    public var description: String { "cannot write \(path): \(reason)" }
}

import Glibc

/// A file read whole, up to a size: the scripts' files, their stores and `natter.read_file`.
enum FileBytes {
    enum Failure: Error, CustomStringConvertible {
        /// It could not be opened or read (errno's words).
        case unreadable(String)
        /// It is larger than the limit (which is named).
        case tooLarge(Int)

        var description: String {
            switch self {
            case .unreadable(let reason): reason
            case .tooLarge(let limit): "it is larger than \(limit >> 20) MiB"
            }
        }
    }

    /// The bytes of `path`, when it is a regular file of at most `limit` bytes (a pipe or a
    /// device could keep the window waiting for bytes that never come: it is opened without
    /// waiting, and refused).
    static func read(_ path: String, limit: Int) -> Result<[UInt8], Failure> {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(.unreadable(String(cString: strerror(errno)))) }
        guard isRegular(descriptor), let file = fdopen(descriptor, "rb") else {
            close(descriptor)
            return .failure(.unreadable("not a regular file"))
        }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = fread(&chunk, 1, chunk.count, file)
            if count <= 0 { break }
            bytes += chunk[..<count]
            if bytes.count > limit { return .failure(.tooLarge(limit)) }
        }
        if ferror(file) != 0 { return .failure(.unreadable(String(cString: strerror(errno)))) }
        return .success(bytes)
    }

    /// Writes `bytes` to `path` (made, emptied first unless `appending`), when it is or becomes
    /// a regular file: a pipe without a reader or a device is refused, never waited on.
    static func write(_ bytes: [UInt8], to path: String, appending: Bool) -> Failure? {
        let flags = O_WRONLY | O_CREAT | O_NONBLOCK | O_CLOEXEC | (appending ? O_APPEND : 0)
        let descriptor = open(path, flags, 0o644)
        guard descriptor >= 0 else { return .unreadable(String(cString: strerror(errno))) }
        defer { close(descriptor) }
        guard isRegular(descriptor) else { return .unreadable("not a regular file") }
        if !appending && ftruncate(descriptor, 0) != 0 { return .unreadable(String(cString: strerror(errno))) }
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return .unreadable(String(cString: strerror(errno))) }
            offset += written
        }
        return nil
    }

    private static func isRegular(_ descriptor: Int32) -> Bool {
        var info = stat()
        return fstat(descriptor, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
    }
}

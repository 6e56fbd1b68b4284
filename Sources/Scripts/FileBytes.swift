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

    /// The bytes of `path`, when it has at most `limit` of them.
    static func read(_ path: String, limit: Int) -> Result<[UInt8], Failure> {
        guard let file = fopen(path, "rb") else { return .failure(.unreadable(String(cString: strerror(errno)))) }
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
}

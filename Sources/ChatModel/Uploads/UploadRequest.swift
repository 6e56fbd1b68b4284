#if canImport(Glibc)
import Glibc
#endif
import FoundationEssentials

/// A file to upload to a network's file host (`soju.im/FILEHOST`), as `/upload`, a dropped file
/// or a pasted path asks for it: checked by ``ChatModel/uploadRequest(path:in:)``, carried out
/// by the app at the edge.
public struct UploadRequest: Hashable, Sendable {
    /// The network whose file host takes the file (its login authenticates the upload).
    public var network: String
    /// The buffer it was asked from: the address comes back to its input.
    public var buffer: BufferID
    /// The file's absolute path.
    public var path: String
    /// The name the server is told (the path's last part).
    public var fileName: String
    /// The file's size in bytes when it was checked.
    public var size: Int64
    /// The file host's upload URL, as checked by ``ChatNetwork/uploadURL``.
    public var uploadURL: String
    /// The MIME type guessed from the name's extension.
    public var contentType: String

    public init(network: String, buffer: BufferID, path: String, fileName: String, size: Int64, uploadURL: String,
                contentType: String) {
        self.network = network
        self.buffer = buffer
        self.path = path
        self.fileName = fileName
        self.size = size
        self.uploadURL = uploadURL
        self.contentType = contentType
    }

    /// The MIME type of a file named `name`, by its extension; `application/octet-stream` for
    /// one not known (the server may look closer).
    public static func contentType(of name: String) -> String {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "application/octet-stream" }
        let types = ["png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif", "webp": "image/webp",
                     "svg": "image/svg+xml", "avif": "image/avif", "txt": "text/plain", "log": "text/plain", "md": "text/markdown",
                     "pdf": "application/pdf", "json": "application/json", "zip": "application/zip", "gz": "application/gzip",
                     "mp4": "video/mp4", "webm": "video/webm", "mp3": "audio/mpeg", "ogg": "audio/ogg", "opus": "audio/opus",
                     "flac": "audio/flac", "wav": "audio/wav"]
        return types[name[name.index(after: dot)...].lowercased()] ?? "application/octet-stream"
    }
}

/// The login an upload is authenticated with: the network's SASL account and password, sent
/// as HTTP Basic. Its description never shows the password.
public struct UploadCredentials: Hashable, Sendable, CustomStringConvertible {
    public var user: String
    public var password: String

    public init(user: String, password: String) {
        self.user = user
        self.password = password
    }

    public var description: String { "UploadCredentials(user: \(user), password: hidden)" }
}

/// What a path names, checked before an upload starts.
enum UploadFile {
    /// The file's size, or the sentence saying why `path` cannot be uploaded.
    static func inspect(_ path: String) -> Result<Int64, UploadRefusal> {
        var info = stat()
        guard stat(path, &info) == 0 else {
            return .failure(UploadRefusal(errno == ENOENT || errno == ENOTDIR ? "There is no file at \(path)"
                                                                                : "\(path) cannot be read"))
        }
        if (info.st_mode & S_IFMT) == S_IFDIR { return .failure(UploadRefusal("\(path) is a folder: only a file can be uploaded")) }
        guard (info.st_mode & S_IFMT) == S_IFREG else { return .failure(UploadRefusal("\(path) is not a regular file")) }
        guard access(path, R_OK) == 0 else { return .failure(UploadRefusal("\(path) cannot be read (no permission)")) }
        return .success(Int64(info.st_size))
    }

    /// Whether `path` is a folder (a link to one too).
    static func isFolder(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// `typed` as an absolute path: `~/` is the home folder, and so is a relative path's
    /// folder (a desktop starts Natter in `/` or anywhere: the folder it was started from means
    /// nothing to the user), a `file://` URI its path. A URI naming another machine
    /// (`file://server/etc/hosts`) is not made into a local path: it names no file here.
    static func absolute(_ typed: String, home: String?) -> String {
        if typed.hasPrefix("file://") {
            // file:///path or file://localhost/path; URL's path is percent-decoded.
            guard let url = URL(string: typed) else { return String(typed.dropFirst("file://".count)) }
            guard (url.host ?? "").isEmpty || url.host == "localhost" else { return typed }
            return url.path
        }
        if typed == "~" || typed.hasPrefix("~/"), let home { return home + typed.dropFirst() }
        if typed.hasPrefix("/") { return typed }
        if let home { return home + "/" + typed }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX))
        guard getcwd(&buffer, buffer.count) != nil else { return typed }
        let folder = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return folder == "/" ? "/" + typed : folder + "/" + typed
    }
}

/// Why an upload cannot start, as a sentence for the buffer.
public struct UploadRefusal: Error, Hashable, Sendable {
    public var sentence: String
    init(_ sentence: String) { self.sentence = sentence }
}

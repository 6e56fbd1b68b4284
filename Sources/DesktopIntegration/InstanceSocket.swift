import ChatModel
import FoundationEssentials
import FoundationExtras
import Glibc
import Synchronization

/// What a later `natter` asks of the running one.
public enum InstanceRequest: Hashable, Sendable {
    /// Come to the front (a plain `natter` while one runs).
    case raise
    /// Open an irc:// link: join its channel there (`natter irc://…`, or the desktop's handler).
    case open(IRCLink)

    /// As a line on the socket: `raise`, or `open URL`.
    public var line: String {
        switch self {
        case .raise: return "raise"
        case .open(let link): return "open " + link.url
        }
    }

    /// The request a line on the socket says, or nil for anything else.
    public init?(line: String) {
        if line == "raise" { self = .raise; return }
        guard line.hasPrefix("open "), let link = IRCLink(String(line.dropFirst(5))) else { return nil }
        self = .open(link)
    }
}

/// One Natter per user. The first to start listens on a Unix socket in `$XDG_RUNTIME_DIR`
/// (private to the user); a later `natter` connects, sends one request line and exits when the
/// running one answers `ok`. A socket file left by a Natter that died is found dead (nobody
/// accepts) and replaced.
public final class InstanceSocket: Sendable {
    /// Where the socket lives: `$XDG_RUNTIME_DIR/natter/instance.sock`, or a folder of the
    /// user's own in /tmp when the session has no runtime directory.
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") { return runtime + "/natter/instance.sock" }
        return "/tmp/natter-\(getuid())/instance.sock"
    }

    /// Hands `request` to the Natter listening at `path`; whether one took it.
    public static func send(_ request: InstanceRequest, path: String, timeout: Double = 2) -> Bool {
        // Never to a socket someone else could have put there.
        guard isPrivate(path.parentPath), let fd = connect(path) else { return false }
        defer { close(fd) }
        setTimeout(fd, timeout)
        let bytes = Array((request.line + "\n").utf8)
        guard writeAll(fd, bytes) else { return false }
        return readLine(fd) == "ok"
    }

    /// The socket path listened on.
    public let path: String
    private let fd: Int32
    private let stopped = Flag()

    /// Set once by `stop()`, read by the accepting thread.
    private final class Flag: Sendable {
        let value = Atomic<Bool>(false)
    }

    /// Why no listener could be made.
    public enum Failure: Error, CustomStringConvertible {
        case alreadyRunning
        case system(String)
        public var description: String {
            switch self {
            case .alreadyRunning: return "another Natter is already listening"
            case .system(let text): return text
            }
        }
    }

    /// Listens at `path`, calling `onRequest` on a thread of its own for each request.
    public init(listeningAt path: String, onRequest: @escaping @Sendable (InstanceRequest) -> Void) throws(Failure) {
        self.path = path
        let folder = path.parentPath
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true,
                                                 attributes: [.posixPermissions: 0o700])
        chmod(folder, 0o700)
        guard Self.isPrivate(folder) else { throw .system("\(folder) is not a folder of this user's alone") }
        if Self.connect(path).map({ close($0) }) != nil { throw .alreadyRunning }
        unlink(path)   // a dead one's socket file (nobody accepted above)
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw .system("socket: \(String(cString: strerror(errno)))") }
        guard var address = Self.address(path) else { close(fd); throw .system("\(path) is too long for a socket") }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0, listen(fd, 8) == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw .system("cannot listen at \(path): \(reason)")
        }
        chmod(path, 0o600)
        self.fd = fd
        let stopped = self.stopped
        let started = BackgroundThread.start {
            while !stopped.value.load(ordering: .relaxed) {
                let client = accept(fd, nil, nil)
                if client < 0 {
                    if stopped.value.load(ordering: .relaxed) { break }
                    // Out of descriptors or a connection gone before it was taken: try again
                    // (a pause first, so that a full descriptor table is not a busy loop).
                    if errno != EINTR, errno != ECONNABORTED { usleep(100_000) }
                    continue
                }
                _ = fcntl(client, F_SETFD, FD_CLOEXEC)   // not inherited by xdg-open and friends
                Self.setTimeout(client, 2)
                let line = Self.readLine(client)
                let request = line.flatMap(InstanceRequest.init(line:))
                let answer = request == nil ? "error: not a request: raise, or open irc://…\n" : "ok\n"
                _ = Self.writeAll(client, Array(answer.utf8))
                close(client)
                if let request { onRequest(request) }
            }
            // Closed here, not by stop(): its number must not be reused while accept may use it.
            close(fd)
        }
        guard started else {
            close(fd)
            unlink(path)
            throw .system("cannot listen at \(path): no thread to accept on")
        }
    }

    /// Stops listening and removes the socket file.
    public func stop() {
        guard !stopped.value.exchange(true, ordering: .relaxed) else { return }
        shutdown(fd, Int32(SHUT_RDWR))   // wakes accept (EINVAL); the thread closes it
        unlink(path)
    }

    // MARK: - POSIX

    /// Whether `folder` is a real folder (not a link) of this user's that no one else may enter
    /// (in /tmp another user could have made it first).
    static func isPrivate(_ folder: String) -> Bool {
        var info = stat()
        return lstat(folder, &info) == 0 && info.st_uid == getuid() && info.st_mode & S_IFMT == S_IFDIR && info.st_mode & 0o077 == 0
    }

    private static func address(_ path: String) -> sockaddr_un? {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return nil }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in bytes.enumerated() { raw[index] = byte }
        }
        return address
    }

    /// A connection to the socket at `path`, nil when nobody listens there.
    private static func connect(_ path: String) -> Int32? {
        guard var address = address(path) else { return nil }
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return nil }
        // Before connecting: a listener whose backlog is full would otherwise hold connect.
        setTimeout(fd, 2)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        if connected != 0 { close(fd); return nil }
        return fd
    }

    private static func setTimeout(_ fd: Int32, _ seconds: Double) {
        var time = timeval(tv_sec: Int(seconds), tv_usec: Int((seconds - seconds.rounded(.down)) * 1e6))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
    }

    /// Writes `bytes` whole; false when the other end went away. MSG_NOSIGNAL: a peer that
    /// hung up (a probe, a killed `natter`) must not take this process down with SIGPIPE.
    private static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let sent = Glibc.send(fd, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                if sent < 0, errno == EINTR { continue }
                guard sent > 0 else { return false }
                offset += sent
            }
            return true
        }
    }

    /// One line (at most 4 KiB, without its newline), nil on a timeout or a closed connection.
    private static func readLine(_ fd: Int32) -> String? {
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while bytes.count < 4096 {
            guard read(fd, &byte, 1) == 1 else { return nil }
            if byte == UInt8(ascii: "\n") { return String(decoding: bytes, as: UTF8.self) }
            bytes.append(byte)
        }
        return nil
    }
}

import Foundation
import IRCProtocol

/// A blocking, line-based IRC socket for tests, with timeouts on every wait.
///
/// It connects to a server (``init(port:timeout:)``) or wraps a connection accepted by
/// ``FakeIRCServer``. Reads answer `PING` automatically while waiting, so a slow test is not
/// dropped by the server. Not thread-safe: use one from one test at a time.
public final class RawIRCClient: @unchecked Sendable {
    // @unchecked: used by one test thread at a time (documented above).
    private var fd: Int32
    private var decoder = IRCLineDecoder(maxLineBytes: 65_536)
    private var pending: [String] = []
    /// Whether to answer PING while waiting (off for a fake server's side of a connection).
    public var answersPing: Bool

    /// Connects to 127.0.0.1:`port`.
    public init(port: UInt16, timeout: Double = 5) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            guard fd >= 0 else { throw TestServerError("socket failed") }
            var address = sockaddr_in.loopback(port: port)
            let result = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            if result == 0 {
                self.fd = fd
                answersPing = true
                return
            }
            Glibc.close(fd)
            if Date() >= deadline { throw TestServerError("cannot connect to 127.0.0.1:\(port)") }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }

    init(acceptedFD: Int32) {
        fd = acceptedFD
        answersPing = false
    }

    deinit { close() }

    /// Closes the socket (idempotent).
    public func close() {
        if fd >= 0 { Glibc.close(fd) }
        fd = -1
    }

    /// The socket, for a test that moves bytes itself (a proxy); -1 once closed.
    public var fileDescriptor: Int32 { fd }

    /// Sends `line` followed by CR LF.
    public func send(_ line: String) throws {
        try sendBytes(Array(line.utf8) + [0x0D, 0x0A])
    }

    /// Sends many lines in one write (in order), each followed by CR LF.
    public func send(lines: [String]) throws {
        var bytes: [UInt8] = []
        for line in lines { bytes += line.utf8; bytes += [0x0D, 0x0A] }
        try sendBytes(bytes)
    }

    /// Sends raw bytes exactly as given.
    public func sendBytes(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if written < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                throw TestServerError("send failed: \(String(cString: strerror(errno)))")
            }
            offset += written
        }
    }

    /// The next line (without CR LF), or `nil` when the peer closed; throws on timeout.
    public func readLine(timeout: Double = 5) throws -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        while pending.isEmpty {
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { throw TestServerError("timed out waiting for a line") }
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Int32(min(remaining, 1) * 1000) + 1)
            if ready < 0 && errno != EINTR { throw TestServerError("poll failed") }
            guard ready > 0 else { continue }
            var buffer = [UInt8](repeating: 0, count: 65_536)
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count == 0 {
                for result in decoder.finish() { if case .success(let line) = result { pending.append(line) } }
                if pending.isEmpty { return nil }
                break
            }
            if count < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                if pending.isEmpty { return nil }
                break
            }
            for result in decoder.decode(buffer[0..<count]) {
                if case .success(let line) = result { pending.append(line) }
            }
        }
        let line = pending.removeFirst()
        if answersPing, let message = try? IRCMessage(parsing: line), message.command == "PING" {
            try send(IRCMessage(command: "PONG", parameters: message.parameters).serialized())
        }
        return line
    }

    /// Reads until a message matches `predicate` and returns it; throws on timeout or close.
    @discardableResult
    public func waitFor(timeout: Double = 5, _ description: String = "a message",
                        where predicate: (IRCMessage) -> Bool) throws -> IRCMessage {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { throw TestServerError("timed out waiting for \(description)") }
            let read: String?
            do {
                read = try readLine(timeout: remaining)
            } catch {
                throw TestServerError("\(error) (waiting for \(description))")
            }
            guard let line = read else {
                throw TestServerError("connection closed while waiting for \(description)")
            }
            if let message = try? IRCMessage(parsing: line), predicate(message) { return message }
        }
    }

    /// Reads until a message with `command` arrives.
    @discardableResult
    public func waitFor(command: String, timeout: Double = 5) throws -> IRCMessage {
        try waitFor(timeout: timeout, command) { $0.command == command }
    }

    /// Registers with NICK/USER and waits for 001 (inspircd may take up to a second).
    public func register(nick: String, timeout: Double = 5) throws {
        try send(lines: ["NICK \(nick)", "USER \(nick) 0 * :Raw test client"])
        try waitFor(command: "001", timeout: timeout)
    }

    /// Joins `channel` and waits for the end of its NAMES list.
    public func join(_ channel: String, timeout: Double = 5) throws {
        try send("JOIN \(channel)")
        try waitFor(command: "366", timeout: timeout)
    }
}

/// A plain-socket listener on 127.0.0.1 for tests that play the server's side.
public final class FakeIRCServer: @unchecked Sendable {
    // @unchecked: the descriptor is set once and closed once.
    private var fd: Int32
    /// The port it listens on.
    public let port: UInt16

    public init() throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw TestServerError("socket failed") }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in.loopback(port: 0)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(fd, 8) == 0 else {
            Glibc.close(fd)
            throw TestServerError("bind/listen failed")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        self.fd = fd
        port = UInt16(bigEndian: address.sin_port)
    }

    deinit { close() }

    public func close() {
        if fd >= 0 { Glibc.close(fd) }
        fd = -1
    }

    /// Waits up to `timeout` seconds for one client and returns its connection.
    public func accept(timeout: Double = 5) throws -> RawIRCClient {
        var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, Int32(timeout * 1000)) > 0 else {
            throw TestServerError("no client connected within \(timeout) s")
        }
        let client = Glibc.accept(fd, nil, nil)
        guard client >= 0 else { throw TestServerError("accept failed") }
        // Children spawned meanwhile by other suites must not inherit (and keep open) this socket.
        _ = fcntl(client, F_SETFD, FD_CLOEXEC)
        return RawIRCClient(acceptedFD: client)
    }
}

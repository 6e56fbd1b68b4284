import Foundation
import IRCTestServers

/// A server a test plays on a thread of its own: it listens on a loopback port, accepts one
/// client, and runs ``serve(_:)`` (a subclass's script) until the client goes or ``stop()``.
/// What breaks the script's rules is collected in ``problems``.
class ScriptedServer: @unchecked Sendable {
    // @unchecked: the mutable state is guarded by `lock`; the rest is set before the thread starts.
    private let listener: FakeIRCServer
    /// Guards the subclass's shared state too.
    let lock = NSLock()
    private var _problems: [String] = []
    private var _stopped = false
    private var connection: RawIRCClient?
    private var thread: Thread?
    private let done = DispatchSemaphore(value: 0)

    var port: UInt16 { listener.port }
    var problems: [String] { lock.withLock { _problems } }
    /// Whether ``stop()`` was called: the script ends its loop.
    var isStopped: Bool { lock.withLock { _stopped } }

    init() throws {
        listener = try FakeIRCServer()
    }

    /// Accepts the client and runs the script on a thread.
    func start() throws {
        let connection = try listener.accept(timeout: 5)
        self.connection = connection
        let thread = Thread { [self] in
            serve(connection)
            done.signal()
        }
        self.thread = thread
        thread.start()
    }

    func stop() {
        lock.withLock { _stopped = true }
        if thread != nil { _ = done.wait(timeout: .now() + 5) }
        connection?.close()
        listener.close()
    }

    func problem(_ text: String) { lock.withLock { _problems.append(text) } }

    /// Sends lines to the client, noting a failure as a problem.
    func send(_ lines: [String], to client: RawIRCClient) {
        do { try client.send(lines: lines) } catch { problem("send: \(error)") }
    }

    /// The script: reads the client's lines and answers them until ``isStopped``.
    func serve(_ client: RawIRCClient) {}
}

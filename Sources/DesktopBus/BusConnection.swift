import CDBus
import Glibc
import Synchronization

/// A message from the bus: a signal, or a reply.
public struct BusMessage: Sendable, Hashable {
    public enum Kind: Sendable, Hashable { case methodCall, methodReturn, error, signal, other }
    public var kind: Kind
    public var interface: String?
    public var member: String?
    public var path: String?
    public var sender: String?
    /// For an error: its name (`org.freedesktop.DBus.Error.ServiceUnknown`).
    public var errorName: String?
    public var replySerial: UInt32
    public var arguments: [BusValue]
}

/// A method call to make.
public struct BusCall: Sendable, Hashable {
    public var destination: String
    public var path: String
    public var interface: String
    public var member: String
    public var arguments: [BusValue]

    public init(destination: String, path: String, interface: String, member: String, arguments: [BusValue] = []) {
        self.destination = destination
        self.path = path
        self.interface = interface
        self.member = member
        self.arguments = arguments
    }
}

/// Why a call or the connection failed.
public struct BusError: Error, Sendable, Hashable, CustomStringConvertible {
    public var name: String
    public var message: String
    public var description: String { "\(name): \(message)" }
}

/// A private connection to a D-Bus bus (the session bus unless given an address), owned by a
/// thread of its own: it connects there, sends the calls handed to it, and passes signals
/// matching its rules and the replies to the closures given, on that thread. The thread
/// sleeps in `poll` on the bus socket and a wake-up pipe: no timer, no CPU while idle. A bus
/// that cannot be reached fails every call with the reason (the caller falls back).
public final class BusConnection: Sendable {
    private let state = Mutex(State())
    private let wake: (read: Int32, write: Int32)

    private struct State: Sendable {
        var queued: [(BusCall, (@Sendable (Result<[BusValue], BusError>) -> Void)?)] = []
        var stopped = false
        var failure: BusError?
    }

    /// Connects (on its thread) to `address`, or the session bus (``sessionAddress()``),
    /// asks the bus for the signals of `matches` (match rules), and calls `onSignal` for each.
    public init(address: String? = nil, matches: [String] = [], onSignal: @escaping @Sendable (BusMessage) -> Void = { _ in }) {
        var fds: [Int32] = [-1, -1]
        if pipe(&fds) == 0 {
            for fd in fds {
                _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
                _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            }
        }
        wake = (fds[0], fds[1])
        Self.startThread { [self] in run(address: address, matches: matches, onSignal: onSignal) }
    }

    /// Runs `body` on a new detached thread (plain pthreads: this module stays free of Foundation).
    private static func startThread(_ body: @escaping @Sendable () -> Void) {
        final class Box: Sendable {
            let body: @Sendable () -> Void
            init(_ body: @escaping @Sendable () -> Void) { self.body = body }
        }
        var thread = pthread_t()
        let context = Unmanaged.passRetained(Box(body)).toOpaque()
        let started = pthread_create(&thread, nil, { raw in
            let box = Unmanaged<Box>.fromOpaque(raw!).takeRetainedValue()
            box.body()
            return nil
        }, context)
        if started == 0 { pthread_detach(thread) } else { Unmanaged<Box>.fromOpaque(context).release() }
    }

    /// Sends `call`; `reply` gets its answer (or the failure) on the bus thread.
    public func call(_ call: BusCall, reply: (@Sendable (Result<[BusValue], BusError>) -> Void)? = nil) {
        let failure: BusError? = state.withLock { state in
            if let failure = state.failure { return failure }
            state.queued.append((call, reply))
            return nil
        }
        if let failure { reply?(.failure(failure)) } else { poke() }
    }

    /// Closes the connection; calls not sent yet fail.
    public func stop() {
        state.withLock { $0.stopped = true }
        poke()
    }

    private func poke() {
        var byte: UInt8 = 1
        _ = write(wake.write, &byte, 1)
    }

    // MARK: - The bus thread

    deinit {
        // Here, not when the thread ends: a call after a failure still writes to the pipe.
        close(wake.read)
        close(wake.write)
    }

    private func run(address: String?, matches: [String], onSignal: @Sendable (BusMessage) -> Void) {
        guard let connection = connect(address: address, matches: matches) else { return }
        defer {
            dbus_connection_close(connection)
            dbus_connection_unref(connection)
        }
        var fd: Int32 = -1
        dbus_connection_get_unix_fd(connection, &fd)
        typealias Reply = @Sendable (Result<[BusValue], BusError>) -> Void
        // Replies awaited, by serial, with when to give up (a server that never answers must not
        // keep the caller waiting, nor its closure, for ever).
        var pending: [UInt32: (reply: Reply, deadline: Double)] = [:]
        // Every way out fails what was queued or awaited, and any later call at once.
        func end(_ error: BusError) {
            let queued = state.withLock { state in
                state.failure = error
                defer { state.queued.removeAll() }
                return state.queued
            }
            fail(queued.compactMap(\.1) + pending.values.map(\.reply), error)
        }
        while true {
            let (calls, stopped) = state.withLock { state in
                defer { state.queued.removeAll() }
                return (state.queued, state.stopped)
            }
            if stopped {
                fail(calls.compactMap(\.1), BusError(name: "natter.Stopped", message: "the connection was closed"))
                end(BusError(name: "natter.Stopped", message: "the connection was closed"))
                return
            }
            for (call, reply) in calls {
                if let serial = send(call, on: connection) {
                    if let reply { pending[serial] = (reply, Self.now() + Self.replyTimeout) }
                } else {
                    reply?(.failure(BusError(name: "natter.Invalid", message: "cannot build the call \(call.interface).\(call.member)")))
                }
            }
            dbus_connection_flush(connection)
            while let raw = dbus_connection_pop_message(connection) {
                let message = Self.decode(raw)
                dbus_message_unref(raw)
                switch message.kind {
                case .methodReturn:
                    pending.removeValue(forKey: message.replySerial)?.reply(.success(message.arguments))
                case .error:
                    pending.removeValue(forKey: message.replySerial)?.reply(.failure(
                        BusError(name: message.errorName ?? "error", message: message.arguments.first?.string ?? "")))
                case .signal where message.interface == "org.freedesktop.DBus.Local" && message.member == "Disconnected":
                    end(BusError(name: "natter.Disconnected", message: "the bus closed the connection"))
                    return
                case .signal:
                    onSignal(message)
                default:
                    break
                }
            }
            let now = Self.now()
            for (serial, entry) in pending where entry.deadline <= now {
                pending[serial] = nil
                entry.reply(.failure(BusError(name: "org.freedesktop.DBus.Error.NoReply", message: "no answer within \(Int(Self.replyTimeout)) s")))
            }
            // Sleeps until the bus or a caller has something, or the next reply is overdue.
            let timeout = pending.values.map(\.deadline).min().map { Int32(max(0, ($0 - now) * 1000).rounded(.up)) } ?? -1
            var polled = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0), pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0)]
            if poll(&polled, 2, timeout) < 0, errno != EINTR {
                end(BusError(name: "natter.Poll", message: "poll failed"))
                return
            }
            if polled[1].revents != 0 {
                var drain = [UInt8](repeating: 0, count: 64)
                while read(wake.read, &drain, drain.count) > 0 {}
            }
            // Reads what arrived (without blocking) into the queue popped above. When the
            // connection closed, libdbus queues a Disconnected signal after what was read, which
            // the next round pops (replies that came first are delivered first).
            _ = dbus_connection_read_write(connection, 0)
            if dbus_connection_get_is_connected(connection) == 0, dbus_connection_get_dispatch_status(connection) == DBUS_DISPATCH_COMPLETE {
                end(BusError(name: "natter.Disconnected", message: "the bus connection closed"))
                return
            }
        }
    }

    /// How long a call waits for its reply.
    static let replyTimeout = 10.0

    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    private func fail(_ replies: [@Sendable (Result<[BusValue], BusError>) -> Void], _ error: BusError) {
        for reply in replies { reply(.failure(error)) }
    }

    private func connect(address: String?, matches: [String]) -> OpaquePointer? {
        var error = DBusError()
        dbus_error_init(&error)
        defer { dbus_error_free(&error) }
        // Never libdbus's autolaunch (it would start a bus daemon of its own for this process).
        guard let address = address ?? Self.sessionAddress() else {
            dbus_set_error_const(&error, "natter.NoBus", "no session bus (DBUS_SESSION_BUS_ADDRESS is not set)")
            return failConnecting(&error)
        }
        let connection = dbus_connection_open_private(address, &error)
        if let connection, dbus_bus_register(connection, &error) == 0 {
            dbus_connection_close(connection)
            dbus_connection_unref(connection)
            return failConnecting(&error)
        }
        guard let connection else { return failConnecting(&error) }
        dbus_connection_set_exit_on_disconnect(connection, 0)
        for rule in matches {
            dbus_bus_add_match(connection, rule, &error)
            if dbus_error_is_set(&error) != 0 {
                dbus_connection_close(connection)
                dbus_connection_unref(connection)
                return failConnecting(&error)
            }
        }
        return connection
    }

    /// The session bus's address: `DBUS_SESSION_BUS_ADDRESS`, else the user bus systemd
    /// puts at `$XDG_RUNTIME_DIR/bus`, else none.
    static func sessionAddress() -> String? {
        if let address = getenv("DBUS_SESSION_BUS_ADDRESS").map({ String(cString: $0) }), !address.isEmpty { return address }
        guard let runtime = getenv("XDG_RUNTIME_DIR").map({ String(cString: $0) }), !runtime.isEmpty else { return nil }
        var info = stat()
        return stat(runtime + "/bus", &info) == 0 && info.st_mode & S_IFMT == S_IFSOCK ? "unix:path=\(runtime)/bus" : nil
    }

    private func failConnecting(_ error: inout DBusError) -> OpaquePointer? {
        let failure = BusError(name: error.name.map { String(cString: $0) } ?? "natter.NoBus",
                               message: error.message.map { String(cString: $0) } ?? "cannot connect to the session bus")
        let queued = state.withLock { state in
            state.failure = failure
            defer { state.queued.removeAll() }
            return state.queued
        }
        fail(queued.compactMap(\.1), failure)
        return nil
    }

    private func send(_ call: BusCall, on connection: OpaquePointer) -> UInt32? {
        guard let message = dbus_message_new_method_call(call.destination, call.path, call.interface, call.member) else { return nil }
        defer { dbus_message_unref(message) }
        var iterator = DBusMessageIter()
        dbus_message_iter_init_append(message, &iterator)
        for argument in call.arguments where !argument.append(to: &iterator) { return nil }
        var serial: UInt32 = 0
        return dbus_connection_send(connection, message, &serial) != 0 ? serial : nil
    }

    private static func decode(_ raw: OpaquePointer) -> BusMessage {
        let kinds: [Int32: BusMessage.Kind] = [1: .methodCall, 2: .methodReturn, 3: .error, 4: .signal]
        var iterator = DBusMessageIter()
        let arguments = dbus_message_iter_init(raw, &iterator) != 0 ? BusValue.read(&iterator) : []
        func text(_ pointer: UnsafePointer<CChar>?) -> String? { pointer.map { String(cString: $0) } }
        return BusMessage(kind: kinds[dbus_message_get_type(raw)] ?? .other, interface: text(dbus_message_get_interface(raw)),
                          member: text(dbus_message_get_member(raw)), path: text(dbus_message_get_path(raw)),
                          sender: text(dbus_message_get_sender(raw)), errorName: text(dbus_message_get_error_name(raw)),
                          replySerial: dbus_message_get_reply_serial(raw), arguments: arguments)
    }
}

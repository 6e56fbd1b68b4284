import Dispatch
import Synchronization

/// Passwords in the desktop's keyring through the freedesktop Secret Service
/// (`org.freedesktop.secrets`: GNOME Keyring, KeePassXC, KWallet's bridge), spoken over the
/// session bus directly. Natter's items carry the attributes `xdg:schema` =
/// `chat.natter.Password` and `key` = the name the config gives (`password = { keyring =
/// "libera" }`), so `secret-tool lookup xdg:schema chat.natter.Password key libera` finds them
/// too. Secrets travel in a "plain" session: the session bus is the user's own.
public final class SecretService: Sendable {
    static let service = "org.freedesktop.secrets"
    static let path = "/org/freedesktop/secrets"
    static let serviceInterface = "org.freedesktop.Secret.Service"
    /// The attribute that names Natter's items.
    public static let schema = "chat.natter.Password"

    private let bus: BusConnection
    private let prompts = Prompts()

    /// Prompt completions awaited, by prompt path (the keyring asking to be unlocked).
    private final class Prompts: Sendable {
        let waiting = Mutex<[String: @Sendable (Bool, BusValue?) -> Void]>([:])
    }

    /// The Secret Service on `address`'s bus (the session bus by default).
    public init(address: String? = nil) {
        let prompts = self.prompts
        bus = BusConnection(address: address, matches: [
            "type='signal',interface='org.freedesktop.Secret.Prompt',member='Completed'",
        ]) { message in
            guard message.member == "Completed", let path = message.path else { return }
            let dismissed = message.arguments.first.map { $0 == .bool(true) } ?? true
            let done = prompts.waiting.withLock { $0.removeValue(forKey: path) }
            done?(dismissed, message.arguments.dropFirst().first)
        }
    }

    /// Stops talking to the service.
    public func stop() { bus.stop() }

    /// The password stored for `key`, nil when there is none; unlocks the keyring first when it
    /// is locked (the desktop asks the user). Waits at most `timeout` seconds (a prompt left
    /// open must not hang the caller for ever).
    public func password(for key: String, timeout: Double = 60) throws(BusError) -> String? {
        let result = Waiter<Result<String?, BusError>>()
        lookUp(key) { result.set($0) }
        guard let answer = result.wait(seconds: timeout) else {
            throw BusError(name: "natter.Timeout", message: "the keyring did not answer within \(Int(timeout)) s")
        }
        return try answer.get()
    }

    /// Stores `password` for `key` in the default keyring (replacing the one stored before).
    public func store(_ password: String, for key: String, label: String, timeout: Double = 60) throws(BusError) {
        let result = Waiter<Result<Void, BusError>>()
        session { [bus, prompts] session in
            guard case .success(let session) = session else { return result.set(.failure(session.failure!)) }
            let properties: BusValue = .dictionary([
                ("org.freedesktop.Secret.Item.Label", .string(label)),
                ("org.freedesktop.Secret.Item.Attributes", Self.attributes(key)),
            ])
            let call = BusCall(destination: Self.service, path: "/org/freedesktop/secrets/aliases/default",
                               interface: "org.freedesktop.Secret.Collection", member: "CreateItem",
                               arguments: [properties, Self.secret(password, session: session), .bool(true)])
            bus.call(call) { answer in
                switch answer {
                case .failure(let error): result.set(.failure(error))
                case .success(let values):
                    let prompt = values.dropFirst().first?.string ?? "/"
                    guard prompt != "/" else { return result.set(.success(())) }
                    Self.run(prompt: prompt, on: bus, prompts: prompts) { dismissed, _ in
                        result.set(dismissed ? .failure(BusError(name: "natter.Dismissed", message: "the keyring was not unlocked")) : .success(()))
                    }
                }
            }
        }
        guard let answer = result.wait(seconds: timeout) else {
            throw BusError(name: "natter.Timeout", message: "the keyring did not answer within \(Int(timeout)) s")
        }
        try answer.get()
    }

    // MARK: - The protocol

    static func attributes(_ key: String) -> BusValue {
        .array(signature: "{ss}", [.entry(.string("xdg:schema"), .string(schema)), .entry(.string("key"), .string(key))])
    }

    /// A Secret struct `(oayays)`: session, parameters (none in a plain session), value, type.
    static func secret(_ password: String, session: String) -> BusValue {
        .structure([.objectPath(session), .array(signature: "y", []), .array(signature: "y", Array(password.utf8).map { .byte($0) }),
                    .string("text/plain; charset=utf8")])
    }

    private func session(_ done: @escaping @Sendable (Result<String, BusError>) -> Void) {
        bus.call(BusCall(destination: Self.service, path: Self.path, interface: Self.serviceInterface, member: "OpenSession",
                         arguments: [.string("plain"), .variant(.string(""))])) { answer in
            done(answer.flatMap { values in
                guard let path = values.dropFirst().first?.string else {
                    return .failure(BusError(name: "natter.BadReply", message: "OpenSession gave no session"))
                }
                return .success(path)
            })
        }
    }

    private func lookUp(_ key: String, _ done: @escaping @Sendable (Result<String?, BusError>) -> Void) {
        let bus = self.bus, prompts = self.prompts
        session { session in
            guard case .success(let session) = session else { return done(.failure(session.failure!)) }
            bus.call(BusCall(destination: Self.service, path: Self.path, interface: Self.serviceInterface, member: "SearchItems",
                             arguments: [Self.attributes(key)])) { answer in
                guard case .success(let values) = answer, values.count == 2,
                      case .array(_, let unlocked) = values[0], case .array(_, let locked) = values[1] else {
                    return done(.failure(answer.failure ?? BusError(name: "natter.BadReply", message: "SearchItems")))
                }
                let read = { @Sendable (item: String) in
                    Self.read(item, session: session, on: bus, done)
                }
                if let item = unlocked.first?.string { return read(item) }
                guard let item = locked.first?.string else { return done(.success(nil)) }
                bus.call(BusCall(destination: Self.service, path: Self.path, interface: Self.serviceInterface, member: "Unlock",
                                 arguments: [.array(signature: "o", [.objectPath(item)])])) { answer in
                    guard case .success(let values) = answer else { return done(.failure(answer.failure!)) }
                    let prompt = values.dropFirst().first?.string ?? "/"
                    guard prompt != "/" else { return read(item) }
                    Self.run(prompt: prompt, on: bus, prompts: prompts) { dismissed, _ in
                        if dismissed { done(.failure(BusError(name: "natter.Dismissed", message: "the keyring was not unlocked"))) } else { read(item) }
                    }
                }
            }
        }
    }

    private static func read(_ item: String, session: String, on bus: BusConnection,
                             _ done: @escaping @Sendable (Result<String?, BusError>) -> Void) {
        bus.call(BusCall(destination: service, path: path, interface: serviceInterface, member: "GetSecrets",
                         arguments: [.array(signature: "o", [.objectPath(item)]), .objectPath(session)])) { answer in
            guard case .success(let values) = answer, case .array(_, let entries)? = values.first,
                  case .entry(_, .structure(let fields))? = entries.first, fields.count >= 3,
                  case .array(_, let bytes) = fields[2] else {
                return done(answer.flatMap { _ in .success(nil) })
            }
            let value = bytes.compactMap { value -> UInt8? in if case .byte(let b) = value { b } else { nil } }
            done(.success(String(decoding: value, as: UTF8.self)))
        }
    }

    /// Shows a prompt (the desktop's unlock dialog) and calls `done` when it completes.
    private static func run(prompt: String, on bus: BusConnection, prompts: Prompts,
                            _ done: @escaping @Sendable (Bool, BusValue?) -> Void) {
        prompts.waiting.withLock { $0[prompt] = done }
        bus.call(BusCall(destination: service, path: prompt, interface: "org.freedesktop.Secret.Prompt", member: "Prompt",
                         arguments: [.string("")])) { answer in
            if case .failure = answer {
                let waiting = prompts.waiting.withLock { $0.removeValue(forKey: prompt) }
                waiting?(true, nil)
            }
        }
    }
}

extension Result {
    /// The error, if it is one.
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}

/// One answer handed from the bus thread to a caller that waits for it.
final class Waiter<Value: Sendable>: Sendable {
    private let value = Mutex<Value?>(nil)
    private let ready = DispatchSemaphore(value: 0)

    func set(_ answer: Value) {
        let first = value.withLock { stored in
            guard stored == nil else { return false }
            stored = answer
            return true
        }
        if first { ready.signal() }
    }

    /// The answer, or nil after `seconds`.
    func wait(seconds: Double) -> Value? {
        _ = ready.wait(timeout: .now() + seconds)
        return value.withLock { $0 }
    }
}

import Synchronization

/// Desktop notifications through the freedesktop interface (`org.freedesktop.Notifications`
/// on the session bus) directly, rather than a `notify-send` process per message: each has an
/// "Open" action (the default one, a click on the bubble), a notification replaces the one
/// before it for the same conversation instead of piling up, and text is escaped where the
/// server reads markup.
public final class DesktopNotifications: Sendable {
    static let service = "org.freedesktop.Notifications"
    static let path = "/org/freedesktop/Notifications"

    private let bus: BusConnection
    private let shared = Shared()

    /// The state the bus thread and the callers share.
    private final class Shared: Sendable {
        let state = Mutex(State())
    }

    private struct State: Sendable {
        /// What to do when a notification's action is invoked, by its id.
        var actions: [UInt32: @Sendable () -> Void] = [:]
        /// The last notification shown per conversation key, to replace it.
        var lastByKey: [String: UInt32] = [:]
        /// Whether the server reads markup in bodies (asked once); nil until it answers.
        var bodyMarkup: Bool?
    }

    /// Notifications on `address`'s bus (the session bus by default).
    public init(address: String? = nil) {
        let shared = self.shared
        bus = BusConnection(address: address, matches: [
            // From the notification server only: anyone on the bus can send a signal.
            "type='signal',sender='\(Self.service)',interface='\(Self.service)',member='ActionInvoked'",
            "type='signal',sender='\(Self.service)',interface='\(Self.service)',member='NotificationClosed'",
        ]) { message in
            guard let id = message.arguments.first?.integer.flatMap(UInt32.init(exactly:)) else { return }
            switch message.member {
            case "ActionInvoked":
                let key = message.arguments.dropFirst().first?.string
                guard key == "default" || key == "open" else { return }
                let action = shared.state.withLock { $0.actions[id] }
                action?()
            case "NotificationClosed":
                shared.state.withLock { state in
                    state.actions[id] = nil
                    state.lastByKey = state.lastByKey.filter { $0.value != id }
                }
            default:
                break
            }
        }
        bus.call(BusCall(destination: Self.service, path: Self.path, interface: Self.service, member: "GetCapabilities")) { result in
            guard case .success(let values) = result, case .array(_, let capabilities)? = values.first else { return }
            shared.state.withLock { $0.bodyMarkup = capabilities.contains(.string("body-markup")) }
        }
    }

    /// Shows `title` and `body`, replacing the last notification shown for `key` (a buffer);
    /// `onOpen` runs (on the bus thread) when the user clicks it or picks "Open". `completion`
    /// learns whether the server took it: when not (no bus, no notification server), the
    /// caller can fall back.
    /// `sound`: whether the server plays the theme's sound for a new message (`sound-name`
    /// message-new-instant), or none at all (`suppress-sound`).
    public func notify(title: String, body: String, key: String, sound: Bool = true, onOpen: @escaping @Sendable () -> Void,
                       completion: @escaping @Sendable (Result<UInt32, BusError>) -> Void = { _ in }) {
        let (replaces, markup) = shared.state.withLock { ($0.lastByKey[key] ?? 0, $0.bodyMarkup) }
        // Until the server has said (its answer comes after the first notification may go out),
        // the body is escaped: nearly every server reads markup, and a message's `<b>` must not
        // become bold there; a server without markup would show one body's `&amp;` at worst.
        let text = markup != false ? Self.escapeMarkup(body) : body
        let call = BusCall(destination: Self.service, path: Self.path, interface: Self.service, member: "Notify", arguments: [
            .string("Natter"), .uint32(replaces), .string("natter"), .string(title), .string(text),
            .array(signature: "s", [.string("default"), .string("Open")]),
            .dictionary(Self.hints(sound: sound)),
            .int32(-1),
        ])
        let shared = self.shared
        bus.call(call) { result in
            switch result {
            case .success(let values):
                guard let id = values.first?.integer.flatMap(UInt32.init(exactly:)) else {
                    completion(.failure(BusError(name: "natter.BadReply", message: "Notify returned no id")))
                    return
                }
                shared.state.withLock { state in
                    if replaces != 0, replaces != id { state.actions[replaces] = nil }
                    state.actions[id] = onOpen
                    state.lastByKey[key] = id
                }
                completion(.success(id))
            case .failure(let error):
                completion(.failure(error))
            }
        }
    }

    /// The hints of a chat message's notification: Natter's desktop entry, the category of a
    /// received message, and its sound or none.
    static func hints(sound: Bool) -> [(String, BusValue)] {
        [("desktop-entry", .string("natter")), ("category", .string("im.received")),
         sound ? ("sound-name", .string("message-new-instant")) : ("suppress-sound", .bool(true))]
    }

    /// Closes the connection.
    public func stop() { bus.stop() }

    /// `text` with the characters the notification markup reads (`&`, `<`, `>`) escaped.
    static func escapeMarkup(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}

import ChatModel
import Connections
import Foundation
import IRCProtocol
import IRCSession
import IRCTestServers
import IRCTransport
import NatterUI

/// The whole client as the desktop app builds it, without a window: the `ChatStack` (model,
/// screen, controller) and the app's ``NetworkHub`` (one transport per network). The test
/// drives the frame loop: ``pump(_:timeout:until:)`` applies what the transports reported
/// (``NetworkHub/drain()``) and syncs the screen (``ChatController/sync()``) until a
/// condition holds.
@MainActor
final class LiveClient {
    let name: String
    let model: ChatModel
    let screen: ChatScreen
    let controller: ChatController
    let hub: NetworkHub
    /// Every line the session handed to the transport, in order (a QUIT travels as the
    /// farewell of the disconnect that follows it).
    var sent: [IRCMessage] {
        hub.requests.flatMap { entry -> [IRCMessage] in
            if case .send(let lines, _) = entry.request { return lines }
            return entry.request.farewell ?? []
        }
    }

    /// Where the hub keeps STS policies: a file of this client's own (never the user's).
    let stsPolicies: String

    init(network name: String = "testnet", configuration: SessionConfiguration,
         settings: ModelSettings = ModelSettings(), logs: LogStore? = nil, stsPolicies: String? = nil) {
        self.name = name
        let chat = ChatStack(settings: settings, logs: logs, clock: SessionClock.now)
        model = chat.model
        screen = chat.screen
        controller = chat.controller
        let policies = stsPolicies ?? FileManager.default.temporaryDirectory
            .appendingPathComponent("natter-sts-\(UUID().uuidString).json").path
        self.stsPolicies = policies
        hub = NetworkHub(model: model, clock: SessionClock.now, wakeUp: {}, stsPolicies: policies)
        hub.recordsRequests = true
        model.addNetwork(name: name, configuration: configuration)
        controller.show(serverBuffer.id)
    }

    /// A client with the usual test configuration: `nick`, auto-joining `channels`.
    convenience init(nick: String, channels: [String] = [], alternativeNicks: [String] = [],
                     sasl: SASLMechanismConfig? = nil, saslFailure: SASLFailurePolicy = .disconnect,
                     saslTimeout: Double = 15,
                     keepalive: KeepaliveConfiguration = KeepaliveConfiguration(),
                     settings: ModelSettings = ModelSettings()) {
        var configuration = SessionConfiguration(nick: nick, alternativeNicks: alternativeNicks, user: "natter",
                                                 realName: "Natter integration test", sasl: sasl,
                                                 autoJoin: channels.map { ChannelKey($0) }, keepalive: keepalive)
        configuration.saslFailure = saslFailure
        configuration.saslTimeout = saslTimeout
        self.init(configuration: configuration, settings: settings)
    }

    /// Starts connecting through the app's network hub.
    func connect(_ endpoint: IRCServerEndpoint, adjust: (inout IRCTransportConfiguration) -> Void = { _ in }) {
        var configuration = IRCTransportConfiguration(endpoint: endpoint)
        adjust(&configuration)
        hub.connect(network: name, configuration: configuration)
    }

    /// Connects over plain TCP to a local port.
    func connect(port: UInt16, adjust: (inout IRCTransportConfiguration) -> Void = { _ in }) {
        connect(IRCServerEndpoint(host: "127.0.0.1", port: Int(port), security: .plaintext), adjust: adjust)
    }

    /// Stops the transport (idempotent).
    func close() {
        hub.stopAll()
        hub.drain()
    }

    // MARK: The model

    var network: ChatNetwork { model.network(name)! }
    var session: IRCSession { network.session }
    var serverBuffer: ChatBuffer { network.serverBuffer }

    /// The server buffer's error rows, besides two that every test connection shows: the
    /// warning that the link is insecure (plain TCP, or TLS with a self-signed certificate),
    /// and the test server's 422 (no MOTD file), an error numeric.
    var errorRows: [ChatLine] {
        serverBuffer.lines.filter {
            $0.kind == .error && !$0.text.hasSuffix("(insecure)") && $0.text != "Message of the day file is missing."
        }
    }

    func buffer(_ name: String) -> ChatBuffer? { network.buffer(named: name) }

    /// Shows `name`'s buffer, as clicking it in the sidebar would.
    func show(_ name: String) throws {
        guard let buffer = buffer(name) else { throw IntegrationFailure("no buffer \(name)\n\(dump())") }
        controller.show(buffer.id)
    }

    /// The message rows (message, action, notice) of a buffer.
    func messages(in name: String) -> [ChatLine] {
        (buffer(name)?.lines ?? []).filter(\.isMessage)
    }

    // MARK: Driving the loop

    /// What else runs in each frame, between the transports' events and the screen (the
    /// scripts' timers and actions, as the app's loop runs them there).
    var eachFrame: (() -> Void)?

    /// One frame: the transports' events into the model, the model's changes onto the screen.
    func pumpOnce() {
        hub.drain()
        eachFrame?()
        controller.sync()
    }

    /// Runs frames until `condition` holds; fails after `timeout` seconds with the recent rows.
    /// Returns how long the loop was kept from running (see ``Deadline``).
    @discardableResult
    func pump(_ description: String, timeout: Double = 10, until condition: () -> Bool) async throws -> Double {
        var deadline = Deadline(timeout)
        while true {
            pumpOnce()
            if condition() { return deadline.stalled }
            guard deadline.hasTimeLeft() else {
                throw IntegrationFailure("timed out after \(timeout) s waiting for \(description)\n\(dump())")
            }
            try await Task.sleep(for: .milliseconds(5))
        }
    }

    /// Runs frames for `seconds` (to see that something does NOT happen).
    func pump(for seconds: Double) async throws {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            pumpOnce()
            try await Task.sleep(for: .milliseconds(5))
        }
        pumpOnce()
    }

    /// Waits until registration is complete (001 and the end of the MOTD seen).
    func waitUntilReady(timeout: Double = 10) async throws {
        try await pump("registration", timeout: timeout) { session.isReady }
    }

    /// Waits until channel `name` is joined.
    func waitUntilJoined(_ name: String, timeout: Double = 10) async throws {
        try await pump("joining \(name)", timeout: timeout) {
            buffer(name)?.isJoined == true && session.state.channel(named: name)?.membersComplete == true
        }
    }

    /// Reads `peer` until a message matches, running frames meanwhile (the client keeps going
    /// while the peer waits).
    @discardableResult
    func wait(for peer: RawIRCClient, _ description: String, timeout: Double = 10,
              where predicate: (IRCMessage) -> Bool) async throws -> IRCMessage {
        var deadline = Deadline(timeout)
        repeat {
            pumpOnce()
            let line: String?
            do {
                line = try peer.readLine(timeout: 0.02)
            } catch {
                try await Task.sleep(for: .milliseconds(1))
                continue
            }
            guard let line else { throw IntegrationFailure("the peer's connection closed waiting for \(description)") }
            if let message = try? IRCMessage(parsing: line), predicate(message) { return message }
        } while deadline.hasTimeLeft()
        throw IntegrationFailure("the peer timed out after \(timeout) s waiting for \(description)\n\(dump())")
    }

    /// Registers a raw peer (InspIRCd answers on its one-second tick), running frames meanwhile.
    func register(_ peer: RawIRCClient, nick: String) async throws {
        try peer.send(lines: ["NICK \(nick)", "USER \(nick) 0 * :raw peer"])
        try await wait(for: peer, "001 for \(nick)") { $0.command == "001" }
    }

    /// Joins a raw peer to `channel`, running frames meanwhile.
    func join(_ peer: RawIRCClient, _ channel: String) async throws {
        try peer.send("JOIN \(channel)")
        try await wait(for: peer, "366 for \(channel)") { $0.command == "366" }
    }

    // MARK: Reports

    /// The last rows of the server buffer and of the buffer on screen, for failure messages.
    func dump(last count: Int = 15) -> String {
        var text = "server buffer of \(name) (phase \(session.state.phase), nick \(session.state.nick)):\n"
        text += serverBuffer.lines.suffix(count).map { "  " + Self.describe($0) }.joined(separator: "\n")
        if let current = controller.current, current != serverBuffer.id, let buffer = model.buffer(current) {
            text += "\nbuffer \(buffer.name):\n" + buffer.lines.suffix(count).map { "  " + Self.describe($0) }
                .joined(separator: "\n")
        }
        return text
    }

    static func describe(_ line: ChatLine) -> String {
        "[\(line.kind)\(line.delivery == .delivered ? "" : " \(line.delivery)")] \(line.nick.map { "<\($0)> " } ?? "")"
            + line.text.debugDescription
    }
}

/// A wait's time limit that counts only the time the waiting loop got to run. Tests of other
/// targets share the main actor in a full `swift test`, and some hold it for seconds: a gap of
/// more than half a second between two turns of the loop is time the client (whose frame loop
/// runs there too) could not use, so the deadline moves by it.
struct Deadline {
    private var end: Date
    private var last = Date()
    /// Seconds the loop was kept from running.
    private(set) var stalled = 0.0

    init(_ timeout: Double) { end = Date().addingTimeInterval(timeout) }

    /// Whether time is left (checked once per turn of the loop).
    mutating func hasTimeLeft() -> Bool {
        let now = Date()
        let gap = now.timeIntervalSince(last)
        if gap > 0.5 {
            end.addTimeInterval(gap)
            stalled += gap
        }
        last = now
        return now < end
    }
}

/// A failed wait, with what the client showed.
struct IntegrationFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

extension IRCMessage {
    /// The nick of the source (`nick!user@host`).
    var sourceNick: String? { source.map { String($0.prefix { $0 != "!" }) } }
}

import ChatModel
import Configuration
import FoundationEssentials
import IRCSession
import Synchronization

/// Adds the configured networks to the model and the hub, and connects those configured to
/// connect at start. A network whose passwords come from the keyring or a `password_command`
/// is added at once but held back (``NetworkHub/hold(network:)``) while its passwords are
/// fetched on a thread of their own: a slow command or a keyring waiting for its unlock
/// prompt delays that network, never the window's first frame or the other networks.
///
/// The fetched passwords come back through a queue that wakes the window loop; ``apply()``
/// (on the window's thread) gives them to the network's session and lets it connect. A fetch
/// that fails is said in the server buffer; `/connect` then fetches again.
@MainActor
public final class NetworkStarter {
    private struct Waiting {
        var network: NatterConfig.Network
        var ctcp: CTCPConfiguration
        /// Whether it connects when its passwords come (configured to, or `/connect` asked).
        var connect: Bool
        /// Whether a fetch is under way (false after one failed).
        var fetching: Bool
        /// Which fetch's result it waits for: one started for settings replaced since (a
        /// reload while a prompt was open) is dropped when it comes.
        var generation = 0
    }
    /// The number of the next fetch.
    private var fetches = 0
    /// Gets a network's passwords (blocking: it runs on a thread of its own).
    public typealias Fetch = @Sendable (NatterConfig.Network) throws(ConfigError) -> NetworkSecrets

    private let model: ChatModel
    private let hub: NetworkHub
    private let wakeUp: @Sendable () -> Void
    private let fetch: Fetch
    private var waiting: [String: Waiting] = [:]
    private let arrived = Arrivals()

    /// A starter for `model` and `hub`. `wakeUp` wakes the window loop when passwords arrive;
    /// `fetch` gets a network's passwords (tests give the keyring's bus).
    public init(model: ChatModel, hub: NetworkHub, wakeUp: @escaping @Sendable () -> Void,
         fetch: @escaping Fetch = { network throws(ConfigError) in
             try NetworkSecrets.fetch(for: network)
         }) {
        self.model = model
        self.hub = hub
        self.wakeUp = wakeUp
        self.fetch = fetch
        hub.onConnectHeld = { [weak self] name in self?.connectWhenReady(name) }
        hub.onDisconnectHeld = { [weak self] name in self?.stayDisconnected(name) }
    }

    /// The status line's words for a network waiting for its passwords, and for one whose
    /// passwords could not be had.
    static let fetching = "waiting for the password"
    static let failed = "no password: /connect asks again"

    /// Whether `network` still waits for its passwords.
    public func isWaiting(_ network: String) -> Bool { waiting[network] != nil }

    /// Adds `network` with the CTCP replies `ctcp`: ready at once when its passwords are in
    /// the config, else after they are fetched.
    public func add(_ network: NatterConfig.Network, ctcp: CTCPConfiguration) {
        let server = BufferID(network: network.name, name: "")
        do {
            // A setting missing (a SASL login without a password) is said now: fetching
            // would not mend it.
            let immediate = NetworkSecrets.immediate(for: network)
            let setup = try NetworkSetup(network, secrets: immediate ?? NetworkSecrets.placeholders(for: network), ctcp: ctcp)
            guard immediate != nil else {
                addToModel(network, configuration: Self.withoutLogin(network, ctcp: ctcp))
                hub.hold(network: network.name)
                waiting[network.name] = Waiting(network: network, ctcp: ctcp, connect: network.autoConnect, fetching: false)
                // One not connecting at start asks for its password on /connect: no keyring
                // prompt for a network not in use.
                if network.autoConnect {
                    model.setLink(.held(Self.fetching), network: network.name)
                    model.note("Asking \(NetworkSecrets.sources(for: network)) for the password before connecting…",
                               in: server, at: Date())
                    startFetch(network.name)
                }
                return
            }
            addToModel(network, configuration: setup.session)
            if network.autoConnect {
                hub.connect(network: network.name, endpoint: setup.endpoint)
            } else {
                hub.add(network: network.name, endpoint: setup.endpoint)
            }
        } catch {
            addToModel(network, configuration: Self.withoutLogin(network, ctcp: ctcp))
            model.note("Not connecting: \(error)", in: server, isError: true, at: Date())
        }
    }

    /// A running network whose address, TLS or login changed in the configuration: its
    /// session takes the new login and its link is made again to the new address (leaving
    /// the old server with `quitMessage`) when it had one or was about to; otherwise the new
    /// address waits for `/connect`. Passwords to fetch are fetched first, as at start.
    public func reconnect(_ network: NatterConfig.Network, ctcp: CTCPConfiguration, quitMessage: String, now: SessionTime) {
        guard model.network(network.name) != nil else { return add(network, ctcp: ctcp) }
        let name = network.name
        let server = BufferID(network: name, name: "")
        let linked = hub.isLinked(name) || waiting[name]?.connect == true
        let immediate = NetworkSecrets.immediate(for: network)
        let setup: NetworkSetup
        do {
            setup = try NetworkSetup(network, secrets: immediate ?? NetworkSecrets.placeholders(for: network), ctcp: ctcp)
        } catch {
            model.note("Not reconnecting with the new settings: \(error)", in: server, isError: true, at: now.wall)
            return
        }
        let session = immediate == nil ? Self.withoutLogin(network, ctcp: ctcp) : setup.session
        model.reconfigure(network: name) { configuration in
            configuration.nick = session.nick
            configuration.alternativeNicks = session.alternativeNicks
            configuration.user = session.user
            configuration.realName = session.realName
            configuration.sasl = session.sasl
            configuration.serverPassword = session.serverPassword
            configuration.saslFailure = session.saslFailure
            configuration.saslTimeout = session.saslTimeout
            configuration.autoJoin = session.autoJoin
        }
        if linked {
            model.note("The address, TLS or login of \(name) changed in the configuration: connecting again", in: server, at: now.wall)
            // A held network has no link to leave: its fetch is dropped below instead.
            if !hub.isHeld(name) { model.leave(name, reason: quitMessage, reconnect: false, now: now) }
        }
        waiting[name] = nil
        guard immediate != nil else {
            hub.hold(network: name)
            waiting[name] = Waiting(network: network, ctcp: ctcp, connect: linked, fetching: false)
            if linked {
                model.setLink(.held(Self.fetching), network: name)
                startFetch(name)
            }
            return
        }
        if hub.isHeld(name) {
            hub.release(network: name, endpoint: setup.endpoint, connect: linked)
            if !linked { model.setLink(.idle, network: name) }
        } else if linked {
            hub.connect(network: name, endpoint: setup.endpoint)
        } else {
            hub.add(network: name, endpoint: setup.endpoint)
        }
    }

    /// The model's side of `network`: its session, and what the model runs for it.
    private func addToModel(_ network: NatterConfig.Network, configuration: SessionConfiguration) {
        let added = model.addNetwork(name: network.name, configuration: configuration, namedAfterServer: network.isNamedAfterServer)
        added.onConnect = network.onConnect
        if network.rememberChannels { added.remember(channels: network.channels.map { ChannelKey($0.name, key: $0.key) }) }
    }

    /// Gives the networks whose passwords arrived their login, and connects those that should.
    public func apply() {
        let results = arrived.take()
        for (name, generation, result) in results {
            guard var entry = waiting[name], entry.generation == generation else { continue }
            let server = BufferID(network: name, name: "")
            do {
                let setup = try NetworkSetup(entry.network, secrets: try result.get(), ctcp: entry.ctcp)
                model.setCredentials(sasl: setup.session.sasl, serverPassword: setup.session.serverPassword, network: name)
                // Channel keys the keyring keeps came with the passwords.
                if !entry.network.keyringChannelKeys.isEmpty {
                    model.reconfigure(network: name) { $0.autoJoin = setup.session.autoJoin }
                }
                waiting[name] = nil
                model.setLink(.idle, network: name)
                hub.release(network: name, endpoint: setup.endpoint, connect: entry.connect)
            } catch {
                entry.fetching = false
                entry.connect = false
                waiting[name] = entry
                model.setLink(.held(Self.failed), network: name)
                model.note("Not connecting: \(error). /connect asks again.", in: server, isError: true, at: Date())
            }
        }
    }

    /// `/disconnect` on a network still without its passwords: it stays disconnected when
    /// they come (a fetch under way goes on: a keyring prompt cannot be taken back).
    private func stayDisconnected(_ name: String) {
        guard var entry = waiting[name], entry.connect else { return }
        entry.connect = false
        waiting[name] = entry
        if entry.fetching {
            model.note("Not connecting when the password comes; /connect does", in: BufferID(network: name, name: ""), at: Date())
        }
    }

    /// `/connect` on a network still without its passwords: connects when they come, asking
    /// for them (again, when the last fetch failed) unless a fetch is under way.
    private func connectWhenReady(_ name: String) {
        guard var entry = waiting[name] else { return }
        let server = BufferID(network: name, name: "")
        entry.connect = true
        waiting[name] = entry
        if entry.fetching {
            model.note("Still waiting for the password from \(NetworkSecrets.sources(for: entry.network)); "
                       + "connecting when it comes", in: server, at: Date())
        } else {
            model.note("Asking \(NetworkSecrets.sources(for: entry.network)) for the password…", in: server, at: Date())
            model.setLink(.held(Self.fetching), network: name)
            startFetch(name)
        }
    }

    private func startFetch(_ name: String) {
        guard let network = waiting[name]?.network else { return }
        fetches += 1
        let generation = fetches
        waiting[name]?.fetching = true
        waiting[name]?.generation = generation
        let fetch = self.fetch, arrived = self.arrived, wakeUp = self.wakeUp
        let work: @Sendable () -> Void = {
            // One fetch at a time, whatever the number of networks: a locked keyring then
            // shows one unlock prompt, which the next fetch finds answered.
            let result = Self.oneAtATime.withLock { _ -> Result<NetworkSecrets, ConfigError> in
                do throws(ConfigError) { return .success(try fetch(network)) } catch { return .failure(error) }
            }
            arrived.add(name, generation, result)
            wakeUp()
        }
        if !BackgroundThread.start(work) {
            // No thread to be had: fetch here rather than never.
            work()
        }
    }

    /// Held by a fetch while it runs (see ``startFetch(_:)``).
    nonisolated private static let oneAtATime = Mutex(())

    /// The session of a network before (or without) its passwords: who it is, what it joins.
    private static func withoutLogin(_ network: NatterConfig.Network, ctcp: CTCPConfiguration) -> SessionConfiguration {
        var anonymous = network
        anonymous.sasl = nil
        anonymous.password = nil
        guard let setup = try? NetworkSetup(anonymous, secrets: NetworkSecrets(), ctcp: ctcp) else {
            return SessionConfiguration(nick: network.nick, user: network.user, realName: network.realName)
        }
        return setup.session
    }
}

/// Passwords fetched on other threads, waiting for the window's thread.
private final class Arrivals: Sendable {
    private let results = Mutex<[(network: String, generation: Int, result: Result<NetworkSecrets, ConfigError>)]>([])

    func add(_ network: String, _ generation: Int, _ result: Result<NetworkSecrets, ConfigError>) {
        results.withLock { $0.append((network, generation, result)) }
    }

    func take() -> [(network: String, generation: Int, result: Result<NetworkSecrets, ConfigError>)] {
        results.withLock { results in
            defer { results.removeAll() }
            return results
        }
    }
}

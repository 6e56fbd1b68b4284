import ChatModel
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
final class NetworkStarter {
    private struct Waiting {
        var network: NatterConfig.Network
        var ctcp: CTCPConfiguration
        /// Whether it connects when its passwords come (configured to, or `/connect` asked).
        var connect: Bool
        /// Whether a fetch is under way (false after one failed).
        var fetching: Bool
    }
    typealias Fetch = @Sendable (NatterConfig.Network) throws(ConfigError) -> NetworkSecrets

    private let model: ChatModel
    private let hub: NetworkHub
    private let wakeUp: @Sendable () -> Void
    private let fetch: Fetch
    private var waiting: [String: Waiting] = [:]
    private let arrived = Arrivals()

    /// A starter for `model` and `hub`. `wakeUp` wakes the window loop when passwords arrive;
    /// `fetch` gets a network's passwords (tests give the keyring's bus).
    init(model: ChatModel, hub: NetworkHub, wakeUp: @escaping @Sendable () -> Void,
         fetch: @escaping Fetch = { network throws(ConfigError) in
             try NetworkSecrets.fetch(for: network)
         }) {
        self.model = model
        self.hub = hub
        self.wakeUp = wakeUp
        self.fetch = fetch
        hub.onConnectHeld = { [weak self] name in self?.connectWhenReady(name) }
    }

    /// The status line's words for a network waiting for its passwords, and for one whose
    /// passwords could not be had.
    static let fetching = "waiting for the password"
    static let failed = "no password: /connect asks again"

    /// Whether `network` still waits for its passwords.
    func isWaiting(_ network: String) -> Bool { waiting[network] != nil }

    /// Adds `network` with the CTCP replies `ctcp`: ready at once when its passwords are in
    /// the config, else after they are fetched.
    func add(_ network: NatterConfig.Network, ctcp: CTCPConfiguration) {
        let server = BufferID(network: network.name, name: "")
        guard let secrets = NetworkSecrets.immediate(for: network) else {
            model.addNetwork(name: network.name, configuration: Self.withoutLogin(network, ctcp: ctcp))
            hub.hold(network: network.name)
            waiting[network.name] = Waiting(network: network, ctcp: ctcp, connect: network.autoConnect, fetching: false)
            model.setLink(.held(Self.fetching), network: network.name)
            model.note("Asking \(NetworkSecrets.sources(for: network)) for the password"
                       + (network.autoConnect ? " before connecting…" : "…"), in: server, at: Date())
            startFetch(network.name)
            return
        }
        do {
            let setup = try NetworkSetup(network, secrets: secrets, ctcp: ctcp)
            model.addNetwork(name: network.name, configuration: setup.session)
            if network.autoConnect {
                hub.connect(network: network.name, endpoint: setup.endpoint)
            } else {
                hub.add(network: network.name, endpoint: setup.endpoint)
            }
        } catch {
            model.addNetwork(name: network.name, configuration: Self.withoutLogin(network, ctcp: ctcp))
            model.note("Not connecting: \(error)", in: server, isError: true, at: Date())
        }
    }

    /// Gives the networks whose passwords arrived their login, and connects those that should.
    func apply() {
        let results = arrived.take()
        for (name, result) in results {
            guard var entry = waiting[name] else { continue }
            let server = BufferID(network: name, name: "")
            do {
                let setup = try NetworkSetup(entry.network, secrets: try result.get(), ctcp: entry.ctcp)
                model.setCredentials(sasl: setup.session.sasl, serverPassword: setup.session.serverPassword, network: name)
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

    /// `/connect` on a network still without its passwords: connects when they come, asking
    /// for them again when the last fetch failed.
    private func connectWhenReady(_ name: String) {
        guard var entry = waiting[name] else { return }
        let server = BufferID(network: name, name: "")
        entry.connect = true
        waiting[name] = entry
        if entry.fetching {
            model.note("Still waiting for the password from \(NetworkSecrets.sources(for: entry.network)); "
                       + "connecting when it comes", in: server, at: Date())
        } else {
            model.note("Asking \(NetworkSecrets.sources(for: entry.network)) for the password again…", in: server, at: Date())
            model.setLink(.held(Self.fetching), network: name)
            startFetch(name)
        }
    }

    private func startFetch(_ name: String) {
        guard let network = waiting[name]?.network else { return }
        waiting[name]?.fetching = true
        let fetch = self.fetch, arrived = self.arrived, wakeUp = self.wakeUp
        let work: @Sendable () -> Void = {
            let result: Result<NetworkSecrets, ConfigError>
            do throws(ConfigError) { result = .success(try fetch(network)) } catch { result = .failure(error) }
            arrived.add(name, result)
            wakeUp()
        }
        if !BackgroundThread.start(work) {
            // No thread to be had: fetch here rather than never.
            work()
        }
    }

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
    private let results = Mutex<[(network: String, result: Result<NetworkSecrets, ConfigError>)]>([])

    func add(_ network: String, _ result: Result<NetworkSecrets, ConfigError>) {
        results.withLock { $0.append((network, result)) }
    }

    func take() -> [(network: String, result: Result<NetworkSecrets, ConfigError>)] {
        results.withLock { results in
            defer { results.removeAll() }
            return results
        }
    }
}

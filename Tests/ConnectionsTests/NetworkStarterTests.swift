import ChatModel
import Configuration
@testable import Connections
import Foundation
import Glibc
import IRCSession
import Synchronization
import Testing

/// Networks whose passwords come from a command or the keyring: added at once, held back while
/// the passwords are fetched on another thread, connected when they come.
@MainActor
struct NetworkStarterTests {
    /// A model, a hub with a throwaway STS file, and a starter whose wake-ups are counted.
    @MainActor
    final class Rig {
        let model = ChatModel()
        let hub: NetworkHub
        let starter: NetworkStarter
        let wakeUps = Counter()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("natter-starter-\(UUID().uuidString)")

        init(fetch: NetworkStarter.Fetch? = nil) {
            try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let wakeUps = self.wakeUps
            hub = NetworkHub(model: model, wakeUp: { wakeUps.add() }, stsPolicies: folder.appendingPathComponent("sts").path)
            if let fetch {
                starter = NetworkStarter(model: model, hub: hub, wakeUp: { wakeUps.add() }, fetch: fetch)
            } else {
                starter = NetworkStarter(model: model, hub: hub, wakeUp: { wakeUps.add() })
            }
        }

        deinit { try? FileManager.default.removeItem(at: folder) }

        /// Waits (up to 20 s) for the starter to be woken `count` times in all, then applies.
        func applyAfterWakeUp(_ count: Int) {
            let deadline = Date().addingTimeInterval(20)
            while wakeUps.value < count, Date() < deadline { usleep(2_000) }
            starter.apply()
        }

        /// Drains the hub until `network`'s transport has reported (up to 20 s): whether it
        /// started, connecting (here refused, so reconnecting after).
        func startedAfterDraining(_ network: String) -> Bool {
            let deadline = Date().addingTimeInterval(20)
            while Date() < deadline {
                hub.drain()
                switch model.network(network)?.link {
                case .connecting, .reconnecting, .connected: return true
                default: usleep(2_000)
                }
            }
            return false
        }

        func serverText(_ network: String) -> [String] {
            model.network(network)?.serverBuffer.lines.map(\.text) ?? []
        }
    }

    final class Counter: Sendable {
        private let count = Mutex(0)
        func add() { count.withLock { $0 += 1 } }
        var value: Int { count.withLock { $0 } }
    }

    /// A loopback port with nothing listening: connecting is refused at once.
    static func closedPort() -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                _ = bind(fd, pointer, length)
                return getsockname(fd, pointer, &length)
            }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    static func network(_ name: String, password: NatterConfig.Secret?, autoConnect: Bool = true) -> NatterConfig.Network {
        NatterConfig.Network(name: name, host: "127.0.0.1", port: closedPort(), tls: false, verifyCertificate: true,
                             nick: "tester", alternativeNicks: [], user: "tester", realName: "Tester",
                             channels: [("#natter", nil)], password: nil,
                             sasl: NatterConfig.SASL(mechanism: .plain, account: "tester", password: password),
                             clientCertificate: nil, clientKey: nil, autoConnect: autoConnect)
    }

    @Test func aPasswordCommandRunsOffTheCallersThreadAndTheNetworkConnectsWhenItAnswers() throws {
        let rig = Rig()
        defer { rig.hub.stopAll() }
        // The command cannot answer before the test writes to its pipe, so `add` returning at
        // all shows that it did not wait for the command.
        let fifo = rig.folder.appendingPathComponent("answer").path
        #expect(mkfifo(fifo, 0o600) == 0)
        rig.starter.add(Self.network("slow", password: .command("cat '\(fifo)'")), ctcp: CTCPConfiguration())

        #expect(rig.starter.isWaiting("slow"))
        #expect(rig.hub.isHeld("slow"))
        #expect(rig.model.network("slow")?.link == .held("waiting for the password"))
        #expect(rig.model.network("slow")?.session.configuration.sasl == nil)
        #expect(rig.model.network("slow")?.session.configuration.autoJoin.map(\.name) == ["#natter"])
        #expect(rig.serverText("slow").contains { $0.contains("`cat '\(fifo)'`") && $0.contains("before connecting") })
        // /connect while the command runs: said, and it connects once when the answer comes.
        rig.model.requestLink(.connect, network: "slow")
        #expect(rig.serverText("slow").contains { $0.hasPrefix("Still waiting for the password") })
        #expect(rig.model.network("slow")?.link == .held("waiting for the password"))

        // Opened once the command reads (a writer without a reader is refused, not blocked).
        var writer: Int32 = -1
        let deadline = Date().addingTimeInterval(20)
        while writer < 0, Date() < deadline {
            writer = open(fifo, O_WRONLY | O_NONBLOCK)
            if writer < 0 { usleep(2_000) }
        }
        #expect(writer >= 0)
        _ = "hunter2\n".withCString { write(writer, $0, 8) }
        close(writer)
        rig.applyAfterWakeUp(1)

        #expect(!rig.starter.isWaiting("slow"))
        #expect(!rig.hub.isHeld("slow"))
        #expect(rig.model.network("slow")?.session.configuration.sasl == .plain(account: "tester", password: "hunter2"))
        #expect(rig.startedAfterDraining("slow"))
        #expect(!rig.serverText("slow").contains { $0.contains("hunter2") })
    }

    @Test func aFailedFetchIsSaidAndConnectAsksAgain() {
        let calls = Counter()
        let rig = Rig(fetch: { network throws(ConfigError) in
            calls.add()
            if calls.value == 1 {
                throw ConfigError(file: "keyring", line: nil, key: nil, message: "the keyring is locked")
            }
            return NetworkSecrets(sasl: "hunter2", server: nil)
        })
        defer { rig.hub.stopAll() }
        rig.starter.add(Self.network("locked", password: .keyring("natter-locked")), ctcp: CTCPConfiguration())
        #expect(rig.serverText("locked").contains { $0.contains("the keyring (natter-locked)") })
        rig.applyAfterWakeUp(1)
        #expect(rig.serverText("locked").contains { $0.contains("the keyring is locked") && $0.contains("/connect asks again") })
        #expect(rig.starter.isWaiting("locked"))
        #expect(rig.hub.isHeld("locked"))
        // Nothing connects by itself after a failure.
        rig.hub.drain()
        #expect(rig.model.network("locked")?.link == .held("no password: /connect asks again"))

        rig.model.requestLink(.connect, network: "locked")
        #expect(rig.serverText("locked").contains { $0.hasPrefix("Asking the keyring (natter-locked) for the password…") })
        #expect(rig.model.network("locked")?.link == .held("waiting for the password"))
        rig.applyAfterWakeUp(2)
        #expect(calls.value == 2)
        #expect(rig.model.network("locked")?.session.configuration.sasl == .plain(account: "tester", password: "hunter2"))
        #expect(rig.startedAfterDraining("locked"))
    }

    @Test func aDisconnectWhileThePasswordIsFetchedIsKept() {
        let gate = Counter()
        let rig = Rig(fetch: { _ throws(ConfigError) in
            while gate.value == 0 { usleep(1_000) }
            return NetworkSecrets(sasl: "hunter2", server: nil)
        })
        defer { rig.hub.stopAll() }
        rig.starter.add(Self.network("left", password: .command("pass irc")), ctcp: CTCPConfiguration())
        rig.model.requestLink(.disconnect(farewell: []), network: "left")
        #expect(rig.serverText("left").contains { $0.hasPrefix("Not connecting when the password comes") })
        gate.add()
        rig.applyAfterWakeUp(1)
        #expect(!rig.hub.isHeld("left"))
        #expect(rig.model.network("left")?.session.configuration.sasl == .plain(account: "tester", password: "hunter2"))
        rig.hub.drain()
        #expect(rig.model.network("left")?.link == .idle, "it stays disconnected")
        rig.model.requestLink(.connect, network: "left")
        #expect(rig.startedAfterDraining("left"))
    }

    @Test func aNetworkNotConnectingAtStartAsksForItsPasswordOnConnect() {
        let calls = Counter()
        let rig = Rig(fetch: { _ throws(ConfigError) in
            calls.add()
            return NetworkSecrets(sasl: "hunter2", server: nil)
        })
        defer { rig.hub.stopAll() }
        rig.starter.add(Self.network("spare", password: .keyring("natter-spare"), autoConnect: false), ctcp: CTCPConfiguration())
        // No keyring prompt for a network not in use.
        usleep(50_000)
        #expect(calls.value == 0)
        #expect(rig.model.network("spare")?.link == .idle)
        rig.model.requestLink(.connect, network: "spare")
        #expect(rig.model.network("spare")?.link == .held("waiting for the password"))
        rig.applyAfterWakeUp(1)
        #expect(calls.value == 1)
        #expect(rig.startedAfterDraining("spare"))
    }

    @Test func aMissingSettingIsSaidAtOnceAndNotFetchedFor() {
        let calls = Counter()
        let rig = Rig(fetch: { _ throws(ConfigError) in
            calls.add()
            return NetworkSecrets(sasl: nil, server: "hunter2")
        })
        defer { rig.hub.stopAll() }
        // A SASL login without a password, and a server password from the keyring.
        var network = Self.network("broken", password: nil)
        network.password = .keyring("natter-broken")
        rig.starter.add(network, ctcp: CTCPConfiguration())
        #expect(rig.serverText("broken").contains { $0.contains("no SASL password configured") })
        #expect(!rig.starter.isWaiting("broken"))
        rig.model.requestLink(.connect, network: "broken")
        #expect(rig.serverText("broken").contains { $0.hasPrefix("Cannot connect: this network's settings could not be used") })
        usleep(50_000)
        #expect(calls.value == 0)
        rig.hub.drain()
        #expect(rig.model.network("broken")?.link == .idle)
    }

    @Test func aNetworkNotConnectedAtStartConnectsOnConnect() {
        let rig = Rig()
        defer { rig.hub.stopAll() }
        rig.starter.add(Self.network("later", password: .literal("hunter2"), autoConnect: false), ctcp: CTCPConfiguration())
        #expect(!rig.starter.isWaiting("later"))
        #expect(rig.model.network("later")?.session.configuration.sasl == .plain(account: "tester", password: "hunter2"))
        rig.hub.drain()
        #expect(rig.model.network("later")?.link == .idle)
        rig.model.requestLink(.connect, network: "later")
        #expect(rig.startedAfterDraining("later"))
    }

    @Test func passwordsInTheConfigNeedNoFetching() throws {
        let literal = Self.network("n", password: .literal("a"))
        #expect(NetworkSecrets.immediate(for: literal) == NetworkSecrets(sasl: "a", server: nil))
        #expect(NetworkSecrets.immediate(for: Self.network("n", password: .command("true"))) == nil)
        var server = Self.network("n", password: nil)
        server.sasl = nil
        server.password = .keyring("k")
        #expect(NetworkSecrets.immediate(for: server) == nil)
        #expect(NetworkSecrets.sources(for: server) == "the keyring (k)")
        // EXTERNAL logs in with the certificate: its password is never fetched.
        var external = Self.network("n", password: .command("exit 1"))
        external.sasl?.mechanism = .external
        #expect(NetworkSecrets.immediate(for: external) == NetworkSecrets())
        // A SASL login without a password is a configuration error, said before connecting.
        #expect(throws: ConfigError.self) {
            try NetworkSetup(Self.network("n", password: nil), secrets: NetworkSecrets(), ctcp: CTCPConfiguration())
        }
    }
}

import ChatModel
import Connections
import Foundation
import IRCSession
import IRCTestServers
import IRCTransport
import NatterUI

/// Connect to chat-ready: the whole client (the app's `NetworkHub`, session, model) logging in
/// with SASL PLAIN to a real InspIRCd + atheme on loopback and joining 20 channels, timed from
/// `connect` to the last channel joined. InspIRCd itself completes registrations on its
/// one-second tick, so part of this is the server's wait, not the client's.
let connectBench = BenchSuite(id: "connect", title: "Connect to chat-ready (InspIRCd + atheme, loopback)") {
    MainActor.assumeIsolated { runConnectBench() }
}

@MainActor private func runConnectBench() -> [BenchFigure] {
    let network: InspIRCdNetwork
    do {
        network = try InspIRCdNetwork(services: true)
        try network.registerAccount("benchacct", password: "bench-secret")
    } catch {
        FileHandle.standardError.write(Data("natter-bench connect: cannot start InspIRCd + atheme: \(error)\n".utf8))
        return [BenchFigure(name: "connect: InspIRCd + atheme did not start (see stderr)", value: .nan, unit: "ms",
                            target: .atMost(1000))]
    }
    defer { network.stop() }
    let channels = (0..<20).map { ChannelKey("#room\($0)") }
    var times: [Double] = []
    var afterWelcome: [Double] = []
    func ms(_ d: Duration) -> Double { Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15 }
    for round in 0..<7 {
        let chat = ChatStack(settings: ModelSettings(), logs: nil,
                             clock: { SessionTime(monotonic: ProcessInfo.processInfo.systemUptime, wall: Date()) })
        let policies = FileManager.default.temporaryDirectory.appendingPathComponent("natter-bench-sts-\(round).json").path
        let hub = NetworkHub(model: chat.model, wakeUp: {}, stsPolicies: policies)
        let configuration = SessionConfiguration(nick: "bench\(round)", user: "bench", realName: "Natter bench",
                                                 sasl: .plain(account: "benchacct", password: "bench-secret"),
                                                 autoJoin: channels)
        chat.model.addNetwork(name: "bench", configuration: configuration)
        let clock = ContinuousClock()
        let start = clock.now
        hub.connect(network: "bench", configuration: IRCTransportConfiguration(
            endpoint: IRCServerEndpoint(host: "127.0.0.1", port: Int(network.clientPort), security: .plaintext)))
        var ready = false
        var welcomed: ContinuousClock.Instant?
        while clock.now - start < .seconds(15) {
            hub.drain()
            if welcomed == nil, chat.model.network("bench")?.session.state.phase == .registered { welcomed = clock.now }
            let joined = channels.filter { chat.model.network("bench")?.buffer(named: $0.name)?.isJoined == true }
            if joined.count == channels.count { ready = true; break }
            usleep(200)
        }
        let elapsed = clock.now - start
        hub.stopAll()
        hub.drain()
        try? FileManager.default.removeItem(atPath: policies)
        guard ready else {
            FileHandle.standardError.write(Data("natter-bench connect: round \(round) not ready within 15 s\n".utf8))
            return [BenchFigure(name: "connect: not chat-ready within 15 s", value: .nan, unit: "ms", target: .atMost(1000))]
        }
        if round > 0 {
            times.append(ms(elapsed))
            afterWelcome.append(ms(elapsed - ((welcomed ?? start) - start)))
        }
    }
    times.sort()
    afterWelcome.sort()
    // The server's own share: a bare client (NICK, USER, no CAP) waiting for the welcome.
    var bare: [Double] = []
    for round in 0..<5 {
        let start = ContinuousClock.now
        guard let raw = try? RawIRCClient(port: network.clientPort), (try? raw.register(nick: "bare\(round)")) != nil else { continue }
        bare.append(ms(ContinuousClock.now - start))
        raw.close()
    }
    bare.sort()
    return [
        BenchFigure(name: "SASL PLAIN login and 20 channels joined: median (6 runs after a warm-up)",
                    value: times[times.count / 2], unit: "ms", target: .atMost(1000)),
        BenchFigure(name: "SASL PLAIN login and 20 channels joined: slowest", value: times.last ?? .nan, unit: "ms", target: nil),
        BenchFigure(name: "of which after the welcome (001): the joins, median", value: afterWelcome[afterWelcome.count / 2],
                    unit: "ms", target: nil),
        BenchFigure(name: "the server alone: a bare NICK/USER client to the welcome, median",
                    value: bare.isEmpty ? .nan : bare[bare.count / 2], unit: "ms", target: nil),
    ]
}

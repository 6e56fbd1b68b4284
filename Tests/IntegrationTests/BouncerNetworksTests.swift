import ChatModel
import Foundation
import IRCProtocol
import IRCSession
import IRCTransport
import NatterUI
import Testing

/// soju.im/bouncer-networks end to end: the whole client (model, controller, the app's network
/// hub, real transports) against `SojuSpecServer`, which follows the specification text
/// (`doc/ext/bouncer-networks.md` at soju commit 23f94a5c6e1d6c34ba5518b9f1c5f02f8753e873).
@MainActor
@Suite("Bouncer networks (soju.im/bouncer-networks)", .serialized)
struct BouncerNetworksTests {
    func client(_ server: SojuSpecServer) -> LiveClient {
        let client = LiveClient(network: "bnc", configuration: SessionConfiguration(
            nick: "me", user: "me", realName: "Natter", serverPassword: SojuSpecServer.password))
        client.connect(port: server.port, adjust: ResilienceTests.quick)
        return client
    }

    func sidebarTitles(_ client: LiveClient) -> [String] {
        client.screen.sidebar.entries.filter(\.isHeader).map(\.title)
    }

    @Test func networksAreBoundListedAndFollowedLive() async throws {
        let server = try SojuSpecServer()
        defer { server.stop() }
        let libera = server.addNetwork(["name": "Libera", "host": "irc.libera.chat", "state": "connected"], channels: ["#soju"])
        let oftc = server.addNetwork(["name": "OFTC", "host": "irc.oftc.net", "state": "disconnected",
                                      "error": "connection refused"])
        server.start()
        let client = client(server)
        defer { client.close() }

        // Each network of the bouncer becomes a network here, on a connection of its own.
        let liberaName = ChatModel.bouncerNetworkName(parent: "bnc", netid: libera)
        let oftcName = ChatModel.bouncerNetworkName(parent: "bnc", netid: oftc)
        // (OFTC's connection may still be registering when Libera has joined: under load it
        // came later than the check, so both registrations are waited for.)
        try await client.pump("both bouncer networks, Libera joined") {
            client.model.network(oftcName) != nil
                && client.model.network(liberaName)?.buffer(named: "#soju")?.isJoined == true
                && [libera, oftc].allSatisfy { id in server.received.contains("[\(id)] CAP END") }
        }
        client.controller.sync()
        #expect(sidebarTitles(client) == ["bnc", "Libera", "OFTC"])
        #expect(client.screen.sidebar.status.contains { $0.hasPrefix("OFTC:") && $0.contains("upstream disconnected: connection refused") })
        // BIND went before CAP END on the bound connections, once per network.
        let received = server.received
        for netid in [libera, oftc] {
            // (The BIND line itself is recorded before the connection is bound.)
            let bind = try #require(received.firstIndex { $0 == "[*] BOUNCER BIND \(netid)" })
            let end = try #require(received[bind...].firstIndex { $0 == "[\(netid)] CAP END" })
            #expect(bind < end)
            #expect(received.filter { $0.hasSuffix("BOUNCER BIND \(netid)") }.count == 1)
        }
        // The bouncer's own connection asked for notifications (so no LISTNETWORKS is needed);
        // bound connections did not.
        #expect(received.contains { $0.hasPrefix("[*] CAP REQ") && $0.contains("soju.im/bouncer-networks-notify") })
        #expect(!received.contains { $0.hasPrefix("[\(libera)] CAP REQ") && $0.contains("-notify") })
        #expect(server.problems.isEmpty, "\(server.problems)")

        // The bouncer reconnects OFTC upstream: the status follows, live.
        server.update(network: oftc, ["state": "connected", "error": nil])
        try await client.pump("OFTC connected upstream") {
            client.model.upstreamState(of: client.model.network(oftcName)!) == "connected"
        }
        client.controller.sync()
        #expect(!client.screen.sidebar.status.contains { $0.contains("upstream") })

        // Messages on a bouncer network arrive in its own buffer.
        server.say(network: libera, channel: "#soju", nick: "alice", text: "hello through the bouncer")
        try await client.pump("alice's message") {
            client.model.network(liberaName)?.buffer(named: "#soju")?.lines.contains { $0.text == "hello through the bouncer" } == true
        }
    }

    @Test func theFormAndCommandsAddChangeAndRemoveNetworks() async throws {
        let server = try SojuSpecServer()
        defer { server.stop() }
        server.addNetwork(["name": "Libera", "host": "irc.libera.chat", "state": "connected"])
        server.start()
        let client = client(server)
        defer { client.close() }
        try await client.pump("the Libera network") { client.model.network("bnc:1")?.session.isReady == true }

        // Add through the form, as a user fills it in.
        client.controller.overlays.openBouncerForm(control: "bnc")
        let form = try #require(client.controller.overlays.bouncerForm)
        #expect(form.networks.map(\.id) == ["1"])
        form.name.text = "hackint"
        form.hostField.text = "irc.hackint.org"
        form.port.text = "6697"
        form.save()
        try await client.pump("the new network, connected") {
            client.model.network("bnc:2")?.session.isReady == true
                && client.model.upstreamState(of: client.model.network("bnc:2")!) == "connected"
        }
        #expect(server.received.contains("[*] BOUNCER ADDNETWORK host=irc.hackint.org;name=hackint;port=6697;tls=1"))
        #expect(form.networks.map(\.id) == ["1", "2"])
        #expect(client.serverBuffer.lines.contains { $0.text == "The bouncer added network hackint" })

        // Edit it: only what changed goes.
        form.edit("2")
        #expect(form.hostField.text == "irc.hackint.org")
        form.name.text = "Hackint"
        form.save()
        try await client.pump("the new name") { client.model.title(of: client.model.network("bnc:2")!) == "Hackint" }
        #expect(server.received.contains("[*] BOUNCER CHANGENETWORK 2 name=Hackint"))
        client.controller.sync()
        #expect(sidebarTitles(client) == ["bnc", "Libera", "Hackint"])

        // A form that breaks a rule says so and sends nothing.
        form.edit(nil)
        form.hostField.text = ""
        form.save()
        #expect(!server.received.contains { $0.contains("ADDNETWORK") && !$0.contains("hackint") })

        // A refused change: the bouncer's error is shown.
        client.controller.show(client.serverBuffer.id)
        client.screen.input.onSubmit?("/bouncer change Libera state=connected")
        try await client.pump("the refusal") {
            client.serverBuffer.lines.contains { $0.text.contains("READ_ONLY_ATTRIBUTE") }
        }

        // Remove by command: the network and its buffers go, and its connection is closed.
        client.controller.show(client.serverBuffer.id)
        client.screen.input.onSubmit?("/bouncer del Hackint")
        try await client.pump("the removal") { client.model.network("bnc:2") == nil }
        try await client.pump("its connection closed") { server.boundCount(network: "2") == 0 }
        client.controller.sync()
        #expect(sidebarTitles(client) == ["bnc", "Libera"])
        #expect(form.networks.map(\.id) == ["1"])
        #expect(server.problems.isEmpty, "\(server.problems)")
    }

    @Test func networksGoneWhileAwayGoAfterAReconnectAndARefusedBindStops() async throws {
        let server = try SojuSpecServer()
        defer { server.stop() }
        let libera = server.addNetwork(["name": "Libera", "host": "irc.libera.chat", "state": "connected"])
        let oftc = server.addNetwork(["name": "OFTC", "host": "irc.oftc.net", "state": "connected"])
        server.start()
        let client = client(server)
        defer { client.close() }
        let oftcName = ChatModel.bouncerNetworkName(parent: "bnc", netid: oftc)
        try await client.pump("both networks registered") {
            client.model.network(oftcName)?.session.isReady == true
                && client.model.network(ChatModel.bouncerNetworkName(parent: "bnc", netid: libera))?.session.isReady == true
        }
        // OFTC is deleted on the bouncer without a word to us, and its link drops: binding
        // again is refused, and the client stops trying rather than loop.
        server.forget(network: oftc)
        server.dropBound(network: oftc)
        try await client.pump("the refused BIND") {
            client.model.network(oftcName)?.serverBuffer.lines.contains { $0.text.contains("INVALID_NETID") } == true
        }
        try await client.pump(for: 1.0)
        #expect(server.received.filter { $0 == "[*] BOUNCER BIND \(oftc)" }.count == 2, "no loop of refused binds")
        // The bouncer's own connection drops and comes back: the full list it gets lacks OFTC,
        // which goes; Libera stays, once.
        server.dropControl()
        try await client.pump("OFTC gone", timeout: 15) { client.model.network(oftcName) == nil }
        client.controller.sync()
        #expect(sidebarTitles(client) == ["bnc", "Libera"])
        #expect(server.problems.isEmpty, "\(server.problems)")
    }

    @Test func aReconnectFetchesWhatWasMissedPageByPageOrMarksTheHole() async throws {
        let server = try SojuSpecServer(historyLimit: 3)
        defer { server.stop() }
        let libera = server.addNetwork(["name": "Libera", "host": "irc.libera.chat", "state": "connected"], channels: ["#gap"])
        server.start()
        let client = client(server)
        defer { client.close() }
        let name = ChatModel.bouncerNetworkName(parent: "bnc", netid: libera)
        func texts() -> [String] { client.model.network(name)?.buffer(named: "#gap")?.lines.filter(\.isMessage).map(\.text) ?? [] }
        try await client.pump("#gap joined") { client.model.network(name)?.buffer(named: "#gap")?.isJoined == true }
        server.say(network: libera, channel: "#gap", nick: "alice", text: "seen")
        try await client.pump("the live line") { texts() == ["seen"] }

        // The link drops; seven lines are said meanwhile; the client comes back and fetches
        // them with AFTER, three at a time.
        server.dropBound(network: libera)
        for k in 1...7 { server.say(network: libera, channel: "#gap", nick: "bob", text: "missed \(k)") }
        try await client.pump("the missed lines", timeout: 15) { texts().count == 8 }
        try await client.pump(for: 0.3)
        #expect(texts() == ["seen"] + (1...7).map { "missed \($0)" })
        let afters = server.received.filter { $0.contains("CHATHISTORY AFTER #gap") }
        #expect(afters.count == 3, "\(server.received.filter { $0.contains("CHATHISTORY") || $0.contains("BIND") })")
        let buffer = try #require(client.model.network(name)?.buffer(named: "#gap"))
        #expect(!buffer.lines.contains { $0.kind == .error })
        // The missed lines sit in time order between the last line seen and the rejoin, also
        // those said after the link came up but before the JOIN. (To the millisecond, as
        // server-time has it: a JOIN without server-time is stamped here, finer.)
        let milliseconds = buffer.lines.map { Int(($0.time.timeIntervalSince1970 * 1000).rounded(.down)) }
        #expect(milliseconds == milliseconds.sorted(), "\(buffer.lines.map { ($0.kind, $0.text, $0.time.timeIntervalSince1970) })")

        // More than ten pages missed: what could not be fetched is marked.
        server.dropBound(network: libera)
        for k in 1...40 { server.say(network: libera, channel: "#gap", nick: "carol", text: "flood \(k)") }
        try await client.pump("the gap row", timeout: 15) {
            client.model.network(name)?.buffer(named: "#gap")?.lines.contains { $0.kind == .error && $0.text.hasPrefix("Messages may be missing") } == true
        }
        #expect(texts().filter { $0.hasPrefix("flood") } == (1...30).map { "flood \($0)" })
        let gap = try #require(client.model.network(name)?.buffer(named: "#gap")?.lines.first { $0.kind == .error })
        #expect(gap.text.hasSuffix("more were missed than the 30 fetched"))
        #expect(server.problems.isEmpty, "\(server.problems)")
    }
}

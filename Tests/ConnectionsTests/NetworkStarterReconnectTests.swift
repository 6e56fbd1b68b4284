import ChatModel
import Configuration
@testable import Connections
import Foundation
import IRCSession
import Testing

/// `NetworkStarter.reconnect`: a running network whose address, TLS or login changed in
/// config.toml takes the new login and links again to the new address, only if it had a link.
@MainActor
struct NetworkStarterReconnectTests {
    typealias Rig = NetworkStarterTests.Rig

    /// Drains the hub until the server buffer of `network` has a line containing `text`.
    private func waitForLine(_ rig: Rig, _ network: String, containing text: String) -> Bool {
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            rig.hub.drain()
            if rig.serverText(network).contains(where: { $0.contains(text) }) { return true }
            usleep(2_000)
        }
        return false
    }

    @Test func aLinkedNetworkLeavesAndLinksAgainWithItsNewLogin() {
        let rig = Rig()
        defer { rig.hub.stopAll() }
        let old = NetworkStarterTests.network("moved", password: .literal("a"))
        rig.starter.add(old, ctcp: CTCPConfiguration())
        #expect(waitForLine(rig, "moved", containing: "Connecting to 127.0.0.1:\(old.port)"))
        rig.hub.recordsRequests = true

        var new = old
        new.port = NetworkStarterTests.closedPort()
        new.nick = "renamed"
        new.sasl?.password = .literal("b")
        rig.starter.reconnect(new, ctcp: CTCPConfiguration(), quitMessage: "Leaving", now: rig.hub.now())
        let configuration = rig.model.network("moved")?.session.configuration
        #expect(configuration?.nick == "renamed")
        #expect(configuration?.sasl == .plain(account: "tester", password: "b"))
        #expect(rig.hub.requests.contains { $0.network == "moved" && $0.request.farewell != nil })
        #expect(rig.hub.isLinked("moved"))
        #expect(rig.serverText("moved").contains { $0.contains("changed in the configuration: connecting again") })
        #expect(waitForLine(rig, "moved", containing: "Connecting to 127.0.0.1:\(new.port)"))
        // Its buffers are the same: the network was not removed and added.
        #expect(rig.model.networks.map(\.name) == ["moved"])
    }

    @Test func aNetworkWithoutALinkKeepsTheNewAddressForConnect() {
        let rig = Rig()
        defer { rig.hub.stopAll() }
        let old = NetworkStarterTests.network("idle", password: .literal("a"), autoConnect: false)
        rig.starter.add(old, ctcp: CTCPConfiguration())
        var new = old
        new.port = NetworkStarterTests.closedPort()
        rig.starter.reconnect(new, ctcp: CTCPConfiguration(), quitMessage: "Leaving", now: rig.hub.now())
        #expect(!rig.hub.isLinked("idle"))
        #expect(!rig.serverText("idle").contains { $0.contains("connecting again") })
        rig.model.requestLink(.connect, network: "idle")
        #expect(waitForLine(rig, "idle", containing: "Connecting to 127.0.0.1:\(new.port)"))
        #expect(!rig.serverText("idle").contains { $0.contains(":\(old.port)") })
    }

    @Test func aPasswordNowFromACommandIsFetchedBeforeLinkingAgain() {
        let rig = Rig()
        defer { rig.hub.stopAll() }
        let old = NetworkStarterTests.network("fetched", password: .literal("a"))
        rig.starter.add(old, ctcp: CTCPConfiguration())
        #expect(waitForLine(rig, "fetched", containing: "Connecting to"))
        let before = rig.serverText("fetched").filter { $0.contains("Connecting to") }.count

        var new = old
        new.sasl?.password = .command("echo fresh")
        rig.starter.reconnect(new, ctcp: CTCPConfiguration(), quitMessage: "Leaving", now: rig.hub.now())
        #expect(rig.starter.isWaiting("fetched"))
        #expect(rig.hub.isHeld("fetched"))
        #expect(rig.model.network("fetched")?.session.configuration.sasl == nil)
        // The hub wakes the rig too: applied until the command's answer is in.
        let fetching = Date().addingTimeInterval(20)
        while rig.starter.isWaiting("fetched"), Date() < fetching {
            rig.starter.apply()
            usleep(2_000)
        }
        #expect(!rig.starter.isWaiting("fetched"))
        #expect(rig.model.network("fetched")?.session.configuration.sasl == .plain(account: "tester", password: "fresh"))
        #expect(rig.startedAfterDraining("fetched"))
        let deadline = Date().addingTimeInterval(20)
        while rig.serverText("fetched").filter({ $0.contains("Connecting to") }).count <= before, Date() < deadline {
            rig.hub.drain()
            usleep(2_000)
        }
        #expect(rig.serverText("fetched").filter { $0.contains("Connecting to") }.count > before)
    }

    /// A fetch started for settings replaced since (a prompt still open when the file changed)
    /// is dropped when it comes: the login is the new settings' password.
    @Test func aFetchForReplacedSettingsIsDropped() {
        let rig = Rig()
        defer { rig.hub.stopAll() }
        let started = FileManager.default.temporaryDirectory.appendingPathComponent("natter-fetch-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: started) }
        var old = NetworkStarterTests.network("slow", password: .literal("a"))
        old.sasl?.password = .command("touch '\(started)'; sleep 1; echo old")
        rig.starter.add(old, ctcp: CTCPConfiguration())
        #expect(rig.starter.isWaiting("slow"))
        // The old fetch runs (and holds the one-at-a-time lock) before the settings change.
        let running = Date().addingTimeInterval(10)
        while !FileManager.default.fileExists(atPath: started), Date() < running { usleep(2_000) }
        var new = old
        new.sasl?.password = .command("echo new")
        rig.starter.reconnect(new, ctcp: CTCPConfiguration(), quitMessage: "Leaving", now: rig.hub.now())
        let deadline = Date().addingTimeInterval(20)
        while rig.starter.isWaiting("slow"), Date() < deadline {
            rig.starter.apply()
            usleep(2_000)
        }
        #expect(rig.model.network("slow")?.session.configuration.sasl == .plain(account: "tester", password: "new"))
    }
}

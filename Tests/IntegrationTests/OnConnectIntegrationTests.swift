import ChatModel
import Foundation
import IRCProtocol
import IRCSession
import IRCTestServers
import Testing

/// On-connect commands read from the server's side (issue 33, point 8): they arrive in order,
/// with the nick put in, before the JOINs of the autojoined channels.
@MainActor
@Suite("On-connect commands against a scripted server")
struct OnConnectIntegrationTests {
    @Test(.timeLimit(.minutes(1))) func theyArriveBeforeTheJoins() async throws {
        let server = try FakeIRCServer()
        defer { server.close() }
        let client = LiveClient(nick: "oncon", channels: ["#one", "#two"])
        defer { client.close() }
        client.network.onConnect = ["/mode $nick +x", "/msg HostServ on", "/join #three"]
        client.connect(port: server.port)
        let peer = try server.accept(timeout: 5)
        defer { peer.close() }
        try await client.wait(for: peer, "USER") { $0.command == "USER" }
        try peer.send(lines: [":srv 001 oncon :Welcome", ":srv 005 oncon CHANTYPES=# :are supported", ":srv 376 oncon :End of MOTD"])
        var after: [String] = []
        while !after.contains(where: { $0.hasPrefix("JOIN #one") }) {
            let message = try await client.wait(for: peer, "the lines after the welcome") { $0.command != "PING" && $0.command != "PONG" }
            after.append(message.serialized())
        }
        #expect(after.filter { !$0.hasPrefix("CAP") } == ["MODE oncon +x", "PRIVMSG HostServ on", "JOIN #three", "JOIN #one,#two"])
    }
}

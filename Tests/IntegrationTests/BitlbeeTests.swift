import ChatModel
import Foundation
import IRCProtocol
import IRCSession
import IRCTestServers
import Testing

/// Against a real bitlbee: registering, adding an account and identifying in &bitlbee send the
/// passwords to bitlbee, and neither is on screen or in the logs.
@MainActor
struct BitlbeeTests {
    @Test(.timeLimit(.minutes(1))) func passwordsTypedToBitlbeeStaySecret() async throws {
        let server = try BitlbeeServer()
        defer { server.stop() }
        let logs = FileManager.default.temporaryDirectory.appendingPathComponent("natter-bitlbee-logs-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: logs) }
        let configuration = SessionConfiguration(nick: "beekeeper", user: "natter", realName: "Natter test")
        let first = LiveClient(configuration: configuration, logs: LogStore(root: logs, timeZone: .utc))
        defer { first.close() }
        first.connect(port: server.clientPort)
        try await first.waitUntilJoined("&bitlbee")
        try first.show("&bitlbee")
        first.controller.submit("register first-secret")
        try await first.pump("the account made") { first.messages(in: "&bitlbee").contains { $0.text.contains("Account successfully created") } }
        first.controller.submit("account add jabber someone@example.org second-secret")
        try await first.pump("the jabber account added") {
            first.messages(in: "&bitlbee").contains { $0.nick == "root" && $0.text.lowercased().contains("account successfully added") }
        }
        first.close()

        // Another connection of the same user identifies.
        let second = LiveClient(configuration: configuration, logs: LogStore(root: logs, timeZone: .utc))
        defer { second.close() }
        second.connect(port: server.clientPort)
        try await second.waitUntilJoined("&bitlbee")
        try second.show("&bitlbee")
        second.controller.submit("identify first-secret")
        try await second.pump("identified") {
            second.messages(in: "&bitlbee").contains { $0.nick == "root" && $0.text.contains("Password accepted") }
        }

        // bitlbee got the passwords; nothing shown or logged holds them.
        let sent = (first.sent + second.sent).map { $0.serialized() }
        #expect(sent.contains("PRIVMSG &bitlbee :register first-secret"))
        #expect(sent.contains("PRIVMSG &bitlbee :identify first-secret"))
        for client in [first, second] {
            let shown = client.network.buffers.flatMap { $0.lines.map(\.text) }
            #expect(!shown.contains { $0.contains("first-secret") || $0.contains("second-secret") },
                    "\(shown.filter { $0.contains("secret") })")
            #expect(shown.contains("register ********") || shown.contains("identify ********"))
        }
        let written = try FileManager.default.subpathsOfDirectory(atPath: logs.path).filter { $0.hasSuffix(".log") }
        #expect(!written.isEmpty)
        for file in written {
            let text = try String(contentsOfFile: logs.appendingPathComponent(file).path, encoding: .utf8)
            #expect(!text.contains("first-secret") && !text.contains("second-secret"), "\(file)")
        }
    }
}

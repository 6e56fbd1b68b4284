import ChatModel
import Foundation
import IRCProtocol
import IRCSession
import IRCTestServers
import NatterUI
import Testing

/// CHATHISTORY paging against a scripted server (no packaged server implements it): LATEST on
/// join, then BEFORE pages asked for by the message list when the reader nears the top.
@MainActor
@Suite("Client paging CHATHISTORY from a scripted server")
struct ChatHistoryPagingTests {
    @Test func olderPagesArePrependedInOrderWithoutDuplicatesUntilTheOldest() async throws {
        let server = try ScriptedHistoryServer(channel: "#chan", messageCount: 200)
        defer { server.stop() }
        let client = LiveClient(nick: "pager", channels: ["#chan"])
        defer { client.close() }
        client.connect(port: server.port)
        try server.start()
        try await client.waitUntilJoined("#chan")
        #expect(client.session.state.capabilities.has("draft/chathistory"))
        #expect(client.session.state.isupport.chatHistoryLimit == 50)

        // On join: the latest 50 (historyOnJoin 100, capped by CHATHISTORY=50).
        try await client.pump("the latest page") { client.messages(in: "#chan").count == 50 }
        let ids = { client.messages(in: "#chan").map(\.id) }
        #expect(ids() == ScriptedHistoryServer.ids(150..<200))
        let buffer = try #require(client.buffer("#chan"))
        #expect(buffer.unread == 0)
        try client.show("#chan")
        #expect(client.screen.messages.canLoadOlder)

        // Three pages back, each asked for by the list as the reader reaches the top. The
        // server repeats each page's anchor (as servers with timestamp anchors may): no
        // duplicate row may result.
        for (page, range) in [(1, 100..<200), (2, 50..<200), (3, 0..<200)] {
            let onScreen = client.screen.messages.dataSource?.rowCount ?? 0
            let request = try #require(client.screen.messages.onNeedOlder)
            request()
            #expect(buffer.isLoadingOlder)
            try await client.pump("page \(page)") { !buffer.isLoadingOlder }
            #expect(ids() == ScriptedHistoryServer.ids(range), "page \(page)")
            #expect((client.screen.messages.dataSource?.rowCount ?? 0) > onScreen)
            #expect(!buffer.reachedOldest)
        }
        let texts = client.messages(in: "#chan").map(\.text)
        #expect(texts == (0..<200).map { ScriptedHistoryServer.text($0) })
        let times = client.messages(in: "#chan").map(\.time)
        #expect(times == times.sorted())
        #expect(times.first == ScriptedHistoryServer.time(0))
        #expect(buffer.unread == 0)

        // The server has nothing older: an empty batch, and the list stops asking.
        client.screen.messages.onNeedOlder?()
        try await client.pump("the empty page") { buffer.reachedOldest }
        #expect(!client.screen.messages.canLoadOlder)
        #expect(client.messages(in: "#chan").count == 200)

        let requests = client.sent.filter { $0.command == "CHATHISTORY" }.map(\.parameters)
        #expect(requests == [["LATEST", "#chan", "*", "50"],
                             ["BEFORE", "#chan", "msgid=m150", "50"], ["BEFORE", "#chan", "msgid=m100", "50"],
                             ["BEFORE", "#chan", "msgid=m050", "50"], ["BEFORE", "#chan", "msgid=m000", "50"]])
        #expect(server.problems.isEmpty, "\(server.problems)")
    }
    @Test func aJumpToAMessageNotLoadedReadsThePageAroundItThenReturnsToTheLiveLines() async throws {
        let server = try ScriptedHistoryServer(channel: "#chan", messageCount: 200)
        defer { server.stop() }
        let client = LiveClient(nick: "jumper", channels: ["#chan"])
        defer { client.close() }
        client.connect(port: server.port)
        try server.start()
        try await client.waitUntilJoined("#chan")
        try await client.pump("the latest page") { client.messages(in: "#chan").count == 50 }
        let buffer = try #require(client.buffer("#chan"))
        try client.show("#chan")
        let rows = try #require(client.screen.messages.dataSource as? BufferRows)
        #expect(rows.rowID(ofLineID: "m010") == nil)

        // A search hit or a notification names m010, which is not loaded.
        client.controller.reveal(lineID: "m010", in: buffer.id)
        #expect(buffer.isLoadingAround)
        try await client.pump("the page around m010") { !buffer.isLoadingAround }
        #expect(!buffer.showsNewest)
        #expect(buffer.shown.lines.filter(\.isMessage).map(\.id) == ScriptedHistoryServer.ids(0..<50))
        #expect(rows.rowID(ofLineID: "m010") == "m010")
        #expect(client.screen.messages.isPillVisible)            // the way back to the newest
        // The live lines are still held, untouched, behind the page.
        #expect(client.messages(in: "#chan").map(\.id) == ScriptedHistoryServer.ids(150..<200))

        // The pill (or Ctrl+End) brings them back.
        client.screen.messages.jumpToBottom()
        client.pumpOnce()
        #expect(buffer.showsNewest)
        #expect(rows.rowID(ofLineID: "m199") == "m199")
        #expect(rows.rowID(ofLineID: "m010") == nil)
        let requests = client.sent.filter { $0.command == "CHATHISTORY" }.map(\.parameters)
        #expect(requests.contains(["AROUND", "#chan", "msgid=m010", "50"]))
        #expect(server.problems.isEmpty, "\(server.problems)")
    }
}

/// A scripted IRCv3 server on a thread: CAP LS with batch, server-time, message-tags and
/// draft/chathistory; ISUPPORT CHATHISTORY=50; JOIN with NAMES; and CHATHISTORY LATEST/BEFORE/AROUND
/// answered from `messageCount` stored channel messages as `BATCH +id chathistory #chan` …
/// `BATCH -id` with msgid and time tags. A non-empty BEFORE page also repeats its anchor.
final class ScriptedHistoryServer: ScriptedServer, @unchecked Sendable {
    private let channel: String
    private let messageCount: Int

    init(channel: String, messageCount: Int) throws {
        self.channel = channel
        self.messageCount = messageCount
        try super.init()
    }

    static func id(_ index: Int) -> String { String(format: "m%03d", index) }
    static func ids(_ range: Range<Int>) -> [String] { range.map(id) }
    static func text(_ index: Int) -> String { "history \(index) \u{02}b\u{02}" }
    static func time(_ index: Int) -> Date { Date(timeIntervalSince1970: 1_704_067_200 + Double(index) * 60) }

    override func serve(_ client: RawIRCClient) {
        var nick = "*"
        var batch = 0
        func send(_ lines: [String]) { self.send(lines, to: client) }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        func page(_ indices: [Int]) -> [String] {
            batch += 1
            let reference = "h\(batch)"
            return ["BATCH +\(reference) chathistory \(channel)"]
                + indices.map {
                    "@batch=\(reference);msgid=\(Self.id($0));time=\(formatter.string(from: Self.time($0))) "
                        + ":alice!a@example.org PRIVMSG \(channel) :\(Self.text($0))"
                }
                + ["BATCH -\(reference)"]
        }
        while !isStopped {
            let line: String?
            do { line = try client.readLine(timeout: 0.05) } catch { continue }
            guard let line else { return }
            guard let message = try? IRCMessage(parsing: line) else { problem("unparsable: \(line)"); continue }
            let p = message.parameters
            switch message.command {
            case "CAP" where p.first == "LS":
                send([":srv CAP * LS :batch server-time message-tags draft/chathistory"])
            case "CAP" where p.first == "REQ":
                send([":srv CAP * ACK :\(p.last ?? "")"])
            case "CAP", "USER", "MODE", "WHO":
                if message.command == "USER" {
                    send([":srv 001 \(nick) :Welcome to the scripted network",
                          ":srv 005 \(nick) CHATHISTORY=50 CHANTYPES=# PREFIX=(ov)@+ CASEMAPPING=ascii :are supported",
                          ":srv 422 \(nick) :MOTD File is missing"])
                }
            case "NICK":
                nick = p.first ?? nick
            case "PING":
                send([":srv PONG srv :\(p.last ?? "")"])
            case "JOIN":
                send([":\(nick)!u@example.org JOIN \(channel)",
                      ":srv 353 \(nick) = \(channel) :\(nick) @alice",
                      ":srv 366 \(nick) \(channel) :End of /NAMES list."])
            case "CHATHISTORY" where p.count == 4 && p[1] == channel:
                let limit = min(Int(p[3]) ?? 0, 50)
                switch p[0] {
                case "LATEST":
                    send(page(Array(max(0, messageCount - limit)..<messageCount)))
                case "BEFORE":
                    guard p[2].hasPrefix("msgid=m"), let anchor = Int(p[2].dropFirst("msgid=m".count)) else {
                        problem("unexpected anchor: \(line)")
                        send(page([]))
                        continue
                    }
                    let older = Array(max(0, anchor - limit)..<anchor)
                    send(page(older.isEmpty ? [] : older + [anchor]))
                case "AROUND":
                    // The reference in the middle: half the limit before it, the rest from it on.
                    guard p[2].hasPrefix("msgid=m"), let anchor = Int(p[2].dropFirst("msgid=m".count)) else {
                        problem("unexpected anchor: \(line)")
                        send(page([]))
                        continue
                    }
                    let start = max(0, anchor - limit / 2)
                    send(page(Array(start..<min(messageCount, start + limit))))
                default:
                    problem("unexpected: \(line)")
                }
            case "QUIT":
                return
            default:
                problem("unexpected: \(line)")
            }
        }
    }
}

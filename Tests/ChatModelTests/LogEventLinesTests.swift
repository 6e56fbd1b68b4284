import ChatModel
import Foundation
import Testing

/// Event lines survive the logs: written readable ("<-- kim has quit (bye)"), read back as the
/// events they were, so a page from the logs looks like live lines; and Ctrl+F finds them by
/// what their row says, live and in the logs.
struct LogEventLinesTests {
    let utc = LocalZone.utc
    let day = Date(timeIntervalSince1970: 1_704_067_200)   // 2024-01-01, midnight UTC

    static let events: [(ChatLineKind, String?, String)] = [
        (.join, "kim", ""), (.part, "kim", ""), (.part, "kim", "off (for now)"), (.quit, "kim", "Ping timeout: 240 seconds"),
        (.kick(by: "op"), "kim", "spam"), (.kick(by: nil), "kim", ""), (.nickChange(newNick: "kim_"), "kim", ""),
        (.mode, "op", "+o kim"), (.topic, "op", "the new topic"), (.topic, nil, "the topic on join"),
        (.info, nil, "Disconnected: not in #c until the connection is back"), (.error, nil, "Cannot join #c"),
        (.message, "kim", "hello"), (.action, "kim", "waves"), (.notice, "kim", "psst"),
    ]

    @Test func everyLineComesBackAsWhatItWas() throws {
        for (n, (kind, nick, text)) in Self.events.enumerated() {
            let line = ChatLine(id: "x", time: day.addingTimeInterval(Double(3600 + n)), kind: kind, nick: nick, text: text)
            let written = LogLineFormat.format(line, timeZone: utc)
            let read = try #require(LogLineFormat.parse(Substring(written), day: day, id: "x"), "\(written)")
            #expect(read.kind == kind && read.nick == nick && read.text == text && read.time == line.time, "\(written)")
        }
    }

    @Test func findFindsEventsByWhatTheirRowSays() {
        let quit = ChatLine(id: "q", time: day, kind: .quit, nick: "kim", text: "Ping timeout")
        let join = ChatLine(id: "j", time: day, kind: .join, nick: "kim", text: "")
        let said = ChatLine(id: "m", time: day, kind: .message, nick: "kim", text: "I quit smoking")
        let kimQuit = try! SearchQuery(parsing: "kim quit")
        #expect(kimQuit.matches(quit) && kimQuit.matches(said) && !kimQuit.matches(join))
        #expect(try! SearchQuery(parsing: "timeout").matches(quit))
        // What kim said, not kim's comings and goings.
        let fromKim = try! SearchQuery(parsing: "from:kim")
        #expect(fromKim.matches(said) && !fromKim.matches(quit) && !fromKim.matches(join))
        var scrollback = Scrollback(cap: 10, trimBatch: 1)
        for line in [join, said, quit] { _ = scrollback.append(line) }
        scrollback.enableSearch()
        #expect(kimQuit.matchingIndices(in: scrollback) == [2, 1])
    }

    @Test func theLogsAreSearchedForEventsToo() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("natter-logevents-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("09:00:00 <alice> hi\n09:01:00 <-- kim has quit (Ping timeout)\n09:02:00 --> kim has joined\n".utf8)
            .write(to: folder.appendingPathComponent("2024-01-01.log"))
        var hits: [LogHit] = []
        try LogSearch.run(folder: folder, timeZone: utc, query: "kim quit", before: day.addingTimeInterval(86_400)) { hits += $0 }
        #expect(hits.map(\.id) == ["log:2024-01-01:1"])
        hits = []
        // A phrase as the row reads it, though the log line words it otherwise.
        try LogSearch.run(folder: folder, timeZone: utc, query: "\"kim quit\"", before: day.addingTimeInterval(86_400)) { hits += $0 }
        #expect(hits.map(\.id) == ["log:2024-01-01:1"])
        hits = []
        try LogSearch.run(folder: folder, timeZone: utc, query: "from:kim", before: day.addingTimeInterval(86_400)) { hits += $0 }
        #expect(hits.isEmpty)
    }
}

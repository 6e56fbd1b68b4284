import ChatModel
import DequeModule
import Foundation
import IRCProtocol
import IRCSession
@testable import NatterUI
import Testing

/// The rows of a channel with the smart filter on: the marked lines get none, the rest fold
/// into groups as before, and rows built line by line are the rows built at once.
struct SmartFilterRowsTests {
    let day1 = 1_704_110_400.0   // 2024-01-01 12:00 UTC
    let day2 = 1_704_196_800.0

    func line(_ id: String, _ kind: ChatLineKind, at t: Double, hidden: Bool = false) -> ChatLine {
        var line = ChatLine(id: id, time: Date(timeIntervalSince1970: t), kind: kind, nick: id, text: "x")
        line.isSmartFiltered = hidden
        return line
    }

    func ids(_ index: BufferRowIndex, _ lines: Deque<ChatLine>) -> [String] {
        index.rows.map { row in
            switch row {
            case .day(let d): return "day-\(d)"
            case .marker: return "marker"
            case .loading: return "loading"
            case .line(let n): return lines[index.lineIndex(n)].id
            case .group(let a, let b): return "group-\(lines[index.lineIndex(a)].id)-\(b - a + 1)"
            }
        }
    }

    var sample: Deque<ChatLine> {
        [line("m1", .message, at: day1), line("h1", .join, at: day1 + 1, hidden: true), line("j1", .join, at: day1 + 2),
         line("h2", .quit, at: day1 + 3, hidden: true), line("p1", .part, at: day1 + 4), line("m2", .message, at: day1 + 5),
         line("h3", .join, at: day1 + 6, hidden: true), line("j2", .join, at: day1 + 7), line("m3", .message, at: day1 + 8),
         line("h4", .join, at: day2, hidden: true), line("m4", .message, at: day2 + 1),
         line("h5", .join, at: day2 + 2, hidden: true), line("h6", .part, at: day2 + 3, hidden: true)]
    }

    @Test func hiddenLinesGetNoRowAndTheRestStillFold() {
        let lines = sample
        var off = BufferRowIndex(timeZone: .utc)
        off.rebuild(lines)
        #expect(ids(off, lines) == ["day-2024-01-01", "m1", "group-h1-4", "m2", "group-h3-2", "m3",
                                    "day-2024-01-02", "h4", "m4", "group-h5-2"])
        var on = BufferRowIndex(timeZone: .utc)
        on.hidesSmartFiltered = true
        on.rebuild(lines)
        // j1 and p1 fold over the quit between them; j2 alone is a row; a day of hidden lines
        // only gets no day row of its own before its visible line's.
        #expect(ids(on, lines) == ["day-2024-01-01", "m1", "group-j1-3", "m2", "j2", "m3", "day-2024-01-02", "m4"])
        #expect(on.rowIndex(ofLineIndex: 4) == 2 && on.rowIndex(ofLineIndex: 7) == 4)
    }

    /// Appending the lines one at a time ends with the rows a whole rebuild makes, whatever
    /// hidden lines come between.
    @Test func appendsMatchAWholeRebuild() {
        let all = sample
        var lines: Deque<ChatLine> = []
        var index = BufferRowIndex(timeZone: .utc)
        index.hidesSmartFiltered = true
        index.rebuild(lines)
        for line in all {
            lines.append(line)
            _ = index.linesAppended(1, lines: lines)
            var whole = BufferRowIndex(timeZone: .utc)
            whole.hidesSmartFiltered = true
            whole.rebuild(lines)
            #expect(ids(index, lines) == ids(whole, lines), "after \(line.id)")
        }
        // A day that begins with hidden lines still gets its day row before its first shown one.
        for extra in [line("m5", .message, at: day2 + 86_400), line("h7", .join, at: day2 + 86_401, hidden: true),
                      line("h8", .join, at: day2 + 2 * 86_400, hidden: true), line("m6", .message, at: day2 + 2 * 86_400 + 1)] {
            lines.append(extra)
            _ = index.linesAppended(1, lines: lines)
        }
        #expect(ids(index, lines).suffix(4) == ["day-2024-01-03", "m5", "day-2024-01-04", "m6"])
    }

    /// A hidden line stands for the row nearest it when asked for (a search hit, a reveal): the
    /// next row, else the one before; it is never fetched again as if it were not loaded.
    @MainActor @Test func aHiddenLineIsRevealedAsTheRowNearestIt() throws {
        let model = ChatModel()
        model.addNetwork(name: "Test", configuration: SessionConfiguration(nick: "me", user: "me", realName: "me"))
        let now = SessionTime(monotonic: 0, wall: Date(timeIntervalSince1970: 1_700_000_000))
        _ = model.handle(.connected(now: now), network: "Test")
        for line in [":srv 001 me :Welcome", ":me!u@h JOIN #natter", "@msgid=a1 :ada!a@h PRIVMSG #natter :hi",
                     ":lurker!l@h JOIN #natter", "@msgid=a2 :ada!a@h PRIVMSG #natter :still here", ":other!o@h JOIN #natter"] {
            _ = model.handle(.received(try IRCMessage(parsing: line), now: now), network: "Test")
        }
        let buffer = try #require(model.network("Test")?.buffer(named: "#natter"))
        let joins = buffer.lines.filter { $0.kind == .join && $0.isSmartFiltered }
        #expect(joins.map(\.nick) == ["lurker", "other"])
        let rows = BufferRows(buffer: buffer, styler: ChatLineStyler(timeZone: LocalZone.utc), hidesSmartFiltered: true)
        #expect(rows.rowID(ofLineID: joins[0].id) == "a2")
        #expect(rows.rowID(ofLineID: joins[1].id) == "a2")
        let shown = BufferRows(buffer: buffer, styler: ChatLineStyler(timeZone: LocalZone.utc))
        #expect(shown.rowID(ofLineID: joins[0].id) == joins[0].id)
        #expect(rows.rowID(ofLineID: "not-here") == nil)
    }
}

import ChatModel
import DequeModule
import Foundation
@testable import NatterUI
import Testing

struct BufferRowIndexTests {
    let utc = LocalZone.utc
    let day1 = 1_704_110_400.0   // 2024-01-01 12:00 UTC
    let day2 = 1_704_196_800.0   // 2024-01-02 12:00 UTC

    func line(_ id: String, _ kind: ChatLineKind, at t: Double) -> ChatLine {
        ChatLine(id: id, time: Date(timeIntervalSince1970: t), kind: kind, nick: id, text: "x")
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

    @Test func daysMarkersAndGroups() {
        var lines: Deque<ChatLine> = [
            line("m1", .message, at: day1), line("j1", .join, at: day1 + 1), line("j2", .join, at: day1 + 2),
            line("p1", .part, at: day1 + 3), line("m2", .message, at: day1 + 4), line("j3", .join, at: day1 + 5),
            line("m3", .message, at: day2), line("q1", .quit, at: day2 + 1), line("n1", .nickChange(newNick: "x"), at: day2 + 2),
        ]
        var index = BufferRowIndex(timeZone: utc)
        index.markerLine = 6
        index.rebuild(lines)
        #expect(ids(index, lines) == ["day-2024-01-01", "m1", "group-j1-3", "m2", "j3",
                                      "day-2024-01-02", "marker", "m3", "group-q1-2"])
        #expect(index.rowIndex(ofLineIndex: 2) == 2 && index.rowIndex(ofLineIndex: 6) == 7 && index.rowIndex(ofLineIndex: 8) == 8)
        lines.append(line("m4", .message, at: day2 + 10))
        let delta = index.linesAppended(1, lines: lines)
        #expect(delta == RowDelta(appended: 1, appendedMessages: 1))
        _ = lines
    }

    @Test func aJoinAfterAJoinGrowsTheLastRowInPlace() {
        var lines: Deque<ChatLine> = [line("m1", .message, at: day1), line("j1", .join, at: day1 + 1)]
        var index = BufferRowIndex(timeZone: utc)
        index.rebuild(lines)
        lines.append(line("j2", .join, at: day1 + 2))
        #expect(index.linesAppended(1, lines: lines) == RowDelta(changed: [2]))
        lines.append(line("j3", .join, at: day1 + 3))
        #expect(index.linesAppended(1, lines: lines) == RowDelta(changed: [2]))
        #expect(ids(index, lines) == ["day-2024-01-01", "m1", "group-j1-3"])
        lines.append(line("m2", .message, at: day2))
        #expect(index.linesAppended(1, lines: lines) == RowDelta(appended: 2, appendedMessages: 1))
    }

    @Test func aBufferStartingWithAJoinGetsOneDayRow() {
        var lines: Deque<ChatLine> = [line("j0", .join, at: day1)]
        var index = BufferRowIndex(timeZone: utc)
        index.rebuild(lines)
        lines.append(line("m1", .message, at: day1 + 1))
        #expect(index.linesAppended(1, lines: lines) == RowDelta(appended: 1, appendedMessages: 1))
        #expect(ids(index, lines) == ["day-2024-01-01", "j0", "m1"])
        lines.append(line("j1", .join, at: day1 + 2))
        lines.append(line("j2", .join, at: day1 + 3))
        #expect(index.linesAppended(2, lines: lines) == RowDelta(appended: 1))
        #expect(ids(index, lines) == ["day-2024-01-01", "j0", "m1", "group-j1-2"])
    }

    @Test func prependAndTrimReplaceOnlyTheChangedHead() {
        var lines: Deque<ChatLine> = [line("m5", .message, at: day2), line("m6", .message, at: day2 + 1)]
        var index = BufferRowIndex(timeZone: utc)
        index.rebuild(lines)
        // Older lines on the same day: the day row moves to the top; m5 and m6 keep their rows.
        lines.insert(contentsOf: [line("m3", .message, at: day2 - 20), line("m4", .message, at: day2 - 10)], at: 0)
        #expect(index.linesPrepended(2, lines: lines) == RowDelta(removedFromTop: 1, prepended: 3))
        #expect(ids(index, lines) == ["day-2024-01-02", "m3", "m4", "m5", "m6"])
        // An older day: a new day row above it, the rest untouched.
        lines.insert(line("m1", .message, at: day1), at: 0)
        #expect(index.linesPrepended(1, lines: lines) == RowDelta(prepended: 2))
        // Trimming the first day's only line removes its day row with it.
        lines.removeFirst()
        #expect(index.linesTrimmed(1, lines: lines) == RowDelta(removedFromTop: 2))
        #expect(ids(index, lines) == ["day-2024-01-02", "m3", "m4", "m5", "m6"])
        // Trimming part of a day: its day row is rebuilt at the new top.
        lines.removeFirst()
        #expect(index.linesTrimmed(1, lines: lines) == RowDelta(removedFromTop: 2, prepended: 1))
        #expect(ids(index, lines) == ["day-2024-01-02", "m4", "m5", "m6"])
    }

    @Test func appendingToALongBufferTouchesOnlyTheTail() {
        var lines = Deque((0..<20_000).map { line("m\($0)", $0 % 7 == 0 ? .join : .message, at: day1 + Double($0)) })
        var index = BufferRowIndex(timeZone: utc)
        index.rebuild(lines)
        let before = index.rows.count
        lines.append(line("new", .message, at: day1 + 30_000))
        let delta = index.linesAppended(1, lines: lines)
        #expect(delta.appended == 1 && delta.changed.isEmpty && index.rows.count == before + 1)
    }

    @Test func aFrameWithAppendsAndATrimIsAppliedAsOneStep() {
        var lines = Deque((0..<100).map { line("m\($0)", .message, at: day1 + Double($0)) })
        var index = BufferRowIndex(timeZone: utc)
        index.rebuild(lines)
        #expect(index.rows.count == 101)
        // In one frame: 30 lines arrive, then the cap drops the oldest 50.
        lines.append(contentsOf: (100..<130).map { line("m\($0)", .message, at: day1 + Double($0)) })
        lines.removeFirst(50)
        let deltas = index.update(appended: 30, prepended: 0, trimmed: 50, lines: lines)
        #expect(deltas == [RowDelta(appended: 30, appendedMessages: 30), RowDelta(removedFromTop: 51, prepended: 1)])
        #expect(ids(index, lines).prefix(3) == ["day-2024-01-01", "m50", "m51"])
        #expect(ids(index, lines).last == "m129" && index.rows.count == 81)
        // A prepend and appends in one frame.
        lines.insert(contentsOf: (40..<50).map { line("m\($0)", .message, at: day1 + Double($0)) }, at: 0)
        lines.append(line("m130", .message, at: day1 + 130))
        let more = index.update(appended: 1, prepended: 10, trimmed: 0, lines: lines)
        #expect(more == [RowDelta(appended: 1, appendedMessages: 1), RowDelta(removedFromTop: 1, prepended: 11)])
        #expect(ids(index, lines).prefix(2) == ["day-2024-01-01", "m40"] && index.rows.count == 92)
    }

    /// A bouncer's playback can bring more lines in one frame than the scrollback keeps: the
    /// trim takes every line the rows showed, and the rows start over instead of reading a line
    /// no longer held (which crashed).
    @Test func aFrameThatTrimsEveryShownLineRebuildsTheRows() {
        var lines = Deque((0..<20).map { line("m\($0)", .message, at: day1 + Double($0)) })
        var index = BufferRowIndex(timeZone: utc)
        index.rebuild(lines)
        lines.append(contentsOf: (20..<60).map { line("m\($0)", .message, at: day1 + Double($0)) })
        lines.removeFirst(45)
        let deltas = index.update(appended: 40, prepended: 0, trimmed: 45, lines: lines)
        #expect(deltas.count == 1)
        #expect(ids(index, lines) == ["day-2024-01-01"] + (45..<60).map { "m\($0)" })
    }

    /// A trim rebuilds only the head rows; a whole rebuild must give the same rows and the
    /// same delta, through joins and parts that group, day changes, the marker and the
    /// loading row, with appends in the same frame.
    @Test func aTrimRebuildsTheHeadAsAWholeRebuildWould() {
        var seed: UInt64 = 77
        func next(_ n: Int) -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int((seed >> 33) % UInt64(n))
        }
        let kinds: [ChatLineKind] = [.message, .message, .join, .part, .quit, .action]
        var time = day1
        var number = 0
        func newLines(_ count: Int) -> [ChatLine] {
            (0..<count).map { _ in
                time += next(10) == 0 ? 43_200 : 1
                number += 1
                return line("l\(number)", kinds[next(kinds.count)], at: time)
            }
        }
        for round in 0..<60 {
            var lines = Deque(newLines(20 + next(60)))
            var fast = BufferRowIndex(timeZone: utc)
            var whole = BufferRowIndex(timeZone: utc)
            whole.incrementalTrim = false
            if round % 3 == 0 {
                _ = fast.setLoading(true)
                _ = whole.setLoading(true)
            }
            fast.rebuild(lines)
            whole.rebuild(lines)
            for _ in 0..<12 {
                if next(4) == 0 {
                    let marker = fast.base + next(lines.count)
                    #expect(fast.setMarker(marker, lines: lines) == whole.setMarker(marker, lines: lines))
                }
                let appended = next(3) == 0 ? next(15) : 0
                lines.append(contentsOf: newLines(appended))
                let trimmed = min(lines.count - 1, next(25))
                lines.removeFirst(trimmed)
                let a = fast.update(appended: appended, prepended: 0, trimmed: trimmed, lines: lines)
                let b = whole.update(appended: appended, prepended: 0, trimmed: trimmed, lines: lines)
                #expect(a == b)
                #expect(fast.rows == whole.rows)
                if fast.rows != whole.rows { return }
            }
        }
    }
}

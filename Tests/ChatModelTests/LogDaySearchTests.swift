@testable import ChatModel
import Foundation
import NatterTestSupport
import Testing

/// The log search decides most lines from their bytes; it must answer exactly as parsing each
/// line and matching it as a loaded line would, over lines made to trip the byte reading:
/// capitals outside ASCII, K and İ, combining accents after the marks, formatting codes,
/// invalid UTF-8, malformed times and marks.
struct LogDaySearchTests {
    let start = Date(timeIntervalSince1970: 1_704_067_200)      // 2024-01-01, midnight UTC

    /// A day of 600 lines; `plain` leaves out control characters (Natter's own logs have none,
    /// and only then are just the lines holding the lead word looked at).
    func day(seed: UInt64, plain: Bool) -> [UInt8] {
        var pieces: [[UInt8]] = ["Deploy", "deploy", "DEPLOY", "dé", "DÉ", "é", "É", "e\u{301}", "\u{212A}elvin", "kelvin", "İstanbul",
                                 "istanbul", "\u{02}", "\u{03}4,5", "de\u{02}ploy", "ﬁle", "file", "straße", "STRASSE", "日本", "\r",
                                 "x", " ", "> x", "bob", "- ", "<", ">"].map { Array($0.utf8) } + [[0xFF], [0xE9], [0xC3]]
        if plain { pieces.removeAll { $0.contains { $0 < 0x20 } } }
        let nicks = ["bob", "Bob", "É", "ann", "k\u{301}", ""]
        var rng = SplitMix64(seed: seed)
        func pick<T>(_ from: [T]) -> T { from[Int(rng.next() % UInt64(from.count))] }
        var bytes: [UInt8] = []
        for k in 0..<600 {
            let second = k * 131 % 86_400
            var time = String(format: "%02d:%02d:%02d ", second / 3600, second / 60 % 60, second % 60)
            if k % 53 == 0 { time = pick(["9:00:00 ", "-1:00:00 ", "24:00:00 ", "12:00:00", ""]) }
            var text: [UInt8] = []
            for _ in 0..<Int(rng.next() % 7) { text += pick(pieces) }
            let nick = pick(nicks)
            let body: String
            switch rng.next() % 6 {
            case 0, 1: body = "<\(nick)>" + pick([" ", "\u{301} ", ""])
            case 2: body = "* \(nick) "
            case 3: body = "-\(nick)- "
            case 4: body = "--> \(nick) has joined "
            default: body = pick(["<", "* ", "-", ""])
            }
            bytes += Array(time.utf8) + Array(body.utf8) + text + [0x0A]
        }
        return bytes
    }

    /// What parsing every line and matching it finds, oldest first.
    func expected(_ query: SearchQuery, in bytes: [UInt8], before: Date) -> [String] {
        let text = String(decoding: bytes, as: UTF8.self)
        return text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated().compactMap { n, row in
            guard let line = LogLineFormat.parse(Substring(row), day: start, id: "log:2024-01-01:\(n)"), line.time < before,
                  query.matches(line) else { return nil }
            return line.id
        }
    }

    @Test(arguments: ["deploy", "dé", "é", "kelvin", "k", "istanbul", "i", "file", "straße", "strasse", "日本", "x",
                      "from:bob deploy", "from:É", "from:bob", "\"> x\"", "/dep.oy/", "e", "\"de ploy\"", "bob"])
    func theBytesAnswerAsParsingDoes(text: String) throws {
        let query = try SearchQuery(parsing: text)
        let search = LogDaySearch(query: query)
        for seed: UInt64 in 1...8 {
            let bytes = day(seed: seed, plain: seed % 2 == 0)
            let before = start.addingTimeInterval(seed == 4 ? 43_200 : 86_400)
            let hits = bytes.withUnsafeBufferPointer { buffer in
                search.mayMatch(buffer) ? search.hits(in: buffer, name: "2024-01-01", start: start, before: before) : []
            }
            #expect(hits.map(\.id) == expected(query, in: bytes, before: before), "\(text) seed \(seed)")
        }
    }

    @Test func aMarkFollowedByAnAccentIsStillAMark() {
        let line = LogLineFormat.parse("10:00:00 <bob>\u{301} caf\u{301}e", day: start, id: "x")
        #expect(line?.kind == .message)
        #expect(line?.nick == "bob")
        #expect(line?.text == "\u{301} caf\u{301}e")
        #expect(LogLineFormat.parse("+1:00:00 <bob> hi", day: start, id: "x") == nil)   // digits only
    }
}

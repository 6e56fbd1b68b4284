import ChatModel
import Foundation
import Testing

/// Searching the logs on disk: newest day first, only what is older than a time, formatting-
/// and case-blind; invalid UTF-8 kept; a file written meanwhile; a 100 MB day.
struct LogSearchTests {
    let folder: URL
    let utc = LocalZone.utc

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("natter-logsearch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    func write(_ day: String, _ lines: [String]) throws {
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: folder.appendingPathComponent(day + ".log"))
    }

    func date(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }

    func search(_ query: String, before: String = "2030-01-01T00:00:00Z") throws -> [LogHit] {
        var hits: [LogHit] = []
        try LogSearch.run(folder: folder, timeZone: utc, query: query, before: date(before)) { hits += $0 }
        return hits
    }

    @Test func newestFirstOnlyBeforeTheLoadedLinesIgnoringCase() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try write("2024-01-01", ["09:00:00 <alice> Deploy went fine", "09:05:00 <bob> lunch?", "09:10:00 <carol> deploy again"])
        try write("2024-01-02", ["10:00:00 <alice> the DEPLOY broke", "10:30:00 --> dave has joined"])
        try write("2024-01-03", ["11:00:00 <bob> deploy fixed"])
        let hits = try search("deploy", before: "2024-01-03T00:00:00Z")   // the 3rd is loaded already
        #expect(hits.map(\.id) == ["log:2024-01-02:0", "log:2024-01-01:2", "log:2024-01-01:0"])
        #expect(hits.first?.time == date("2024-01-02T10:00:00Z"))
        #expect(try search("from:bob lunch").map(\.id) == ["log:2024-01-01:1"])
        #expect(try search("zebra").isEmpty)                              // no day has it: none parsed
        #expect(try search("/br[o]ke/").map(\.id) == ["log:2024-01-02:0"])
        #expect(throws: SearchQueryError.self) { try search("/(/") }
    }

    @Test func invalidUTF8IsReadNotDropped() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        var bytes = Data("09:00:00 <alice> before the bad bytes\n09:01:00 <bob> caf".utf8)
        bytes.append(contentsOf: [0xE9, 0xFF, 0xFE])                        // Latin-1 é and garbage
        bytes.append(Data(" is open\n09:02:00 <carol> after the bad bytes\n".utf8))
        try bytes.write(to: folder.appendingPathComponent("2024-01-01.log"))
        #expect(try search("bytes").map(\.id) == ["log:2024-01-01:2", "log:2024-01-01:0"])
        #expect(try search("is open").map(\.id) == ["log:2024-01-01:1"])
    }

    @Test func aFileWrittenWhileItIsSearchedIsSearchedAsItWasRead() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = LogStore(root: folder.deletingLastPathComponent(), timeZone: utc)
        let name = folder.lastPathComponent
        let start = date("2024-01-01T00:00:00Z")
        for k in 0..<2_000 {
            store.append(ChatLine(id: "x\(k)", time: start.addingTimeInterval(Double(k)), kind: .message, nick: "bot",
                                  text: "needle \(k)"), network: name, buffer: "chan")
        }
        let chan = store.folder(network: name, buffer: "chan")
        let search = BackgroundLogSearch(folder: chan, timeZone: utc, query: "needle", before: date("2030-01-01T00:00:00Z"),
                                         wakeUp: {})
        // The writer goes on while the search reads the same file.
        for k in 2_000..<4_000 {
            store.append(ChatLine(id: "x\(k)", time: start.addingTimeInterval(Double(k)), kind: .message, nick: "bot",
                                  text: "needle \(k)"), network: name, buffer: "chan")
        }
        var hits: [LogHit] = []
        for _ in 0..<1_000 {
            let progress = search.take()
            hits += progress.hits
            #expect(!progress.isTruncated)
            if progress.isDone { break }
            try await Task.sleep(for: .milliseconds(5))
        }
        #expect(hits.count >= 2_000 && hits.count <= 4_000)
        #expect(hits.map(\.time) == hits.map(\.time).sorted(by: >))       // newest first, whole lines only
        #expect(Set(hits.map(\.id)).count == hits.count)
        store.closeAll()
    }

    @Test func aHundredMegabyteDayIsSearchedWhole() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let filler = "10:00:00 <bot> " + String(repeating: "lorem ipsum dolor sit amet ", count: 3) + "\n"
        var day = Data()
        day.reserveCapacity(105_000_000)
        let chunk = Data(String(repeating: filler, count: 10_000).utf8)
        while day.count < 100_000_000 { day.append(chunk) }
        day.append(Data("23:00:00 <alice> the rare zanzibar line\n".utf8))
        day.append(chunk)
        try day.write(to: folder.appendingPathComponent("2024-01-01.log"))
        let hits = try search("zanzibar")
        #expect(hits.count == 1)
        #expect(hits.first?.time == date("2024-01-01T23:00:00Z"))
    }

    @Test func aSearchStopsAtItsLimitAndSaysSo() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let lines: [String] = (0..<(BackgroundLogSearch.hitLimit + 50)).map { (k: Int) -> String in
            let (h, m, s) = (k / 3600 % 24, k / 60 % 60, k % 60)
            return String(format: "%02d:%02d:%02d <bot> word %d", h, m, s, k)
        }
        try write("2024-01-01", Array(lines.prefix(20)))
        try write("2024-01-02", Array(lines.dropFirst(20)))
        #expect(try search("word").count == lines.count)
        var limited: [LogHit] = []
        try LogSearch.run(folder: folder, timeZone: utc, query: "word", before: date("2030-01-01T00:00:00Z"), limit: 30) { limited += $0 }
        #expect(limited.count == 30)
        #expect(limited.first?.id == "log:2024-01-02:\(lines.count - 21)")     // the newest first
        let search = BackgroundLogSearch(folder: folder, timeZone: utc, query: "word", before: date("2030-01-01T00:00:00Z"), wakeUp: {})
        var hits: [LogHit] = []
        for _ in 0..<2_000 {
            let progress = search.take()
            hits += progress.hits
            if progress.isDone {
                #expect(progress.isTruncated)
                break
            }
            try await Task.sleep(for: .milliseconds(5))
        }
        #expect(hits.count == BackgroundLogSearch.hitLimit)
    }
}

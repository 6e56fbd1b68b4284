import ChatModel
import Foundation
import Testing

struct LogStoreTests {
    let utc = LocalZone.utc
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("natter-logs-\(UUID().uuidString)")

    func at(_ seconds: Double) -> Date { Date(timeIntervalSince1970: 1_700_000_000 + seconds) } // 2023-11-14 22:13:20 UTC

    @Test func linesAreFormattedLikeALog() {
        let t = Date(timeIntervalSince1970: 1_700_000_000)
        func f(_ kind: ChatLineKind, _ nick: String?, _ text: String) -> String {
            LogLineFormat.format(ChatLine(id: "x", time: t, kind: kind, nick: nick, text: text), timeZone: utc)
        }
        #expect(f(.message, "alice", "\u{02}bold\u{02} and \u{03}4red") == "22:13:20 <alice> bold and red")
        #expect(f(.action, "bob", "waves") == "22:13:20 * bob waves")
        #expect(f(.notice, "srv", "hi\nthere") == "22:13:20 -srv- hi there")
        // Every kind of line break is one space, formatting around it stripped; the rest kept.
        #expect(f(.message, "a", "one\r\ntwo\rthree\n\u{02}four\u{02} é 日本") == "22:13:20 <a> one two three four é 日本")
        #expect(f(.message, "a", "x\r\r\ny\n\nz") == "22:13:20 <a> x  y  z")
        #expect(f(.join, "carol", "") == "22:13:20 --> carol has joined")
        #expect(f(.quit, "carol", "bye") == "22:13:20 <-- carol has quit (bye)")
        #expect(f(.nickChange(newNick: "caz"), "carol", "") == "22:13:20 --- carol is now known as caz")
    }

    @Test func aBatchWritesEachFileOnceAtItsEndAndReadsSeeWhatWaits() throws {
        let store = LogStore(root: root, timeZone: utc)
        defer { try? FileManager.default.removeItem(at: root) }
        func line(_ n: Int) -> ChatLine { ChatLine(id: "\(n)", time: at(Double(n)), kind: .message, nick: "a", text: "line \(n)") }
        #expect(store.append(line(0), network: "N", buffer: "#c"))
        let file = store.fileURL(network: "N", buffer: "#c", date: at(0))
        func onDisk() throws -> [String] {
            try String(contentsOf: file, encoding: .utf8).split(separator: "\n").map { String($0.dropFirst(9)) }
        }
        store.beginBatch()
        store.beginBatch()
        for n in 1...3 { #expect(store.append(line(n), network: "N", buffer: "#c")) }
        #expect(store.append(line(4), network: "N", buffer: "#d"))
        #expect(try onDisk() == ["<a> line 0"], "the batch's lines wait")
        #expect(store.endBatch().isEmpty)
        #expect(try onDisk() == ["<a> line 0"], "until the outermost batch ends")
        #expect(store.endBatch().isEmpty)
        #expect(try onDisk() == ["<a> line 0", "<a> line 1", "<a> line 2", "<a> line 3"])
        #expect(store.writtenLines(network: "N", buffer: "#d", on: at(0)).count == 1)
        // Reading the logs in a batch (a bouncer's replay is checked against them) sees it all.
        store.beginBatch()
        #expect(store.append(line(5), network: "N", buffer: "#c"))
        #expect(store.writtenLines(network: "N", buffer: "#c", on: at(0)).last?.hasSuffix("<a> line 5") == true)
        #expect(store.endBatch().isEmpty)
        #expect(try onDisk().count == 5, "written once (lines 0 to 3, and 5)")
    }

    @Test func filesArePerBufferPerDayAndSanitised() throws {
        let store = LogStore(root: root, timeZone: utc)
        defer { try? FileManager.default.removeItem(at: root) }
        let line = ChatLine(id: "1", time: at(0), kind: .message, nick: "a", text: "hello")
        #expect(store.append(line, network: "TestNet", buffer: "#swift"))
        let url = store.fileURL(network: "TestNet", buffer: "#swift", date: at(0))
        #expect(url.path == root.path + "/TestNet/#swift/2023-11-14.log")
        #expect(try String(contentsOf: url, encoding: .utf8) == "22:13:20 <a> hello\n")
        let mode = try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        // A name that tries to climb out of the logs folder stays inside it.
        let evil = store.fileURL(network: "..", buffer: "../../x", date: at(0))
        #expect(evil.standardizedFileURL.path.hasPrefix(root.path + "/"))
        #expect(LogStore.safeName("../x") == "_._x")
        #expect(LogStore.safeName("") == "_" && LogStore.safeName(".") == "_")
        #expect(LogStore.safeName("a\u{0}b\nc") == "a_b_c")
    }

    @Test func olderLinesComeBackAcrossDays() throws {
        let store = LogStore(root: root, timeZone: utc)
        defer { try? FileManager.default.removeItem(at: root) }
        // 30 lines a minute apart, crossing midnight UTC (at 22:13:20 + 2h).
        for n in 0..<30 {
            let line = ChatLine(id: "\(n)", time: at(Double(n) * 300), kind: n % 3 == 0 ? .action : .message,
                                nick: "u\(n)", text: "line \(n)")
            store.append(line, network: "Net", buffer: "#c")
        }
        store.closeAll()
        let page = store.lines(network: "Net", buffer: "#c", before: at(25 * 300), limit: 10)
        #expect(page.map(\.text) == (15..<25).map { "line \($0)" })
        #expect(page.first?.kind == .action && page.first?.nick == "u15")
        let again = store.lines(network: "Net", buffer: "#c", before: at(25 * 300), limit: 10)
        #expect(page.map(\.id) == again.map(\.id), "ids are stable across reads")
        #expect(Set(page.map(\.id)).count == 10)
    }

    @Test func theLineShownFirstIsNotReadBackFromItsOwnLog() {
        let store = LogStore(root: root, timeZone: utc)
        defer { try? FileManager.default.removeItem(at: root) }
        let shown = ChatLine(id: "live", time: at(0.4), kind: .join, nick: "me")
        store.append(ChatLine(id: "old", time: at(-5), kind: .message, nick: "a", text: "earlier"), network: "N", buffer: "#c")
        store.append(shown, network: "N", buffer: "#c")
        store.closeAll()
        let page = store.lines(network: "N", buffer: "#c", before: shown.time, limit: 10)
        #expect(page.map(\.text) == ["earlier"])
    }
}

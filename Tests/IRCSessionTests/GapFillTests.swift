import Foundation
import IRCProtocol
import Testing
@testable import IRCSession

/// After a reconnect, what was missed is fetched with `CHATHISTORY AFTER` from the last line
/// seen, page by page; where it cannot be, the session says where the hole is.
@Suite("Filling the gap after a reconnect")
struct GapFillTests {
    static let caps = "batch server-time message-tags draft/chathistory labeled-response"
    static let isupport = ["CHANTYPES=#", "PREFIX=(ov)@+", "CHATHISTORY=3", "MSGREFTYPES=msgid,timestamp"]

    /// Joined, one live line seen (m0 at 10:00:00), then the link dropped and came back.
    static func rejoined() -> (Harness, [SessionOutput]) {
        var h = Harness()
        h.register(caps: caps, isupport: isupport)
        h.feed(":natter!nat@host JOIN #natter")
        h.feed("@msgid=m0;time=2024-01-01T10:00:00.000Z :bob!b@h PRIVMSG #natter :seen")
        h.disconnect()
        h.register(caps: caps, isupport: isupport)
        let out = h.feed(":natter!nat@host JOIN #natter")
        return (h, out)
    }

    static func label(sent lines: [String]) -> String {
        lines.first { $0.contains("CHATHISTORY") }.flatMap { $0.split(separator: " ").first?.dropFirst(7) }.map(String.init) ?? "x"
    }

    /// A page answering `request` (its label) with messages m`from`… (one a second after 10:00).
    static func page(_ h: inout Harness, answering request: [String], ids: ClosedRange<Int>?) -> [SessionOutput] {
        let label = label(sent: request)
        var out = h.feed("@label=\(label) :irc.example BATCH +p chathistory #natter")
        for k in ids.map(Array.init) ?? [] {
            out += h.feed("@batch=p;msgid=m\(k);time=2024-01-01T10:00:\(String(format: "%02d", k)).000Z :bob!b@h PRIVMSG #natter :missed \(k)")
        }
        out += h.feed(":irc.example BATCH -p")
        return out
    }

    func gaps(_ outputs: [SessionOutput]) -> [SessionEvent] {
        events(outputs).filter { if case .historyGap = $0 { true } else { false } }
    }

    @Test func fullPagesAskForTheNextUntilAShortOne() {
        var (h, out) = Self.rejoined()
        #expect(sent(out).map { $0.replacingOccurrences(of: #"^@label=\S+ "#, with: "", options: .regularExpression) }
                == ["CHATHISTORY AFTER #natter msgid=m0 3"])
        var request = sent(out)
        out = Self.page(&h, answering: request, ids: 1...3)
        let first = histories(out)
        #expect(first.count == 1 && first[0].request == .after && first[0].messages.map(\.msgid) == ["m1", "m2", "m3"])
        request = sent(out)
        #expect(request.count == 1 && request[0].hasSuffix("CHATHISTORY AFTER #natter msgid=m3 3"))
        out = Self.page(&h, answering: request, ids: 4...5)   // short: the gap is closed
        #expect(histories(out).first?.messages.map(\.msgid) == ["m4", "m5"])
        #expect(sent(out).isEmpty)
        #expect(gaps(out).isEmpty)
    }

    @Test func tooManyPagesLeaveAGapAfterTheLastFetched() {
        var (h, out) = Self.rejoined()
        var request = sent(out)
        var all: [SessionOutput] = []
        for page in 0..<GapFill.maxPages {
            out = Self.page(&h, answering: request, ids: (page * 3 + 1)...(page * 3 + 3))
            all += out
            request = sent(out)
        }
        #expect(request.isEmpty)
        let last = ServerTime.parse("2024-01-01T10:00:30.000Z")!
        #expect(gaps(all) == [.historyGap(target: "#natter", from: last, to: nil, reason: .tooMuch(pages: 10, limit: 3))])
    }

    @Test func aRefusedMsgidIsAskedAgainByTimeThenLeftAsAGap() {
        var (h, out) = Self.rejoined()
        var label = Self.label(sent: sent(out))
        out = h.feed("@label=\(label) FAIL CHATHISTORY INVALID_MSGREFTYPE #natter :unknown msgid")
        #expect(sent(out).count == 1 && sent(out)[0].hasSuffix("CHATHISTORY AFTER #natter timestamp=2024-01-01T10:00:00.000Z 3"))
        #expect(gaps(out).isEmpty)
        label = Self.label(sent: sent(out))
        out = h.feed("@label=\(label) FAIL CHATHISTORY MESSAGE_ERROR #natter :no history")
        #expect(sent(out).isEmpty)
        #expect(gaps(out) == [.historyGap(target: "#natter", from: ServerTime.parse("2024-01-01T10:00:00.000Z")!, to: nil,
                                          reason: .refused)])
    }

    @Test func nothingMissedIsNoGap() {
        var (h, out) = Self.rejoined()
        out = Self.page(&h, answering: sent(out), ids: nil)
        #expect(gaps(out).isEmpty && sent(out).isEmpty)
    }

    @Test func aServerWithoutHistorySaysWhereTheHoleIs() {
        var h = Harness()
        h.register(caps: "server-time")
        h.feed(":natter!nat@host JOIN #natter")
        h.feed("@time=2024-01-01T10:00:00.000Z :bob!b@h PRIVMSG #natter :seen")
        h.disconnect()
        h.now = 2_000
        h.register(caps: "server-time")
        let out = h.feed(":natter!nat@host JOIN #natter")
        #expect(gaps(out) == [.historyGap(target: "#natter", from: ServerTime.parse("2024-01-01T10:00:00.000Z")!,
                                          to: h.time.wall, reason: .noHistory)])
        // The first join of a session has nothing to miss.
        var fresh = Harness()
        fresh.register(caps: "server-time")
        #expect(gaps(fresh.feed(":natter!nat@host JOIN #natter")).isEmpty)
    }

    @Test func aBouncerThatReplaysItsBufferHasNoHoleToShow() {
        var h = Harness()
        h.register(caps: "server-time znc.in/self-message")
        h.feed(":natter!nat@host JOIN #natter")
        h.feed("@time=2024-01-01T10:00:00.000Z :bob!b@h PRIVMSG #natter :seen")
        h.disconnect()
        h.register(caps: "server-time znc.in/self-message")
        #expect(gaps(h.feed(":natter!nat@host JOIN #natter")).isEmpty)
    }
}

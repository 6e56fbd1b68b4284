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

    @Test func aPageIsFullByAllItsLinesAndTheNextStartsAfterTheLast() {
        var (h, out) = Self.rejoined()
        let label = Self.label(sent: sent(out))
        out = h.feed("@label=\(label) :irc.example BATCH +p chathistory #natter")
        out += h.feed("@batch=p;msgid=m1;time=2024-01-01T10:00:01.000Z :bob!b@h PRIVMSG #natter :missed")
        out += h.feed("@batch=p;msgid=m2;time=2024-01-01T10:00:02.000Z;+draft/react=👍;+draft/reply=m1 :carol!c@h TAGMSG #natter")
        out += h.feed("@batch=p;msgid=m3;time=2024-01-01T10:00:03.000Z :dave!d@h TAGMSG #natter")
        out += h.feed(":irc.example BATCH -p")
        // Three lines, one of them a message: still a full page of three.
        let next = sent(out)
        #expect(next.count == 1 && next[0].hasSuffix("CHATHISTORY AFTER #natter msgid=m3 3"), "\(next)")
    }

    @Test func aGapCutShortByADroppedLinkIsTakenUpAtTheNextRejoin() {
        var (h, out) = Self.rejoined()
        out = Self.page(&h, answering: sent(out), ids: 1...3)      // full: m4… asked next
        #expect(sent(out).count == 1)
        // A live line arrives meanwhile: it must not move the start of the hole past what was
        // never fetched.
        h.feed("@msgid=m99;time=2024-01-01T10:05:00.000Z :bob!b@h PRIVMSG #natter :live")
        h.disconnect()                                             // before the next page came
        h.register(caps: Self.caps, isupport: Self.isupport)
        out = h.feed(":natter!nat@host JOIN #natter")
        #expect(sent(out).count == 1 && sent(out)[0].hasSuffix("CHATHISTORY AFTER #natter timestamp=2024-01-01T10:00:03.000Z 3"),
                "\(sent(out))")
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

    /// A `/cycle` is our own choice: nothing was owed while we were out, so nothing is said.
    @Test func partingAndJoiningAgainIsNoHole() {
        var h = Harness()
        h.register(caps: "server-time")
        h.feed(":natter!nat@host JOIN #natter")
        h.feed("@time=2024-01-01T10:00:00.000Z :bob!b@h PRIVMSG #natter :seen")
        h.feed(":natter!nat@host PART #natter :cycling")
        h.now += 1
        #expect(gaps(h.feed(":natter!nat@host JOIN #natter")).isEmpty)
    }

    /// /quit and /reconnect are our choice too: the QUIT sent, the next join owes nothing.
    @Test func quittingIsNoHole() {
        var h = Harness()
        h.register(caps: "server-time")
        h.feed(":natter!nat@host JOIN #natter")
        h.intent(.quit(reason: "brb"))
        h.disconnect()
        h.now += 5
        h.register(caps: "server-time")
        #expect(gaps(h.feed(":natter!nat@host JOIN #natter")).isEmpty)
    }

    /// The hole starts where we stopped hearing the channel (the drop), not at the last line
    /// said before it, and one absence gives one row however often the channel is joined.
    @Test func theHoleStartsAtTheDropAndIsSaidOnce() {
        var h = Harness()
        h.register(caps: "server-time")
        h.feed(":natter!nat@host JOIN #natter")
        h.feed("@time=1970-01-01T00:00:10.000Z :bob!b@h PRIVMSG #natter :long ago")
        h.now = 1_500
        let dropped = h.time.wall
        h.disconnect()
        h.now = 1_600
        h.register(caps: "server-time")
        #expect(gaps(h.feed(":natter!nat@host JOIN #natter")) == [.historyGap(target: "#natter", from: dropped, to: h.time.wall,
                                                                                reason: .noHistory)])
        h.feed(":natter!nat@host PART #natter")
        #expect(gaps(h.feed(":natter!nat@host JOIN #natter")).isEmpty)
    }

    @Test func aKickIsAHoleFromTheKick() {
        var h = Harness()
        h.register(caps: "server-time")
        h.feed(":natter!nat@host JOIN #natter")
        h.now = 1_200
        let kicked = h.time.wall
        h.feed(":op!o@h KICK #natter natter :out")
        h.now = 1_260
        #expect(gaps(h.feed(":natter!nat@host JOIN #natter")) == [.historyGap(target: "#natter", from: kicked, to: h.time.wall,
                                                                                reason: .noHistory)])
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

/// soju.im/bouncer-networks in the session.
@Suite("Bouncer networks in the session")
struct BouncerSessionTests {
    static let caps = "batch soju.im/bouncer-networks soju.im/bouncer-networks-notify sasl"

    @Test func aBoundConnectionBindsBeforeCapEndAndIgnoresTheList() {
        var config = Harness.config()
        config.bouncerNetID = "7"
        var h = Harness(config)
        h.connect()
        let out = h.feed(":bnc CAP * LS :\(Self.caps)")
        #expect(sent(out).contains("CAP REQ :batch soju.im/bouncer-networks"))   // no -notify
        let acked = h.feed(":bnc CAP * ACK :batch soju.im/bouncer-networks")
        #expect(sent(acked) == ["BOUNCER BIND 7", "CAP END"])
        h.feed(":bnc 001 natter :Welcome")
        #expect(events(h.feed(":bnc BOUNCER NETWORK 8 name=Other")).isEmpty)
    }

    @Test func aConnectionBoundByItsUsernameIgnoresTheListToo() {
        var h = Harness()
        h.register(caps: Self.caps, isupport: ["CHANTYPES=#", "BOUNCER_NETID=3"])
        #expect(events(h.feed(":bnc BOUNCER NETWORK 8 name=Other")).isEmpty)
    }

    @Test func theListBatchSaysWhichNetworksExistAndAttributesFollowTagRules() {
        var h = Harness()
        h.register(caps: Self.caps)
        var out = h.feed(":bnc BATCH +n soju.im/bouncer-networks")
        out += h.feed("@batch=n :bnc BOUNCER NETWORK 1 name=Libera;host=irc.libera.chat")
        out += h.feed("@batch=n :bnc BOUNCER NETWORK 2 name=My\\sNet;error=;state")
        out += h.feed(":bnc BATCH -n")
        let all = events(out)
        #expect(all.contains(.bouncerNetwork(BouncerNetworkUpdate(id: "2", attributes: ["name": "My Net"], cleared: ["error", "state"]))))
        #expect(all.last == .bouncerNetworksListed(netids: ["1", "2"]))
        #expect(BouncerNetworkUpdate.encode(["name": "A B", "port": ""]) == "name=A\\sB;port")
    }

    @Test func aRefusedBindIsReported() {
        var h = Harness()
        h.register(caps: Self.caps)
        #expect(events(h.feed(":bnc FAIL BOUNCER INVALID_NETID BIND 9 :Network not found"))
                .contains(.bouncerBindRefused(code: "INVALID_NETID", description: "Network not found")))
    }
}

import Foundation
import IRCProtocol
import Testing
@testable import IRCSession

@Suite("History")
struct HistoryTests {
    static let isupport = ["CHANTYPES=#", "PREFIX=(ov)@+", "CHATHISTORY=50", "MSGREFTYPES=msgid,timestamp"]

    static func joined(caps: String = "batch server-time message-tags draft/chathistory") -> (Harness, [SessionOutput]) {
        var h = Harness()
        h.register(caps: caps, isupport: isupport)
        let out = h.feed(":natter!nat@host JOIN #natter")
        return (h, out)
    }

    @Test func latestIsRequestedOnJoinWithinTheServerLimit() {
        let (_, out) = Self.joined()
        #expect(sent(out) == ["CHATHISTORY LATEST #natter * 50"])
    }

    @Test func noRequestWithoutIsupportToken() {
        var h = Harness()
        h.register(caps: "batch server-time message-tags draft/chathistory")
        #expect(sent(h.feed(":natter!nat@host JOIN #natter")).isEmpty)
    }

    @Test func batchIsAssembledAndDeduplicatedByMsgid() {
        var (h, _) = Self.joined()
        // A live message arrives before the history batch and is in it too.
        #expect(messages(h.feed("@msgid=m3;time=2024-01-01T00:00:03.000Z :bob!b@h PRIVMSG #natter :three")).count == 1)
        var out = h.feed("BATCH +hist chathistory #natter")
        out += h.feed("@batch=hist;msgid=m1;time=2024-01-01T00:00:01.000Z :alice!a@h PRIVMSG #natter :one")
        out += h.feed("@batch=hist;msgid=m2;time=2024-01-01T00:00:02.000Z :natter!nat@host PRIVMSG #natter :\u{01}ACTION two\u{01}")
        out += h.feed("@batch=hist;msgid=m3;time=2024-01-01T00:00:03.000Z :bob!b@h PRIVMSG #natter :three")
        #expect(events(out).isEmpty)  // nothing until the batch ends
        out = h.feed("BATCH -hist")
        let batches = histories(out)
        #expect(batches.count == 1)
        #expect(batches[0].target == "#natter")
        #expect(batches[0].request == .latest)
        #expect(batches[0].receivedCount == 3)
        #expect(batches[0].messages.map(\.msgid) == ["m1", "m2"])
        #expect(batches[0].messages[1].isOwn && batches[0].messages[1].kind == .action)
        #expect(batches[0].messages[0].time == ServerTime.parse("2024-01-01T00:00:01.000Z"))
        #expect(batches[0].messages.allSatisfy { $0.target == .channel("#natter") && $0.batch == "hist" })
        // A replayed live duplicate is not shown twice either.
        #expect(messages(h.feed("@msgid=m1 :alice!a@h PRIVMSG #natter :one")).isEmpty)
    }

    @Test func beforeOnRequestOneAtATime() {
        var (h, _) = Self.joined()
        h.feed(["BATCH +a chathistory #natter", "BATCH -a"])  // answer the LATEST
        let older = UserIntent.requestOlderHistory(target: "#natter", before: .msgid("m1"), limit: nil)
        #expect(sent(h.intent(older)) == ["CHATHISTORY BEFORE #natter msgid=m1 50"])
        let again = h.intent(.requestOlderHistory(target: "#NATTER", before: .msgid("m1"), limit: 10))
        #expect(sent(again).isEmpty)
        #expect(events(again).count == 1)
        var out = h.feed("BATCH +b chathistory #natter")
        out += h.feed("@batch=b;msgid=m0;time=2023-12-31T23:59:59.000Z :alice!a@h PRIVMSG #natter :zero")
        out += h.feed("BATCH -b")
        #expect(histories(out).map(\.request) == [.before])
        #expect(histories(out).first?.messages.map(\.text) == ["zero"])
        let byTime = h.intent(.requestOlderHistory(target: "#natter", before: .timestamp(Date(timeIntervalSince1970: 1_704_067_199)), limit: 20))
        #expect(sent(byTime) == ["CHATHISTORY BEFORE #natter timestamp=2023-12-31T23:59:59.000Z 20"])
    }

    @Test func labeledRequestsAndEmptyAnswers() {
        var (h, out) = Self.joined(caps: "batch server-time message-tags draft/chathistory labeled-response")
        #expect(sent(out) == ["@label=n1 CHATHISTORY LATEST #natter * 50"])
        // The server has nothing: an ACK for the label frees the target.
        h.feed("@label=n1 :irc.example ACK")
        out = h.intent(.requestOlderHistory(target: "#natter", before: .msgid("x"), limit: 5))
        #expect(sent(out) == ["@label=n2 CHATHISTORY BEFORE #natter msgid=x 5"])
        out = h.feed("@label=n2 BATCH +r chathistory #natter")
        out += h.feed("@batch=r;msgid=q :bob!b@h PRIVMSG #natter :old")
        out += h.feed("BATCH -r")
        #expect(histories(out).map(\.request) == [.before])
        // A FAIL also frees it.
        h.intent(.requestOlderHistory(target: "#natter", before: .msgid("q"), limit: 5))
        h.feed("@label=n3 FAIL CHATHISTORY MESSAGE_ERROR BEFORE #natter :Messages could not be retrieved")
        #expect(sent(h.intent(.requestOlderHistory(target: "#natter", before: .msgid("q"), limit: 5)))
                == ["@label=n4 CHATHISTORY BEFORE #natter msgid=q 5"])
    }

    @Test func inspircdChanhistoryReplayIsHistory() {
        var h = Harness()
        // InspIRCd: no CHATHISTORY token, but a chathistory batch right after the join.
        h.register(caps: "batch server-time message-tags echo-message labeled-response")
        var out = h.feed(":natter!nat@host JOIN :#natter")
        #expect(sent(out).isEmpty)
        out = h.feed(":irc.example BATCH +7Hk chathistory :#natter")
        out += h.feed("@time=2024-03-01T10:00:00.000Z;msgid=ZyXw;batch=7Hk :alice!a@h PRIVMSG #natter :earlier")
        out += h.feed("@time=2024-03-01T10:00:05.000Z;msgid=VuTs;batch=7Hk :bob!b@h NOTICE #natter :note")
        out += h.feed(":irc.example BATCH :-7Hk")
        let batches = histories(out)
        #expect(batches.count == 1)
        #expect(batches[0].request == .unrequested)
        #expect(batches[0].messages.map(\.kind) == [.privmsg, .notice])
        #expect(batches[0].messages.map(\.time) == [ServerTime.parse("2024-03-01T10:00:00.000Z")!,
                                                    ServerTime.parse("2024-03-01T10:00:05.000Z")!])
        #expect(messages(out).isEmpty)
    }

    @Test func reconnectAsksOnlyForWhatCameAfterTheLastSeen() {
        var (h, _) = Self.joined()
        h.feed(["BATCH +a chathistory #natter",
                "@batch=a;msgid=m9;time=2024-01-01T00:00:09.000Z :bob!b@h PRIVMSG #natter :nine", "BATCH -a"])
        h.disconnect()
        h.register(caps: "batch server-time message-tags draft/chathistory", isupport: Self.isupport)
        let out = h.feed(":natter!nat@host JOIN #natter")
        #expect(sent(out) == ["CHATHISTORY AFTER #natter msgid=m9 50"])
    }

    @Test func readMarkers() {
        var h = Harness()
        h.register(caps: "draft/read-marker")
        #expect(sent(h.intent(.markRead(target: "#natter", timestamp: Date(timeIntervalSince1970: 1_700_000_000.25))))
                == ["MARKREAD #natter timestamp=2023-11-14T22:13:20.250Z"])
        #expect(events(h.feed(":irc.example MARKREAD #natter timestamp=2023-11-14T22:13:20.250Z"))
                == [.readMarker(target: "#natter", timestamp: Date(timeIntervalSince1970: 1_700_000_000.25))])
        #expect(events(h.feed(":irc.example MARKREAD #other *")) == [.readMarker(target: "#other", timestamp: nil)])
    }
}

@Suite("History msgid memory")
struct HistoryTrackerTests {
    @Test func remembersTheNewestIDsAndForgetsTheOldestOneByOne() {
        var tracker = HistoryTracker()
        let limit = HistoryTracker.rememberedIDs
        var fresh: [Bool] = []
        for i in 0..<(limit + 10) { fresh.append(tracker.remember(msgid: "m\(i)", for: "#a")) }
        #expect(fresh.allSatisfy { $0 })
        // The 10 oldest are forgotten, the newest `limit` are still known.
        let m9 = tracker.remember(msgid: "m9", for: "#a")           // forgotten: shown again, remembered
        let m9Again = tracker.remember(msgid: "m9", for: "#a")
        let newest = tracker.remember(msgid: "m\(limit + 9)", for: "#a")
        let m11 = tracker.remember(msgid: "m11", for: "#a")         // still one of the newest
        let m10 = tracker.remember(msgid: "m10", for: "#a")         // pushed out by m9's return
        let otherBuffer = tracker.remember(msgid: "m11", for: "#b") // buffers are separate
        #expect(m9 && !m9Again && !newest && !m11 && m10 && otherBuffer)
    }
}

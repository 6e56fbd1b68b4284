import Foundation
import IRCProtocol
import Testing
@testable import IRCSession

/// draft/multiline in and out, as the specification's examples have it.
@Suite("Multiline messages")
struct MultilineTests {
    func registered(_ caps: String = "message-tags batch server-time echo-message labeled-response draft/multiline=max-bytes=4096,max-lines=5") -> Harness {
        var h = Harness()
        h.register(caps: caps)
        h.feed(":natter!nat@h JOIN #channel")
        return h
    }

    @Test func aReceivedBatchIsOneMessageWithTheBatchTags() {
        var h = registered()
        #expect(h.session.state.capabilities.has("draft/multiline"))
        var out: [SessionOutput] = []
        out += h.feed("@msgid=xxx;time=2024-01-01T10:00:00.000Z;+draft/reply=p1 :n!u@h BATCH +123 draft/multiline #channel")
        out += h.feed("@batch=123 :n!u@h PRIVMSG #channel hello")
        out += h.feed("@batch=123 :n!u@h PRIVMSG #channel :")
        out += h.feed("@batch=123 :n!u@h PRIVMSG #channel :how is ")
        out += h.feed("@batch=123;draft/multiline-concat :n!u@h PRIVMSG #channel :everyone?")
        #expect(messages(out).isEmpty)                                   // nothing before the end
        let done = messages(h.feed(":n!u@h BATCH -123"))
        #expect(done.count == 1)
        #expect(done.first?.text == "hello\n\nhow is everyone?")
        #expect(done.first?.msgid == "xxx")
        #expect(done.first?.target == .channel("#channel"))
        #expect(done.first?.source?.nick == "n")
        #expect(done.first?.time == ServerTime.parse("2024-01-01T10:00:00.000Z"))
        #expect(ClientTag.replyTo(done.first?.tags ?? [:]) == "p1")
    }

    @Test func aBatchInsideHistoryIsOneHistoryMessage() {
        var h = registered()
        h.feed(":srv BATCH +h chathistory #channel")
        h.feed("@batch=h;msgid=a;time=2024-01-01T09:00:00.000Z :n!u@h PRIVMSG #channel :before")
        h.feed("@batch=h;msgid=b;time=2024-01-01T09:01:00.000Z :n!u@h BATCH +m draft/multiline #channel")
        h.feed("@batch=m :n!u@h PRIVMSG #channel :one")
        h.feed("@batch=m :n!u@h PRIVMSG #channel :two")
        h.feed(":n!u@h BATCH -m")
        let out = events(h.feed(":srv BATCH -h"))
        guard case .history(let batch)? = out.first else { Issue.record("no history"); return }
        #expect(batch.messages.map(\.text) == ["before", "one\ntwo"])
        #expect(batch.messages.map(\.msgid) == ["a", "b"])
    }

    @Test func severalLinesGoAsOneBatchWithTheLabelOnItsOpening() {
        var h = registered()
        let out = sent(h.intent(.sendMultiline(target: "#channel", text: "\nhello\n\nhow is everyone?\n\n", replyTo: "p1")))
        #expect(out == ["@+draft/reply=p1;+reply=p1;label=n1 BATCH +ml1 draft/multiline #channel",
                        "@batch=ml1 PRIVMSG #channel hello",
                        "@batch=ml1 PRIVMSG #channel :",
                        "@batch=ml1 PRIVMSG #channel :how is everyone?",
                        "BATCH -ml1"])
        // The echo (a batch with the label on its opening) is our message, once.
        h.feed("@label=n1;msgid=e1 :natter!nat@h BATCH +e draft/multiline #channel")
        h.feed("@batch=e :natter!nat@h PRIVMSG #channel hello")
        h.feed("@batch=e :natter!nat@h PRIVMSG #channel :")
        h.feed("@batch=e :natter!nat@h PRIVMSG #channel :how is everyone?")
        let echo = messages(h.feed(":natter!nat@h BATCH -e"))
        #expect(echo.count == 1 && echo.first?.isOwn == true && echo.first?.localID != nil)
        #expect(h.session.awaitingEcho.isEmpty)
    }

    @Test func theLimitsSplitBatchesAndLongLinesConcatenate() {
        var h = registered("batch draft/multiline=max-bytes=20,max-lines=3")
        let out = sent(h.intent(.sendMultiline(target: "#channel", text: "aaaa\nbbbb\ncccc\ndddddddddddddddddd", replyTo: nil)))
        #expect(out.filter { $0.hasPrefix("BATCH +") }.count == 2)
        #expect(out.prefix(5) == ["BATCH +ml1 draft/multiline #channel", "@batch=ml1 PRIVMSG #channel aaaa",
                                  "@batch=ml1 PRIVMSG #channel bbbb", "@batch=ml1 PRIVMSG #channel cccc", "BATCH -ml1"])
        var long = registered("batch draft/multiline=max-bytes=4096")
        let word = String(repeating: "word ", count: 150)
        let lines = sent(long.intent(.sendMultiline(target: "#channel", text: word + "\nend", replyTo: nil)))
        #expect(lines.contains { $0.hasPrefix("@batch=ml1;draft/multiline-concat PRIVMSG #channel :") })
        #expect(lines.allSatisfy { $0.utf8.count <= 510 })
    }

    @Test func withoutTheCapabilityEachLineIsAMessage() {
        var h = registered("batch")
        #expect(sent(h.intent(.sendMultiline(target: "#channel", text: "one\n\ntwo", replyTo: nil))) == ["PRIVMSG #channel one", "PRIVMSG #channel two"])
        #expect(sent(h.intent(.sendMultiline(target: "#channel", text: "\n \n", replyTo: nil))).isEmpty)
    }
}

@Suite("Multiline pieces")
struct MultilinePieceTests {
    @Test func piecesJoinBackExactlyAndKeepTheirSpaceAtTheEnd() {
        let line = "\u{02}bold\u{02} " + String(repeating: "word ", count: 60) + "é👍🏽" + String(repeating: "x", count: 120)
        let pieces = IRCSession.concatPieces(line, budget: 50)
        #expect(pieces.joined() == line)
        #expect(pieces.allSatisfy { $0.utf8.count <= 50 })
        #expect(pieces.dropLast(3).allSatisfy { $0.hasSuffix(" ") })            // cut after spaces while there are some
        #expect(!pieces.dropFirst().contains { $0.hasPrefix("\u{02}") })        // no formatting repeated
    }

    @Test func aLongLineGoesAsConcatenatedPiecesWithoutLosingSpaces() throws {
        var h = Harness()
        h.register(caps: "batch draft/multiline=max-bytes=4096")
        let text = String(repeating: "word ", count: 150) + "end"
        let out = sent(h.intent(.sendMultiline(target: "#channel", text: text + "\nsecond", replyTo: nil)))
        var joined = ""
        for line in out where line.contains("PRIVMSG") {
            let message = try IRCMessage(parsing: line)
            if !joined.isEmpty && message.tags["draft/multiline-concat"] == nil { joined += "\n" }
            joined += message.parameters[1]
        }
        #expect(joined == text + "\nsecond")
    }
}

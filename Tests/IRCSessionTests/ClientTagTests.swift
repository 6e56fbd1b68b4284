import Foundation
import IRCProtocol
import Testing
@testable import IRCSession

/// TAGMSG and REDACT: typing, reactions and redactions in and out (the IRCv3 `typing`,
/// `reply` and `react` client tags, draft/message-redaction).
@Suite("Client tags and redaction")
struct ClientTagTests {
    func registered(_ caps: String = "message-tags echo-message batch server-time draft/chathistory draft/message-redaction",
                    isupport: [String] = ["CHANTYPES=#", "PREFIX=(ov)@+", "CASEMAPPING=rfc1459"]) -> Harness {
        var h = Harness()
        h.register(caps: caps, isupport: isupport)
        h.feed(":natter!nat@h JOIN #natter")
        return h
    }

    @Test func typingNoticesAreReadAndOursAreNotShown() {
        var h = registered()
        let out = h.feed("@+typing=active :ada!a@h TAGMSG #natter")
        #expect(events(out) == [.typing(TypingNotice(target: .channel("#natter"), nick: "ada", state: .active, time: Date(timeIntervalSince1970: 1_000)))])
        #expect(events(h.feed("@+typing=done :ada!a@h TAGMSG #natter")).first == .typing(TypingNotice(target: .channel("#natter"), nick: "ada", state: .done, time: Date(timeIntervalSince1970: 1_000))))
        #expect(events(h.feed("@+typing=active :natter!nat@h TAGMSG #natter")).isEmpty)   // another client of ours
        #expect(events(h.feed("@+typing=bogus :ada!a@h TAGMSG #natter")).isEmpty)        // not a state: ignored
        #expect(events(h.feed("@+typing=active :ada!a@h TAGMSG natter")).first == .typing(TypingNotice(target: .query("ada"), nick: "ada", state: .active, time: Date(timeIntervalSince1970: 1_000))))
    }

    @Test func reactionsNeedTheReplyTagUnderEitherName() {
        var h = registered()
        let add = events(h.feed("@msgid=r1;+draft/reply=m1;+draft/react=👍 :ada!a@h TAGMSG #natter"))
        #expect(add == [.reaction(Reaction(target: .channel("#natter"), parent: "m1", reaction: "👍", nick: "ada", isOwn: false, isRemoval: false))])
        let remove = events(h.feed("@+reply=m1;+draft/unreact=👍 :ada!a@h TAGMSG #natter"))
        #expect(remove == [.reaction(Reaction(target: .channel("#natter"), parent: "m1", reaction: "👍", nick: "ada", isOwn: false, isRemoval: true))])
        #expect(events(h.feed("@+draft/react=👍 :ada!a@h TAGMSG #natter")).isEmpty)        // no parent: nothing to attach it to
    }

    @Test func aReactionWithABodyIsAMessageAndAReaction() {
        var h = registered()
        let out = events(h.feed("@msgid=m2;+draft/reply=m1;+draft/react=lol :ada!a@h PRIVMSG #natter :lol"))
        #expect(out.count == 2)
        guard out.count == 2, case .message(let message) = out[0] else { Issue.record("no message first"); return }
        #expect(message.text == "lol")
        #expect(out[1] == .reaction(Reaction(target: .channel("#natter"), parent: "m1", reaction: "lol", nick: "ada", isOwn: false, isRemoval: false)))
    }

    @Test func aReplyCarriesItsParent() {
        var h = registered()
        let shown = messages(h.feed("@msgid=m2;+draft/reply=m1 :ada!a@h PRIVMSG #natter :me too"))
        #expect(shown.first?.tags["+draft/reply"] == "m1")
        #expect(ClientTag.replyTo(shown.first?.tags ?? [:]) == "m1")
        #expect(ClientTag.replyTo(["+reply": "m9"]) == "m9")
    }

    @Test func redactionsNameTheMessageAndTheReason() {
        var h = registered()
        #expect(events(h.feed(":ada!a@h REDACT #natter m1 :wrong channel")) == [.redaction(Redaction(target: .channel("#natter"), msgid: "m1", by: "ada", reason: "wrong channel"))])
        #expect(events(h.feed(":ada!a@h REDACT #natter m2")) == [.redaction(Redaction(target: .channel("#natter"), msgid: "m2", by: "ada", reason: nil))])
        #expect(events(h.feed(":ada!a@h REDACT #natter")).isEmpty)
    }

    @Test func reactionsAndRedactionsInAHistoryBatchComeAfterItsLines() {
        var h = registered()
        h.feed(":irc.example BATCH +h1 chathistory #natter")
        h.feed("@batch=h1;msgid=m1;time=2024-01-01T10:00:00.000Z :ada!a@h PRIVMSG #natter :hello")
        h.feed("@batch=h1;msgid=r1;+draft/reply=m1;+draft/react=🎉 :bob!b@h TAGMSG #natter")
        h.feed("@batch=h1;msgid=m2;time=2024-01-01T10:01:00.000Z :bob!b@h PRIVMSG #natter :oops")
        h.feed("@batch=h1 :bob!b@h REDACT #natter m2")
        h.feed("@batch=h1;+typing=active :bob!b@h TAGMSG #natter")                         // long over: dropped
        let out = events(h.feed(":irc.example BATCH -h1"))
        #expect(out.count == 3)
        guard out.count == 3, case .history(let batch) = out[0] else { Issue.record("no history first"); return }
        #expect(batch.messages.map(\.msgid) == ["m1", "m2"])
        #expect(out[1] == .reaction(Reaction(target: .channel("#natter"), parent: "m1", reaction: "🎉", nick: "bob", isOwn: false, isRemoval: false)))
        #expect(out[2] == .redaction(Redaction(target: .channel("#natter"), msgid: "m2", by: "bob", reason: nil)))
    }

    @Test func ourTypingIsThrottledToOneEveryThreeSecondsPerTarget() {
        var h = registered()
        #expect(sent(h.intent(.sendTyping(target: "#natter", state: .active))) == ["@+typing=active TAGMSG #natter"])
        h.now += 1
        #expect(sent(h.intent(.sendTyping(target: "#natter", state: .active))).isEmpty)
        #expect(sent(h.intent(.sendTyping(target: "bob", state: .active))) == ["@+typing=active TAGMSG bob"])
        h.now += 2
        #expect(sent(h.intent(.sendTyping(target: "#natter", state: .done))) == ["@+typing=done TAGMSG #natter"])
    }

    @Test func aDoneHeldByTheThrottleGoesAtTheNextTickUnlessAMessageWent() {
        var h = registered()
        h.intent(.sendTyping(target: "#natter", state: .paused))
        h.now += 1
        #expect(sent(h.intent(.sendTyping(target: "#natter", state: .done))).isEmpty)
        #expect(sent(h.tick(at: h.now + 1)).filter { $0.contains("typing") }.isEmpty)       // not yet 3 s
        #expect(sent(h.tick(at: h.now + 2)).filter { $0.contains("typing") } == ["@+typing=done TAGMSG #natter"])
        // A message in between says it: no done after it.
        h.now += 10
        h.intent(.sendTyping(target: "#natter", state: .active))
        h.now += 1
        h.intent(.sendTyping(target: "#natter", state: .done))
        h.intent(.sendMessage(target: "#natter", text: "sent"))
        #expect(sent(h.tick(at: h.now + 5)).filter { $0.contains("typing") }.isEmpty)
    }

    @Test func typingIsNotSentWhereTagsCannotGo() {
        var plain = registered("echo-message")
        #expect(sent(plain.intent(.sendTyping(target: "#natter", state: .active))).isEmpty)
        #expect(events(plain.intent(.sendTyping(target: "#natter", state: .active))).isEmpty)   // and no error
        var denied = registered(isupport: ["CHANTYPES=#", "CLIENTTAGDENY=*,-draft/react"])
        #expect(sent(denied.intent(.sendTyping(target: "#natter", state: .active))).isEmpty)
        let react = sent(denied.intent(.react(target: "#natter", msgid: "m1", reaction: "👍", removing: false)))
        #expect(react.count == 1)
    }

    @Test func aReactionGoesOutWithBothReplyTags() throws {
        var h = registered()
        let out = sent(h.intent(.react(target: "#natter", msgid: "m1", reaction: "👍", removing: false)))
        #expect(out.count == 1)
        let message = try IRCMessage(parsing: out[0])
        #expect(message.command == "TAGMSG" && message.parameters == ["#natter"])
        #expect(message.tags == ["+draft/react": "👍", "+reply": "m1", "+draft/reply": "m1"])
        #expect(events(h.intent(.react(target: "#natter", msgid: "m1", reaction: "👍", removing: true))).isEmpty)   // the echo shows it
        var noEcho = registered("message-tags")
        let local = events(noEcho.intent(.react(target: "#natter", msgid: "m1", reaction: "👍", removing: false)))
        #expect(local == [.reaction(Reaction(target: .channel("#natter"), parent: "m1", reaction: "👍", nick: "natter", isOwn: true, isRemoval: false))])
    }

    @Test func redactingNeedsTheCapability() {
        var h = registered()
        #expect(sent(h.intent(.redact(target: "#natter", msgid: "m1", reason: "typo"))) == ["REDACT #natter m1 typo"])
        var without = registered("message-tags echo-message")
        let out = without.intent(.redact(target: "#natter", msgid: "m1", reason: nil))
        #expect(sent(out).isEmpty)
        #expect(events(out) == [.intentRejected(.redact(target: "#natter", msgid: "m1", reason: nil), reason: "the server cannot delete messages")])
    }
}

@Suite("Replies sent")
struct ReplySendTests {
    @Test func aReplyCarriesBothTagsOnEverySplitLine() throws {
        var h = Harness()
        h.register(caps: "message-tags echo-message")
        h.feed(":natter!nat@h JOIN #natter")
        let long = String(repeating: "word ", count: 120)
        let out = sent(h.intent(.reply(target: "#natter", text: long, to: "m1")))
        #expect(out.count == 2)
        for line in out {
            let message = try IRCMessage(parsing: line)
            #expect(message.tags["+reply"] == "m1" && message.tags["+draft/reply"] == "m1")
            #expect(message.tags["label"] == nil)                          // no labeled-response here
        }
    }

    @Test func withoutTagsAReplyIsAPlainMessageAndAQueuedOneKeepsItsParent() {
        var plain = Harness()
        plain.register(caps: "")
        #expect(sent(plain.intent(.reply(target: "#natter", text: "yes", to: "m1"))) == ["PRIVMSG #natter yes"])
        var h = Harness()
        h.register(caps: "message-tags")
        h.disconnect()
        let queued = events(h.intent(.reply(target: "#natter", text: "later", to: "m1")))
        #expect(queued == [.messageQueued(PendingMessage(id: 1, target: "#natter", text: "later", kind: .privmsg, replyTo: "m1"))])
    }
}

@Suite("Away before registering (draft/pre-away)")
struct PreAwayTests {
    @Test func awayGoesBeforeCapEndOnReconnectAndOnlyOnce() {
        var h = Harness()
        h.register(caps: "draft/pre-away")
        h.intent(.away("lunch"))
        h.disconnect()
        var out = h.connect()
        out += h.feed(":irc.example CAP * LS :draft/pre-away")
        out += h.feed(":irc.example CAP * ACK :draft/pre-away")
        let lines = sent(out)
        #expect(lines.suffix(2) == ["AWAY lunch", "CAP END"])
        let after = sent(h.feed([":irc.example 001 natter :Welcome", ":irc.example 376 natter :End of /MOTD command."]))
        #expect(!after.contains { $0.hasPrefix("AWAY") })
        // Without the capability, it goes once registered, as before.
        var plain = Harness()
        plain.register(caps: "")
        plain.intent(.away("lunch"))
        plain.disconnect()
        let again = sent(plain.register(caps: ""))
        #expect(again.filter { $0.hasPrefix("AWAY") } == ["AWAY lunch"])
        #expect(again.firstIndex(of: "AWAY lunch")! > again.firstIndex(of: "CAP END")!)
    }
}

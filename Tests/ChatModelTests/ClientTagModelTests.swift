import ChatModel
import Foundation
import IRCProtocol
import IRCSession
import Testing

/// Reactions, redactions, replies and typing applied to lines and buffers, each change in
/// place (`lineChanged`), the mentions copy following its original.
struct ClientTagModelTests {
    let model = ChatModel(settings: ModelSettings(highlights: HighlightRules(keywords: ["natter"])))
    var clock = 1_700_000_000.0
    let channel = BufferID(network: "Test", name: "#natter")

    init() {
        model.addNetwork(name: "Test", configuration: SessionConfiguration(nick: "me", user: "me", realName: "Me"))
        _ = model.handle(.connected(now: now), network: "Test")
        for line in [":srv CAP * LS :message-tags echo-message server-time draft/message-redaction", ":srv CAP me ACK :message-tags echo-message server-time draft/message-redaction",
                     ":srv 001 me :Welcome", ":srv 005 me CHANTYPES=# CASEMAPPING=rfc1459 :are supported", ":srv 376 me :End of MOTD",
                     ":me!u@h JOIN #natter", ":srv 353 me = #natter :me ada bob", ":srv 366 me #natter :End of NAMES"] {
            recv(line)
        }
        _ = model.takeChanges()
    }

    var now: SessionTime { SessionTime(monotonic: clock - 1_700_000_000, wall: Date(timeIntervalSince1970: clock)) }

    func recv(_ line: String) {
        _ = model.handle(.received(try! IRCMessage(parsing: line), now: now), network: "Test")
    }

    func line(_ id: String) -> ChatLine? { model.buffer(channel)?.lines.first { $0.id == id } }

    @Test func reactionsGatherOnTheirMessageAndComeOff() {
        recv("@msgid=m1 :ada!a@h PRIVMSG #natter :release is out")
        _ = model.takeChanges()
        recv("@+draft/reply=m1;+draft/react=🎉 :bob!b@h TAGMSG #natter")
        recv("@+reply=m1;+draft/react=🎉 :me!u@h TAGMSG #natter")
        recv("@+reply=m1;+draft/react=🎉 :BOB!b@h TAGMSG #natter")          // the same nick again: once
        recv("@+reply=m1;+draft/react=👀 :ada!a@h TAGMSG #natter")
        #expect(line("m1")?.reactions == [LineReaction(reaction: "🎉", nicks: ["bob", "me"], includesOwn: true),
                                          LineReaction(reaction: "👀", nicks: ["ada"], includesOwn: false)])
        #expect(model.takeChanges().filter { $0 == .lineChanged(channel, id: "m1") }.count == 3)
        recv("@+reply=m1;+draft/unreact=👀 :ada!a@h TAGMSG #natter")
        recv("@+reply=m1;+draft/unreact=🎉 :me!u@h TAGMSG #natter")
        #expect(line("m1")?.reactions == [LineReaction(reaction: "🎉", nicks: ["bob"], includesOwn: false)])
        // A reaction to a message that is not here changes nothing.
        recv("@+reply=zz;+draft/react=🎉 :bob!b@h TAGMSG #natter")
        #expect(model.takeChanges().count == 2)
    }

    @Test func aRedactionEmptiesTheMessageInPlaceAndInMentions() {
        recv("@msgid=m1 :ada!a@h PRIVMSG #natter :natter: secret token abc")
        recv("@msgid=m2 :ada!a@h PRIVMSG #natter :after it")
        #expect(model.mentions.lines.count == 1)
        _ = model.takeChanges()
        recv(":ada!a@h REDACT #natter m1 :pasted by mistake")
        let redacted = line("m1")
        #expect(redacted?.redaction == LineRedaction(by: "ada", reason: "pasted by mistake"))
        #expect(redacted?.text == "")
        #expect(model.buffer(channel)?.lines.map(\.id).suffix(2) == ["m1", "m2"])   // still in its place
        #expect(model.mentions.lines.first?.redaction != nil)
        #expect(model.mentions.lines.first?.text == "")
        let changes = model.takeChanges()
        #expect(changes.contains(.lineChanged(channel, id: "m1")))
        #expect(changes.contains { if case .lineChanged(.mentions, _) = $0 { true } else { false } })
        // Another buffer's msgid is ignored.
        recv(":ada!a@h REDACT #other m2")
        #expect(line("m2")?.redaction == nil)
    }

    @Test func repliesKeepTheirParent() {
        recv("@msgid=m1 :ada!a@h PRIVMSG #natter :lunch?")
        recv("@msgid=m2;+draft/reply=m1 :bob!b@h PRIVMSG #natter :yes")
        recv("@msgid=m3;+reply=m1 :me!u@h PRIVMSG #natter :me too")
        #expect(line("m2")?.replyTo == "m1")
        #expect(line("m3")?.replyTo == "m1")
        #expect(line("m1")?.replyTo == nil)
    }

    @Test mutating func typingHoldsForItsTimeAndEndsWithAMessageOrAPart() {
        recv("@+typing=active :ada!a@h TAGMSG #natter")
        recv("@+typing=paused :bob!b@h TAGMSG #natter")
        let buffer = model.buffer(channel)!
        let t = Date(timeIntervalSince1970: clock)
        #expect(buffer.typingNicks(at: t) == ["ada", "bob"])
        #expect(buffer.typingNicks(at: t.addingTimeInterval(7)) == ["bob"])           // active holds 6 s
        #expect(buffer.typingNicks(at: t.addingTimeInterval(31)).isEmpty)             // paused 30 s
        #expect(buffer.nextTypingExpiry(after: t) == t.addingTimeInterval(6))
        #expect(model.takeChanges().filter { $0 == .typingChanged(channel) }.count == 2)
        recv("@msgid=m1 :ADA!a@h PRIVMSG #natter :here it is")
        #expect(buffer.typingNicks(at: t) == ["bob"])
        recv(":bob!b@h PART #natter")
        #expect(buffer.typingNicks(at: t).isEmpty)
        recv("@+typing=active :carol!c@h TAGMSG #natter")
        recv("@+typing=done :carol!c@h TAGMSG #natter")
        #expect(buffer.typingNicks(at: t).isEmpty)
        recv("@+typing=active :erin!e@h TAGMSG #natter")
        recv("@+draft/reply=m1;+draft/react=👍 :erin!e@h TAGMSG #natter")              // a TAGMSG ends it too
        recv("@+typing=active :frank!f@h TAGMSG #natter")
        recv(":frank!f@h NICK frankie")
        recv("@+typing=active :gus!g@h TAGMSG #natter")
        recv(":me!u@h KICK #natter gus :bye")
        #expect(buffer.typingNicks(at: t).isEmpty)
        recv("@+typing=active :dave!d@h TAGMSG dave")                                 // no query open: none made
        #expect(model.buffer(BufferID(network: "Test", name: "dave")) == nil)
    }
}

/// Friends watched with MONITOR: their online state, and a notification only when one seen
/// offline comes online.
struct FriendsModelTests {
    @Test func friendsComeAndGo() {
        let model = ChatModel()
        var configuration = SessionConfiguration(nick: "me", user: "me", realName: "Me")
        configuration.monitor = ["Alice", "bob"]
        model.addNetwork(name: "Test", configuration: configuration)
        func recv(_ line: String) {
            _ = model.handle(.received(try! IRCMessage(parsing: line), now: SessionTime(1)), network: "Test")
        }
        _ = model.handle(.connected(now: SessionTime(0)), network: "Test")
        var sent: [String] = []
        for line in [":srv 001 me :Welcome", ":srv 005 me MONITOR=100 :are supported"] { recv(line) }
        sent += model.handle(.received(try! IRCMessage(parsing: ":srv 376 me :End of MOTD"), now: SessionTime(1)), network: "Test").map { $0.serialized() }
        #expect(sent.contains("MONITOR + Alice,bob"))
        let network = model.network("Test")!
        #expect(network.friends.map(\.online) == [nil, nil])
        _ = model.takeChanges()
        recv(":srv 730 me :alice!a@h")
        recv(":srv 731 me :bob")
        #expect(network.friends.map(\.online) == [true, false])
        #expect(!model.takeChanges().contains { if case .notify = $0 { true } else { false } })   // the first answer
        recv(":srv 730 me :bob!b@h")
        #expect(model.takeChanges().contains(.notify(network.serverBuffer.id, title: "bob is online", body: "on Test")))
    }
}

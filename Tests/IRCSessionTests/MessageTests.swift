import Foundation
import IRCProtocol
import Testing
@testable import IRCSession

@Suite("Messages, echo-message and CTCP")
struct MessageTests {
    @Test func ownMessageWithoutEchoIsShownWhenSent() {
        var h = Harness()
        h.register()
        let out = h.intent(.sendMessage(target: "#natter", text: "hello"))
        #expect(sent(out) == ["PRIVMSG #natter hello"])
        let shown = messages(out)
        #expect(shown.count == 1)
        #expect(shown[0].isOwn && shown[0].text == "hello" && shown[0].target == .channel("#natter"))
        #expect(shown[0].time == Date(timeIntervalSince1970: 1_000))
        #expect(shown[0].localID == 1)
    }

    @Test func echoMessageShowsOwnMessageOnlyOnEchoMatchedByLabel() {
        var h = Harness()
        h.register(caps: "echo-message labeled-response batch message-tags server-time")
        let out = h.intent(.sendMessage(target: "#natter", text: "hello"))
        #expect(sent(out) == ["@label=n1 PRIVMSG #natter hello"])
        #expect(messages(out).isEmpty)
        let echo = h.feed("@label=n1;msgid=abc;time=2024-05-06T07:08:09.123Z;inspircd.org/echo :natter!nat@h PRIVMSG #natter :hello")
        let shown = messages(echo)
        #expect(shown.count == 1)
        #expect(shown[0].isOwn)
        #expect(shown[0].localID == 1)
        #expect(shown[0].msgid == "abc")
        #expect(shown[0].time == ServerTime.parse("2024-05-06T07:08:09.123Z"))
        #expect(h.session.awaitingEcho.isEmpty)
    }

    @Test func echoWithoutLabelsIsMatchedByContent() {
        var h = Harness()
        h.register(caps: "echo-message")
        h.intent(.sendMessage(target: "bob", text: "first"))
        h.intent(.sendMessage(target: "bob", text: "second"))
        let second = messages(h.feed(":natter!nat@h PRIVMSG bob :second"))
        let first = messages(h.feed(":natter!nat@h PRIVMSG Bob :first"))
        #expect(second.map(\.localID) == [2])
        #expect(first.map(\.localID) == [1])
        #expect(first.first?.target == .query("Bob"))
    }

    @Test func serverTimeTagSetsTheMessageTime() {
        var h = Harness()
        h.register(caps: "server-time")
        let shown = messages(h.feed("@time=2011-10-19T16:40:51.620Z :bob!b@h PRIVMSG #natter :hi"))
        #expect(shown.first?.time == Date(timeIntervalSince1970: 1_319_042_451.62))
        let untagged = messages(h.feed(":bob!b@h PRIVMSG #natter :hi"))
        #expect(untagged.first?.time == Date(timeIntervalSince1970: 1_000))
    }

    @Test func serverTimeParsingAndFormatting() {
        #expect(ServerTime.parse("1970-01-01T00:00:00Z") == Date(timeIntervalSince1970: 0))
        #expect(ServerTime.parse("2024-02-29T23:59:59.5Z") == Date(timeIntervalSince1970: 1_709_251_199.5))
        #expect(ServerTime.parse("2024-02-29 23:59:59Z") == nil)
        #expect(ServerTime.parse("nonsense") == nil)
        #expect(ServerTime.format(Date(timeIntervalSince1970: 1_709_251_199.5)) == "2024-02-29T23:59:59.500Z")
    }

    @Test func buffersForQueriesNoticesAndStatusMessages() {
        var h = Harness()
        h.register()
        #expect(messages(h.feed(":bob!b@h PRIVMSG natter :psst")).first?.target == .query("bob"))
        #expect(messages(h.feed(":irc.example NOTICE natter :*** server notice")).first?.target == .server)
        #expect(messages(h.feed(":irc.example NOTICE * :*** Looking up your hostname")).first?.target == .server)
        let status = messages(h.feed(":alice!a@h NOTICE @#natter :ops only")).first
        #expect(status?.target == .channel("#natter"))
        #expect(status?.statusPrefix == "@")
        #expect(status?.kind == .notice)
        let action = messages(h.feed(":bob!b@h PRIVMSG #natter :\u{01}ACTION waves\u{01}")).first
        #expect(action?.kind == .action)
        #expect(action?.text == "waves")
    }

    @Test func longMessageIsSplitIntoSeveralPrivmsgs() {
        var h = Harness()
        h.register()
        let word = "abcdefghi "
        let text = String(repeating: word, count: 100)  // 1000 bytes
        let out = h.intent(.sendMessage(target: "#natter", text: text))
        let lines = sent(out)
        #expect(lines.count == 3)
        for line in lines {
            #expect(line.hasPrefix("PRIVMSG #natter :"))
            // What the server relays (with our worst-case source) must fit in 512 bytes.
            #expect(1 + h.session.ownSourceForSplitting.utf8.count + 1 + line.utf8.count + 2 <= 512)
        }
        let rejoined = lines.map { $0.dropFirst("PRIVMSG #natter :".count) }.joined(separator: " ")
        #expect(rejoined == text)  // breaks at spaces; the last piece keeps the trailing one
        #expect(messages(out).count == 3)
        #expect(Set(messages(out).map(\.localID)) == [1])
    }

    @Test func actionIsSentAsCTCP() {
        var h = Harness()
        h.register()
        let out = h.intent(.sendAction(target: "#natter", text: "waves"))
        #expect(sent(out) == ["PRIVMSG #natter :\u{01}ACTION waves\u{01}"])
        #expect(messages(out).first?.kind == .action)
        #expect(messages(out).first?.text == "waves")
    }

    @Test func ctcpRequestsAreAnsweredWithNotices() {
        var h = Harness()
        h.register()
        var out = h.feed(":bob!b@h PRIVMSG natter :\u{01}VERSION\u{01}")
        #expect(sent(out) == ["NOTICE bob :\u{01}VERSION Natter 1.0\u{01}"])
        #expect(messages(out).first?.kind == .ctcpRequest(command: "VERSION"))
        out = h.feed(":bob!b@h PRIVMSG natter :\u{01}PING 12345\u{01}")
        #expect(sent(out) == ["NOTICE bob :\u{01}PING 12345\u{01}"])
        h.now += 10
        out = h.feed(":bob!b@h PRIVMSG natter :\u{01}TIME\u{01}")
        // The wall clock comes from the input: 1010 s after the epoch.
        #expect(sent(out) == ["NOTICE bob :\u{01}TIME Thu, 01 Jan 1970 00:16:50 GMT\u{01}"])
        h.now += 10
        out = h.feed(":bob!b@h PRIVMSG #natter :\u{01}CLIENTINFO\u{01}")
        #expect(sent(out) == ["NOTICE bob :\u{01}CLIENTINFO ACTION CLIENTINFO PING TIME VERSION\u{01}"])
        // ACTION and unknown requests get no reply; a CTCP reply is just shown.
        #expect(sent(h.feed(":bob!b@h PRIVMSG natter :\u{01}ACTION hugs\u{01}")).isEmpty)
        #expect(sent(h.feed(":bob!b@h PRIVMSG natter :\u{01}DCC SEND x\u{01}")).isEmpty)
        let reply = h.feed(":bob!b@h NOTICE natter :\u{01}VERSION irssi\u{01}")
        #expect(sent(reply).isEmpty)
        #expect(messages(reply).first?.kind == .ctcpReply(command: "VERSION"))
    }

    @Test func onlyTheCTCPRequestsTheUserAllowsAreAnswered() {
        var config = Harness.config()
        config.ctcp.answered = ["PING", "CLIENTINFO"]
        var h = Harness(config)
        h.register()
        #expect(sent(h.feed(":bob!b@h PRIVMSG natter :\u{01}VERSION\u{01}")).isEmpty)
        #expect(sent(h.feed(":bob!b@h PRIVMSG natter :\u{01}TIME\u{01}")).isEmpty)
        #expect(sent(h.feed(":bob!b@h PRIVMSG natter :\u{01}PING 7\u{01}")) == ["NOTICE bob :\u{01}PING 7\u{01}"])
        // CLIENTINFO names only what is answered.
        #expect(sent(h.feed(":bob!b@h PRIVMSG natter :\u{01}CLIENTINFO\u{01}"))
                == ["NOTICE bob :\u{01}CLIENTINFO ACTION CLIENTINFO PING\u{01}"])
    }

    @Test func ctcpFloodIsRateLimited() {
        var h = Harness()
        h.register()
        var replies = 0
        for i in 0..<100 {
            replies += sent(h.feed(":flood\(i)!f@h PRIVMSG natter :\u{01}VERSION\u{01}")).count
        }
        #expect(replies == 3)  // the burst, then nothing at the same instant
        h.now += 5
        #expect(sent(h.feed(":late!f@h PRIVMSG natter :\u{01}VERSION\u{01}")).count == 1)
        #expect(sent(h.feed(":late!f@h PRIVMSG natter :\u{01}VERSION\u{01}")).isEmpty)
        // A 100-request flood spread over 10 s: the burst (spent by 0.3 s), then one refill at
        // 5.1 s; the next would come at 10.1 s, after the flood.
        h.now += 100
        replies = 0
        for i in 0..<100 {
            h.now += 0.1
            replies += sent(h.feed(":flood\(i)!f@h PRIVMSG natter :\u{01}PING \(i)\u{01}")).count
        }
        #expect(replies == 4)
    }

    @Test func ownCTCPEchoIsNotAnswered() {
        var h = Harness()
        h.register(caps: "echo-message")
        #expect(sent(h.intent(.sendCTCP(target: "bob", command: "version", parameters: nil))) == ["PRIVMSG bob \u{01}VERSION\u{01}"])
        #expect(sent(h.feed(":natter!nat@h PRIVMSG bob :\u{01}VERSION\u{01}")).isEmpty)
    }

    @Test func standardRepliesAndErrors() {
        var h = Harness()
        h.register()
        #expect(events(h.feed(":irc.example FAIL JOIN CHANNEL_FULL #natter :Channel is full"))
                == [.standardReply(StandardReply(kind: "FAIL", command: "JOIN", code: "CHANNEL_FULL", context: ["#natter"],
                                                 description: "Channel is full"))])
        #expect(events(h.feed("ERROR :Closing link")) == [.serverError("Closing link")])
    }
}

@Suite("Server quirks")
struct QuirkTests {
    @Test func saslServNoticesDuringRegistrationGoToTheServerBuffer() {
        var h = Harness(Harness.config(sasl: .plain(account: "natter", password: "pw")))
        h.connect()
        h.feed(":irc.example CAP * LS :sasl")
        h.feed(":irc.example CAP * ACK :sasl")
        h.feed("AUTHENTICATE :+")
        let notice = messages(h.feed(":SaslServ!SaslServ@services.example NOTICE natter :Last login from: natter!nat@other"))
        #expect(notice.first?.target == .server)
        #expect(notice.first?.source?.nick == "SaslServ")
        // Nothing about it touches the SASL exchange.
        let out = h.feed([":irc.example 900 42SAAAAAB natter!nat@host natter :You are now logged in as natter",
                          ":irc.example 903 42SAAAAAB :SASL authentication successful"])
        #expect(sent(out) == ["CAP END"])
    }

    @Test func echoInsideALabeledResponseBatchIsMatchedByTheBatchLabel() {
        var h = Harness()
        h.register(caps: "echo-message labeled-response batch message-tags")
        #expect(sent(h.intent(.sendMessage(target: "#natter", text: "hi"))) == ["@label=n1 PRIVMSG #natter hi"])
        h.intent(.sendMessage(target: "#natter", text: "hi"))
        var out = h.feed("@label=n2 :irc.example BATCH +lr labeled-response")
        out += h.feed("@batch=lr;inspircd.org/echo :natter!nat@h PRIVMSG #natter :hi")
        out += h.feed(":irc.example BATCH -lr")
        #expect(messages(out).map(\.localID) == [2])
    }

    @Test func accountTagUpdatesWhatWeKnow() {
        var h = ChannelTests.inChannel()
        h.feed("@account=bobacct :bob!b@bob.host PRIVMSG #natter :hi")
        #expect(h.session.state.user(named: "bob")?.account == "bobacct")
    }

    @Test func casemappingFromIsupportRekeysState() {
        var h = Harness()
        h.register(isupport: ["CHANTYPES=#"])  // rfc1459 by default
        h.feed(":natter!nat@h JOIN #Chan[1]")
        #expect(h.session.state.channel(named: "#chan{1}") != nil)
        h.feed(":irc.example 005 natter CASEMAPPING=ascii :are supported")
        #expect(h.session.state.channel(named: "#chan[1]") != nil)
        #expect(h.session.state.channel(named: "#chan{1}") == nil)
    }

    @Test func bouncerNetworks() {
        var h = Harness()
        h.register(caps: "soju.im/bouncer-networks batch")
        #expect(h.session.state.capabilities.has("soju.im/bouncer-networks"))
        #expect(events(h.feed(":bnc.example BOUNCER NETWORK 42 name=Libera;host=irc.libera.chat"))
                == [.bouncerNetwork(BouncerNetworkUpdate(id: "42", attributes: ["name": "Libera", "host": "irc.libera.chat"]))])
    }

    @Test func rawQuitAndRefusedIntents() {
        var h = Harness()
        #expect(events(h.intent(.quit(reason: "bye"))) == [.intentRejected(.quit(reason: "bye"), reason: "not connected")])
        h.register()
        #expect(sent(h.intent(.raw("PRIVMSG #x :hello there"))) == ["PRIVMSG #x :hello there"])
        #expect(sent(h.intent(.raw(""))).isEmpty)
        #expect(sent(h.intent(.quit(reason: "bye"))) == ["QUIT bye"])
        #expect(sent(h.intent(.setMode(target: "#x", modes: "+o", parameters: ["bob"]))) == ["MODE #x +o bob"])
        #expect(sent(h.intent(.kick(channel: "#x", nick: "bob", reason: "go away"))) == ["KICK #x bob :go away"])
        #expect(sent(h.intent(.setTopic(channel: "#x", topic: "new topic"))) == ["TOPIC #x :new topic"])
        #expect(sent(h.intent(.invite(nick: "bob", channel: "#x"))) == ["INVITE bob #x"])
        #expect(sent(h.intent(.whois("bob"))) == ["WHOIS bob"])
        #expect(sent(h.intent(.changeNick("other"))) == ["NICK other"])
        #expect(events(h.intent(.markRead(target: "#x", timestamp: .init(timeIntervalSince1970: 0)))).count == 1)
    }
}

import Foundation
import IRCProtocol
@testable import IRCSession
import Testing

/// Answers collected from their numerics and sent to the buffer they were asked in: by label
/// where the server has labeled-response, else by what the question names.
struct AnswerTests {
    func answers(_ outputs: [SessionOutput]) -> [Answer] {
        events(outputs).compactMap { if case .answer(let answer) = $0 { answer } else { nil } }
    }

    func replies(_ outputs: [SessionOutput]) -> [ServerReply] {
        events(outputs).compactMap { if case .serverReply(let reply) = $0 { reply } else { nil } }
    }

    static let whoisKim = [
        ":irc.example 311 natter kim ~kim kim.example * :Kim Lee",
        ":irc.example 319 natter kim :@#natter #dev",
        ":irc.example 312 natter kim irc.example :Example server",
        ":irc.example 301 natter kim :at lunch",
        ":irc.example 313 natter kim :is an IRC operator",
        ":irc.example 671 natter kim :is using a secure connection",
        ":irc.example 330 natter kim kimacct :is logged in as",
        ":irc.example 338 natter kim 192.0.2.7 :is actually using host",
        ":irc.example 317 natter kim 180 1700000000 :seconds idle, signon time",
    ]

    @Test func aWhoisWithoutLabelsIsOneCardForTheChannelItWasTypedIn() throws {
        var h = Harness()
        h.register()
        #expect(sent(h.intent(.asked(.whois("kim"), from: "#natter"))) == ["WHOIS kim"])
        let collected = h.feed(Self.whoisKim)
        #expect(events(collected).isEmpty)
        let outputs = h.feed(":irc.example 318 natter kim :End of /WHOIS list.")
        let answer = try #require(answers(outputs).first)
        #expect(answer.origin == "#natter")
        guard case .whois(let card) = answer.content else { Issue.record("not a card"); return }
        #expect(card.nick == "kim" && card.user == "~kim" && card.host == "kim.example" && card.realName == "Kim Lee")
        #expect(card.channels == ["@#natter", "#dev"] && card.server == "irc.example" && card.serverInfo == "Example server")
        #expect(card.away == "at lunch" && card.operatorText == "is an IRC operator" && card.isSecure)
        #expect(card.account == "kimacct" && card.actualHost == "192.0.2.7" && card.idleSeconds == 180)
        #expect(card.signedOn == Date(timeIntervalSince1970: 1_700_000_000))
        #expect(replies(outputs).isEmpty)
    }

    @Test func labeledQuestionsGoWhereTheirLabelWasTypedEvenForTheSameNick() throws {
        var h = Harness()
        h.register(caps: "labeled-response batch")
        let first = sent(h.intent(.asked(.whois("kim"), from: "#one")))
        let second = sent(h.intent(.asked(.whois("kim"), from: "#two")))
        #expect(first == ["@label=n1 WHOIS kim"] && second == ["@label=n2 WHOIS kim"])
        // The second answer comes first: the labels, not the order, say where each goes.
        var outputs = h.feed(["@label=n2 :irc.example BATCH +x labeled-response",
                              "@batch=x :irc.example 311 natter kim ~kim two.example * :Kim",
                              "@batch=x :irc.example 318 natter kim :End",
                              ":irc.example BATCH -x"])
        #expect(answers(outputs).map(\.origin) == ["#two"])
        outputs = h.feed(["@label=n1 :irc.example BATCH +y labeled-response",
                          "@batch=y :irc.example 311 natter kim ~kim one.example * :Kim",
                          "@batch=y :irc.example 318 natter kim :End",
                          ":irc.example BATCH -y"])
        let answer = try #require(answers(outputs).first)
        #expect(answer.origin == "#one")
        guard case .whois(let card) = answer.content else { Issue.record("not a card"); return }
        #expect(card.host == "one.example")
    }

    @Test func twoQuestionsInFlightWithoutLabelsEachGoHome() {
        var h = Harness()
        h.register()
        h.intent(.asked(.whois("ada"), from: "#one"))
        h.intent(.asked(.command("NAMES", parameters: ["#dev"]), from: "bob"))
        var outputs = h.feed([":irc.example 311 natter ada ~a a.example * :Ada",
                              ":irc.example 353 natter = #dev :@ops +voiced plain",
                              ":irc.example 318 natter ada :End",
                              ":irc.example 366 natter #dev :End"])
        #expect(answers(outputs) == [
            Answer(origin: "#one", content: .whois({ var c = WhoisCard(nick: "ada"); c.user = "~a"; c.host = "a.example"
                                                      c.realName = "Ada"; return c }())),
            Answer(origin: "bob", content: .names(channel: "#dev", nicks: ["@ops", "+voiced", "plain"])),
        ])
        // Answered: a later WHOIS nobody asked for is the server buffer's.
        outputs = h.feed([":irc.example 311 natter ada ~a a.example * :Ada", ":irc.example 318 natter ada :End"])
        #expect(answers(outputs).map(\.origin) == [nil])
    }

    @Test func aWhoisOfNoOneIsAnErrorWhereItWasAskedAndNoCard() throws {
        var h = Harness()
        h.register()
        h.intent(.asked(.whois("ghost"), from: "#natter"))
        h.now += 60   // long after the last command: the question still knows where it was asked
        let outputs = h.feed([":irc.example 401 natter ghost :No such nick/channel",
                              ":irc.example 318 natter ghost :End of /WHOIS list."])
        #expect(answers(outputs).isEmpty)
        let reply = try #require(replies(outputs).first)
        #expect(reply.command == "401" && reply.isError && reply.origin == "#natter" && replies(outputs).count == 1)
    }

    @Test func namesOfAJoinedChannelIsATableAndStillRefreshesItsMembers() throws {
        var h = Harness()
        h.register()
        h.feed([":natter!nat@h JOIN #c", ":irc.example 353 natter = #c :natter", ":irc.example 366 natter #c :End"])
        h.intent(.asked(.command("NAMES", parameters: ["#c"]), from: "#c"))
        let outputs = h.feed([":irc.example 353 natter = #c :@natter ada", ":irc.example 366 natter #c :End"])
        #expect(answers(outputs) == [Answer(origin: "#c", content: .names(channel: "#c", nicks: ["@natter", "ada"]))])
        // userhost-in-names: the masks are cut to their nicks in the table.
        h.intent(.asked(.command("NAMES", parameters: ["#c"]), from: "#c"))
        let masks = h.feed([":irc.example 353 natter = #c :@natter!nat@h +ada!a@a.example", ":irc.example 366 natter #c :End"])
        #expect(answers(masks).map(\.content) == [.names(channel: "#c", nicks: ["@natter", "+ada"])])
        #expect(h.session.state.channel(named: "#c")?.members.count == 2)
        #expect(events(outputs).contains { if case .membersComplete = $0 { true } else { false } })
    }

    @Test func whoRowsPlainAndWHOXBecomeOneTable() throws {
        var plain = Harness()
        plain.register()
        plain.intent(.asked(.who("#c"), from: "#c"))
        let outputs = plain.feed([":irc.example 352 natter #c ~ada a.example irc.example ada G@ :0 Ada Lovelace",
                                  ":irc.example 315 natter #c :End of WHO"])
        #expect(answers(outputs) == [Answer(origin: "#c", content: .who(mask: "#c", rows: [
            WhoRow(nick: "ada", user: "~ada", host: "a.example", channel: "#c", flags: "G@", account: nil,
                   realName: "Ada Lovelace")]))])

        var h = Harness()
        h.register(isupport: ["CHANTYPES=#", "WHOX"])
        h.intent(.asked(.who("*.example"), from: nil))
        let whox = h.feed([":irc.example 354 natter 152 * ~bo b.example bo H boacct :Bo",
                           ":irc.example 315 natter *.example :End of WHO"])
        #expect(answers(whox) == [Answer(origin: nil, content: .who(mask: "*.example", rows: [
            WhoRow(nick: "bo", user: "~bo", host: "b.example", channel: "*", flags: "H", account: "boacct", realName: "Bo")]))])
        // A WHO nobody asked that matched no one ends as before.
        #expect(replies(h.feed(":irc.example 315 natter #none :End of WHO")).map(\.command) == ["315"])
    }

    @Test func theMOTDIsOneBlockAtConnectionAndWhereAskedLater() throws {
        var h = Harness()
        h.connect()
        h.feed(":irc.example 001 natter :Welcome")
        h.feed([":irc.example 375 natter :- irc.example Message of the Day -", ":irc.example 372 natter :- Be nice",
                ":irc.example 372 natter :- "])
        let first = h.feed(":irc.example 376 natter :End of /MOTD command.")
        #expect(answers(first) == [Answer(origin: nil, content: .motd(lines: ["Be nice", ""]))])
        #expect(replies(first).isEmpty)

        h.intent(.asked(.command("MOTD", parameters: []), from: "#c"))
        let asked = h.feed([":irc.example 375 natter :- MOTD -", ":irc.example 372 natter :- Hello",
                            ":irc.example 376 natter :End"])
        #expect(answers(asked) == [Answer(origin: "#c", content: .motd(lines: ["Hello"]))])
        // None to show: the error says so where it was asked, however late.
        h.intent(.asked(.command("MOTD", parameters: []), from: "#d"))
        h.now += 60
        #expect(replies(h.feed(":irc.example 422 natter :MOTD File is missing")).map(\.origin) == ["#d"])
    }

    @Test func whowasIsACardAnd406AnErrorWhereAsked() throws {
        var h = Harness()
        h.register()
        h.intent(.asked(.command("WHOWAS", parameters: ["old"]), from: "#c"))
        let outputs = h.feed([":irc.example 314 natter old ~o o.example * :Old Timer",
                              ":irc.example 312 natter old irc.example :Tue Nov 24 2026",
                              ":irc.example 369 natter old :End of WHOWAS"])
        let answer = try #require(answers(outputs).first)
        #expect(answer.origin == "#c")
        guard case .whowas(let nick, let entries) = answer.content else { Issue.record("not whowas"); return }
        #expect(nick == "old" && entries.count == 1 && entries[0].host == "o.example" && entries[0].server == "irc.example")

        h.intent(.asked(.command("WHOWAS", parameters: ["never"]), from: "#d"))
        let none = h.feed([":irc.example 406 natter never :There was no such nickname",
                           ":irc.example 369 natter never :End of WHOWAS"])
        #expect(answers(none).isEmpty)
        #expect(replies(none).map(\.origin) == ["#d"] && replies(none).map(\.command) == ["406"])
    }

    @Test func errorsNamingNothingGoWhereTheLastCommandWasTypedOrTheServerBuffer() throws {
        var h = Harness()
        h.register()
        h.intent(.asked(.raw("FOO bar"), from: "#c"))
        let unknown = try #require(replies(h.feed(":irc.example 421 natter FOO :Unknown command")).first)
        #expect(unknown.origin == "#c" && unknown.isError)
        // Long after any command, an error belongs to no buffer it can know of.
        h.now += 60
        let late = try #require(replies(h.feed(":irc.example 421 natter BAR :Unknown command")).first)
        #expect(late.origin == nil)
        // A joined channel it names still decides (the model shows it there), whatever was typed where.
        h.feed([":natter!nat@h JOIN #m", ":irc.example 366 natter #m :End"])
        h.intent(.asked(.sendMessage(target: "#m", text: "hi"), from: "#other"))
        let cannot = try #require(replies(h.feed(":irc.example 404 natter #m :Cannot send to channel")).first)
        #expect(cannot.target == "#m" && cannot.origin == "#other")
    }

    @Test func standardRepliesCarryTheirOrigin() throws {
        var h = Harness()
        h.register(caps: "labeled-response batch")
        let line = sent(h.intent(.asked(.raw("REGISTER * pw"), from: "#c")))
        #expect(line == ["@label=n1 REGISTER * :pw"] || line == ["@label=n1 REGISTER * pw"])
        let outputs = h.feed("@label=n1 :irc.example FAIL REGISTER WEAK_PASSWORD * :Too short")
        let reply = try #require(events(outputs).compactMap { if case .standardReply(let r) = $0 { r } else { nil } }.first)
        #expect(reply.origin == "#c" && reply.code == "WEAK_PASSWORD")
        // Unlabeled and unasked, long after: nowhere but the server buffer.
        h.now += 60
        let loose = h.feed(":irc.example NOTE * SOMETHING :Just so you know")
        let looseReply = try #require(events(loose).compactMap { if case .standardReply(let r) = $0 { r } else { nil } }.first)
        #expect(looseReply.origin == nil)
    }

    @Test func aReconnectForgetsTheQuestions() {
        var h = Harness()
        h.register()
        h.intent(.asked(.whois("kim"), from: "#natter"))
        h.disconnect()
        h.register()
        let outputs = h.feed([":irc.example 311 natter kim ~kim k * :Kim", ":irc.example 318 natter kim :End"])
        #expect(answers(outputs).map(\.origin) == [nil])
    }
}

/// A server that starts answers and never ends them cannot make the session hold more.
struct HostileAnswerTests {
    @Test func unfinishedAnswersAreBounded() {
        var h = Harness()
        h.register()
        for n in 0..<200 { h.feed(":irc.example 311 natter nick\(n) ~u h * :Real") }
        #expect(h.session.answers.whois.count == AnswerTracker.collectingKept)
        for n in 0..<(AnswerTracker.rowsKept + 100) {
            h.feed(":irc.example 352 natter * ~u h irc.example n\(n) H :0 R")
        }
        #expect(h.session.answers.whoRows[""]?.count == AnswerTracker.rowsKept)
        h.feed(":irc.example 375 natter :- MOTD -")
        for _ in 0..<(AnswerTracker.rowsKept + 10) { h.feed(":irc.example 372 natter :- again") }
        #expect(h.session.answers.motd?.count == AnswerTracker.rowsKept)
        // The newest card is still collected and ends as one answer.
        let end = h.feed(":irc.example 318 natter nick199 :End")
        #expect(events(end).contains { if case .answer = $0 { true } else { false } })
    }
}

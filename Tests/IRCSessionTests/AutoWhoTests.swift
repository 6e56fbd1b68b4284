import Foundation
import IRCProtocol
import Testing
@testable import IRCSession

/// The WHO the session sends after each join: who was already away is known (away-notify only
/// tells of changes), one WHO at a time, its answer learnt and not shown.
struct AutoWhoTests {
    static let caps = "away-notify account-notify extended-join multi-prefix"

    /// Joins `channel` with `members` (besides us) and completes its names.
    @discardableResult
    static func join(_ h: inout Harness, _ channel: String, members: [String] = ["ada", "bob"]) -> [SessionOutput] {
        // 353s of 50 names each, as a server splits a long list.
        let names = stride(from: 0, to: members.count, by: 50).map { members[$0..<min($0 + 50, members.count)] }
        return h.feed([":natter!nat@h JOIN \(channel)"]
                      + ([["natter"]] + names.map(Array.init)).map { ":irc.example 353 natter = \(channel) :\($0.joined(separator: " "))" }
                      + [":irc.example 366 natter \(channel) :End of /NAMES list."])
    }

    static func shown(_ outputs: [SessionOutput]) -> [ServerReply] {
        events(outputs).compactMap { if case .serverReply(let reply) = $0 { reply } else { nil } }
    }

    @Test func awayNotifyIsAskedFor() {
        var h = Harness()
        h.connect()
        let out = h.feed(":irc.example CAP * LS :away-notify extended-join account-notify")
        #expect(sent(out).contains { $0.hasPrefix("CAP REQ") && $0.contains("away-notify") })
    }

    @Test func theWhoGoesOnceTheNamesAreInWithOurWHOXFieldsOrPlain() {
        var h = Harness()
        h.register(caps: Self.caps, isupport: ["CHANTYPES=#", "WHOX"])
        let beforeNames = h.feed([":natter!nat@h JOIN #c", ":irc.example 353 natter = #c :natter ada"])
        #expect(!sent(beforeNames).contains { $0.hasPrefix("WHO") })
        #expect(sent(h.feed(":irc.example 366 natter #c :End")) == ["WHO #c %tcuhnfar,153"])

        var plain = Harness()
        plain.register(caps: Self.caps)
        #expect(sent(Self.join(&plain, "#c")) == ["WHO #c"])
    }

    /// Fifty channels joined at once: one WHO out at a time, the next after the previous
    /// one's 315, in join order.
    @Test func fiftyJoinsArePacedOneWhoAtATime() {
        var h = Harness()
        h.register(caps: Self.caps, isupport: ["CHANTYPES=#", "WHOX"])
        var whos: [String] = []
        for n in 0..<50 { whos += sent(Self.join(&h, "#c\(n)")).filter { $0.hasPrefix("WHO") } }
        #expect(whos == ["WHO #c0 %tcuhnfar,153"])
        for n in 0..<50 {
            let out = h.feed(":irc.example 315 natter #c\(n) :End of /WHO list.")
            #expect(Self.shown(out).isEmpty)
            whos += sent(out)
        }
        #expect(whos == (0..<50).map { "WHO #c\($0) %tcuhnfar,153" })
        // Nothing more once all are answered.
        #expect(sent(h.tick(at: h.now + 60)).allSatisfy { !$0.hasPrefix("WHO") })
    }

    /// A WHO unanswered for 30 s lets the next go; its late replies stay silent.
    @Test func anUnansweredWhoTimesOutAndItsLateRepliesStaySilent() {
        var h = Harness()
        h.register(caps: Self.caps, isupport: ["CHANTYPES=#", "WHOX"])
        Self.join(&h, "#a")
        Self.join(&h, "#b")
        #expect(sent(h.tick(at: h.now + 29)).filter { $0.hasPrefix("WHO") }.isEmpty)
        #expect(sent(h.tick(at: h.now + 1.5)).filter { $0.hasPrefix("WHO") } == ["WHO #b %tcuhnfar,153"])
        let late = h.feed([":irc.example 354 natter 153 #a ~ada ada.host ada G 0 :Ada",
                           ":irc.example 315 natter #a :End of /WHO list."])
        #expect(Self.shown(late).isEmpty)
        #expect(h.session.state.user(named: "ada")?.awayMessage != nil)
        // #b's answer still ends its WHO: nothing is left to send.
        #expect(sent(h.feed(":irc.example 315 natter #b :End")).isEmpty)
    }

    /// WHOX replies teach away, account, real name, user and host; none is shown, and the
    /// nick lists are told of each change of away state and account.
    @Test func whoxRepliesUpdateMembersAndAreNotShown() throws {
        var h = Harness()
        h.register(caps: Self.caps, isupport: ["CHANTYPES=#", "WHOX"])
        Self.join(&h, "#c", members: ["ada", "bob", "cyd"])
        h.feed(":cyd!~cyd@cyd.host AWAY :gone fishing")   // away-notify before the answer
        let out = h.feed([":irc.example 354 natter 153 #c ~ada ada.host ada G adaacct :Ada Lovelace",
                          ":irc.example 354 natter 153 #c ~bob bob.host bob H@ 0 :Bob",
                          ":irc.example 354 natter 153 #c ~cyd cyd.host cyd G* cydacct :Cyd",
                          ":irc.example 354 natter 153 #c nat h natter H 0 :Natter User",
                          ":irc.example 315 natter #c :End of /WHO list."])
        #expect(Self.shown(out).isEmpty)
        let ada = try #require(h.session.state.user(named: "ada"))
        #expect(ada.awayMessage != nil && ada.account == "adaacct" && ada.realName == "Ada Lovelace")
        #expect(ada.user == "~ada" && ada.host == "ada.host")
        let bob = try #require(h.session.state.user(named: "bob"))
        #expect(bob.awayMessage == nil && bob.account == nil && bob.host == "bob.host")
        // G says whether, not why: the message away-notify gave is kept.
        #expect(h.session.state.user(named: "cyd")?.awayMessage == "gone fishing")
        let told = events(out)
        #expect(told.contains(.away(nick: "ada", message: "")))
        #expect(told.contains(.accountChanged(nick: "ada", account: "adaacct")))
        #expect(!told.contains { if case .away(let nick, _) = $0 { nick != "ada" } else { false } })

        // Asked again with another channel: H brings an away member back, and that is told.
        #expect(sent(Self.join(&h, "#d", members: ["ada"])) == ["WHO #d %tcuhnfar,153"])
        let back = h.feed([":irc.example 354 natter 153 #d ~ada ada.host ada H adaacct :Ada Lovelace",
                           ":irc.example 315 natter #d :End"])
        #expect(h.session.state.user(named: "ada")?.awayMessage == nil)
        #expect(events(back).contains(.away(nick: "ada", message: nil)))
        #expect(Self.shown(back).isEmpty)
    }

    /// Without WHOX: plain 352 replies, the H/G flag giving away, the trailing field the hop
    /// count and real name.
    @Test func plainRepliesAreParsedTooAndOnlyOursAreSilent() throws {
        var h = Harness()
        h.register(caps: Self.caps)
        Self.join(&h, "#c")
        let out = h.feed([":irc.example 352 natter #c ~ada ada.host irc.example ada G :0 Ada Lovelace",
                          ":irc.example 352 natter #c ~bob bob.host irc.example bob H :3 Bob",
                          ":irc.example 315 natter #c :End of /WHO list."])
        #expect(Self.shown(out).isEmpty)
        let ada = try #require(h.session.state.user(named: "ada"))
        #expect(ada.awayMessage != nil && ada.realName == "Ada Lovelace" && ada.host == "ada.host" && ada.user == "~ada")
        #expect(h.session.state.user(named: "bob")?.realName == "Bob")
        // A WHO the user typed afterwards shows its answer: one table (IRCSession+Answers).
        h.intent(.who("#c"))
        let typed = h.feed([":irc.example 352 natter #c ~ada ada.host irc.example ada G :0 Ada Lovelace",
                            ":irc.example 315 natter #c :End of /WHO list."])
        #expect(Self.shown(typed).isEmpty)
        let answers = events(typed).compactMap { if case .answer(let answer) = $0 { answer.content } else { nil } }
        #expect(answers == [.who(mask: "#c", rows: [WhoRow(nick: "ada", user: "~ada", host: "ada.host", channel: "#c", flags: "G",
                                                           account: nil, realName: "Ada Lovelace")])])
    }

    /// A `315 *` (Solanum's answer to a WHO it will not run now) ends the first WHO out, ours
    /// here: the next channel's goes, and the user's /who after it shows its rows.
    @Test func anEndNamingNoWhoEndsTheFirstOut() throws {
        var h = Harness()
        h.register(caps: Self.caps)
        #expect(sent(Self.join(&h, "#a")) == ["WHO #a"])
        Self.join(&h, "#b")
        let next = h.feed([":irc.example 263 natter WHO :Server load is temporarily too heavy", ":irc.example 315 natter * :End of /WHO list."])
        #expect(sent(next) == ["WHO #b"])
        h.feed(":irc.example 315 natter #b :End of /WHO list.")
        h.intent(.who("ada"))
        let typed = h.feed([":irc.example 352 natter #a ~ada ada.host irc.example ada H :0 Ada", ":irc.example 315 natter ada :End"])
        #expect(events(typed).contains { if case .answer(let a) = $0, case .who("ada", let rows) = a.content { rows.count == 1 } else { false } })
    }

    /// WHOs answered in the order sent: the user's WHO sent before ours gets its own rows and
    /// end, ours stays silent, whatever channel the rows name; plain 352 carries no token.
    @Test func repliesGoToTheWhoTheyAnswerInTheOrderSent() throws {
        var h = Harness()
        h.register(caps: Self.caps)
        // The user asks about ada before the join's WHO goes.
        h.intent(.who("ada"))
        #expect(sent(Self.join(&h, "#c")) == ["WHO #c"])
        let theirs = h.feed([":irc.example 352 natter #c ~ada ada.host irc.example ada G :0 Ada Lovelace",
                             ":irc.example 315 natter ada :End of /WHO list."])
        #expect(events(theirs).contains { if case .answer(let a) = $0, case .who("ada", let rows) = a.content { rows.count == 1 } else { false } })
        let ours = h.feed([":irc.example 352 natter #c ~bob bob.host irc.example bob G :0 Bob",
                           ":irc.example 315 natter #c :End of /WHO list."])
        #expect(events(ours).allSatisfy { if case .answer = $0 { false } else if case .serverReply = $0 { false } else { true } })
        #expect(h.session.state.user(named: "bob")?.awayMessage != nil)
        // A ban's WHO sent while ours is out: ours ends first, then the ban's rows are the ban's.
        Self.join(&h, "#d")
        h.intent(.who("carol"))
        h.feed([":irc.example 315 natter #d :End of /WHO list."])
        let ban = h.feed([":irc.example 352 natter #d ~c carol.host irc.example carol H :0 Carol",
                          ":irc.example 315 natter carol :End of /WHO list."])
        #expect(events(ban).contains { if case .answer(let a) = $0, case .who("carol", let rows) = a.content { rows.count == 1 } else { false } })
    }

    /// A channel too large is not asked; one left before its turn is skipped; a /names typed
    /// later asks nothing.
    @Test func largeChannelsAndLeftChannelsAreSkippedAndNamesDoesNotAskAgain() {
        var h = Harness()
        h.register(caps: Self.caps)
        let crowd = (0..<600).map { "u\($0)" }
        #expect(sent(Self.join(&h, "#big", members: crowd)).isEmpty)
        Self.join(&h, "#a")
        Self.join(&h, "#b")
        Self.join(&h, "#c")
        h.feed(":natter!nat@h PART #b :bye")
        #expect(sent(h.feed(":irc.example 315 natter #a :End")) == ["WHO #c"])
        h.feed(":irc.example 315 natter #c :End")
        h.intent(.raw("NAMES #a"))
        let names = h.feed([":irc.example 353 natter = #a :natter ada bob", ":irc.example 366 natter #a :End"])
        #expect(sent(names).isEmpty)
    }

    /// A reconnection starts the queue afresh: the rejoined channels are asked again.
    @Test func aReconnectionAsksAgain() {
        var h = Harness()
        h.register(caps: Self.caps)
        Self.join(&h, "#a")
        Self.join(&h, "#b")
        h.disconnect()
        h.register(caps: Self.caps)
        #expect(sent(Self.join(&h, "#a")) == ["WHO #a"])
    }
}

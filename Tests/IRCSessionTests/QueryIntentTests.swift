import Foundation
import IRCProtocol
@testable import IRCSession
import Testing

/// The intents behind /who, /setname, /ctcp and /ping, and server commands sent as they are.
struct QueryIntentTests {
    @Test func whoAsksForWHOXFieldsWithATokenWhereTheServerHasThem() {
        var plain = Harness()
        plain.register()
        #expect(sent(plain.intent(.who("#c"))) == ["WHO #c"])

        var h = Harness()
        h.register(isupport: ["CHANTYPES=#", "WHOX"])
        #expect(sent(h.intent(.who("#c"))) == ["WHO #c %tcuhnfar,152"])
    }

    /// Our WHOX reply teaches a member's host and account (a ban by host needs it) and is a
    /// row of the WHO's table, without its token; another client's token is shown as it came.
    @Test func aReplyToOurWhoTeachesHostsAndIsARowWithoutTheToken() throws {
        var h = Harness()
        h.register(isupport: ["CHANTYPES=#", "WHOX"])
        h.feed([":natter!nat@h JOIN #c", ":irc.example 353 natter = #c :natter ada", ":irc.example 366 natter #c :End"])
        // The session's own WHO after the join is answered first (here: by nobody).
        h.feed(":irc.example 315 natter #c :End of WHO")
        h.intent(.who("#c"))
        let outputs = h.feed(":irc.example 354 natter 152 #c ~ada ada.example ada H adaacct :Ada L")
        let user = try #require(h.session.state.user(named: "ada"))
        #expect(user.host == "ada.example" && user.user == "~ada" && user.account == "adaacct" && user.realName == "Ada L")
        #expect(events(outputs).isEmpty)
        let end = h.feed(":irc.example 315 natter #c :End of WHO")
        let answer = try #require(events(end).compactMap { if case .answer(let a) = $0 { a } else { nil } }.first)
        #expect(answer.content == .who(mask: "#c", rows: [WhoRow(nick: "ada", user: "~ada", host: "ada.example", channel: "#c",
                                                                  flags: "H", account: "adaacct", realName: "Ada L")]))

        let other = h.feed(":irc.example 354 natter 999 #c ~ada other.example ada H 0 :Ada L")
        #expect(h.session.state.user(named: "ada")?.host == "ada.example")
        // "0": not logged in.
        h.feed(":irc.example 354 natter 152 #c ~ada ada.example ada H 0 :Ada L")
        #expect(h.session.state.user(named: "ada")?.account == nil)
        #expect(events(other).contains { if case .serverReply(let r) = $0 { r.parameters.first == "999" } else { false } })
    }

    @Test func setnameNeedsTheCapability() {
        var without = Harness()
        without.register()
        let refused = without.intent(.setRealName("New Name"))
        #expect(sent(refused).isEmpty)
        #expect(events(refused) == [.intentRejected(.setRealName("New Name"),
                                                    reason: "this server cannot change your real name (no setname capability)")])

        var h = Harness()
        h.register(caps: "setname")
        #expect(sent(h.intent(.setRealName("New Name"))) == ["SETNAME :New Name"])
    }

    @Test func aCommandGoesAsItIsOrIsRefusedWhenItCannotBeOneLine() {
        var h = Harness()
        h.register()
        #expect(sent(h.intent(.command("KNOCK", parameters: ["#c", "let me in"]))) == ["KNOCK #c :let me in"])
        #expect(sent(h.intent(.command("MOTD", parameters: []))) == ["MOTD"])
        let long = String(repeating: "x", count: 600)
        let refused = h.intent(.command("KNOCK", parameters: ["#c", long]))
        #expect(sent(refused).isEmpty)
        #expect(events(refused) == [.intentRejected(.command("KNOCK", parameters: ["#c", long]),
                                                    reason: "KNOCK cannot be sent: it is 611 bytes long, over the 512 an IRC line may have")])
    }

    /// A PING without parameters carries the time asked; its answer is the round trip,
    /// reported instead of the notice (an answer to someone else's token stays a notice).
    @Test func aCTCPPingIsTimedAndItsAnswerReportsTheRoundTrip() throws {
        var h = Harness()
        h.register()
        h.now = 2_000
        let line = try #require(sent(h.intent(.sendCTCP(target: "ada", command: "PING", parameters: nil))).first)
        #expect(line == "PRIVMSG ada :\u{01}PING 2000000\u{01}")
        h.now = 2_000.25
        let answer = h.feed(":ada!a@h NOTICE natter :\u{01}PING 2000000\u{01}")
        #expect(events(answer) == [.ctcpPingReply(nick: "ada", seconds: 0.25)])
        // Answered once: the same token again is just a notice.
        #expect(messages(h.feed(":ada!a@h NOTICE natter :\u{01}PING 2000000\u{01}")).map(\.kind) == [.ctcpReply(command: "PING")])
        // A PING with its own parameters goes as typed and is not timed.
        #expect(sent(h.intent(.sendCTCP(target: "ada", command: "PING", parameters: "x"))) == ["PRIVMSG ada :\u{01}PING x\u{01}"])
        #expect(messages(h.feed(":ada!a@h NOTICE natter :\u{01}PING x\u{01}")).count == 1)
    }

    /// Unanswered PINGs are remembered for five minutes, sixteen at most, and for one
    /// connection: an answer after that is a plain notice.
    @Test func unansweredPingsAreForgotten() {
        var h = Harness()
        h.register()
        func ping(_ nick: String) -> String {
            let line = sent(h.intent(.sendCTCP(target: nick, command: "PING", parameters: nil))).first ?? ""
            return String(line.split(separator: " ").last?.dropLast() ?? "")
        }
        func timed(_ nick: String, _ token: String) -> Bool {
            events(h.feed(":\(nick)!u@h NOTICE natter :\u{01}PING \(token)\u{01}")).contains {
                if case .ctcpPingReply = $0 { true } else { false }
            }
        }
        var tokens: [String] = []
        for k in 0..<17 {
            h.now += 1
            tokens.append(ping("n\(k)"))
        }
        #expect(!timed("n0", tokens[0]), "the oldest of seventeen is forgotten")
        #expect(timed("n1", tokens[1]))

        h.now += 1
        let old = ping("late")
        h.now += 301
        _ = ping("other")
        #expect(!timed("late", old), "five minutes on, forgotten")

        h.now += 1
        let before = ping("ada")
        h.disconnect()
        h.register()
        #expect(!timed("ada", before), "a new connection forgets the last one's")
    }
}

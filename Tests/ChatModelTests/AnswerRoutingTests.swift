import ChatModel
import Foundation
import IRCProtocol
import IRCSession
import Testing

/// Replies shown where they were asked (issue 32): a card, a table or a sentence in the buffer
/// the command was typed in, with labeled-response and without; what nobody asked for in the
/// server buffer as before.
struct AnswerRoutingTests {
    func lines(_ rig: CommandRig, _ id: BufferID) -> [ChatLine] { rig.model.buffer(id)?.lines ?? [] }

    @Test func aWhoisTypedInAChannelIsOneCardThere() throws {
        let rig = CommandRig()
        let before = lines(rig, rig.server).count
        #expect(rig.sends("/whois kim") == ["WHOIS kim"])
        rig.receive([":srv 311 me kim ~kim kim.example * :Kim Lee", ":srv 319 me kim :@#natter",
                     ":srv 312 me kim srv.example :The server", ":srv 330 me kim kimacct :is logged in as",
                     ":srv 317 me kim 180 \(1_700_000_000 - 7200) :seconds idle, signon time",
                     ":srv 318 me kim :End of /WHOIS list."])
        let card = try #require(lines(rig, rig.channel).last)
        guard case .whois(let whois)? = card.answer?.content else { Issue.record("no card"); return }
        #expect(whois.nick == "kim" && whois.account == "kimacct")
        #expect(card.text == """
            WHOIS kim
            address: ~kim@kim.example
            real name: Kim Lee
            account: logged in as kimacct
            server: srv.example (The server)
            channels: @#natter
            activity: idle 3 minutes, signed on 2 hours ago
            """)
        #expect(lines(rig, rig.server).count == before, "nothing in the server buffer")
    }

    /// Times a server may send that no clock holds (nan, 1e30, negative) leave the card
    /// without them rather than stop the app.
    @Test func aWhoisWithImpossibleTimesIsACardWithoutThem() throws {
        let rig = CommandRig()
        for (idle, signon) in [("nan", "nan"), ("99999999999999999999", "1e30"), ("-5", "-99999999999999")] {
            rig.run("/whois kim")
            rig.receive([":srv 311 me kim ~kim kim.example * :Kim Lee", ":srv 317 me kim \(idle) \(signon) :seconds idle, signon time",
                         ":srv 318 me kim :End of /WHOIS list."])
            let card = try #require(lines(rig, rig.channel).last)
            guard case .whois(let whois)? = card.answer?.content else { Issue.record("no card"); return }
            #expect(whois.idleSeconds == nil && whois.signedOn == nil, "\(idle) \(signon)")
            #expect(card.text.contains("real name: Kim Lee"))
        }
        // /ignore with a duration no clock holds is refused, not a crash.
        rig.run("/ignore bob -time 99999999999999999999w")
        #expect(rig.model.buffer(rig.channel)?.lines.last?.kind == .error)
    }

    @Test func labeledAnswersGoToTheirBuffersWhateverTheOrder() throws {
        let rig = CommandRig(caps: "labeled-response batch")
        rig.receive([":me!u@h JOIN #dev", ":srv 366 me #dev :End"])
        let dev = BufferID(network: "Test", name: "#dev")
        #expect(rig.sends("/whois kim") == ["@label=n1 WHOIS kim"])
        #expect(rig.sends("/whois kim", in: dev) == ["@label=n2 WHOIS kim"])
        rig.receive(["@label=n2 :srv BATCH +a labeled-response", "@batch=a :srv 311 me kim ~k dev.example * :K",
                     "@batch=a :srv 318 me kim :End", ":srv BATCH -a",
                     "@label=n1 :srv BATCH +b labeled-response", "@batch=b :srv 311 me kim ~k natter.example * :K",
                     "@batch=b :srv 318 me kim :End", ":srv BATCH -b"])
        guard case .whois(let inDev)? = lines(rig, dev).last?.answer?.content,
              case .whois(let inNatter)? = lines(rig, rig.channel).last?.answer?.content else {
            Issue.record("a card is missing"); return
        }
        #expect(inDev.host == "dev.example" && inNatter.host == "natter.example")
    }

    @Test func errorsAreSentencesInTheBufferTheyConcern() throws {
        let rig = CommandRig()
        rig.run("/msg #natter hi")
        rig.receive([":srv 404 me #natter :Cannot send to channel"])
        let line = try #require(lines(rig, rig.channel).last)
        #expect(line.kind == .error)
        #expect(line.text == "You cannot talk in #natter: it is moderated or you are banned (server: Cannot send to channel)")

        // Naming no buffer: where the command was typed.
        rig.run("/whois ghost")
        rig.receive([":srv 401 me ghost :No such nick/channel", ":srv 318 me ghost :End of /WHOIS list."])
        #expect(lines(rig, rig.channel).last?.text == "There is no one called ghost on this network (server: No such nick/channel)")
        rig.run("/kick bob")
        rig.receive([":srv 482 me #natter :You're not channel operator"])
        #expect(rig.lastNote() == "You are not a channel operator in #natter (server: You're not channel operator)")
        rig.run("/foo")
        rig.receive([":srv 421 me FOO :Unknown command"])
        #expect(rig.lastNote() == "The server does not know the command FOO (server: Unknown command)")
    }

    @Test func whatNobodyAskedForStaysInTheServerBuffer() throws {
        let rig = CommandRig()
        rig.now = SessionTime(monotonic: 1_000, wall: rig.now.wall)
        rig.receive([":srv 311 me kim ~kim kim.example * :Kim Lee", ":srv 318 me kim :End",
                     ":srv 421 me FOO :Unknown command"])
        let server = lines(rig, rig.server)
        #expect(server.suffix(2).first?.answer != nil)
        #expect(server.last?.text == "The server does not know the command FOO (server: Unknown command)")
        #expect(!lines(rig, rig.channel).contains { $0.answer != nil })
    }

    @Test func aWhoAndANamesFromTwoBuffersAtOnce() throws {
        let rig = CommandRig()
        let query = try #require(rig.model.openQuery("ada", network: "Test")).id
        rig.run("/who *.example", in: query)
        rig.run("/names")
        rig.receive([":srv 352 me * ~ada ada.example srv ada H :0 Ada", ":srv 353 me = #natter :@me ada",
                     ":srv 315 me *.example :End of WHO", ":srv 366 me #natter :End"])
        #expect(lines(rig, query).last?.answer?.content == .who(mask: "*.example", rows: [
            WhoRow(nick: "ada", user: "~ada", host: "ada.example", channel: "*", flags: "H", account: nil, realName: "Ada")]))
        #expect(lines(rig, rig.channel).last?.answer?.content == .names(channel: "#natter", nicks: ["@me", "ada"]))
    }

    @Test func standardRepliesAreSentencesWhereTheirCommandWasTyped() throws {
        let rig = CommandRig(caps: "labeled-response batch")
        #expect(rig.sends("/quote REGISTER * secret") == ["@label=n1 REGISTER * secret"])
        rig.receive(["@label=n1 :srv FAIL REGISTER WEAK_PASSWORD * :The password is too weak"])
        let line = try #require(lines(rig, rig.channel).last)
        #expect(line.kind == .error)
        #expect(line.text == "The password is too weak (FAIL REGISTER WEAK_PASSWORD *)")
    }

    @Test func theMOTDIsOneBlockInTheServerBuffer() throws {
        let rig = CommandRig()
        rig.receive([":srv 375 me :- srv Message of the Day -", ":srv 372 me :- Welcome", ":srv 372 me :- Be kind",
                     ":srv 376 me :End of /MOTD command."])
        let line = try #require(lines(rig, rig.server).last)
        #expect(line.answer?.content == .motd(lines: ["Welcome", "Be kind"]))
        #expect(line.text == "Message of the day (2 lines)\nWelcome\nBe kind")
    }

    @Test func anAnswerLogsAsReadableText() throws {
        let rig = CommandRig()
        rig.run("/names")
        rig.receive([":srv 353 me = #natter :@me ada", ":srv 366 me #natter :End"])
        let line = try #require(lines(rig, rig.channel).last)
        let logged = LogLineFormat.format(line, timeZone: LocalZone.utc)
        #expect(logged.hasSuffix("NAMES #natter: 2 users @me ada"))
    }
}

/// An answer cut at its cap says so: how many rows or names the server sent past it.
struct AnswerCapTests {
    @Test func aWhoOrNamesPastTheCapSaysHowMuchIsNotShown() throws {
        let rig = CommandRig()
        rig.run("/who #big")
        rig.receive((0..<5_003).map { ":srv 352 me #big ~u\($0) h srv u\($0) H :0 U" } + [":srv 315 me #big :End of WHO list"])
        let who = try #require(rig.model.buffer(rig.channel)?.lines.last)
        #expect(who.answer?.dropped == 3)
        #expect(who.text.hasPrefix("WHO #big: 5000 users (3 more not shown)\n"))
        rig.run("/names")
        let names = (0..<5_010).map { "n\($0)" }
        rig.receive(stride(from: 0, to: names.count, by: 60).map { ":srv 353 me = #natter :" + names[$0..<min($0 + 60, names.count)].joined(separator: " ") }
                    + [":srv 366 me #natter :End of NAMES list"])
        let table = try #require(rig.model.buffer(rig.channel)?.lines.last)
        #expect(table.answer?.dropped == 10)
        #expect(table.text.hasPrefix("NAMES #natter: 5000 users (10 more not shown)"))
    }
}

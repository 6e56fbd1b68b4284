import ChatModel
import Foundation
import IRCProtocol
import IRCSession
import Testing

/// A model on network "Test", registered as `me` with `caps` and the ISUPPORT `isupport`, in
/// #natter with ada (whose host a message taught: ada.example); every line sent and link
/// request recorded from then on.
final class CommandRig {
    let model: ChatModel
    var now = SessionTime(monotonic: 100, wall: Date(timeIntervalSince1970: 1_700_000_000))
    let server = BufferID(network: "Test", name: "")
    let channel = BufferID(network: "Test", name: "#natter")
    var sent: [String] = []
    var links: [(network: String, request: LinkRequest)] = []

    init(caps: String = "", isupport: String = "CHANTYPES=# PREFIX=(ov)@+ CASEMAPPING=rfc1459", logs: LogStore? = nil) {
        model = ChatModel(settings: ModelSettings(), logs: logs)
        model.addNetwork(name: "Test", configuration: SessionConfiguration(nick: "me", user: "me", realName: "Me"))
        model.linkRequests = { [unowned self] network, request in
            if case .send(let lines, _) = request { sent += lines.map { $0.serialized() } } else { links.append((network, request)) }
        }
        model.deliver(.connected(now: now), network: "Test")
        receive([":srv CAP * LS :\(caps)"] + (caps.isEmpty ? [] : [":srv CAP me ACK :\(caps)"])
                + [":srv 001 me :Welcome", ":srv 005 me \(isupport) :are supported", ":srv 376 me :End of MOTD",
                   ":me!u@h JOIN #natter", ":srv 353 me = #natter :@me ada", ":srv 366 me #natter :End",
                   ":ada!a@ada.example PRIVMSG #natter :hello",
                   // The end of the WHO the session sends after joining (nobody is away).
                   ":srv 315 me #natter :End of WHO"])
        sent = []
    }

    func receive(_ lines: [String]) {
        for line in lines { model.deliver(.received(try! IRCMessage(parsing: line), now: now), network: "Test") }
    }

    @discardableResult
    func run(_ line: String, in id: BufferID? = nil) -> [CommandEffect] {
        Commands(model: model).run(line: line, in: id ?? channel, now: now)
    }

    /// The lines `line` sends, run in the channel.
    func sends(_ line: String, in id: BufferID? = nil) -> [String] {
        sent = []
        run(line, in: id)
        return sent
    }

    func notes(in id: BufferID) -> [String] { model.buffer(id)?.lines.filter { $0.nick == nil }.map(\.text) ?? [] }
    func lastNote(in id: BufferID? = nil) -> String? { notes(in: id ?? channel).last }
}

/// The commands that reach the server (issue 32): each one's exact lines, its notes and its
/// refusals, over the model alone.
struct ServerCommandsTests {
    /// HexChat's rule: the command upper-cased, then what was typed after it, as it is.
    @Test func anUnknownCommandGoesToTheServerAsTyped() {
        let rig = CommandRig()
        #expect(rig.sends("/foo a b c") == ["FOO a b c"])
        #expect(rig.sends("/Foo a :b c") == ["FOO a :b c"])
        #expect(rig.sends("/cap", in: rig.server) == ["CAP"])
        #expect(rig.sends("/silence +*!*@spam.example") == ["SILENCE +*!*@spam.example"])
    }

    /// A line that cannot be one IRC line is refused before anything goes, with a note that
    /// says why; the UI asks first (``Commands/refusal(of:in:)``) and keeps the typed text.
    @Test func anUnknownCommandThatCannotBeOneLineIsRefused() throws {
        let rig = CommandRig()
        let long = "/foo " + String(repeating: "x", count: 600)
        #expect(rig.sends(long).isEmpty)
        let why = "/foo not sent: it is 606 bytes long, over the 512 an IRC line may have"
        #expect(rig.lastNote() == why)
        #expect(rig.model.buffer(rig.channel)?.lines.last?.kind == .error)
        let commands = Commands(model: rig.model)
        #expect(commands.refusal(of: try ChatCommandParser.parse(long).get(), in: rig.channel) == why)
        #expect(commands.refusal(of: try ChatCommandParser.parse("/foo short").get(), in: rig.channel) == nil)
        // The raw line of /quote likewise.
        #expect(rig.sends("/quote PRIVMSG #natter :" + String(repeating: "y", count: 600)).isEmpty)
        #expect(rig.lastNote() == "/raw not sent: it is 619 bytes long, over the 512 an IRC line may have")
        #expect(rig.sends("/quote :bad").isEmpty)
        #expect(rig.lastNote() == "/raw not sent: the line has no command")
    }

    @Test func queriesOfTheServerSendTheirLines() {
        let rig = CommandRig()
        #expect(rig.sends("/motd") == ["MOTD"])
        #expect(rig.sends("/motd irc.example.org") == ["MOTD irc.example.org"])
        #expect(rig.sends("/lusers") == ["LUSERS"])
        #expect(rig.sends("/names") == ["NAMES #natter"])
        #expect(rig.sends("/names #other", in: rig.server) == ["NAMES #other"])
        #expect(rig.sends("/who *.example") == ["WHO *.example"])
        #expect(rig.sends("/whowas bob") == ["WHOWAS bob"])
        #expect(rig.sends("/knock #secret let me in") == ["KNOCK #secret :let me in"])
        #expect(rig.sends("/knock #secret") == ["KNOCK #secret"])
        #expect(rig.sends("/umode +iw") == ["MODE me +iw"])
        #expect(rig.sends("/umode") == ["MODE me"])
        #expect(rig.sends("/invite bob") == ["INVITE bob #natter"])
        #expect(rig.sends("/notice ada hi there") == ["NOTICE ada :hi there"])
        #expect(rig.sends("/names", in: rig.server).isEmpty)
        #expect(rig.lastNote(in: rig.server) == "this command works in a channel")
    }

    /// A joined channel's NAMES answer refreshes its members silently: /names shows them, as
    /// one table by rank.
    @Test func namesShowsTheMembersOnceComplete() {
        let rig = CommandRig()
        rig.run("/names")
        rig.receive([":srv 353 me = #natter :@me ada +bob", ":srv 366 me #natter :End"])
        #expect(rig.lastNote() == "NAMES #natter: 3 users\n@me +bob ada")
        #expect(rig.model.buffer(rig.channel)?.lines.last?.answer?.content == .names(channel: "#natter", nicks: ["@me", "+bob", "ada"]))
        // Asked once, shown once: the next refresh is silent.
        rig.receive([":srv 353 me = #natter :@me ada", ":srv 366 me #natter :End"])
        #expect(rig.notes(in: rig.channel).filter { $0.hasPrefix("NAMES") }.count == 1)
    }

    @Test func whoAsksForWHOXFieldsWhereTheServerHasThem() {
        let rig = CommandRig(isupport: "CHANTYPES=# PREFIX=(ov)@+ WHOX")
        #expect(rig.sends("/who #natter") == ["WHO #natter %tcuhnfar,152"])
    }

    @Test func setnameNeedsTheCapability() {
        let without = CommandRig()
        #expect(without.sends("/setname Ada Lovelace").isEmpty)
        #expect(without.lastNote() == "this server cannot change your real name (no setname capability)")

        let rig = CommandRig(caps: "setname")
        #expect(rig.sends("/setname Ada Lovelace") == ["SETNAME :Ada Lovelace"])
        rig.receive([":me!u@h SETNAME :Ada Lovelace"])
        #expect(rig.lastNote(in: rig.server) == "Your real name is now Ada Lovelace")
    }

    /// /ctcp and /ping: the request goes, a note says so, and the answer shows where it was
    /// asked (no query opens); a PING's answer is its round trip.
    @Test func ctcpAnswersAndThePingRoundTripShowWhereAsked() throws {
        let rig = CommandRig()
        #expect(rig.sends("/ctcp ada version") == ["PRIVMSG ada \u{1}VERSION\u{1}"])
        #expect(rig.lastNote() == "CTCP VERSION sent to ada")
        rig.receive([":ada!a@ada.example NOTICE me :\u{1}VERSION AdaChat 2\u{1}"])
        #expect(rig.model.buffer(rig.channel)?.lines.last?.text == "CTCP VERSION reply: AdaChat 2")
        #expect(rig.model.network("Test")?.buffer(named: "ada") == nil, "no query opened for the answer")

        #expect(rig.sends("/ping ada") == ["PRIVMSG ada :\u{1}PING 1700000000000\u{1}"])
        rig.now = SessionTime(monotonic: 100.123, wall: rig.now.wall.addingTimeInterval(0.123))
        rig.receive([":ada!a@ada.example NOTICE me :\u{1}PING 1700000000000\u{1}"])
        #expect(rig.lastNote() == "PING reply from ada: 0.123 s")
        #expect(!rig.model.buffer(rig.channel)!.lines.contains { $0.text.hasPrefix("CTCP PING reply") })
        #expect(rig.sends("/ctcp ada TIME now please") == ["PRIVMSG ada :\u{1}TIME now please\u{1}"])
    }

    /// A PING to a channel is answered by its members, each timed; their answers show in the
    /// buffer on screen.
    @Test func aChannelPingIsAnsweredByItsMembers() {
        let rig = CommandRig()
        rig.model.activeBuffer = rig.channel
        #expect(rig.sends("/ping #natter", in: rig.server) == ["PRIVMSG #natter :\u{1}PING 1700000000000\u{1}"])
        rig.now = SessionTime(monotonic: 100.5, wall: rig.now.wall)
        rig.receive([":ada!a@ada.example NOTICE me :\u{1}PING 1700000000000\u{1}",
                     ":bob!b@bob.example NOTICE me :\u{1}PING 1700000000000\u{1}"])
        #expect(rig.notes(in: rig.channel).suffix(2) == ["PING reply from ada: 0.500 s", "PING reply from bob: 0.500 s"])
    }

    /// The sixteen nicks asked last are remembered: an older one's answer is one nobody asked
    /// for, shown where the user is (no buffer on screen here: the server buffer), opening no
    /// conversation.
    @Test func onlyTheLatestCTCPRequestsAreRemembered() throws {
        let rig = CommandRig()
        for k in 0..<17 { rig.run("/ctcp n\(k) VERSION") }
        rig.receive([":n0!u@h NOTICE me :\u{1}VERSION old\u{1}", ":n16!u@h NOTICE me :\u{1}VERSION new\u{1}"])
        #expect(rig.model.buffer(rig.channel)?.lines.last?.text == "CTCP VERSION reply: new")
        #expect(rig.model.network("Test")?.buffer(named: "n0") == nil)
        #expect(rig.model.buffer(rig.server)?.lines.last?.text == "CTCP VERSION reply: old")
    }

    /// With echo-message our CTCP request comes back: its note said it went, and it opens no
    /// query.
    @Test func ourOwnCTCPRequestEchoedIsNotShown() {
        let rig = CommandRig(caps: "echo-message")
        rig.run("/ctcp bob VERSION")
        rig.receive([":me!u@h PRIVMSG bob :\u{1}VERSION\u{1}"])
        #expect(rig.model.network("Test")?.buffer(named: "bob") == nil)
        #expect(rig.lastNote() == "CTCP VERSION sent to bob")
    }

    @Test func kickbanBansByHostThenKicks() {
        let rig = CommandRig()
        #expect(rig.sends("/kickban ada flooding") == ["MODE #natter +b *!*@ada.example", "KICK #natter ada flooding"])
        // A host not known yet is asked for (WHO); the ban and the kick go with the answer.
        #expect(rig.sends("/kickban stranger") == ["WHO stranger"])
        rig.sent = []
        rig.receive([":srv 352 me * ~st stranger.example srv stranger H :0 Real Name", ":srv 315 me stranger :End of WHO list"])
        #expect(rig.sent == ["MODE #natter +b *!*@stranger.example", "KICK #natter stranger"])
        #expect(rig.sends("/kickban ada", in: rig.server).isEmpty)
        #expect(rig.lastNote(in: rig.server) == "this command works in a channel")
    }

    /// A nick's bans by host (/kickban) and by nick (/ban NICK) are both lifted.
    @Test func unbanLiftsAMaskOrANicksBans() {
        let rig = CommandRig()
        #expect(rig.sends("/unban ada") == ["MODE #natter -bb *!*@ada.example ada!*@*"])
        // Someone not on the server: only a ban by their nick can be lifted.
        #expect(rig.sends("/unban stranger") == ["WHO stranger"])
        rig.sent = []
        rig.receive([":srv 315 me stranger :End of WHO list"])
        #expect(rig.sent == ["MODE #natter -b stranger!*@*"])
        #expect(rig.sends("/unban *!*@spam.example") == ["MODE #natter -b *!*@spam.example"])
        #expect(rig.sends("/unban $a:spammer") == ["MODE #natter -b $a:spammer"])
        #expect(rig.sends("/unban $~a") == ["MODE #natter -b $~a"])
    }

    /// solanum (Libera) has a `q` list mode; InspIRCd the `m` extended ban (its `q` is a rank).
    @Test func quietUsesTheServersQuietModeOrIsRefused() {
        let libera = CommandRig(isupport: "CHANTYPES=# PREFIX=(ov)@+ CHANMODES=eIbq,k,flj,CFLMPQRSTcgimnprstuz EXTBAN=$,ajrxz")
        #expect(libera.sends("/quiet ada") == ["MODE #natter +q *!*@ada.example"])
        #expect(libera.sends("/unquiet ada") == ["MODE #natter -qq *!*@ada.example ada!*@*"])

        let inspircd = CommandRig(isupport: "CHANTYPES=# PREFIX=(qaohv)~&@%+ CHANMODES=IXbegw,k,FHJLfjl,ACKMNOPQRSTcimnprstz "
                                  + "EXTBAN=,ABCMNOQRSTUcjmprsz")
        #expect(inspircd.sends("/quiet *!*@spam.example") == ["MODE #natter +b m:*!*@spam.example"])
        #expect(inspircd.sends("/unquiet ada") == ["MODE #natter -bb m:*!*@ada.example m:ada!*@*"])

        let plain = CommandRig()
        #expect(plain.sends("/quiet ada").isEmpty)
        #expect(plain.lastNote() == "this server has no quiet mode (neither a q list mode nor the m extended ban): /ban keeps someone out")
    }

    /// /cycle parts and joins again with the channel's key: the one it was joined with, or
    /// the one its modes show.
    @Test func cycleRejoinsWithTheKey() {
        let rig = CommandRig()
        rig.run("/join #locked sesame")
        rig.receive([":me!u@h JOIN #locked"])
        #expect(rig.sends("/cycle", in: BufferID(network: "Test", name: "#locked")) == ["PART #locked cycling", "JOIN #locked sesame"])
        rig.receive([":srv 324 me #natter +kn hunter"])
        #expect(rig.sends("/cycle") == ["PART #natter cycling", "JOIN #natter hunter"])
        #expect(rig.sends("/cycle #locked", in: rig.server) == ["PART #locked cycling", "JOIN #locked sesame"])
    }

    /// /ns, /cs, /ms and /hs talk to the services; a password stays masked on screen and in
    /// the logs.
    @Test func servicesGetTheMessageAndPasswordsStayMasked() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("natter-services-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let logs = LogStore(root: root, timeZone: LocalZone.utc)
        let rig = CommandRig(logs: logs)
        #expect(rig.sends("/ns identify hunter2") == ["PRIVMSG NickServ :identify hunter2"])
        #expect(rig.lastNote() == "Sent to NickServ: identify ********")
        #expect(rig.sends("/cs op #natter") == ["PRIVMSG ChanServ :op #natter"])
        #expect(rig.sends("/ms read 1") == ["PRIVMSG MemoServ :read 1"])
        #expect(rig.sends("/hs on") == ["PRIVMSG HostServ on"])
        #expect(rig.sends("/ns set password sesame3") == ["PRIVMSG NickServ :set password sesame3"])
        #expect(rig.sends("/ns").isEmpty)
        #expect(rig.lastNote() == "usage: /ns /cs /ms /hs TEXT (see /help)")
        let shown = rig.model.network("Test")!.buffers.flatMap { $0.lines.map(\.text) }
        #expect(shown.contains("identify ********"), "\(shown)")
        #expect(!shown.contains { $0.contains("hunter2") || $0.contains("sesame3") }, "\(shown)")
        let logged = try FileManager.default.subpathsOfDirectory(atPath: root.path)
            .map { root.appendingPathComponent($0) }.filter { !$0.hasDirectoryPath }
            .compactMap { try? String(contentsOf: $0, encoding: .utf8) }.joined(separator: "\n")
        #expect(logged.contains("identify ********"), "\(logged)")
        #expect(!logged.contains("hunter2") && !logged.contains("sesame3"), "\(logged)")
    }

    @Test func connectTakesANetworkOrALink() {
        let rig = CommandRig()
        rig.model.addNetwork(name: "Other", configuration: SessionConfiguration(nick: "me", user: "me", realName: "Me"))
        #expect(rig.run("/connect other") == [.show(BufferID(network: "Other", name: ""))])
        #expect(rig.links.last?.network == "Other" && rig.links.last?.request == .connect)
        rig.run("/connect Test")
        #expect(rig.lastNote() == "Test is connected already (/reconnect connects again)")
        #expect(rig.links.count == 1)
        rig.run("/connect")
        #expect(rig.links.last?.network == "Test" && rig.links.last?.request == .connect)
        #expect(rig.run("/connect ircs://irc.example.org/#rust") == [.openLink("ircs://irc.example.org/#rust")])
        rig.run("/connect nowhere")
        #expect(rig.lastNote() == "no network nowhere (Test, Other): /connect NETWORK, or /connect irc://host/#channel")
        #expect(rig.sent.isEmpty)
    }

    @Test func helpSaysWhatEachCommandDoes() {
        let rig = CommandRig()
        rig.run("/help kickban")
        #expect(rig.lastNote() == "/kickban NICK [reason]  — ban by ban_mask, then kick")
        rig.run("/help /ns")
        #expect(rig.lastNote() == "/ns /cs /ms /hs TEXT  — talk to NickServ, ChanServ, MemoServ, HostServ (passwords stay hidden)")
        rig.run("/help q")
        #expect(rig.lastNote() == "/query NICK [TEXT]  — open a private conversation")
        rig.run("/help frobnicate")
        #expect(rig.lastNote() == "/frobnicate is not one of Natter's commands: it goes to the server as typed (/help lists them)")
    }
}

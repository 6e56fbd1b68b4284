import ChatModel
import Foundation
import IRCProtocol
import IRCSession
import Testing

/// Commands run over the model alone: what goes to the server, what the buffer is told, and
/// the few effects left for the UI. No widgets.
final class CommandsTests {
    let model = ChatModel(settings: ModelSettings())
    let now = SessionTime(monotonic: 0, wall: Date(timeIntervalSince1970: 1_700_000_000))
    let server = BufferID(network: "Test", name: "")
    let channel = BufferID(network: "Test", name: "#natter")
    var sent: [String] = []
    var links: [LinkRequest] = []

    init() {
        model.addNetwork(name: "Test", configuration: SessionConfiguration(nick: "me", user: "me", realName: "Me"))
        model.linkRequests = { [unowned self] _, request in
            if case .send(let lines, _) = request { self.sent += lines.map { $0.serialized() } } else { self.links.append(request) }
        }
        model.deliver(.connected(now: now), network: "Test")
        for line in [":srv CAP * LS :message-tags soju.im/bouncer-networks", ":srv CAP me ACK :message-tags soju.im/bouncer-networks",
                     ":srv 001 me :Welcome", ":srv 005 me CHANTYPES=# PREFIX=(ov)@+ CASEMAPPING=rfc1459 :are supported",
                     ":srv 376 me :End of MOTD", ":me!u@h JOIN #natter", ":srv 353 me = #natter :@me ada", ":srv 366 me #natter :End",
                     "@msgid=m1 :ada!a@h PRIVMSG #natter :hello"] {
            model.deliver(.received(try! IRCMessage(parsing: line), now: now), network: "Test")
        }
        sent = []
    }

    var commands: Commands { Commands(model: model) }
    func notes(in id: BufferID) -> [String] { model.buffer(id)?.lines.filter { $0.nick == nil }.map(\.text) ?? [] }

    @Test func messagesAndRequestsGoToTheServer() {
        #expect(commands.run(line: "hello there", in: channel, now: now).isEmpty)
        commands.run(line: "/me waves", in: channel, now: now)
        commands.run(line: "/msg ada hi", in: channel, now: now)
        commands.run(line: "/topic the new topic", in: channel, now: now)
        commands.run(line: "/op ada", in: channel, now: now)
        commands.run(line: "/ban ada", in: channel, now: now)
        commands.run(line: "/kick ada bye", in: channel, now: now)
        commands.run(line: "/cycle", in: channel, now: now)
        #expect(sent.contains("PRIVMSG #natter :hello there"))
        #expect(sent.contains("PRIVMSG #natter :\u{1}ACTION waves\u{1}"))
        #expect(sent.contains("PRIVMSG ada hi"))
        #expect(sent.contains("TOPIC #natter :the new topic"))
        #expect(sent.contains("MODE #natter +o ada"))
        #expect(sent.contains("MODE #natter +b *!*@h"))          // by ban_mask: ada's host came with her message
        #expect(sent.contains("KICK #natter ada bye"))
        #expect(sent.contains("PART #natter cycling") && sent.contains("JOIN #natter"))
    }

    /// `/join` lands in the channel (once joined); `/msg` and `/notice` to someone else show
    /// where they were typed what was sent.
    @Test func joiningShowsTheChannelAndAMessageElsewhereShowsHere() {
        #expect(commands.run(line: "/join #rust,#swift", in: server, now: now) == [.showOnceJoined(network: "Test", channel: "#rust")])
        #expect(sent.last == "JOIN #rust,#swift")
        commands.run(line: "/msg ada see you", in: channel, now: now)
        commands.run(line: "/notice ada ping", in: channel, now: now)
        #expect(notes(in: channel).suffix(2) == ["Sent to ada: see you", "Notice sent to ada: ping"])
        commands.run(line: "/msg #NATTER here", in: channel, now: now)
        #expect(notes(in: channel).last == "Notice sent to ada: ping", "said in this very buffer: its echo shows it")
    }

    @Test func aChannelCommandOutsideAChannelSaysSoAndSendsNothing() {
        commands.run(line: "/kick ada", in: server, now: now)
        commands.run(line: "hello", in: server, now: now)
        #expect(sent.isEmpty)
        #expect(notes(in: server).suffix(2) == ["this command works in a channel", "this buffer has no channel or query: use /msg or /join"])
    }

    @Test func aLineThatDoesNotParseIsAnsweredWithItsUsage() {
        #expect(commands.run(line: "/kick", in: channel, now: now).isEmpty)
        #expect(notes(in: channel).last == "usage: /kick NICK [reason] (see /help)")
        #expect(sent.isEmpty)
    }

    @Test func whatOnlyTheUICanDoComesBackAsEffects() throws {
        let effects = commands.run(line: "/query bob hi", in: channel, now: now)
        let query = try #require(model.network("Test")?.buffer(named: "bob"))
        #expect(effects == [.show(query.id)])
        #expect(sent.contains("PRIVMSG bob hi"))
        #expect(commands.run(line: "/keys", in: channel, now: now) == [.openKeyHelp])
        #expect(commands.run(line: "/settings", in: channel, now: now) == [.openSettings(nil)])
        #expect(commands.run(line: "/settings Keys", in: server, now: now) == [.openSettings(.keys)])
        #expect(commands.run(line: "/settings notifications", in: .mentions, now: now) == [.openSettings(.notifications)],
                "the screen opens from a view of no network too, as the key help does")
        #expect(commands.run(line: "/settings colours", in: channel, now: now).isEmpty)
        #expect(notes(in: channel).last == "usage: /settings [networks | appearance | notifications | input | logging | keys | other] (see /help)")
        #expect(commands.run(line: "/settings keys input", in: channel, now: now).isEmpty)
        #expect(commands.run(line: "/close", in: channel, now: now) == [.close(channel)])
        #expect(commands.run(line: "/spell de_DE", in: channel, now: now) == [.spell("de_DE", in: channel)])
        #expect(commands.run(line: "/list *rust*", in: channel, now: now) == [.showChannelListWhenReady(network: "Test")])
        #expect(sent.last == "LIST *rust*")
        #expect(commands.run(line: "/bouncer", in: channel, now: now) == [.openBouncerForm(control: "Test")])
        #expect(commands.run(line: "/monitor +carol", in: channel, now: now) == [.friendsChanged(network: "Test", nicks: ["carol"])])
    }

    @Test func reactionsAndIgnoresAreTheModels() {
        commands.run(line: "/react 🎉", in: channel, now: now)
        let reaction = sent.last ?? ""
        #expect(reaction.hasSuffix(" TAGMSG #natter") && reaction.contains("+draft/react=🎉") && reaction.contains("reply=m1"), "\(reaction)")
        commands.run(line: "/ignore ada", in: channel, now: now)
        #expect(model.settings.ignores.masks == ["ada!*@*"])
        #expect(notes(in: channel).last == "Ignoring ada!*@*")
        commands.run(line: "/unignore ada", in: channel, now: now)
        #expect(model.settings.ignores.masks.isEmpty)
    }

    @Test func modeAloneAsksTheServerAndTheAnswerReadsAsModes() throws {
        commands.run(line: "/mode", in: channel, now: now)
        #expect(sent.last == "MODE #natter")
        model.deliver(.received(try IRCMessage(parsing: ":srv 324 me #natter +ntl 50"), now: now), network: "Test")
        #expect(notes(in: channel).last == "Modes of #natter: +ntl 50")
    }

    @Test func aPasswordSentToAServiceIsMaskedWhereItWasTyped() {
        commands.run(line: "/msg NickServ IDENTIFY hunter2", in: server, now: now)
        #expect(sent.contains("PRIVMSG NickServ :IDENTIFY hunter2"))
        #expect(notes(in: server).last == "Sent to NickServ: IDENTIFY ********")
        let everyLine = model.network("Test")!.buffers.flatMap { $0.lines.map(\.text) }
        #expect(!everyLine.contains { $0.contains("hunter2") })
    }

    @Test func closingAChannelPartsItAndTheServerBufferStays() {
        #expect(model.close(channel, now: now))
        #expect(sent.contains("PART #natter"))
        #expect(model.buffer(channel) == nil)
        #expect(!model.close(server, now: now))
        #expect(notes(in: server).last == "the server buffer stays open; /quit disconnects")
    }

    /// The UI asks before it offers to close: the server buffer cannot be, and /close typed
    /// there is refused before it runs (the input keeps it), as a message there is.
    @Test func whetherABufferCanBeClosedIsAskedFirst() throws {
        #expect(model.closeRefusal(of: server) == "the server buffer stays open; /quit disconnects")
        #expect(model.closeRefusal(of: channel) == nil)
        #expect(commands.refusal(of: try ChatCommandParser.parse("/close").get(), in: server) == model.closeRefusal(of: server))
        #expect(commands.refusal(of: try ChatCommandParser.parse("/close").get(), in: channel) == nil)
        #expect(!notes(in: server).contains("the server buffer stays open; /quit disconnects"), "asking says nothing")
    }

    /// The QUIT is the farewell of the disconnect, not a line sent beside it: the link writes
    /// it after what is queued and closes only after it (peers see "bye", not "Connection
    /// closed").
    @Test func quitIsTheFarewellOfTheDisconnect() {
        commands.run(line: "/quit bye", in: channel, now: now)
        #expect(!sent.contains { $0.hasPrefix("QUIT") })
        #expect(links == [.disconnect(farewell: [IRCMessage(command: "QUIT", parameters: ["bye"])])])
    }

    @Test func disconnectReconnectAndABareQuitSayTheConfiguredMessage() {
        model.settings.quitMessage = "off to bed"
        let farewell = [IRCMessage(command: "QUIT", parameters: ["off to bed"])]
        commands.run(line: "/quit", in: channel, now: now)
        commands.run(line: "/disconnect", in: server, now: now)
        commands.run(line: "/reconnect", in: server, now: now)
        #expect(links == [.disconnect(farewell: farewell), .disconnect(farewell: farewell), .reconnect(farewell: farewell)])
        #expect(!sent.contains { $0.hasPrefix("QUIT") })
    }

    @Test func withoutALinkThereIsNobodyToSayGoodbyeTo() {
        model.deliver(.disconnected(reason: "gone", now: now), network: "Test")
        commands.run(line: "/quit", in: channel, now: now)
        #expect(links == [.disconnect(farewell: [])])
    }
}

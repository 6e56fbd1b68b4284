import ChatModel
import IRCProtocol
import IRCSession
import NatterUI
import Testing
import Widgets

/// The input line and the commands (issue 32): Tab completes every command name, a command
/// that cannot be sent stays typed, and a link given to /connect goes to the app.
@MainActor
struct CommandLineTests {
    func rig() throws -> (ChatStack, WidgetHost, SentLines) {
        try chatRig([":srv 001 me :Welcome", ":srv 005 me CHANTYPES=# PREFIX=(ov)@+ :are supported", ":srv 376 me :End",
                     ":me!u@h JOIN #c", ":srv 353 me = #c :@me sam", ":srv 366 me #c :End"], showing: "#c")
    }

    @Test func tabCompletesEveryCommandName() throws {
        let (chat, host, _) = try rig()
        let input = chat.screen.input
        for name in ChatCommandParser.commandNames {
            input.text = "/" + name
            var offered: [String] = []
            // Tab until the cycle comes back: the name is among what it offers.
            for _ in 0..<ChatCommandParser.commandNames.count {
                host.handle(.keyDown(KeyEvent(.tab)))
                if offered.first == input.text { break }
                offered.append(input.text)
            }
            #expect(offered.contains("/\(name) "), "/\(name) is not completed: \(offered)")
            chat.controller.input.completer.reset()
        }
        input.text = "/kickb"
        host.handle(.keyDown(KeyEvent(.tab)))
        #expect(input.text == "/kickban ")
        input.text = "/whow"
        host.handle(.keyDown(KeyEvent(.tab)))
        #expect(input.text == "/whowas ")
    }

    /// Typed text never vanishes: a line too long for IRC stays in the input, and the buffer
    /// says why.
    @Test func anUnsendableCommandStaysTyped() throws {
        let (chat, host, sent) = try rig()
        let long = "/frob " + String(repeating: "x", count: 600)
        chat.screen.input.text = long
        host.handle(.keyDown(KeyEvent(.enter)))
        #expect(chat.screen.input.text == long)
        #expect(sent.lines.isEmpty)
        let last = try #require(chat.model.buffer(BufferID(network: "Net", name: "#c"))?.lines.last)
        #expect(last.kind == .error && last.text == "/frob not sent: it is 607 bytes long, over the 512 an IRC line may have")
        chat.screen.input.text = "/frob x y"
        host.handle(.keyDown(KeyEvent(.enter)))
        #expect(sent.lines == ["FROB x y"])
        #expect(chat.screen.input.text.isEmpty)
    }

    @Test func aLinkGivenToConnectGoesToTheApp() throws {
        let (chat, _, _) = try rig()
        var opened: [String] = []
        chat.controller.onOpenLink = { opened.append($0) }
        chat.controller.submit("/connect ircs://irc.example.org:6697/#rust")
        #expect(opened == ["ircs://irc.example.org:6697/#rust"])
    }

    /// The nick list's CTCP items go through /ctcp: the answer shows where it was asked.
    @Test func theNickMenusPingIsTimed() throws {
        let (chat, _, sent) = try rig()
        let items = try #require(chat.screen.nickList.onMenu?(NickListView.Entry(nick: "sam", prefixes: "", away: false)))
        try #require(items.first { $0.title == "CTCP PING" }).action()
        let ping = try #require(sent.lines.last)
        #expect(ping.hasPrefix("PRIVMSG sam :\u{1}PING "))
        let token = ping.dropFirst("PRIVMSG sam :\u{1}PING ".count).dropLast()
        chat.model.deliver(.received(try IRCMessage(parsing: ":sam!s@h NOTICE me :\u{1}PING \(token)\u{1}"), now: SessionTime(0.5)),
                           network: "Net")
        let last = chat.model.buffer(BufferID(network: "Net", name: "#c"))?.lines.last
        #expect(last?.text == "PING reply from sam: 0.500 s")
    }
}

import ChatModel
import IRCProtocol
import IRCSession
import NatterUI
import Testing
import Widgets

/// The right-click menus: a message copies its words, or the line with its time and nick; a
/// member of the nick list offers CTCP, and to an operator a ban by host and kick-ban.
@MainActor
struct MenusTests {
    func rig() throws -> (ChatStack, WidgetHost, SentLines) {
        try chatRig([":srv 001 me :Welcome", ":srv 005 me CHANTYPES=# PREFIX=(ov)@+ :are supported", ":srv 376 me :End",
                     ":me!u@h JOIN #c", ":srv 353 me = #c :@me sam", ":srv 366 me #c :End",
                     ":sam!s@home.example PRIVMSG #c :hello \u{02}there\u{02}"], showing: "#c")
    }

    @Test func aMessageCopiesItsWordsOrTheWholeLine() throws {
        let (chat, host, _) = try rig()
        let rows = try #require(chat.screen.messages.dataSource as? BufferRows)
        let line = try #require(chat.model.buffer(BufferID(network: "Net", name: "#c"))?.lines.last)
        let items = try #require(rows.onMenu?(line, nil))
        try #require(items.first { $0.title == "Copy text" }).action()
        #expect(host.clipboard.text() == "hello there")
        try #require(items.first { $0.title == "Copy with time and nick" }).action()
        #expect(host.clipboard.text()?.hasSuffix("] <sam> hello there") == true)
    }

    @Test func theNickMenuOffersCTCPAndBansByHost() throws {
        let (chat, _, sent) = try rig()
        let items = try #require(chat.screen.nickList.onMenu?(NickListView.Entry(nick: "sam", prefixes: "", away: false)))
        let titles = items.map(\.title)
        #expect(titles.contains("CTCP VERSION") && titles.contains("Ban *!*@home.example") && titles.contains("Kick and ban"))
        try #require(items.first { $0.title == "CTCP VERSION" }).action()
        #expect(sent.lines.last == "PRIVMSG sam \u{01}VERSION\u{01}")
        try #require(items.first { $0.title == "Kick and ban" }).action()
        #expect(sent.lines.suffix(2) == ["MODE #c +b *!*@home.example", "KICK #c sam"])
    }

    /// A member known only from NAMES: the menu offers the ban by nick, and the model asks who
    /// they are (WHO) before banning by the host.
    @Test func aBanFromTheMenuOfAMemberWithoutAHostAsksWhoFirst() throws {
        let (chat, _, sent) = try chatRig([":srv 001 me :Welcome", ":srv 005 me CHANTYPES=# PREFIX=(ov)@+ :are supported",
                                           ":srv 376 me :End", ":me!u@h JOIN #c", ":srv 353 me = #c :@me kim", ":srv 366 me #c :End",
                                           ":srv 315 me #c :End of WHO"],
                                          showing: "#c")
        let items = try #require(chat.screen.nickList.onMenu?(NickListView.Entry(nick: "kim", prefixes: "", away: false)))
        try #require(items.first { $0.title == "Ban kim" }).action()
        #expect(sent.lines == ["WHO kim"])
        for line in [":srv 352 me #c ~k kim.example srv kim H :0 Kim", ":srv 315 me kim :End of WHO"] {
            chat.model.deliver(.received(try IRCMessage(parsing: line), now: SessionTime(0)), network: "Net")
        }
        #expect(sent.lines == ["WHO kim", "MODE #c +b *!*@kim.example"])
    }
}

import ChatModel
import IRCProtocol
import IRCSession
import NatterUI
import Testing
import Widgets

/// After a dropped link the channel's nick list still shows who was there, greyed and marked
/// "not joined"; the rejoin brings it back.
@MainActor
struct DisconnectedViewTests {
    @Test func theNickListGreysUntilTheRejoin() throws {
        let chat = ChatStack.headless()
        chat.model.addNetwork(name: "Net", configuration: SessionConfiguration(nick: "me", user: "me", realName: "me"))
        chat.model.deliver(.connected(now: SessionTime(0)), network: "Net")
        for line in [":srv 001 me :Welcome", ":srv 376 me :End", ":me!u@h JOIN #c", ":srv 353 me = #c :me ada bob", ":srv 366 me #c :End"] {
            chat.model.deliver(.received(try IRCMessage(parsing: line), now: SessionTime(0)), network: "Net")
        }
        chat.controller.sync()
        let channel = try #require(chat.model.network("Net")?.buffer(named: "#c"))
        chat.controller.show(channel.id)
        #expect(!chat.screen.nickList.isStale && chat.screen.nickList.entries.count == 3)
        chat.model.deliver(.disconnected(reason: "reset", now: SessionTime(1)), network: "Net")
        chat.controller.sync()
        #expect(chat.screen.nickList.isStale)
        #expect(chat.screen.nickList.entries.count == 3, "who was there stays shown")
        chat.model.deliver(.connected(now: SessionTime(2)), network: "Net")
        for line in [":srv 001 me :Welcome", ":srv 376 me :End", ":me!u@h JOIN #c", ":srv 353 me = #c :me ada", ":srv 366 me #c :End"] {
            chat.model.deliver(.received(try IRCMessage(parsing: line), now: SessionTime(2)), network: "Net")
        }
        chat.controller.sync()
        #expect(!chat.screen.nickList.isStale && chat.screen.nickList.entries.count == 2)
    }
}

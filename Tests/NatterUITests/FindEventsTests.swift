import ChatModel
import IRCProtocol
import IRCSession
import NatterUI
import Testing
import Widgets

/// Ctrl+F finds event rows ("kim left"), and one folded into a run of joins and parts opens
/// that run to show it.
@MainActor
struct FindEventsTests {
    @Test func anEventInAFoldedRunIsFoundAndItsRunOpens() throws {
        let (chat, host, _) = try chatRig([":srv 001 me :Welcome", ":srv 376 me :End", ":me!u@h JOIN #c", ":sam!s@h PRIVMSG #c :hello",
                                           ":kim!k@h JOIN #c", ":lee!l@h JOIN #c", ":kim!k@h PART #c :later",
                                           ":sam!s@h PRIVMSG #c :bye"], size: Size(width: 900, height: 500), showing: "#c")
        let id = BufferID(network: "Net", name: "#c")
        let rows = try #require(chat.screen.messages.dataSource as? BufferRows)
        let part = try #require(chat.model.buffer(id)?.lines.first { $0.kind == .part })
        let group = try #require(rows.rowID(ofLineID: part.id))
        #expect(group.hasPrefix("group-") && rows.expanded.isEmpty, "folded")
        chat.controller.find.open()
        chat.screen.findBar.field.text = "kim left"
        chat.screen.findBar.field.onChange?("kim left")
        chat.controller.sync()
        host.layoutIfNeeded()
        #expect(chat.controller.find.matches.count == 1)
        #expect(chat.controller.find.matches.currentID == part.id)
        #expect(rows.expanded.contains(String(group.dropFirst(6))), "the run opened to show it")
    }
}

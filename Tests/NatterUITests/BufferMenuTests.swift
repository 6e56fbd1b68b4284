import ChatModel
import Foundation
import IRCProtocol
import IRCSession
import NatterUI
import Testing
import Widgets

/// The buffer list's menu (a right-click on a buffer): how much it notifies, the current level
/// marked; muting draws it dimmed and is handed to the app for the configuration.
@MainActor
struct BufferMenuTests {
    @Test func aChannelCanBeMutedFromTheBufferList() throws {
        let (chat, _, _) = try chatRig([":srv 001 me :Welcome", ":srv 005 me CHANTYPES=# :are supported", ":srv 376 me :End",
                                        ":me!u@h JOIN #c", ":srv 366 me #c :End", ":srv 315 me #c :End"], showing: "#c")
        var kept: [(BufferID, NotifyLevel)] = []
        chat.controller.onNotifyLevelChanged = { kept.append(($0, $1)) }
        let id = BufferID(network: "Net", name: "#c")
        let items = try #require(chat.screen.sidebar.onMenu?(id))
        #expect(items.map(\.title) == ["Notify: every message", "✓ Notify: mentions only", "Mute (count nothing)"])
        try #require(items.first { $0.title == "Mute (count nothing)" }).action()
        chat.controller.sync()
        #expect(chat.model.notifyLevel(of: try #require(chat.model.buffer(id))) == .none)
        #expect(kept.count == 1 && kept.first?.0 == id && kept.first?.1 == NotifyLevel.none)
        #expect(chat.screen.sidebar.entries.first { $0.id == id }?.isDimmed == true)
        #expect(chat.screen.sidebar.onMenu?(id).last?.title == "✓ Mute (count nothing)")
        // The server buffer has no such menu.
        #expect(chat.screen.sidebar.onMenu?(BufferID(network: "Net", name: "")).isEmpty == true)
    }
}

import ChatModel
import IRCProtocol
import IRCSession
import NatterUI
import Testing
import Widgets

/// The quick switcher and Tab find channels of every prefix the server's CHANTYPES names:
/// bitlbee's `&bitlbee` as much as `#natter`.
@MainActor
struct SwitcherChannelTypesTests {
    @Test func anAmpersandChannelIsFoundByAFewLetters() throws {
        let (chat, host, _) = try chatRig([":localhost 001 me :Welcome", ":localhost 005 me CHANTYPES=&# PREFIX=(ohv)@%+ :are supported",
                                           ":localhost 376 me :End", ":me!u@h JOIN &bitlbee", ":me!u@h JOIN #natter"],
                                          showing: "#natter")
        chat.controller.overlays.openSwitcher()
        let switcher = try #require(chat.controller.overlays.switcher)
        switcher.field.text = "bitl"
        switcher.field.onChange?("bitl")
        #expect(switcher.shown.first?.title == "&bitlbee")
        // Tab after a prefix the server names: `!` is a channel type here too.
        var completer = TabCompleter()
        let done = completer.complete(text: "!ne", caret: 3, backwards: false, nicks: [], channels: ["!news"], commands: [],
                                      isChannel: { $0.hasPrefix("!") })
        #expect(done?.text == "!news ")
        _ = host
    }
}

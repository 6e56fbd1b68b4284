import ChatModel
import IRCProtocol
import IRCSession
import NatterUI
import Testing
import Widgets

/// Text selected in the messages with the mouse is the PRIMARY selection, and a middle click
/// on the messages pastes the PRIMARY selection into the input line.
@MainActor
struct PrimarySelectionTests {
    @Test func selectingOffersItAndTheMiddleButtonPastesIntoTheInput() throws {
        let clipboard = MemoryClipboard()
        let (chat, host, _) = try chatRig([":srv 001 me :Welcome", ":srv 376 me :End", ":me!u@h JOIN #c",
                                           ":sam!s@h PRIVMSG #c :look at this"],
                                          size: Size(width: 900, height: 400), showing: "#c", clipboard: clipboard)
        let list = chat.screen.messages
        let row = try #require(list.metrics.rows.last)
        let y = list.convertToWindow(Point(x: 0, y: row.top + row.height / 2)).y
        // The list's left edge as the pointer finds it.
        let left = try #require(stride(from: 0.0, to: 900, by: 2).first { host.hitWidget(at: Point(x: $0, y: y)) === list })
        host.handle(.mouseDown(MouseEvent(position: Point(x: left, y: y))))
        host.handle(.mouseMove(MouseEvent(position: Point(x: left + 400, y: y))))
        host.handle(.mouseUp(MouseEvent(position: Point(x: left + 400, y: y))))
        let offered = try #require(clipboard.primaryText())
        #expect(offered.contains("look at this"))
        clipboard.setPrimaryText("quoted")
        host.handle(.mouseDown(MouseEvent(position: Point(x: left + 100, y: y), button: .middle)))
        host.handle(.mouseUp(MouseEvent(position: Point(x: left + 100, y: y), button: .middle)))
        #expect(chat.screen.input.text == "quoted")
        #expect(host.focusedWidget === chat.screen.input)
    }
}

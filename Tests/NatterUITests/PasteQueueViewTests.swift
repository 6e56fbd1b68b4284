import ChatModel
import IRCProtocol
import IRCSession
import NatterUI
import Testing
import Widgets

/// A long paste shows what is left of it above the input line, the time it takes, and goes
/// when Escape (or the bar's button) cancels it; a line typed meanwhile is sent at once.
@MainActor
struct PasteQueueViewTests {
    @Test func theQueueIsShownAndEscapeCancelsIt() throws {
        let (chat, host, sent) = try chatRig([":srv 001 me :Welcome", ":srv 376 me :End", ":me!u@h JOIN #c"], showing: "#c")
        #expect(chat.controller.input.paste((1...10).map { "line \($0)" }.joined(separator: "\n")))
        host.handle(.keyDown(KeyEvent(.enter)))   // confirms the paste
        chat.controller.sync()
        host.layoutIfNeeded()
        #expect(sent.lines == ["PRIVMSG #c :line 1"])
        let bar = chat.screen.pasteBar
        #expect(!bar.isHidden)
        #expect(bar.label.text.string == "Sending the paste to #c: 9 of 10 lines left, about 18 s. Escape cancels the rest.")

        // Typed meanwhile: sent at once, the draft never touched by the paste.
        host.handle(.textInput("by hand"))
        host.handle(.keyDown(KeyEvent(.enter)))
        #expect(sent.lines.last == "PRIVMSG #c :by hand")
        chat.model.linkDrained(network: "Net", interval: .seconds(1), now: SessionTime(1))
        chat.controller.sync()
        #expect(sent.lines.last == "PRIVMSG #c :line 2")
        #expect(bar.label.text.string.hasPrefix("Sending the paste to #c: 8 of 10 lines left, about 8 s"))

        host.handle(.keyDown(KeyEvent(.escape)))
        chat.controller.sync()
        #expect(bar.isHidden)
        #expect(chat.model.buffer(BufferID(network: "Net", name: "#c"))?.lines.last?.text == "Paste cancelled: 8 lines not sent")
        chat.model.linkDrained(network: "Net", interval: .seconds(1), now: SessionTime(2))
        #expect(sent.lines.last == "PRIVMSG #c :line 2", "nothing more goes")
    }

    /// Escape's other meanings come first: with the find bar open, Escape closes it and the
    /// paste goes on; the next Escape stops the paste.
    @Test func escapeClosesTheFindBarBeforeItStopsAPaste() throws {
        let (chat, host, _) = try chatRig([":srv 001 me :Welcome", ":srv 376 me :End", ":me!u@h JOIN #c"], showing: "#c")
        let id = BufferID(network: "Net", name: "#c")
        chat.model.queuePaste((1...5).map { "line \($0)" }, in: id, now: SessionTime(0))
        chat.controller.find.open()
        host.handle(.keyDown(KeyEvent(.escape)))
        chat.controller.sync()
        #expect(!chat.controller.find.isOpen)
        #expect(chat.model.pasteProgress(of: id)?.left == 4, "the paste goes on")
        host.handle(.keyDown(KeyEvent(.escape)))
        chat.controller.sync()
        #expect(chat.model.pasteProgress(of: id) == nil)
    }
}

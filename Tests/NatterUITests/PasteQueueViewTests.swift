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
    final class Sent { var lines: [String] = [] }

    @Test func theQueueIsShownAndEscapeCancelsIt() throws {
        let chat = ChatStack.headless()
        let sent = Sent()
        chat.model.addNetwork(name: "Net", configuration: SessionConfiguration(nick: "me", user: "me", realName: "me"))
        chat.model.linkRequests = { _, request in
            if case .send(let lines, _) = request { sent.lines += lines.map { $0.serialized() } }
        }
        chat.model.deliver(.connected(now: SessionTime(0)), network: "Net")
        for line in [":srv 001 me :Welcome", ":srv 376 me :End", ":me!u@h JOIN #c"] {
            chat.model.deliver(.received(try IRCMessage(parsing: line), now: SessionTime(0)), network: "Net")
        }
        chat.controller.sync()
        let host = WidgetHost(root: chat.screen, size: Size(width: 1000, height: 640), measurer: FixedMeasurer(),
                              clipboard: MemoryClipboard())
        chat.controller.show(BufferID(network: "Net", name: "#c"))
        host.focus(chat.screen.input)
        sent.lines.removeAll()

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
}

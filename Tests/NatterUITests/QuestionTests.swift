import ChatModel
import IRCProtocol
import IRCSession
import NatterUI
import Testing
import Widgets

/// The questions above the input line (a paste to send, a buffer to close) belong to the
/// buffer they were asked in and are answered only while they show; what was typed or pasted
/// is never lost to them.
extension TypedTextTests {
    /// Ctrl+W in the server buffer, which cannot be closed, asks nothing: the buffer says why,
    /// the text stays, and Enter sends it.
    @Test func closingTheServerBufferIsNotAskedAbout() throws {
        let (chat, host, sent) = try rig()
        let server = chat.model.networks[0].serverBuffer
        chat.controller.show(server.id)
        chat.screen.input.replaceText("/join #d", caret: 8)
        host.handle(.keyDown(KeyEvent(.character("w"), modifiers: .ctrl)))
        #expect(chat.screen.confirmBar.isHidden)
        #expect(server.lines.last?.text == "the server buffer stays open; /quit disconnects")
        #expect(chat.screen.input.text == "/join #d")
        host.handle(.keyDown(KeyEvent(.enter)))
        #expect(sent.lines == ["JOIN #d"])
        #expect(chat.screen.input.text == "")
    }

    /// A paste where nothing can be said keeps the draft and the pasted lines in the input, one
    /// a line; where it is sent, the draft goes first as a line of its own.
    @Test func aRefusedPasteKeepsTheDraftAndTheLines() throws {
        let (chat, host, sent) = try rig()
        chat.controller.show(chat.model.networks[0].serverBuffer.id)
        type(host, "draft")
        #expect(chat.controller.input.paste("one\ntwo"))
        #expect(chat.screen.input.text == "draft\none\ntwo")
        chat.controller.show(.mentions)
        chat.screen.input.text = "note"
        #expect(chat.controller.input.paste("1\n2\n3\n4"))
        host.handle(.keyDown(KeyEvent(.enter)))
        #expect(chat.screen.input.text == "note\n1\n2\n3\n4")
        #expect(chat.screen.confirmBar.text.string.hasPrefix("Nothing can be sent from here"))
        #expect(sent.lines.isEmpty)
        chat.controller.show(try #require(chat.model.network("Net")?.buffer(named: "#c")).id)
        chat.screen.input.text = "draft"
        #expect(chat.controller.input.paste("one\ntwo"))
        #expect(sent.lines == ["PRIVMSG #c draft", "PRIVMSG #c one", "PRIVMSG #c two"])
        #expect(chat.screen.input.text == "")
    }
}

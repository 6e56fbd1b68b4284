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
}

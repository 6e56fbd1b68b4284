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
    func join(_ chat: ChatStack, _ channels: String...) throws {
        for channel in channels {
            chat.model.deliver(.received(try IRCMessage(parsing: ":me!u@h JOIN \(channel)"), now: SessionTime(0)), network: "Net")
        }
        chat.controller.sync()
    }

    /// A paste waiting in #a, then Ctrl+W and Enter: #a closes, and the paste went into the
    /// input with the draft before the close was asked; it is not sent to the buffer shown next.
    @Test func aWaitingPasteIsItsBuffersAndNotSentElsewhere() throws {
        let (chat, host, sent) = try rig()
        try join(chat, "#a")
        let channelA = try #require(chat.model.network("Net")?.buffer(named: "#a"))
        chat.controller.show(channelA.id)
        type(host, "draft")
        #expect(chat.controller.input.paste("1\n2\n3\n4\n5"))
        #expect(chat.screen.confirmBar.text.string.hasPrefix("Send these 5 lines to #a?"))
        host.handle(.keyDown(KeyEvent(.character("w"), modifiers: .ctrl)))
        #expect(chat.controller.input.pendingPaste == nil)
        #expect(chat.screen.input.text == "draft\n1\n2\n3\n4\n5")
        #expect(chat.screen.confirmBar.text.string.hasPrefix("Leave #a and close it? (what you typed stays in the input)"))
        host.handle(.keyDown(KeyEvent(.enter)))
        #expect(sent.lines == ["PART #a"])
        #expect(chat.controller.current?.name == "#c")
        #expect(chat.screen.confirmBar.isHidden)
        #expect(chat.controller.input.pendingPaste == nil, "no question waits unseen")
        #expect(chat.screen.input.text == "draft\n1\n2\n3\n4\n5")
    }

    /// Showing another buffer lets a waiting paste go into its own buffer's draft: the other
    /// buffer's input does not have it, nothing answers its question (none shows) or sends it
    /// of its own accord, and it is in the input when its buffer is shown again.
    @Test func aWaitingPasteGoesIntoItsBuffersDraftWhenItIsLeft() throws {
        let (chat, _, sent) = try rig()
        try join(chat, "#a")
        let channelC = try #require(chat.model.network("Net")?.buffer(named: "#c"))
        chat.controller.show(channelC.id)
        #expect(chat.controller.input.paste("1\n2\n3\n4"))
        chat.controller.show(try #require(chat.model.network("Net")?.buffer(named: "#a")).id)
        #expect(chat.controller.input.pendingPaste == nil && chat.screen.confirmBar.isHidden)
        #expect(chat.screen.input.text == "")
        chat.controller.input.confirmPaste()
        #expect(sent.lines.isEmpty)
        chat.controller.show(channelC.id)
        #expect(chat.screen.input.text == "1\n2\n3\n4")
        #expect(chat.controller.input.pendingPaste == nil && chat.screen.confirmBar.isHidden)
    }

    /// A paste while the close question shows replaces it: Enter then sends the paste, and
    /// closes nothing.
    @Test func aPasteReplacesTheCloseQuestion() throws {
        let (chat, host, sent) = try rig()
        let channel = try #require(chat.model.network("Net")?.buffer(named: "#c"))
        chat.controller.show(channel.id)
        host.handle(.keyDown(KeyEvent(.character("w"), modifiers: .ctrl)))
        #expect(chat.screen.confirmBar.text.string.hasPrefix("Leave #c"))
        #expect(chat.controller.input.paste("1\n2\n3\n4"))
        host.handle(.keyDown(KeyEvent(.enter)))
        // The paste goes at the link's pace: a line each time the link's queue empties.
        #expect(sent.lines == ["PRIVMSG #c 1"])
        for t in 1...3 { chat.model.linkDrained(network: "Net", interval: .seconds(1), now: SessionTime(Double(t))) }
        #expect(sent.lines == ["PRIVMSG #c 1", "PRIVMSG #c 2", "PRIVMSG #c 3", "PRIVMSG #c 4"])
        #expect(chat.model.buffer(channel.id) != nil)
    }

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

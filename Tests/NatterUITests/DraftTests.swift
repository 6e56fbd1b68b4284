import ChatModel
import IRCProtocol
import IRCSession
import NatterUI
import Testing
import Widgets

/// The input line keeps drafts: ↑ from an unsent draft keeps it for ↓, a recall is undone with
/// Ctrl+Z, and each buffer keeps its own draft (caret, undo steps, a recall in progress, a
/// paste set aside) across switches, announcing no typing where none happened.
@MainActor
struct DraftTests {
    static let channels = [":srv 001 me :Welcome", ":srv 005 me CHANTYPES=# :are supported", ":srv 376 me :End",
                           ":me!u@h JOIN #a", ":srv 366 me #a :End", ":me!u@h JOIN #b", ":srv 366 me #b :End"]

    func rig(_ before: [String] = []) throws -> (ChatStack, WidgetHost, SentLines) {
        try chatRig(before + Self.channels, showing: "#a")
    }

    func show(_ chat: ChatStack, _ name: String) {
        chat.controller.show(BufferID(network: "Net", name: name))
    }

    func key(_ host: WidgetHost, _ key: Key, _ modifiers: Modifiers = []) {
        host.handle(.keyDown(KeyEvent(key, modifiers: modifiers)))
    }

    @Test func upKeepsTheDraftAndDownBringsItBack() throws {
        let (chat, host, sent) = try rig()
        let input = chat.screen.input
        for line in ["first", "second"] {
            host.handle(.textInput(line))
            key(host, .enter)
        }
        #expect(sent.lines == ["PRIVMSG #a first", "PRIVMSG #a second"])
        host.handle(.textInput("a draft"))
        key(host, .left)
        key(host, .up)
        #expect(input.text == "second" && input.state.caret == 6)
        key(host, .up)
        key(host, .up)   // at the oldest: stays there
        #expect(input.text == "first")
        key(host, .down)
        #expect(input.text == "second")
        key(host, .down)
        #expect(input.text == "a draft" && input.state.caret == 7)
        key(host, .down)   // nothing newer than the draft: it stays
        #expect(input.text == "a draft")
        // An edited recall is the draft from then on: ↑ keeps it too.
        key(host, .up)
        host.handle(.textInput("!"))
        key(host, .up)
        #expect(input.text == "second")
        key(host, .down)
        #expect(input.text == "second!")
    }

    /// Ctrl+Z after ↑ brings back what was typed; the recall was one step.
    @Test func ctrlZUndoesARecall() throws {
        let (chat, host, _) = try rig()
        let input = chat.screen.input
        host.handle(.textInput("sent"))
        key(host, .enter)
        host.handle(.textInput("typed"))
        key(host, .up)
        #expect(input.text == "sent")
        key(host, .character("z"), .ctrl)
        #expect(input.text == "typed")
        key(host, .character("z"), [.ctrl, .shift])
        #expect(input.text == "sent")
        // After an undo the draft is what shows: ↑ then ↓ come back to it.
        key(host, .character("z"), .ctrl)
        key(host, .up)
        key(host, .down)
        #expect(input.text == "typed")
    }

    /// Each buffer keeps its own draft, caret and undo steps; the other shows its own or none.
    @Test func eachBufferKeepsItsDraft() throws {
        let (chat, host, sent) = try rig()
        let input = chat.screen.input
        host.handle(.textInput("for a"))
        key(host, .left)
        key(host, .left)
        show(chat, "#b")
        #expect(input.text == "")
        host.handle(.textInput("for b"))
        show(chat, "#a")
        #expect(input.text == "for a" && input.state.caret == 3)
        key(host, .character("z"), .ctrl)
        #expect(input.text == "", "a's own typing is undone, not b's")
        key(host, .character("z"), [.ctrl, .shift])
        show(chat, "#b")
        #expect(input.text == "for b" && input.state.caret == 5)
        key(host, .enter)
        #expect(sent.lines == ["PRIVMSG #b :for b"])
        show(chat, "#a")
        #expect(input.text == "for a")
        show(chat, "#b")
        #expect(input.text == "")
    }

    /// A recall in progress waits with its buffer: ↓ there still brings the draft back.
    @Test func aRecallInProgressSurvivesASwitch() throws {
        let (chat, host, _) = try rig()
        let input = chat.screen.input
        host.handle(.textInput("one"))
        key(host, .enter)
        host.handle(.textInput("draft"))
        key(host, .up)
        show(chat, "#b")
        key(host, .up)
        #expect(input.text == "", "#b has no history of its own")
        show(chat, "#a")
        #expect(input.text == "one")
        key(host, .down)
        #expect(input.text == "draft")
    }

    /// A reply is let go when its buffer is left; the draft stays, and so does the restored
    /// text's styling (formatting codes, and misspelt words in the buffer's language).
    @Test func aReplyIsLetGoAndTheRestoredDraftIsStyled() throws {
        let (chat, host, _) = try rig()
        chat.model.deliver(.received(try IRCMessage(parsing: "@msgid=m1 :ada!a@h PRIVMSG #a :hello"), now: SessionTime(0)),
                           network: "Net")
        chat.controller.sync()
        chat.controller.input.spellChecker = SpellCheckTests.WordList(["the", "cat"])
        key(host, .up, .alt)
        #expect(chat.controller.input.replyTarget == "m1")
        chat.screen.input.replaceText("teh \u{02}cat ", caret: 9)
        show(chat, "#b")
        #expect(chat.controller.input.replyTarget == nil && chat.screen.replyBar.isHidden)
        show(chat, "#a")
        #expect(chat.controller.input.replyTarget == nil)
        host.layoutIfNeeded()
        let spans = try #require(chat.screen.input.textLayout?.text.spans)
        #expect(spans.first { $0.text.hasPrefix("teh") }?.attributes.underline == true)
        #expect(spans.first { $0.text.hasPrefix("cat") }?.attributes.font.bold == true)
    }

    /// Restoring a draft is no typing: no `active` goes to either buffer. Leaving a buffer
    /// with text typed pauses our typing there; clearing the restored draft says `done`.
    @Test func typingIsAnnouncedOnlyWhereItHappens() throws {
        let (chat, host, sent) = try rig([":srv CAP * LS :message-tags", ":srv CAP me ACK :message-tags"])
        var t = 0.0
        chat.controller.clock = { SessionTime(t) }
        host.handle(.textInput("hi"))
        #expect(sent.lines == ["@+typing=active TAGMSG #a"])
        t = 10
        show(chat, "#b")
        #expect(sent.lines.last == "@+typing=paused TAGMSG #a")
        t = 11
        host.handle(.textInput("yo"))
        #expect(sent.lines.last == "@+typing=active TAGMSG #b")
        sent.lines.removeAll()
        t = 20
        show(chat, "#a")
        #expect(sent.lines == ["@+typing=paused TAGMSG #b"], "nothing to #a for its draft coming back")
        #expect(chat.screen.input.text == "hi")
        t = 30
        key(host, .character("a"), .ctrl)
        key(host, .backspace)
        #expect(sent.lines == ["@+typing=paused TAGMSG #b", "@+typing=done TAGMSG #a"])
        sent.lines.removeAll()
        t = 40
        show(chat, "#b")
        #expect(sent.lines.isEmpty && chat.screen.input.text == "yo")
        host.handle(.textInput("!"))
        #expect(sent.lines == ["@+typing=active TAGMSG #b"])
    }
}

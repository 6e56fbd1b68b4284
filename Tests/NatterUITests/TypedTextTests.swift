import ChatModel
import IRCProtocol
import IRCSession
import NatterUI
import Testing
import Widgets

/// Typed text never vanishes: where nothing can be said it stays in the input line and the
/// screen says why; while the nick list has the keyboard, typing filters it; opening a query
/// from it, switching buffers or clicking the messages gives the keyboard back to the input.
@MainActor
struct TypedTextTests {
    final class Sent { var lines: [String] = [] }

    func rig() throws -> (ChatStack, WidgetHost, Sent) {
        let chat = ChatStack.headless()
        let sent = Sent()
        chat.model.addNetwork(name: "Net", configuration: SessionConfiguration(nick: "me", user: "me", realName: "me"))
        chat.model.linkRequests = { _, request in
            if case .send(let lines, _) = request { sent.lines += lines.map { $0.serialized() } }
        }
        chat.model.deliver(.connected(now: SessionTime(0)), network: "Net")
        for line in [":srv 001 me :Welcome", ":srv 005 me CHANTYPES=# PREFIX=(ov)@+ :are supported", ":srv 376 me :End", ":me!u@h JOIN #c",
                     ":srv 353 me = #c :me grace greta bob", ":srv 366 me #c :End"] {
            chat.model.deliver(.received(try IRCMessage(parsing: line), now: SessionTime(0)), network: "Net")
        }
        // The link wrote what joining sent (the channel's WHO) before anyone pastes.
        chat.model.linkDrained(network: "Net", interval: .seconds(1), now: SessionTime(0))
        chat.controller.sync()
        let host = WidgetHost(root: chat.screen, size: Size(width: 1000, height: 640), measurer: FixedMeasurer(),
                              clipboard: MemoryClipboard())
        host.focus(chat.screen.input)
        sent.lines.removeAll()
        return (chat, host, sent)
    }

    func type(_ host: WidgetHost, _ text: String) {
        host.handle(.textInput(text))
    }

    @Test func textTypedInMentionsStaysAndTheScreenSaysWhy() throws {
        let (chat, host, sent) = try rig()
        chat.controller.show(.mentions)
        type(host, "hello there")
        host.handle(.keyDown(KeyEvent(.enter)))
        #expect(chat.screen.input.text == "hello there", "the text was discarded")
        #expect(!chat.screen.confirmBar.isHidden)
        #expect(chat.screen.confirmBar.text.string.hasPrefix("Nothing can be sent from here"))
        #expect(sent.lines.isEmpty)
        #expect(chat.model.mentions.lines.isEmpty, "nothing was added to the mentions")
        // Editing takes the notice away; so does another buffer.
        type(host, "!")
        #expect(chat.screen.confirmBar.isHidden)
        host.handle(.keyDown(KeyEvent(.enter)))
        #expect(!chat.screen.confirmBar.isHidden)
        chat.controller.show(chat.model.networks[0].serverBuffer.id)
        #expect(chat.screen.confirmBar.isHidden)
    }

    @Test func aMessageInTheServerBufferIsAnsweredAndKept() throws {
        let (chat, host, sent) = try rig()
        let server = chat.model.networks[0].serverBuffer
        chat.controller.show(server.id)
        type(host, "hello")
        host.handle(.keyDown(KeyEvent(.enter)))
        #expect(chat.screen.input.text == "hello")
        #expect(server.lines.last?.text == "this buffer has no channel or query: use /msg NICK TEXT, or /join #CHANNEL")
        #expect(sent.lines.isEmpty)
        // A command still runs there, and the input empties.
        chat.screen.input.replaceText("/join #d", caret: 8)
        host.handle(.keyDown(KeyEvent(.enter)))
        #expect(chat.screen.input.text == "")
        #expect(sent.lines == ["JOIN #d"])
    }

    /// `/join #x` shows #x once the server confirms the join, as joining from /list does.
    @Test func joiningLandsInTheChannel() throws {
        let (chat, host, sent) = try rig()
        chat.controller.show(chat.model.networks[0].serverBuffer.id)
        chat.screen.input.replaceText("/join #rust", caret: 11)
        host.handle(.keyDown(KeyEvent(.enter)))
        #expect(sent.lines == ["JOIN #rust"])
        #expect(chat.controller.current?.name == "", "not before the server says so")
        chat.model.deliver(.received(try IRCMessage(parsing: ":me!u@h JOIN #rust"), now: SessionTime(1)), network: "Net")
        chat.controller.sync()
        #expect(chat.controller.current?.name == "#rust")
    }

    /// Ctrl+W on a joined channel asks before it parts (Escape keeps it, Enter leaves); a query
    /// with nothing typed closes at once; with readline's keys Ctrl+W deletes a word instead.
    @Test func closingFromTheKeyboardAsksBeforeItParts() throws {
        let (chat, host, sent) = try rig()
        let channel = try #require(chat.model.network("Net")?.buffer(named: "#c"))
        chat.controller.show(channel.id)
        let ctrlW = KeyEvent(.character("w"), modifiers: .ctrl)
        host.handle(.keyDown(ctrlW))
        #expect(!chat.screen.confirmBar.isHidden)
        #expect(chat.screen.confirmBar.text.string.hasPrefix("Leave #c and close it?"))
        #expect(sent.lines.isEmpty && chat.model.buffer(channel.id) != nil)
        host.handle(.keyDown(KeyEvent(.escape)))
        #expect(chat.screen.confirmBar.isHidden && chat.model.buffer(channel.id) != nil)
        host.handle(.keyDown(ctrlW))
        host.handle(.keyDown(KeyEvent(.enter)))
        #expect(sent.lines == ["PART #c"])
        #expect(chat.model.buffer(channel.id) == nil)
        // A query with nothing typed: at once.
        let query = try #require(chat.model.openQuery("bob", network: "Net"))
        chat.controller.show(query.id)
        host.handle(.keyDown(ctrlW))
        #expect(chat.model.buffer(query.id) == nil)
        // Readline's keys: Ctrl+W deletes the word before the caret, and closes nothing.
        var keys = KeyBindings()
        keys.editing = .readline
        chat.controller.keyBindings = keys
        let server = chat.model.networks[0].serverBuffer.id
        chat.controller.show(server)
        host.focus(chat.screen.input)
        chat.screen.input.replaceText("/join #rust", caret: 11)
        host.handle(.keyDown(ctrlW))
        #expect(chat.screen.input.text == "/join ")
        #expect(chat.controller.current == server)
    }

    @Test func theNickListTakesTypingAndGivesTheKeyboardBack() throws {
        let (chat, host, _) = try rig()
        let channel = try #require(chat.model.network("Net")?.buffer(named: "#c"))
        chat.controller.show(channel.id)
        host.layoutIfNeeded()
        // Alt+N gives the nick list the keyboard; typing filters it. The key is released
        // before the typing, as in the window (text before the release is the shortcut's own).
        let altN = KeyEvent(.character("n"), modifiers: [.alt])
        host.handle(.keyDown(altN))
        #expect(host.focusedWidget === chat.screen.nickList)
        host.handle(.keyUp(altN))
        type(host, "gr")
        #expect(chat.screen.nickList.filter == "gr")
        #expect(chat.screen.nickList.shown.map(\.nick) == ["grace", "greta"])
        #expect(chat.screen.input.text == "")
        // A click in the messages gives the keyboard back to the input line.
        let messages = chat.screen.messages.windowFrame
        host.handle(.mouseDown(MouseEvent(position: Point(x: messages.midX, y: messages.midY))))
        host.handle(.mouseUp(MouseEvent(position: Point(x: messages.midX, y: messages.midY))))
        #expect(host.focusedWidget === chat.screen.input)
        type(host, "hi")
        #expect(chat.screen.input.text == "hi")
        // Opening a query from the nick list gives it back too.
        host.focus(chat.screen.nickList)
        chat.screen.nickList.onOpenQuery?("bob")
        #expect(chat.controller.current?.name == "bob")
        #expect(host.focusedWidget === chat.screen.input)
        // So does switching buffers while the nick list has the keyboard.
        chat.controller.show(channel.id)
        host.focus(chat.screen.nickList)
        chat.controller.show(chat.model.networks[0].serverBuffer.id)
        #expect(host.focusedWidget === chat.screen.input)
    }
}

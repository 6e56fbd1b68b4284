import NatterUI
import Testing
import Widgets

/// The keys the screen takes as shortcuts type nothing: the text the same press sends is
/// dropped, whatever the key; a key that hides the nick list while it filters gives the
/// keyboard back to the input line.
extension TypedTextTests {
    /// The nick list hidden (toggle_nick_list) while it has the keyboard gives it to the input
    /// line: typing is not put in a filter no one sees.
    @Test func hidingTheNickListGivesTheKeyboardBack() throws {
        let (chat, host, _) = try rig()
        chat.controller.show(try #require(chat.model.network("Net")?.buffer(named: "#c")).id)
        host.layoutIfNeeded()
        let altN = KeyEvent(.character("n"), modifiers: [.alt])
        host.handle(.keyDown(altN))
        host.handle(.keyUp(altN))   // as the window sends it: the press's text comes before
        type(host, "gr")
        #expect(chat.screen.nickList.filter == "gr")
        host.handle(.keyDown(KeyEvent(.function(8))))
        #expect(chat.screen.nickList.isHidden)
        #expect(host.focusedWidget === chat.screen.input)
        type(host, "hi")
        #expect(chat.screen.input.text == "hi" && chat.screen.nickList.filter == "gr")
    }

    /// In a narrow window, where both panes went: F9 shows the buffer list over the messages and
    /// Escape takes it away; Alt+N shows the nick list over them with the keyboard, typing
    /// filters it, F8 hides it and gives the keyboard back. F9 is no readline key: Alt+B stays
    /// readline's word back.
    @Test func inANarrowWindowTheKeysShowThePanesOverTheMessages() throws {
        let (chat, host, _) = try rig()
        chat.controller.show(try #require(chat.model.network("Net")?.buffer(named: "#c")).id)
        host.handle(.resize(Size(width: 420, height: 640), scale: 1))
        host.layoutIfNeeded()
        let screen = chat.screen
        #expect(screen.sidebar.isHidden && screen.nickList.isHidden)
        host.handle(.keyDown(KeyEvent(.function(9))))
        host.layoutIfNeeded()
        #expect(screen.bufferListPlace == .over && screen.messages.windowFrame.width == 420)
        host.handle(.keyDown(KeyEvent(.escape)))
        #expect(screen.bufferListPlace == .hidden && screen.sidebar.isHidden)
        let altN = KeyEvent(.character("n"), modifiers: [.alt])
        host.handle(.keyDown(altN))
        host.handle(.keyUp(altN))
        host.layoutIfNeeded()
        #expect(screen.nickListPlace == .over && host.focusedWidget === screen.nickList)
        type(host, "gr")
        #expect(screen.nickList.shown.map(\.nick) == ["grace", "greta"])
        host.handle(.keyDown(KeyEvent(.function(8))))
        #expect(screen.nickList.isHidden && host.focusedWidget === screen.input)
        var keys = KeyBindings()
        keys.editing = .readline
        #expect(keys.action(for: KeyEvent(.function(9))) == "toggle_buffer_list")
        #expect(keys.owner(of: KeyEvent(.character("b"), modifiers: [.alt])) == .editing(.wordBack))
    }

    /// No shortcut the screen takes types its key's text, in either keymap (the window's own,
    /// quit and zoom, are WidgetsTests' and TypingWindowTests').
    @Test func noShortcutTypesItsText() throws {
        let screens = KeyBindings().bindings.filter { !["quit", "zoom_in", "zoom_out", "zoom_reset"].contains($0.key) }
        var presses: [(KeyEvent, EditingKeys)] = screens.values.map { ($0, .standard) }
        presses += EditingKeys.readline.bindings.values.map { ($0, .readline) }
        presses += [KeyEvent(.character("b"), modifiers: .ctrl), KeyEvent(.character("1"), modifiers: .alt),
                    KeyEvent(.character("k"), modifiers: [.ctrl, .shift])].map { ($0, .standard) }
        for (press, editing) in presses {
            guard case .character(let c) = press.key else { continue }   // no text of their own
            let (chat, host, _) = try rig()
            var keys = KeyBindings()
            keys.editing = editing
            chat.controller.keyBindings = keys
            chat.controller.show(try #require(chat.model.network("Net")?.buffer(named: "#c")).id)
            host.handle(.keyDown(press))
            type(host, press.modifiers.contains(.shift) ? c.uppercased() : String(c))
            let typed = textFields(in: [host.root] + host.overlayWidgets).map(\.text).filter { $0.contains(c) || $0.contains(c.uppercased()) }
            #expect(typed.isEmpty && chat.screen.nickList.filter.isEmpty, "\(KeyHelp.name(press)) typed its text")
        }
    }

    private func textFields(in widgets: [Widget]) -> [TextField] {
        widgets.flatMap { widget in ((widget as? TextField).map { [$0] } ?? []) + textFields(in: widget.children) }
    }
}

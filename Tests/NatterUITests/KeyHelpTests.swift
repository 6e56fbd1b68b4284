import ChatModel
import IRCProtocol
import IRCSession
import NatterUI
import Testing
import Widgets

/// The keyboard help: every configurable action listed with its key, the user's changes marked.
@MainActor
struct KeyHelpTests {
    @Test func everyActionIsListedOnceWithItsDefaultKey() {
        let entries = KeyHelp.bound(KeyBindings())
        #expect(Set(entries.compactMap(\.action)) == Set(KeyBindings.appActions), "standard editing keys: no commands of their own")
        #expect(entries.count == KeyBindings.appActions.count)
        #expect(entries.allSatisfy { !$0.isChanged })
        #expect(entries.first { $0.action == "next_buffer" }?.keys == "Ctrl+PageDown")
        #expect(entries.first { $0.action == "key_help" }?.keys == "F1")
        #expect(entries.first { $0.action == "zoom_in" }?.keys == "Ctrl+=")
    }

    @Test func theUsersOverridesShowTheirKeyAndAreMarked() {
        var keys = KeyBindings()
        keys.bind("next_buffer", to: KeyEvent(.right, modifiers: [.alt]))
        keys.bind("quick_switcher", to: KeyEvent(.character("p"), modifiers: [.ctrl, .shift]))
        keys.bind("quit", to: KeyEvent(.character("q"), modifiers: [.ctrl]))   // the default, written out
        let entries = KeyHelp.bound(keys)
        let next = entries.first { $0.action == "next_buffer" }
        #expect(next?.keys == "Alt+Right" && next?.isChanged == true)
        let switcher = entries.first { $0.action == "quick_switcher" }
        #expect(switcher?.keys == "Ctrl+Shift+P" && switcher?.isChanged == true)
        #expect(entries.first { $0.action == "quit" }?.isChanged == false)
        #expect(entries.filter(\.isChanged).count == 2)
    }

    /// With readline's editing keys the help lists them too; a key of the user's is marked.
    @Test func readlineEditingKeysAreListed() {
        var keys = KeyBindings()
        keys.editing = .readline
        keys.bind("yank", to: KeyEvent(.character("y"), modifiers: [.ctrl, .alt]))
        let entries = KeyHelp.bound(keys)
        #expect(Set(entries.compactMap(\.action)) == Set(KeyBindings.actions))
        let rubout = entries.first { $0.action == "delete_word_before" }
        #expect(rubout?.keys == "Ctrl+W" && rubout?.isChanged == false)
        #expect(entries.first { $0.action == "yank" }.map { $0.keys == "Ctrl+Alt+Y" && $0.isChanged } == true)
        #expect(keys.editingBindings[.deleteToLineEnd] == KeyEvent(.character("k"), modifiers: .ctrl))
    }

    @Test func keysAreNamedAsTheConfigWritesThem() {
        #expect(KeyHelp.name(KeyEvent(.function(8))) == "F8")
        #expect(KeyHelp.name(KeyEvent(.pageUp, modifiers: [.ctrl, .shift])) == "Ctrl+Shift+PageUp")
        #expect(KeyHelp.name(KeyEvent(.character("k"), modifiers: [.gui, .alt])) == "Alt+Super+K")
        #expect(KeyHelp.name(KeyEvent(.named("Keypad +"), modifiers: [.ctrl])) == "Ctrl+Keypad +")
    }

    @Test func slashKeysIsACommand() throws {
        #expect(try ChatCommandParser.parse("/keys").get() == .keys)
        #expect(ChatCommandParser.commandNames.contains("keys"))
    }

    /// F1 (or the user's key for it) opens the panel over the chat; F1 again or Escape closes it.
    @Test func theBoundKeyOpensAndClosesThePanel() throws {
        let chat = ChatStack.headless()
        chat.model.addNetwork(name: "Net", configuration: SessionConfiguration(nick: "me", user: "me", realName: "me"))
        chat.controller.show(chat.model.networks[0].serverBuffer.id)
        let host = WidgetHost(root: chat.screen, size: Size(width: 1000, height: 640), measurer: FixedMeasurer(),
                              clipboard: MemoryClipboard())
        host.focus(chat.screen.input)
        var keys = KeyBindings()
        keys.bind("key_help", to: KeyEvent(.character("h"), modifiers: [.ctrl, .alt]))
        chat.controller.keyBindings = keys
        host.handle(.keyDown(KeyEvent(.function(1))))
        #expect(chat.controller.overlays.keyHelp?.host == nil, "F1 is no longer the key")
        host.handle(.keyDown(KeyEvent(.character("h"), modifiers: [.ctrl, .alt])))
        let panel = try #require(chat.controller.overlays.keyHelp)
        #expect(panel.host === host && host.focusedWidget === panel)
        #expect(panel.bound.first { $0.action == "key_help" }?.isChanged == true)
        host.handle(.keyDown(KeyEvent(.character("h"), modifiers: [.ctrl, .alt])))
        #expect(panel.host == nil)
        chat.controller.overlays.openKeyHelp()
        #expect(panel.host === host)
        host.handle(.keyDown(KeyEvent(.escape)))
        #expect(panel.host == nil)
    }
}

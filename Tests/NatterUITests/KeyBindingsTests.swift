import NatterUI
import Testing
import Widgets

/// Where an app action and an editing command (or two of either) want the same key, one
/// precedence decides, the same on every run: the user's key over a default, then the input
/// line's editing command, then the declared order. The key help shows the loser as shadowed.
@MainActor
struct KeyBindingsTests {
    let ctrlQ = KeyEvent(.character("q"), modifiers: .ctrl)
    let ctrlW = KeyEvent(.character("w"), modifiers: .ctrl)
    let ctrlK = KeyEvent(.character("k"), modifiers: .ctrl)

    /// `yank = "Ctrl+Q"` takes Ctrl+Q from quit's default (quit fired or not by the order of a
    /// dictionary); `quit = "Ctrl+W"` takes Ctrl+W from readline's default word deletion.
    @Test func theUsersKeyWinsOverADefault() {
        var keys = KeyBindings()
        keys.bind("yank", to: ctrlQ)
        #expect(keys.owner(of: ctrlQ) == .editing(.yank))
        #expect(keys.action(for: ctrlQ) == nil, "quit must not fire: the window asks action(for:) before the input line")
        #expect(keys.editingBindings[.yank] == ctrlQ)
        let quit = KeyHelp.bound(keys).first { $0.action == "quit" }
        #expect(quit?.isShadowed == true && quit?.keys == "Ctrl+Q")
        #expect(quit?.what == "quit (the key is the input line's: put back what was deleted)")

        var readline = KeyBindings()
        readline.editing = .readline
        readline.bind("quit", to: ctrlW)
        #expect(readline.action(for: ctrlW) == "quit")
        #expect(readline.editingBindings[.deleteWordBefore] == nil, "the input line must not take Ctrl+W first")
        let rubout = KeyHelp.bound(readline).first { $0.action == "delete_word_before" }
        #expect(rubout?.isShadowed == true && rubout?.what.hasSuffix("(the key is taken by: quit)") == true)
    }

    /// Readline's keymap takes Ctrl+W and Ctrl+K from the app's defaults, as documented; the
    /// help says what those keys do now, and which fixed keys (Ctrl+U, Ctrl+A) it takes too.
    @Test func readlineShadowsTheAppsDefaultsAndTheHelpSaysSo() {
        var keys = KeyBindings()
        #expect(KeyHelp.bound(keys).allSatisfy { !$0.isShadowed })
        #expect(KeyHelp.fixedEntries(keys).allSatisfy { !$0.isShadowed })
        keys.editing = .readline
        #expect(keys.action(for: ctrlW) == nil && keys.action(for: ctrlK) == nil)
        #expect(keys.shadow(of: "close_buffer") == .editing(.deleteWordBefore))
        let entries = KeyHelp.bound(keys)
        let close = entries.first { $0.action == "close_buffer" }
        #expect(close?.isShadowed == true && close?.keys == "Ctrl+W")
        #expect(close?.what == "close this buffer (the key is the input line's: delete the word before the caret)")
        #expect(entries.first { $0.action == "quick_switcher" }?.isShadowed == true)
        #expect(entries.filter(\.isShadowed).compactMap(\.action) == ["quick_switcher", "close_buffer"])
        let fixed = KeyHelp.fixedEntries(keys)
        #expect(fixed.first { $0.keys == "Ctrl+B  Ctrl+I  Ctrl+U" }?.what
                == "bold, italic, underline (Ctrl+U is the input line's: delete to the start of the line)")
        #expect(fixed.first { $0.keys == "Ctrl+C  Ctrl+V  Ctrl+A" }?.what
                == "copy, paste, select all (Ctrl+A is the input line's: to the start of the line)")
        #expect(fixed.filter(\.isShadowed).count == 2)
    }

    /// Two of the user's on one key: the editing command first, then the declared order; every
    /// key has one owner, whatever order the keys were bound in.
    @Test func everyKeyHasOneOwnerWhateverTheOrder() {
        let ctrlJ = KeyEvent(.character("j"), modifiers: .ctrl)
        let names = ["mentions", "find", "line_start", "yank", "quit"]
        var owners: Set<KeyBindings.Owner?> = []
        for order in [names, names.reversed(), names.shuffled(), names.shuffled()] {
            var keys = KeyBindings()
            keys.editing = .readline
            for name in order { keys.bind(name, to: ctrlJ) }
            // Readline's Ctrl+W lent to yank too: one command per key on the input line.
            keys.bind("yank", to: ctrlW)
            owners.insert(keys.owner(of: ctrlJ))
            #expect(keys.editingBindings[.deleteWordBefore] == nil)
            #expect(keys.editingBindings.filter { $0.value == ctrlW }.map(\.key) == [.yank])
            #expect(keys.editingBindings.filter { $0.value == ctrlJ }.map(\.key) == [.lineStart])
            #expect(keys.action(for: ctrlJ) == nil)
        }
        #expect(owners == [.editing(.lineStart)])
        var apps = KeyBindings()
        apps.bind("mentions", to: ctrlJ)
        apps.bind("find", to: ctrlJ)
        #expect(apps.action(for: ctrlJ) == "find", "the first in KeyBindings.appActions")
    }

    /// The controller gives the input line only the editing keys it owns: with quit on Ctrl+W,
    /// readline's word deletion is not on Ctrl+W in the input line (it would take the key
    /// before the screen); its other keys stay.
    @Test func theInputLineGetsTheKeysItOwns() {
        let chat = ChatStack.headless()
        var keys = KeyBindings()
        keys.editing = .readline
        keys.bind("quit", to: ctrlW)
        chat.controller.keyBindings = keys
        #expect(chat.screen.input.editingBindings[.deleteWordBefore] == nil)
        #expect(chat.screen.input.editingBindings[.deleteToLineEnd] == ctrlK)
    }
}

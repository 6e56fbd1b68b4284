import ChatModel
import IRCSession
@testable import NatterUI
import Testing
import Widgets

/// The settings screen over a test store: opening it, the controls by kind, validation as
/// typed, saving with Enter and by leaving a field, Escape, the keyboard's way round, the
/// networks' list. The goldens (RenderTests, settings-*) draw it over the real store.
@MainActor
struct SettingsScreenTests {
    let chat: ChatStack
    let host: WidgetHost
    let store: TestSettingsStore

    init(size: Size = Size(width: 1000, height: 640)) throws {
        (chat, host, _) = try chatRig([":srv 001 me :Welcome", ":srv 005 me CHANTYPES=# PREFIX=(ov)@+ :are supported",
                                       ":srv 376 me :End", ":me!u@h JOIN #natter", ":me!u@h JOIN #swift"],
                                      size: size, showing: "#natter")
        store = TestSettingsStore(model: chat.model)
        chat.model.settingsStore = store
        chat.controller.onAddNetwork = { [model = chat.model] spec in
            model.addNetwork(name: spec.name, configuration: SessionConfiguration(nick: spec.nick ?? "me", user: "me", realName: "me"))
        }
    }

    var settings: SettingsPresenter { chat.controller.settings }
    var view: SettingsView { settings.view! }
    func row(_ name: String) throws -> SettingRow { try #require(view.rows.first { $0.address.name == name }) }
    func type(_ text: String) { host.handle(.textInput(text)) }
    func press(_ key: Key, _ modifiers: Modifiers = []) {
        host.handle(.keyDown(KeyEvent(key, modifiers: modifiers)))
        host.handle(.keyUp(KeyEvent(key, modifiers: modifiers)))   // a shortcut's own text ends here
        host.layoutIfNeeded()
    }

    @Test func slashSettingsOpensASectionAndEscapeClosesIt() throws {
        chat.controller.submit("/settings input")
        host.layoutIfNeeded()
        #expect(settings.isOpen && view.section == .input)
        #expect(view.rows.map(\.address.name) == ["input.history_size", "input.completion_suffix"])
        #expect(host.focusedWidget === (try row("input.history_size")).field, "the first field takes the keyboard")
        // The panel is centred with a margin, within the window.
        #expect(view.frame == host.windowBounds)
        press(.escape)
        #expect(!settings.isOpen && host.focusedWidget === chat.screen.input)
    }

    @Test func ctrlCommaOpensItAsABindingDoes() throws {
        press(.character(","), [.ctrl])
        #expect(settings.isOpen && view.section == .networks)
        press(.character(","), [.ctrl])
        #expect(!settings.isOpen, "the key that opens it closes it, as F1 does the key help")
        var bindings = KeyBindings()
        bindings.bind("settings", to: KeyEvent(.function(2)))
        chat.controller.keyBindings = bindings
        press(.character(","), [.ctrl])
        #expect(!settings.isOpen, "rebound: Ctrl+, no longer opens it")
        press(.function(2))
        #expect(settings.isOpen)
        press(.character(","), [.ctrl])
        #expect(settings.isOpen, "the old key closes nothing")
        press(.function(2))
        #expect(!settings.isOpen)
    }

    @Test func aRefusedValueSaysWhyAsItIsTypedAndIsNotSaved() throws {
        chat.controller.submit("/settings input")
        let history = try row("input.history_size")
        let field = try #require(history.field)
        #expect(field.text == "500" && history.resetButton.isHidden)
        press(.character("a"), [.ctrl])
        type("20000")
        #expect(history.refusal == "input.history_size is from 0 to 10000")
        press(.enter)
        #expect(store.sets.isEmpty && field.text == "20000", "Enter does not save a refused value, nor drop it")
        press(.escape)
        #expect(settings.isOpen && field.text == "500" && history.refusal == nil, "the first Escape undoes the refused value")
        press(.character("a"), [.ctrl])
        type(" 200")
        #expect(history.refusal == nil)
        press(.enter)
        #expect(store.sets.map(\.1) == [" 200"])
        #expect(field.text == "200", "the field shows the store's answer")
        #expect(!history.resetButton.isHidden && history.refusal == nil)
    }

    @Test func leavingAFieldSavesItAndTabKeepsTheFieldInView() throws {
        let small = try SettingsScreenTests(size: Size(width: 700, height: 340))
        small.chat.controller.submit("/settings input")
        small.host.layoutIfNeeded()
        small.press(.character("a"), [.ctrl])
        small.type("42")
        small.press(.tab)
        #expect(small.store.stored["input.history_size"] == "42", "Tab out of the field saved it")
        let suffix = try small.row("input.completion_suffix")
        #expect(small.host.focusedWidget === suffix.field)
        let area = small.view.scrollArea
        let shown = area.windowFrame, rowFrame = suffix.windowFrame
        #expect(area.maxOffset > 0, "the window is too small for the section: it scrolls")
        #expect(rowFrame.minY >= shown.minY && rowFrame.maxY <= shown.maxY, "the focused row is in view")
        // Leaving with a refused value keeps it unsaved.
        small.press(.character("a"), [.ctrl])
        small.press(.backspace)
        #expect(suffix.refusal == "it cannot be empty")
        small.press(.tab)
        #expect(small.store.stored["input.completion_suffix"] == nil)
    }

    @Test func theWheelScrollsALongSectionAndEscapeDropsAnUnsavedValue() throws {
        let small = try SettingsScreenTests(size: Size(width: 700, height: 340))
        small.chat.controller.submit("/settings input")
        small.host.layoutIfNeeded()
        let area = small.view.scrollArea
        #expect(area.offset == 0 && area.maxOffset > 0)
        let inside = Point(x: area.windowFrame.midX, y: area.windowFrame.midY)
        small.host.handle(.wheel(WheelEvent(position: inside, dy: -1)))
        small.host.layoutIfNeeded()
        #expect(area.offset > 0, "a notch down over the settings scrolls them")
        // A valid value typed and not yet saved: Escape puts the saved one back, as the
        // footnote says, and only the next Escape closes; nothing was saved.
        let suffix = try small.row("input.completion_suffix")
        small.host.focus(suffix.field)
        small.press(.character("a"), [.ctrl])
        small.type("; ")
        small.press(.escape)
        #expect(small.settings.isOpen && suffix.field?.text == ": " && !suffix.isEdited)
        small.press(.escape)
        #expect(!small.settings.isOpen && small.store.stored["input.completion_suffix"] == nil && small.store.sets.isEmpty)
    }

    @Test func closingWithItsKeySavesAValidEdit() throws {
        chat.controller.submit("/settings input")
        press(.character("a"), [.ctrl])
        type("42")
        press(.character(","), [.ctrl])
        #expect(!settings.isOpen && store.stored["input.history_size"] == "42", "closing with the key is done with the field")
        #expect(host.focusedWidget === chat.screen.input)
    }

    @Test func aBoolIsASwitchAndResetPutsTheDefaultBack() throws {
        chat.controller.submit("/settings appearance")
        let joins = try row("theme.show_joins")
        let toggle = try #require(joins.toggle)
        #expect(toggle.isOn && joins.field == nil)
        host.focus(toggle)
        press(.space)
        #expect(store.stored["theme.show_joins"] == "false" && !toggle.isOn && !joins.resetButton.isHidden)
        host.focus(joins.resetButton)
        press(.enter)
        #expect(store.stored["theme.show_joins"] == nil && toggle.isOn && joins.resetButton.isHidden)
        #expect(host.focusedWidget === toggle, "the keyboard goes back to the switch as the button goes")
    }

    /// A step of a choice is no change of its own (a network's SASL mechanism stepped through
    /// would log in again at each word): it is shown, and saved as a field's text is.
    @Test func aChoiceStepsUnsavedAndIsSavedWithEnterOrOnLeaving() throws {
        chat.controller.submit("/settings notifications")
        #expect(view.rows.map(\.address.name) == ["networks.Net.notifications.level", "buffers.Net/#natter.notify",
                                                   "buffers.Net/#swift.notify"])
        let level = try row("buffers.Net/#natter.notify")
        let choice = try #require(level.choice)
        #expect(choice.title == "mentions")
        host.focus(choice)
        press(.space)
        #expect(choice.title == "none" && level.isEdited && store.sets.isEmpty, "a step shows the word and saves nothing")
        let message = try #require(level.children.first?.children.last as? Label)
        #expect(message.isShown && message.text.string.hasPrefix("not saved"))
        press(.space)
        #expect(choice.title == "all" && store.sets.isEmpty)
        press(.left)
        #expect(choice.title == "none")
        choice.onPress?()   // a click
        #expect(choice.title == "all" && store.sets.isEmpty)
        press(.enter)
        #expect(store.sets.map(\.1) == ["all"] && store.stored["buffers.Net/#natter.notify"] == "all")
        #expect(!level.isEdited && settings.isOpen && host.focusedWidget === choice)
        press(.space)
        press(.escape)
        #expect(choice.title == "all" && !level.isEdited && settings.isOpen && store.sets.count == 1, "Escape puts the saved word back")
        press(.right)
        #expect(choice.title == "mentions" && store.sets.count == 1)
        press(.tab)
        #expect(store.stored["buffers.Net/#natter.notify"] == "mentions" && store.sets.count == 2, "leaving the row saves it")
    }

    /// A question over the screen (the app's "Close Libera?") takes the keyboard without a field
    /// saving what it holds, and gives it back to that field, not to the chat input behind.
    @Test func aQuestionOverTheScreenSavesNothingAndGivesTheKeyboardBack() throws {
        chat.controller.submit("/settings input")
        let history = try row("input.history_size")
        press(.character("a"), [.ctrl])
        type("42")
        var answers: [Bool] = []
        chat.controller.overlays.confirm("Close Net?", text: "Net was taken out of the file.", confirmWord: "close Net",
                                         keepWord: "keep it") { answers.append($0) }
        #expect(host.focusedWidget is ConfirmPanel)
        #expect(store.sets.isEmpty && history.field?.text == "42" && history.isEdited, "the question saved nothing")
        press(.escape)
        #expect(answers == [false] && settings.isOpen)
        #expect(host.focusedWidget === history.field, "the keyboard is back on the field")
        press(.enter)
        #expect(store.stored["input.history_size"] == "42" && chat.screen.input.text.isEmpty)
        // The field went meanwhile (another section): the keyboard goes to the screen.
        chat.controller.overlays.confirm("Close Net?", text: "", confirmWord: "close Net", keepWord: "keep it") { answers.append($0) }
        settings.show(.appearance)
        press(.enter)
        #expect(answers == [false, true] && settings.isOpen)
        #expect(host.focusedWidget === (try row("theme.font_size")).field, "the screen's first field, not the chat input")
    }

    @Test func theAddFormKeepsARefusedNetworkAndARemovalIsNoError() throws {
        chat.controller.submit("/settings")
        let list = try #require(settings.networkList)
        let theme = chat.controller.styler.theme
        host.focus(list.nameField)
        type("net")
        host.focus(list.hostField)
        type("irc.example.org")
        press(.enter)
        #expect(list.nameField.text == "net" && list.hostField.text == "irc.example.org", "what was typed stays, to be put right")
        #expect(list.message.text.string.hasPrefix("There is a network named Net already") && list.message.isShown)
        #expect(list.message.text.spans.first?.attributes.foreground == theme.errorText)
        host.focus(list.nameField)
        press(.character("a"), [.ctrl])
        type("Other")
        press(.enter)
        #expect(list.names == ["Net", "Other"] && list.nameField.text.isEmpty && list.hostField.text.isEmpty)
        #expect(list.message.text.string.hasPrefix("Adding Other") && list.message.text.spans.first?.attributes.foreground == theme.dimText)
        // Removed: not listed any more, and its note is no error.
        func removeButton() throws -> Button {
            let line = try #require(list.children.first?.children.first?.children.first { ($0 as? NetworkLine)?.name == "Other" })
            return try #require(line.children.first?.children.last as? Button)
        }
        try removeButton().onPress?()
        let confirmLine = try #require(list.children.first?.children.first?.children.first { ($0 as? NetworkLine)?.name == "Other" })
        try #require(confirmLine.children.first?.children.dropLast().last as? Button).onPress?()
        #expect(list.names == ["Net"] && settings.networkList?.names == ["Net"])
        #expect(list.message.text.string.hasPrefix("Removed Other") && list.message.text.spans.first?.attributes.foreground == theme.dimText)
    }

    @Test func aChangedStoreIsShownWhereTheScreenWasAnEditKept() throws {
        let small = try SettingsScreenTests(size: Size(width: 700, height: 340))
        small.chat.controller.submit("/settings input")
        small.host.layoutIfNeeded()
        // The row with the keyboard, not edited: shown as the store has it now, still focused.
        small.store.stored["input.history_size"] = "42"
        small.settings.settingsChanged()
        let history = try small.row("input.history_size")
        #expect(history.field?.text == "42" && small.host.focusedWidget === history.field)
        // Scrolled down, a row being edited: the place and the edit stay.
        let suffix = try small.row("input.completion_suffix")
        small.host.focus(suffix.field)
        small.view.revealFocus()
        let area = small.view.scrollArea, offset = area.offset
        #expect(offset > 0)
        small.press(.character("a"), [.ctrl])
        small.type(";")
        small.store.stored["input.history_size"] = "43"
        small.settings.settingsChanged()
        #expect(try small.row("input.history_size").field?.text == "43")
        let kept = try small.row("input.completion_suffix")
        #expect(kept === suffix && kept.field?.text == ";" && kept.isEdited && small.host.focusedWidget === kept.field)
        #expect(area.offset == offset && small.view.section == .input && small.store.sets.isEmpty)
        // Closed, nothing to do.
        small.press(.escape)
        small.press(.escape)
        small.settings.settingsChanged()
        #expect(!small.settings.isOpen)
    }

    @Test func theCloseKeyFollowsARebindingMadeWhileOpen() throws {
        press(.character(","), [.ctrl])
        #expect(settings.isOpen)
        var bindings = KeyBindings()
        bindings.bind("settings", to: KeyEvent(.function(2)))
        chat.controller.keyBindings = bindings
        press(.character(","), [.ctrl])
        #expect(settings.isOpen, "the old key closes nothing")
        press(.function(2))
        #expect(!settings.isOpen, "the new one closes it")
    }

    @Test func renamingANetworkMovesItsRowsToTheNewName() throws {
        chat.controller.submit("/settings networks")
        host.focus(try row("networks.Net.name").field)
        press(.character("a"), [.ctrl])
        type("Libera")
        press(.enter)
        #expect(settings.chosenNetwork == "Libera" && settings.networkList?.names == ["Libera"])
        #expect(view.rows.allSatisfy { $0.address.network == "Libera" } && view.rows.count == 4)
        #expect(host.focusedWidget === (try row("networks.Libera.name")).field, "the keyboard stays on the name")
        host.focus(try row("networks.Libera.nick").field)
        press(.character("a"), [.ctrl])
        type("newnick")
        press(.enter)
        #expect(store.stored["networks.Libera.nick"] == "newnick" && store.stored["networks.Net.nick"] == nil)
    }

    @Test func aKeyTakenByAnotherBindingIsRefusedWithTheStoresWords() throws {
        chat.controller.submit("/settings keys")
        let find = try row("keys.find")
        press(.character("a"), [.ctrl])
        type("Ctrl+M")
        #expect(find.refusal == "Ctrl+M is already keys.mentions's key")
        let message = try #require(find.children.first?.children.last as? Label)
        #expect(message.text.string == "Ctrl+M is already keys.mentions's key" && message.isShown)
        #expect(message.text.spans.first?.attributes.foreground == chat.controller.styler.theme.errorText)
    }

    @Test func aSecretIsNeverShown() throws {
        store.stored["networks.Net.sasl.password"] = "hunter2"
        chat.controller.submit("/settings networks")
        let password = try row("networks.Net.sasl.password")
        let field = try #require(password.field)
        #expect(field.text.isEmpty && field.isSecure && field.placeholder.hasPrefix("set"))
        host.focus(field)
        type("s3cret")
        press(.enter)
        #expect(store.stored["networks.Net.sasl.password"] == "s3cret" && field.text.isEmpty)
        // Half typed, then Escape: dropped, never saved; the next Escape closes.
        type("hal")
        press(.escape)
        #expect(field.text.isEmpty && settings.isOpen && store.sets.count == 1)
        press(.escape)
        #expect(!settings.isOpen && store.stored["networks.Net.sasl.password"] == "s3cret" && store.sets.count == 1)
    }

    @Test func networksAreMovedAddedAndRemovedAfterAsking() throws {
        chat.controller.onAddNetwork?(ServerSpec(name: "OFTC", host: "irc.oftc.net", port: 6697, tls: true, nick: nil, channels: [],
                                                 connects: false))
        chat.controller.submit("/settings")
        let list = try #require(settings.networkList)
        #expect(list.names == ["Net", "OFTC"] && list.chosen == "Net")
        #expect(host.focusedWidget === list.chosenButton, "Networks starts on its list: the chosen network's line")
        #expect(view.rows.first?.address.name == "networks.Net.nick")
        // Alt+Down on the line moves the network; the keyboard stays on its line.
        let line = try #require(list.children.first?.children.first?.children.first)
        host.focus(line.children.first?.children.first)
        press(.down, [.alt])
        #expect(store.moves.map(\.1) == [1] && list.names == ["OFTC", "Net"])
        #expect((host.focusedWidget as? Button)?.title == "▸ Net")
        // The form says why its line is refused as it is typed, and adds through /server add.
        host.focus(list.nameField)
        type("hackint")
        #expect(list.message.text.string.hasPrefix("usage: /server") && list.message.isShown)
        host.focus(list.hostField)
        type("irc.hackint.org:6697")
        #expect(list.message.isHidden)
        press(.enter)
        #expect(list.names.contains("hackint") && chat.model.network("hackint") != nil)
        // Remove asks first.
        let netLine = try #require(list.children.first?.children.first?.children.first { ($0 as? NetworkLine)?.name == "OFTC" })
        let remove = try #require(netLine.children.first?.children.last as? Button)
        remove.onPress?()
        #expect(chat.model.network("OFTC") != nil && list.confirming == "OFTC")
        let confirmLine = try #require(list.children.first?.children.first?.children.first { ($0 as? NetworkLine)?.name == "OFTC" })
        let confirm = try #require(confirmLine.children.first?.children.dropLast().last as? Button)
        #expect(confirm.title == "Remove OFTC and its settings")
        confirm.onPress?()
        #expect(chat.model.network("OFTC") == nil && !(settings.networkList?.names.contains("OFTC") ?? true))
    }

    @Test func aThemeChangeMakesTheScreenAgainWhereItWas() throws {
        chat.controller.submit("/settings keys")
        host.focus(try row("keys.mentions").field)
        press(.character("a"), [.ctrl])
        type("Ctrl+F")
        chat.controller.apply(.light)
        host.layoutIfNeeded()
        #expect(settings.isOpen && view.section == .keys)
        let mentions = try row("keys.mentions")
        #expect(host.focusedWidget === mentions.field)
        #expect(mentions.field?.text == "Ctrl+F" && mentions.refusal == "Ctrl+F is already keys.find's key",
                "the refused value is still there to be put right, and says why")
        #expect(store.sets.isEmpty)
        // Another section from the keyboard: its first field takes the keyboard.
        press(.pageDown, [.ctrl])
        #expect(view.section == .other && host.focusedWidget === view.sectionButtons[6], "nothing to set: its tab")
        press(.pageUp, [.ctrl])
        #expect(view.section == .keys && host.focusedWidget === view.sectionButtons[5], "on the tabs, the keyboard stays on them")
        press(.tab)
        #expect(host.focusedWidget === view.sectionButtons[6])
        #expect(view.sectionButtons.first?.textColor == ChatTheme.light.base.text)
    }

    @Test func withoutAStoreTheScreenSaysSo() throws {
        chat.model.settingsStore = nil
        chat.controller.submit("/settings")
        #expect(settings.isOpen && view.rows.isEmpty)
    }
}

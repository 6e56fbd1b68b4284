import Testing
@testable import Widgets

/// A focused field filling a window `width` wide.
@MainActor
private func field(_ text: String = "", width: Double = 400, clipboard: MemoryClipboard = MemoryClipboard()) -> (TextField, WidgetHost) {
    let field = TextField(text: text, font: f10)
    let root = Stack(.vertical, [field])
    let (host, _) = makeHost(root, width: width, height: 100, clipboard: clipboard)
    host.focus(field)
    return (field, host)
}

@MainActor
private func type(_ host: WidgetHost, _ text: String) {
    for c in text { host.handle(.textInput(String(c))) }
}

@Test @MainActor func typingInsertsAtTheCaret() {
    let (f, host) = field()
    type(host, "helo")
    host.handle(.key(.left))
    type(host, "l")
    #expect(f.text == "hello" && f.state.caret == 4)
    host.handle(.key(.end))
    host.handle(.textInput("\tbad\n"))     // control characters are dropped
    #expect(f.text == "hellobad")
}

@Test @MainActor func caretMovesByGraphemeCluster() {
    let (f, host) = field("e\u{301}x🇺🇸👨‍👩‍👧")
    #expect(f.state.characters.count == 4 && f.state.caret == 4)
    host.handle(.key(.left))
    #expect(f.state.caret == 3)              // over the whole ZWJ family
    host.handle(.key(.backspace))
    #expect(f.text == "e\u{301}x👨‍👩‍👧")        // the whole flag
    host.handle(.key(.home))
    host.handle(.key(.delete))
    #expect(f.text == "x👨‍👩‍👧")                 // e + combining acute as one
    host.handle(.key(.end))
    host.handle(.key(.backspace))
    #expect(f.text == "x")
}

@Test @MainActor func combiningMarkTypedAfterALetterJoinsIt() {
    let (f, host) = field()
    type(host, "e")
    host.handle(.textInput("\u{301}"))
    #expect(f.text == "e\u{301}" && f.state.characters.count == 1 && f.state.caret == 1)
}

@Test @MainActor func wordJumpsAndWordDeletion() {
    let (f, host) = field("foo bar.baz qux")
    host.handle(.key(.left, .ctrl))
    #expect(f.state.caret == 12)
    host.handle(.key(.left, .ctrl))
    #expect(f.state.caret == 8)
    host.handle(.key(.left, .ctrl))
    #expect(f.state.caret == 4)
    host.handle(.key(.home))
    host.handle(.key(.right, .ctrl))
    #expect(f.state.caret == 3)
    host.handle(.key(.right, .ctrl))
    #expect(f.state.caret == 7)
    host.handle(.key(.end))
    host.handle(.key(.backspace, .ctrl))
    #expect(f.text == "foo bar.baz ")
    host.handle(.key(.backspace, .ctrl))
    #expect(f.text == "foo bar.")
    host.handle(.key(.home))
    host.handle(.key(.delete, .ctrl))
    #expect(f.text == " bar.")
}

@Test @MainActor func shiftSelectsAndTypingReplacesTheSelection() {
    let (f, host) = field("hello world")
    for _ in 0..<3 { host.handle(.key(.left, .shift)) }
    #expect(f.state.selection == 8..<11 && f.state.selectedText == "rld")
    host.handle(.key(.left, [.shift, .ctrl]))
    #expect(f.state.selectedText == "world")
    host.handle(.key(.left))
    #expect(f.state.caret == 6 && !f.state.hasSelection)    // collapses to the start
    host.handle(.key(.end, .shift))
    type(host, "X")
    #expect(f.text == "hello X")
    host.handle(.key(.home, .shift))
    #expect(f.state.selectedText == "hello X")
}

@Test @MainActor func mouseClickDragDoubleAndTripleClick() {
    let (f, host) = field("hello big world")
    let origin = f.windowFrame.origin
    let y = origin.y + 8
    host.handle(.down(origin.x + 6 + 13, y))            // between "he" and "llo"
    #expect(f.state.caret == 2)
    host.handle(.move(origin.x + 6 + 42, y))            // drag to 7
    host.handle(.up(origin.x + 6 + 42, y))
    #expect(f.state.selection == 2..<7)
    host.handle(.down(origin.x + 6 + 60, y, [.shift]))  // shift-click extends from the anchor
    #expect(f.state.selection == 2..<10)
    host.handle(.up(origin.x + 6 + 60, y))
    host.handle(.down(origin.x + 6 + 45, y, clicks: 2))  // double click on "big"
    #expect(f.state.selectedText == "big")
    host.handle(.up(origin.x + 6 + 45, y))
    host.handle(.down(origin.x + 6 + 45, y, clicks: 3))
    #expect(f.state.selectedText == "hello big world")
}

@Test @MainActor func clipboardShortcuts() {
    let clipboard = MemoryClipboard()
    let (f, host) = field("one two", clipboard: clipboard)
    host.handle(.key(.character("a"), .ctrl))
    host.handle(.key(.character("c"), .ctrl))
    #expect(clipboard.text() == "one two")
    host.handle(.key(.end))
    for _ in 0..<3 { host.handle(.key(.left, .shift)) }
    host.handle(.key(.character("x"), .ctrl))
    #expect(f.text == "one " && clipboard.text() == "two")
    clipboard.setText("a\nb\r\nc")
    host.handle(.key(.character("v"), .ctrl))
    #expect(f.text == "one a b c")
    var taken: String?
    f.onPaste = { taken = $0; return true }
    host.handle(.key(.character("v"), .ctrl))
    #expect(taken == "a\nb\r\nc" && f.text == "one a b c")
}

@Test @MainActor func undoRedoCoalescesTypedRuns() {
    let (f, host) = field()
    type(host, "hello world")
    host.handle(.key(.character("z"), .ctrl))
    #expect(f.text == "hello")
    host.handle(.key(.character("z"), .ctrl))
    #expect(f.text == "")
    host.handle(.key(.character("z"), [.ctrl, .shift]))
    #expect(f.text == "hello")
    host.handle(.key(.character("y"), .ctrl))
    #expect(f.text == "hello world" && f.state.caret == 11)
    host.handle(.key(.character("y"), .ctrl))
    #expect(f.text == "hello world")
    // Backspaces coalesce; moving the caret starts a new step.
    host.handle(.key(.backspace))
    host.handle(.key(.backspace))
    host.handle(.key(.left))
    host.handle(.key(.backspace))
    #expect(f.text == "hello wr")
    host.handle(.key(.character("z"), .ctrl))
    #expect(f.text == "hello wor")
    host.handle(.key(.character("z"), .ctrl))
    #expect(f.text == "hello world")
    // A new edit after undo drops the redo branch. Ctrl+Z is released before the typing, as in
    // the window (text before the release is the shortcut's own).
    host.handle(.keyUp(KeyEvent(.character("z"), modifiers: .ctrl)))
    type(host, "!")
    host.handle(.key(.character("y"), .ctrl))
    #expect(f.text == "hello world!")
    #expect(!f.history.canRedo)
}

/// A snapshot puts back the text, the caret and selection and the undo steps as they were,
/// adding no step of its own; a composition in progress ends.
@Test @MainActor func aSnapshotIsRestoredWithItsCaretAndUndoSteps() {
    let (f, host) = field()
    type(host, "hello world")
    host.handle(.key(.left, .shift))
    let kept = f.snapshot
    #expect(kept.text == "hello world")
    var changes: [String] = []
    f.onChange = { changes.append($0) }
    f.text = "other"
    host.handle(.textEditing(TextComposition(text: "に", cursor: 1)))
    f.restore(kept)
    #expect(f.text == "hello world" && f.state.caret == 10 && f.state.anchor == 11 && f.composition == nil)
    #expect(changes == ["other", "hello world"])
    host.handle(.key(.character("z"), .ctrl))
    #expect(f.text == "hello")
    host.handle(.key(.character("z"), .ctrl))
    #expect(f.text == "" && !f.history.canUndo)
    f.restore(TextField.Snapshot())
    #expect(f.text == "" && !f.history.canUndo && !f.history.canRedo)
}

@Test @MainActor func imeCompositionIsShownInlineUnderlinedThenCommitted() {
    let (f, host) = field("ab")
    host.handle(.key(.left))
    host.handle(.textEditing(TextComposition(text: "にほ", cursor: 2)))
    #expect(f.text == "ab" && f.composition?.text == "にほ")
    #expect(f.displayText.string == "aにほb")
    #expect(f.displayCaret == 3)
    #expect(f.caretRect.minX == 6 + 6 + 20)
    #expect(host.textInputRect == f.caretRect.offsetBy(f.windowFrame.origin))
    host.handle(.key(.backspace))                       // owned by the IME while composing
    #expect(f.text == "ab")
    var list = DrawList()
    host.paintAll(into: &list)
    let composed = list.textDraws.first { $0.text == "にほ" }
    #expect(composed?.underline == true)
    #expect(list.textDraws.filter { $0.text != "にほ" }.allSatisfy { !$0.underline })
    host.handle(.textInput("日本"))
    #expect(f.text == "a日本b" && f.composition == nil && f.state.caret == 3)
    host.handle(.textEditing(TextComposition(text: "x", cursor: 1)))
    host.handle(.textEditing(TextComposition(text: "", cursor: 0)))
    #expect(f.composition == nil && f.displayText.string == "a日本b")
}

@Test @MainActor func scrollsHorizontallyToKeepTheCaretVisible() {
    let (f, host) = field(width: 100)                   // 88 px of text area
    type(host, String(repeating: "x", count: 30))     // 180 px
    #expect(f.scrollX == 93)
    #expect(f.caretRect.maxX <= f.size.width - 6 + 1)
    host.handle(.key(.home))
    #expect(f.scrollX == 0)
    host.handle(.key(.end))
    for _ in 0..<25 { host.handle(.key(.backspace)) }
    #expect(f.scrollX == 0)                            // short text scrolls back
}

@Test @MainActor func enterSubmitsAndTypingDoesNotRelayoutAncestors() {
    let (f, host) = field()
    var submitted: [String] = []
    f.onSubmit = { submitted.append($0) }
    let rootLayouts = host.root.layoutCount
    type(host, "hi")
    host.handle(.key(.enter))
    #expect(submitted == ["hi"])
    #expect(host.root.layoutCount == rootLayouts)
    #expect(host.damage.rects == [f.windowFrame])
    f.onSubmit = nil
    #expect(!f.keyDown(KeyEvent(.enter)))          // goes to the parent without a handler
    f.text = "reset"
    #expect(f.state.caret == 5 && !f.history.canUndo)
}

@Test func editingStateWordBoundaries() {
    var s = TextEditingState("  foo_bar, baz")
    #expect(s.wordStart(before: 14) == 11)
    #expect(s.wordStart(before: 11) == 2)
    #expect(s.wordEnd(after: 0) == 9)
    s.selectWord(at: 4)
    #expect(s.selectedText == "foo_bar")
    s.selectWord(at: 9)
    #expect(s.selectedText == ", ")
}

/// A parent that records the keys its focused child leaves to it.
@MainActor
private final class KeyRecorder: Widget {
    var keys: [KeyEvent] = []
    override func keyDown(_ event: KeyEvent) -> Bool {
        keys.append(event)
        return true
    }
}

@Test @MainActor func ctrlHomeAndCtrlEndAreLeftToTheParent() {
    // The chat screen's message list scrolls to the oldest row / the bottom with them while the
    // input line has focus (SCROLLING.md §2); plain Home/End stay with the field.
    let field = TextField(text: "hello", font: f10)
    let parent = KeyRecorder()
    parent.addChild(field)
    let (host, _) = makeHost(parent)
    host.focus(field)
    host.handle(.key(.home, .ctrl))
    #expect(field.state.caret == 5)
    host.handle(.key(.home))
    #expect(field.state.caret == 0)
    host.handle(.key(.end, .ctrl))
    #expect(field.state.caret == 0)
    host.handle(.key(.end))
    #expect(field.state.caret == 5)
    #expect(parent.keys.map(\.key) == [.home, .end])
    #expect(parent.keys.allSatisfy { $0.modifiers == .ctrl })
}

/// A panel that takes Alt+digit as a shortcut (as the chat screen switches buffers).
@MainActor
private final class ShortcutPanel: Widget {
    var shortcuts: [Character] = []
    override func keyDown(_ event: KeyEvent) -> Bool {
        guard event.modifiers == [.alt], case .character(let c) = event.key, c.isNumber else { return false }
        shortcuts.append(c)
        return true
    }
}

@Test @MainActor func theTextOfAConsumedShortcutIsNotTyped() {
    let field = TextField(text: "", font: f10)
    let panel = ShortcutPanel()
    panel.addChild(field)
    let (host, _) = makeHost(panel, width: 400, height: 100)
    host.focus(field)
    // X11 sends the key and then its text: Alt+3 switches and types nothing.
    host.handle(.key(.character("3"), .alt))
    host.handle(.textInput("3"))
    #expect(panel.shortcuts == ["3"])
    #expect(field.text == "")
    // Plain keys still type, and so does an Alt key no one consumed (AltGr-style text).
    host.handle(.key(.character("a")))
    host.handle(.textInput("a"))
    host.handle(.key(.character("q"), .alt))
    host.handle(.textInput("@"))
    host.handle(.textInput("b"))
    #expect(field.text == "a@b")
    // Nothing after the shortcut key is released is dropped (an IME commit, say).
    host.handle(.key(.character("4"), .alt))
    host.handle(.keyUp(KeyEvent(.character("4"), modifiers: .alt)))
    host.handle(.textInput("日本"))
    #expect(field.text == "a@b日本")
    #expect(panel.shortcuts == ["3", "4"])
}

@Test @MainActor func aMultiLineFieldBreaksLinesGrowsAndMovesBetweenThem() {
    let (f, host) = field()
    f.maxLines = 3
    host.layoutIfNeeded()
    let oneLine = f.size.height
    type(host, "one")
    host.handle(.key(.enter, .shift))
    type(host, "two")
    host.layoutIfNeeded()
    #expect(f.text == "one\ntwo")
    #expect(f.size.height > oneLine)
    let twoLines = f.size.height
    // Up goes to the line above, at about the same x; at the first line it is left to the parent.
    #expect(f.keyDown(KeyEvent(.up)))
    #expect(f.state.caret == 3)
    #expect(!f.keyDown(KeyEvent(.up)))
    #expect(f.keyDown(KeyEvent(.down)))
    #expect(f.state.caret == 7)
    // Alt+↑ and Ctrl+↑ are the parent's (reply, buffers), whatever the lines.
    #expect(!f.keyDown(KeyEvent(.up, modifiers: [.alt])))
    #expect(!f.keyDown(KeyEvent(.up, modifiers: [.ctrl])))
    #expect(f.state.caret == 7)
    // Past maxLines the field stops growing and scrolls.
    for _ in 0..<4 {
        host.handle(.key(.enter, .shift))
        type(host, "more")
    }
    host.layoutIfNeeded()
    #expect(f.size.height > twoLines)
    let full = f.size.height
    host.handle(.key(.enter, .shift))
    host.layoutIfNeeded()
    #expect(f.size.height == full)
    #expect(f.scrollY > 0)
    // Enter alone still submits the whole text.
    var submitted: String?
    f.onSubmit = { submitted = $0 }
    host.handle(.key(.enter))
    #expect(submitted?.hasPrefix("one\ntwo\nmore") == true)
}

@Test @MainActor func aOneLineFieldKeepsShiftEnterForSubmitting() {
    let (f, host) = field("x")
    var submitted: String?
    f.onSubmit = { submitted = $0 }
    host.handle(.key(.enter, .shift))
    #expect(submitted == "x" && f.text == "x")
}

/// A password field shows bullets, one per character, and gives nothing to the clipboard.
@Test @MainActor func aSecureFieldShowsBulletsAndIsNotCopied() {
    let clipboard = MemoryClipboard()
    let (f, host) = field(clipboard: clipboard)
    f.isSecure = true
    type(host, "sécret")
    #expect(f.text == "sécret" && f.displayText.string == "••••••")
    host.handle(.keyDown(KeyEvent(.character("a"), modifiers: [.ctrl])))
    host.handle(.keyDown(KeyEvent(.character("c"), modifiers: [.ctrl])))
    host.handle(.keyDown(KeyEvent(.character("x"), modifiers: [.ctrl])))
    #expect(clipboard.text() == nil)
    #expect(f.text == "sécret", "cut took nothing away either")
}

/// A list that takes the keyboard and no text (as a nick list without a filter would).
@MainActor
private final class FocusableList: Widget {
    override var isFocusable: Bool { true }
}

/// Typed text never vanishes: what the focused widget does not take goes to the text home (the
/// chat's input line), which takes the keyboard with it; a click on what takes no keyboard
/// gives it back to the text home; a Ctrl shortcut's text is not typed either.
@Test @MainActor func typedTextTheFocusDoesNotTakeGoesToTheTextHome() {
    let root = Stack(.vertical, spacing: 0, [])
    let list = FocusableList()
    let field = TextField(text: "", font: f10)
    let label = Box(100, 20)
    root.addChild(label)
    root.addChild(list)
    root.addChild(field)
    let (host, _) = makeHost(root, width: 400, height: 200)
    #expect(host.textHome == nil && !host.wantsTextInput, "no text home: the window sends no text while a list has the keyboard")
    field.isTextHome = true
    #expect(host.textHome === field)
    host.focus(list)
    #expect(host.wantsTextInput, "a text home: the window keeps sending text")
    host.handle(.textInput("hi"))
    #expect(field.text == "hi")
    #expect(host.focusedWidget === field)
    // A click on something that takes no keyboard and gives it back (the messages) gives it
    // back to the text home; a click on anything else leaves the keyboard where it was.
    host.focus(list)
    host.layoutIfNeeded()
    host.handle(.mouseDown(MouseEvent(position: Point(x: 5, y: label.frame.midY))))
    host.handle(.mouseUp(MouseEvent(position: Point(x: 5, y: label.frame.midY))))
    #expect(host.focusedWidget === list)
    label.clickReturnsKeyboard = true
    host.layoutIfNeeded()
    host.handle(.mouseDown(MouseEvent(position: Point(x: 5, y: label.frame.midY))))
    host.handle(.mouseUp(MouseEvent(position: Point(x: 5, y: label.frame.midY))))
    #expect(host.focusedWidget === field)
    // A hidden text home takes nothing.
    field.isHidden = true
    #expect(host.textHome == nil)
}

/// A list that takes the keyboard and typed text (as the nick list's filter does).
@MainActor
private final class FilteringList: Widget {
    var filter = ""
    override var isFocusable: Bool { true }
    override var acceptsTextInput: Bool { true }
    override func textInput(_ text: String) -> Bool {
        filter += text
        return true
    }
}

/// A widget hidden while it has the keyboard gives it to the text home, itself or with a
/// parent: a hidden widget takes no text (the nick list collapsed while filtering kept typing).
@Test @MainActor func hidingTheWidgetWithTheKeyboardGivesItToTheTextHome() {
    let root = Stack(.vertical, spacing: 0, [])
    let panel = Stack(.vertical, spacing: 0, [])
    let list = FilteringList()
    let field = TextField(text: "", font: f10)
    field.isTextHome = true
    panel.addChild(list)
    root.addChild(panel)
    root.addChild(field)
    let (host, _) = makeHost(root, width: 400, height: 200)
    host.focus(list)
    host.handle(.textInput("pe"))
    #expect(list.filter == "pe")
    list.isHidden = true
    #expect(host.focusedWidget === field)
    host.handle(.textInput("hi"))
    #expect(list.filter == "pe" && field.text == "hi")
    // Hidden with its parent: the next event finds the keyboard in a hidden widget and moves it.
    list.isHidden = false
    host.focus(list)
    panel.isHidden = true
    #expect(host.focusedWidget === field, "the list's parent hid it")
    host.focus(list)
    #expect(host.focusedWidget === list)
    host.handle(.textInput("!"))
    #expect(list.filter == "pe" && field.text == "hi!")
    #expect(host.focusedWidget === field)
}

/// The window's zoom keys (Ctrl+=, Ctrl+-, Ctrl+0) are taken before any widget sees them: the
/// text the same press sends must not be typed; nor the text of a Ctrl shortcut a widget took.
@Test @MainActor func theTextOfAKeyTakenBeforeTheWidgetsIsNotTyped() {
    let field = TextField(text: "", font: f10)
    let (host, _) = makeHost(field, width: 400, height: 100)
    host.focus(field)
    for (key, text) in [("=", "="), ("-", "-"), ("0", "0")] {
        let press = KeyEvent(.character(Character(key)), modifiers: .ctrl)
        host.keyTakenAsShortcut(press)
        host.handle(.textInput(text))
    }
    #expect(field.text == "")
    host.handle(.textInput("a"))
    #expect(field.text == "a", "text after the shortcut's own is typed")
}

/// The text a shortcut's press sends is dropped whatever it is: Ctrl+Shift+= (Ctrl++) sends
/// "+", not its key's "=", and the keypad's keys are named; the next key's text is typed.
@Test @MainActor func theTextOfAShortcutIsDroppedWhateverItIs() {
    let field = TextField(text: "", font: f10)
    let (host, _) = makeHost(field, width: 400, height: 100)
    host.focus(field)
    let presses = [(KeyEvent(.character("="), modifiers: [.ctrl, .shift]), "+"),
                   (KeyEvent(.named("Keypad +"), modifiers: .ctrl), "+"),
                   (KeyEvent(.named("Keypad -"), modifiers: .ctrl), "-")]
    for (press, text) in presses {
        host.keyTakenAsShortcut(press)
        host.handle(.textInput(text))
    }
    #expect(field.text == "")
    // A shortcut whose press sent no text drops nothing after its release.
    host.keyTakenAsShortcut(KeyEvent(.character("k"), modifiers: .ctrl))
    host.handle(.keyUp(KeyEvent(.character("k"), modifiers: .ctrl)))
    host.handle(.textInput("+"))
    #expect(field.text == "+")
}

/// Readline's editing keys, when chosen: words and lines deleted and put back, the caret to the
/// line's ends and by words; each deletion undoable. The standard keymap leaves Ctrl+W to the app.
@Test @MainActor func readlineKeysEditTheLine() {
    let field = TextField(text: "", font: f10)
    let (host, _) = makeHost(field, width: 400, height: 100)
    host.focus(field)
    func press(_ c: Character, _ modifiers: Modifiers = .ctrl) -> Bool { field.keyDown(KeyEvent(.character(c), modifiers: modifiers)) }
    field.replaceText("say hello world", caret: 15)
    #expect(!press("w"), "standard keys: Ctrl+W is the app's")
    field.editingBindings = EditingKeys.readline.bindings
    #expect(press("w"))
    #expect(field.text == "say hello ")
    #expect(press("w"))
    #expect(field.text == "say ")
    #expect(press("y"))
    #expect(field.text == "say hello world", "kills in a row add up, as in readline: yank puts back both words")
    field.undo()
    #expect(field.text == "say ")
    field.replaceText("one two three", caret: 7)
    #expect(press("k"))
    #expect(field.text == "one two" && field.state.caret == 7)
    #expect(press("u"))
    #expect(field.text == "" && field.state.caret == 0)
    #expect(press("y"))
    #expect(field.text == "one two three", "a forward kill, then a backward one before it: the line back whole")
    #expect(press("a") && field.state.caret == 0)
    #expect(press("e") && field.state.caret == 13)
    #expect(press("b", .alt) && field.state.caret == 8)
    #expect(press("d", .alt) && field.text == "one two ")
    field.replaceText("path/to-file", caret: 12)
    #expect(field.keyDown(KeyEvent(.backspace, modifiers: .alt)))
    #expect(field.text == "path/to-", "Alt+Backspace stops at punctuation; Ctrl+W would not")
    // A key of the user's own for a command.
    field.editingBindings[.deleteWordBefore] = KeyEvent(.character("w"), modifiers: [.ctrl, .alt])
    #expect(field.keyDown(KeyEvent(.character("w"), modifiers: [.ctrl, .alt])))
    #expect(field.text == "")
}

/// Readline's kill ring entry: kills in a row add up (backward kills before, forward kills
/// after what was killed); anything else in between (a caret move, typing, a yank) starts a
/// new one.
@Test @MainActor func killsInARowAddUpAndAnythingElseStartsAnew() {
    let field = TextField(text: "", font: f10)
    let (host, _) = makeHost(field, width: 400, height: 100)
    host.focus(field)
    field.editingBindings = EditingKeys.readline.bindings
    func press(_ c: Character, _ modifiers: Modifiers = .ctrl) { _ = field.keyDown(KeyEvent(.character(c), modifiers: modifiers)) }
    // Forward kills append: Alt+D twice from the start, then Ctrl+Y.
    field.replaceText("one two three", caret: 0)
    press("d", .alt)
    press("d", .alt)
    #expect(field.text == " three")
    press("y")
    #expect(field.text == "one two three")
    // A caret move between two kills: the second kill is all Ctrl+Y gives back.
    field.replaceText("say hello world", caret: 15)
    press("w")
    press("a")
    press("e")
    press("w")
    #expect(field.text == "say ")
    press("y")
    #expect(field.text == "say hello ", "Ctrl+A and Ctrl+E in between: only the last kill")
    // Typing in between starts anew too; so does the yank itself.
    field.replaceText("a b", caret: 3)
    press("w")
    host.handle(.textInput("c"))
    press("w")
    press("y")
    #expect(field.text == "a c")
    press("w")
    press("y")
    #expect(field.text == "a c", "after a yank, a kill starts a new entry")
}

/// X11's PRIMARY selection: what the mouse selects is offered, and the middle button pastes
/// what was offered (here or anywhere) where the pointer is.
@Test @MainActor func theMouseSelectionIsPrimaryAndTheMiddleButtonPastesIt() {
    let clipboard = MemoryClipboard()
    let (f, host) = field("hello world", clipboard: clipboard)
    let origin = f.convertToWindow(Point(x: 4, y: f.frame.height / 2))
    host.handle(.mouseDown(MouseEvent(position: origin, clickCount: 2)))   // a word
    host.handle(.mouseUp(MouseEvent(position: origin)))
    #expect(clipboard.primaryText() == "hello")
    #expect(clipboard.text() == nil, "the clipboard proper is left alone")
    clipboard.setPrimaryText("big ")
    host.handle(.key(.end))
    let start = f.convertToWindow(Point(x: 1, y: f.frame.height / 2))
    host.handle(.mouseDown(MouseEvent(position: start, button: .middle)))
    host.handle(.mouseUp(MouseEvent(position: start, button: .middle)))
    #expect(f.text == "big hello world")
}

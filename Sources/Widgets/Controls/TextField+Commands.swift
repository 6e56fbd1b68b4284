/// An editing command a key can be bound to, beyond typing and the standard keys (arrows,
/// Home/End, Ctrl+arrows, Backspace, Delete, the clipboard and undo): the readline commands
/// irssi, WeeChat and shells users have in their fingers. Names are those of the `[keys]`
/// table.
public enum EditingCommand: String, CaseIterable, Sendable {
    /// Deletes back to the start of the whitespace-separated word before the caret (readline's
    /// unix-word-rubout, Ctrl+W).
    case deleteWordBefore = "delete_word_before"
    /// Deletes back to the start of the word before the caret, stopping at punctuation too
    /// (Alt+Backspace).
    case deleteWordPartBefore = "delete_word_part_before"
    /// Deletes the word after the caret (Alt+D).
    case deleteWordAfter = "delete_word_after"
    /// Deletes from the start of the line to the caret (Ctrl+U).
    case deleteToLineStart = "delete_to_line_start"
    /// Deletes from the caret to the end of the line (Ctrl+K).
    case deleteToLineEnd = "delete_to_line_end"
    /// Puts back what the last of the commands above deleted, several in a row as one, as
    /// readline does (Ctrl+Y).
    case yank
    /// The caret to the start of the line (Ctrl+A).
    case lineStart = "line_start"
    /// The caret to the end of the line (Ctrl+E).
    case lineEnd = "line_end"
    /// The caret a word back (Alt+B).
    case wordBack = "word_back"
    /// The caret a word on (Alt+F).
    case wordForward = "word_forward"

    /// What the key help says it does.
    public var what: String {
        switch self {
        case .deleteWordBefore: "delete the word before the caret"
        case .deleteWordPartBefore: "delete back to a word boundary"
        case .deleteWordAfter: "delete the word after the caret"
        case .deleteToLineStart: "delete to the start of the line"
        case .deleteToLineEnd: "delete to the end of the line"
        case .yank: "put back what was deleted"
        case .lineStart: "to the start of the line"
        case .lineEnd: "to the end of the line"
        case .wordBack: "a word back"
        case .wordForward: "a word on"
        }
    }
}

/// Which keys edit text: the platform's (`standard`: Ctrl+A selects all, Ctrl+W and Ctrl+U are
/// the app's) or readline's (Ctrl+W, Ctrl+U, Ctrl+K, Ctrl+Y, Ctrl+A, Ctrl+E, Alt+B, Alt+F,
/// Alt+D, Alt+Backspace edit the line, before any app shortcut on the same key).
public enum EditingKeys: String, CaseIterable, Sendable {
    case standard, readline

    /// The editing commands' keys in this keymap.
    public var bindings: [EditingCommand: KeyEvent] {
        switch self {
        case .standard:
            [:]
        case .readline:
            [.deleteWordBefore: KeyEvent(.character("w"), modifiers: .ctrl),
             .deleteWordPartBefore: KeyEvent(.backspace, modifiers: .alt),
             .deleteWordAfter: KeyEvent(.character("d"), modifiers: .alt),
             .deleteToLineStart: KeyEvent(.character("u"), modifiers: .ctrl),
             .deleteToLineEnd: KeyEvent(.character("k"), modifiers: .ctrl),
             .yank: KeyEvent(.character("y"), modifiers: .ctrl),
             .lineStart: KeyEvent(.character("a"), modifiers: .ctrl),
             .lineEnd: KeyEvent(.character("e"), modifiers: .ctrl),
             .wordBack: KeyEvent(.character("b"), modifiers: .alt),
             .wordForward: KeyEvent(.character("f"), modifiers: .alt)]
        }
    }
}

extension TextField {
    /// The bound editing command `event` runs, if any (the first in ``EditingCommand`` order
    /// when two share the key, whatever the dictionary's order).
    func editingCommand(for event: KeyEvent) -> EditingCommand? {
        EditingCommand.allCases.first { command in
            editingBindings[command].map { $0.key == event.key && $0.modifiers == event.modifiers } ?? false
        }
    }

    /// Runs `command` on the text (undoable; what it deletes can be yanked back).
    func run(_ command: EditingCommand) {
        let characters = state.characters, caret = state.caret
        let lineStart = characters[..<caret].lastIndex(of: "\n").map { $0 + 1 } ?? 0
        let lineEnd = characters[caret...].firstIndex(of: "\n") ?? characters.count
        switch command {
        case .deleteWordBefore:
            var start = caret
            while start > lineStart, characters[start - 1].isWhitespace { start -= 1 }
            while start > lineStart, !characters[start - 1].isWhitespace { start -= 1 }
            kill(start..<caret, backward: true)
        case .deleteWordPartBefore: kill(max(state.wordStart(before: caret), lineStart)..<caret, backward: true)
        case .deleteWordAfter: kill(caret..<min(state.wordEnd(after: caret), lineEnd), backward: false)
        case .deleteToLineStart: kill(lineStart..<caret, backward: true)
        case .deleteToLineEnd: kill(caret..<lineEnd, backward: false)
        case .yank:
            if !killed.isEmpty { insert(killed, kind: .other) }
        case .lineStart, .lineEnd, .wordBack, .wordForward:
            var next = state
            let target = switch command {
            case .lineStart: lineStart
            case .lineEnd: lineEnd
            case .wordBack: state.wordStart(before: caret)
            default: state.wordEnd(after: caret)
            }
            next.moveCaret(to: target)
            if next != state { state = next }
            selectionChanged()
        }
    }

    /// Deletes `range`, keeping it for ``EditingCommand/yank``. Kills in a row add up, as in
    /// readline and Emacs: a backward kill's text goes before what was killed, a forward one's
    /// after, so Ctrl+W twice then Ctrl+Y gives both words back in their order. Any other
    /// edit or caret move in between starts anew (``killContinues`` is cleared by both).
    private func kill(_ range: Range<Int>, backward: Bool) {
        guard !range.isEmpty else { return }
        let text = String(state.characters[range])
        let continues = killContinues
        killed = !continues ? text : backward ? text + killed : killed + text
        edit(.other) { state in
            state.moveCaret(to: range.lowerBound)
            state.moveCaret(to: range.upperBound, extending: true)
            state.replaceSelection(with: "")
        }
        killContinues = true
    }
}

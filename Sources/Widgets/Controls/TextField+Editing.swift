extension TextField {
    /// What the field holds, to be put back later as it was: the text, the caret and the
    /// selection, and the undo history (the chat's input line keeps one for each conversation).
    public struct Snapshot: Hashable, Sendable {
        var state = TextEditingState()
        var history = UndoHistory()

        /// An empty field with nothing to undo.
        public init() {}

        init(state: TextEditingState, history: UndoHistory) {
            self.state = state
            self.history = history
        }

        /// The text held.
        public var text: String { state.text }
    }

    /// What the field holds now.
    public var snapshot: Snapshot { Snapshot(state: state, history: history) }

    /// Puts back what a ``snapshot`` held: its text, caret, selection and undo history, with no
    /// undo step of its own (an input method's composition in progress ends). What the field
    /// holds already is no change: the caret blinks on undisturbed.
    public func restore(_ snapshot: Snapshot) {
        guard snapshot != self.snapshot || composition != nil else { return }
        state = snapshot.state
        history = snapshot.history
        history.breakCoalescing()
        composition = nil
        contentChanged()
    }

    /// Applies an edit of `kind`, recording the state before it for undo.
    func edit(_ kind: UndoHistory.EditKind, inserted: String = "", _ change: (inout TextEditingState) -> Void) {
        let before = state
        var after = state
        change(&after)
        guard after.characters != before.characters else {
            if after != before { state = after; selectionChanged() }
            return
        }
        history.record(before, kind: kind, inserted: inserted)
        state = after
        contentChanged()
    }

    /// Inserts `string` in place of the selection.
    func insert(_ string: String, kind: UndoHistory.EditKind) {
        edit(kind, inserted: string) { $0.replaceSelection(with: string) }
    }

    /// Inserts `string` at the caret, in place of the selection, as one undoable edit (an
    /// uploaded file's address).
    public func insertAtCaret(_ string: String) {
        insert(string, kind: .other)
    }

    /// Undoes the last step.
    public func undo() {
        guard let previous = history.undo(from: state) else { return }
        state = previous
        contentChanged()
    }

    /// Redoes the last undone step.
    public func redo() {
        guard let next = history.redo(from: state) else { return }
        state = next
        contentChanged()
    }

    /// Copies the selection to the host's clipboard.
    public func copy() {
        guard state.hasSelection else { return }
        host?.clipboard.setText(state.selectedText)
    }

    /// Cuts the selection to the host's clipboard.
    public func cut() {
        guard state.hasSelection else { return }
        copy()
        edit(.other) { $0.replaceSelection(with: "") }
    }

    /// Pastes the host's clipboard text (or, with `primary`, the PRIMARY selection: the
    /// middle button's paste).
    public func paste(primary: Bool = false) {
        guard let clipboard = host?.clipboard, let text = primary ? clipboard.primaryText() : clipboard.text(),
              !text.isEmpty else { return }
        if let onPaste, onPaste(text) { return }
        let flattened = isMultiline ? text.replacing("\r\n", with: "\n").replacing("\r", with: "\n")
            : text.replacing("\r\n", with: " ").replacing("\n", with: " ").replacing("\r", with: " ")
        insert(flattened, kind: .other)
    }

    /// The editing key bindings. Returns `false` for keys the field does not use.
    func handleKey(_ event: KeyEvent) -> Bool {
        let mods = event.modifiers
        let ctrl = mods.contains(.ctrl)
        let shift = mods.contains(.shift)
        if composition != nil {
            // The input method owns these keys while composing.
            switch event.key {
            case .backspace, .delete, .left, .right, .home, .end, .enter, .escape: return true
            default: break
            }
        }
        if let command = editingCommand(for: event) {
            run(command)
            return true
        }
        switch event.key {
        case .left, .right:
            var next = state
            next.move(left: event.key == .left, byWord: ctrl, extending: shift)
            applyMove(next)
        case .home where !ctrl, .end where !ctrl:
            var next = state
            next.moveCaret(to: event.key == .home ? 0 : state.characters.count, extending: shift)
            applyMove(next)
        case .backspace:
            edit(ctrl ? .other : .deleteBackward) { $0.deleteBackward(byWord: ctrl) }
        case .delete:
            edit(ctrl ? .other : .deleteForward) { $0.deleteForward(byWord: ctrl) }
        case .enter where shift && isMultiline:
            insert("\n", kind: .other)
        case .up where isMultiline && !ctrl && !mods.contains(.alt), .down where isMultiline && !ctrl && !mods.contains(.alt):
            // Between the lines of a multi-line text; at its first or last line the key is
            // left to the parent (the input line's history).
            guard let textLayout, let measurer = host?.measurer else { return false }
            let line = textLayout.lineIndex(for: displayCaret)
            let target = event.key == .up ? line - 1 : line + 1
            guard textLayout.lines.indices.contains(target) else { return false }
            let caret = textLayout.caretRect(at: displayCaret, measurer: measurer)
            let row = textLayout.lines[target]
            var next = state
            next.moveCaret(to: min(textLayout.index(at: Point(x: caret.minX, y: row.y + row.height / 2), measurer: measurer),
                                   state.characters.count), extending: shift)
            applyMove(next)
        case .enter:
            guard let onSubmit else { return false }
            onSubmit(state.text)
        case .character(let c) where ctrl && !mods.contains(.alt):
            switch (c, shift) {
            case ("a", false):
                var next = state
                next.selectAll()
                applyMove(next)
            case ("c", false):
                // Nothing selected here: leave Ctrl+C to the parent (the message list copies
                // its own selection).
                guard state.hasSelection, !isSecure else { return isSecure }
                copy()
            case ("x", false) where !isSecure: cut()
            case ("x", false): return true   // a password is not put on the clipboard
            case ("v", false): paste()
            case ("z", false): undo()
            case ("z", true), ("y", false): redo()
            default: return false
            }
        default:
            return false
        }
        return true
    }

    private func applyMove(_ next: TextEditingState) {
        if next != state {
            state = next
        }
        selectionChanged()
    }
}

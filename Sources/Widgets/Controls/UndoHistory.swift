/// Undo and redo for a ``TextEditingState``, with coalescing: consecutive typed characters
/// form one undo step until a space follows a word, the caret moves, or another kind of edit
/// happens; consecutive deletions in the same direction coalesce the same way.
public struct UndoHistory: Hashable, Sendable {
    /// What an edit did, for coalescing.
    public enum EditKind: Hashable, Sendable {
        /// A typed character (or IME commit) at the caret.
        case typing
        /// Backspace.
        case deleteBackward
        /// Delete.
        case deleteForward
        /// Anything that always makes its own step (paste, cut, word deletion).
        case other
    }

    private var undoStack: [TextEditingState] = []
    private var redoStack: [TextEditingState] = []
    private var openKind: EditKind?
    /// Maximum number of undo steps kept.
    public var limit = 200

    /// Creates an empty history.
    public init() {}

    /// Whether there is something to undo.
    public var canUndo: Bool { !undoStack.isEmpty }
    /// Whether there is something to redo.
    public var canRedo: Bool { !redoStack.isEmpty }
    /// Number of undo steps.
    public var undoCount: Int { undoStack.count }

    /// Records `state` (the state *before* an edit of `kind`) unless the edit continues the
    /// open step. `inserted` is the typed text, used to break steps at word boundaries.
    public mutating func record(_ state: TextEditingState, kind: EditKind, inserted: String = "") {
        redoStack.removeAll()
        let startsWord = kind == .typing && inserted.first.map { $0 == " " } == true
            && state.caret > 0 && state.characters[state.caret - 1] != " "
        if kind != .other && kind == openKind && !state.hasSelection && !startsWord {
            return
        }
        undoStack.append(state)
        if undoStack.count > limit { undoStack.removeFirst() }
        openKind = kind == .other ? nil : kind
    }

    /// Closes the open step (after caret movement), so the next edit starts a new one.
    public mutating func breakCoalescing() { openKind = nil }

    /// Returns the state to restore for an undo, given the current one.
    public mutating func undo(from current: TextEditingState) -> TextEditingState? {
        guard let previous = undoStack.popLast() else { return nil }
        redoStack.append(current)
        openKind = nil
        return previous
    }

    /// Returns the state to restore for a redo, given the current one.
    public mutating func redo(from current: TextEditingState) -> TextEditingState? {
        guard let next = redoStack.popLast() else { return nil }
        undoStack.append(current)
        openKind = nil
        return next
    }

    /// Forgets everything (after the text is replaced programmatically).
    public mutating func removeAll() {
        undoStack.removeAll()
        redoStack.removeAll()
        openKind = nil
    }
}

import ChatModel
import Widgets

/// Each buffer's draft, and the history of what was sent there (↑/↓). One input line serves
/// every buffer: what is typed in one waits there while another is shown (its caret, selection
/// and undo steps too), and comes back when it is shown again. ↑ from a draft keeps it as the
/// newest entry, so ↓ past the newest sent line brings it back as it was; each recall is one
/// undoable step (Ctrl+Z brings back what was there before it).
extension InputPresenter {
    /// Where ↑/↓ are in a buffer's history: the entry shown, and the draft ↓ comes back to.
    struct HistoryRecall {
        var index: Int
        var draft: String
    }

    /// A hidden buffer's input: the field as it was, where ↑/↓ were in its history, and
    /// whether our typing there was announced (and left paused).
    struct Draft {
        var field: TextField.Snapshot
        var recall: HistoryRecall?
        var typingPaused = false
    }

    /// ↑ (`older`) and ↓: what was sent in this buffer; past the newest, ↓ gives back the draft
    /// that was there before the first ↑ (with nothing recalled, ↓ changes nothing).
    func recallHistory(older: Bool) -> Bool {
        guard let current = chat.current else { return false }
        let past = history.lines(in: current)
        guard !past.isEmpty else { return false }
        if older {
            let index = max(0, min(recall?.index ?? past.count, past.count) - 1)
            let draft = recall?.draft ?? screen.input.text
            showRecalled(past[index])
            recall = HistoryRecall(index: index, draft: draft)
        } else if let shown = recall {
            if shown.index + 1 < past.count {
                showRecalled(past[shown.index + 1])
                recall = HistoryRecall(index: shown.index + 1, draft: shown.draft)
            } else {
                showRecalled(shown.draft)
                recall = nil
            }
        }
        return true
    }

    /// Puts `text` in the input, caret at its end, as one undoable step.
    private func showRecalled(_ text: String) {
        recalling = true
        defer { recalling = false }
        screen.input.replaceText(text, caret: text.count)
    }

    /// The input changed: unless by ↑/↓, what it holds is the draft now, and recall starts again
    /// from the newest line (an edited or undone recall is not lost to the next ↑).
    func inputEdited() {
        if !recalling { recall = nil }
    }

    /// Buffer `id` is being left: its draft is kept, and the input emptied for the next one.
    /// Typing announced there pauses (the text stays, no one types it), once.
    func keepDraft(of id: BufferID) {
        let input = screen.input
        var paused = false
        if typingTarget == id, !input.text.isEmpty {
            if !typingPaused, let buffer = model.buffer(id) {
                chat.perform(.sendTyping(target: buffer.name, state: .paused), network: id.network)
            }
            paused = true
        }
        if typingTarget == id { typingTarget = nil }
        let field = input.snapshot
        drafts[id] = field.text.isEmpty && recall == nil && !input.history.canUndo
            ? nil : Draft(field: field, recall: recall, typingPaused: paused)
        recall = nil
        quietly { input.restore(TextField.Snapshot()) }
    }

    /// Buffer `id` is shown: its draft comes back. Text still in the input belongs to a buffer
    /// that went without being left (closed, or gone with its network), or was typed before any
    /// buffer was shown: it stays, after the draft, on a line of its own (typed text never
    /// vanishes).
    func restoreDraft(of id: BufferID) {
        let input = screen.input
        let carried = input.text
        let draft = drafts.removeValue(forKey: id)
        // Others see us paused there: clearing the draft says `done`, typing says `active`.
        typingTarget = draft?.typingPaused == true ? id : nil
        typingPaused = typingTarget != nil
        typingLastEdit = typingTarget != nil ? chat.clock().monotonic : nil
        quietly {
            input.restore(draft?.field ?? TextField.Snapshot())
            if !carried.isEmpty {
                let text = Self.joined(input.text, [carried])
                input.replaceText(text, caret: text.count)
            }
        }
        recall = carried.isEmpty ? draft?.recall : nil
    }

    /// Changes the input without announcing typing: a draft put back or away is no typing.
    private func quietly(_ change: () -> Void) {
        let announces = sendsTyping
        sendsTyping = false
        defer { sendsTyping = announces }
        change()
    }
}

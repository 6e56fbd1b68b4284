import ChatModel
import FoundationEssentials

/// The Mentions view from the keyboard: with the input line empty, ↑ and ↓ choose a mention
/// (from the newest up), the list shows it on the selection colour with its jump to a row,
/// Enter opens its buffer at that message, and Escape lets go of it. A click opens one too
/// (`BufferRows.onActivateLine`).
extension FindPresenter {
    /// Whether ↑ and ↓ choose mentions rather than recall what was typed.
    var choosesMentions: Bool { chat.current == .mentions && screen.input.text.isEmpty }

    /// Chooses the mention older or newer than the chosen one (the newest when none is); past
    /// the newest, none is chosen and the list returns to the bottom.
    func chooseMention(older: Bool) -> Bool {
        let lines = model.mentions.scrollback.lines.filter { model.mentionSource(of: $0.id) != nil }
        guard !lines.isEmpty else { return true }
        let position = chosenMention.flatMap { id in lines.firstIndex { $0.id == id } }
        let next: Int? = switch (position, older) {
        case (nil, true): lines.count - 1
        case (nil, false): nil
        case (let p?, true): max(p - 1, 0)
        case (let p?, false): p + 1 < lines.count ? p + 1 : nil
        }
        if next == nil && position != nil { screen.messages.jumpToBottom() }
        return chooseMention(next.map { lines[$0].id })
    }

    /// Chooses the mention with line id `id` (nil: none) and shows it.
    @discardableResult
    func chooseMention(_ id: String?) -> Bool {
        chosenMention = id
        guard let rows = chat.buffers.rows(of: .mentions) else { return true }
        rows.chosenLineID = id
        screen.messages.invalidateRowContent()
        if let id, let rowID = rows.rowID(ofLineID: id) { screen.messages.reveal(rowID: rowID) }
        return true
    }

    /// Opens the chosen mention's buffer at its message; false when none is chosen.
    func openChosenMention() -> Bool {
        guard chat.current == .mentions, let id = chosenMention, let source = model.mentionSource(of: id) else { return false }
        chooseMention(nil)
        chat.reveal(lineID: source.lineID, in: source.buffer)
        return true
    }
}

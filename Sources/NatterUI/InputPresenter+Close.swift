import ChatModel
import Widgets

/// Closing a buffer from the keyboard (`close_buffer`, Ctrl+W): leaving a joined channel is a
/// part everyone sees, and text in the input would go elsewhere, so both ask first above the
/// input line (Enter closes, Escape keeps it). A buffer the model will not close (the server
/// buffer) is not asked about: the buffer says why, and Enter still sends what was typed.
/// Readline users get Ctrl+W as word deletion (`[keys] editing = "readline"`) and close with
/// the key they bind.
extension InputPresenter {
    /// Closes `buffer`, asking first when it parts a channel or text is typed.
    func requestClose(_ buffer: ChatBuffer) {
        // A paste waiting for its question is this buffer's: into the input with it, so that
        // Enter answers the close question and nothing goes to the next buffer unasked.
        setPasteAside()
        if let refusal = model.closeRefusal(of: buffer.id) {
            cancelClose()
            model.note(refusal, in: buffer.id, isError: true, at: chat.clock().wall)
            chat.sync()
            return
        }
        let parts = buffer.kind == .channel && buffer.isJoined
        let typed = !screen.input.text.isEmpty
        guard parts || typed else { return chat.buffers.close(buffer) }
        pendingClose = buffer.id
        var question = parts ? "Leave \(buffer.name) and close it?" : "Close \(buffer.name)?"
        if typed { question += " (what you typed stays in the input)" }
        let theme = chat.styler.theme
        screen.confirmBar.text = StyledText(question + " Enter closes it, Escape keeps it.",
                                            attributes: TextAttributes(font: theme.messageFont, foreground: theme.base.text))
        screen.confirmBar.isHidden = false
        noticeShown = false
    }

    /// Enter: closes the buffer asked about.
    func confirmClose() {
        guard let id = pendingClose else { return }
        cancelClose()
        if let buffer = model.buffer(id) { chat.buffers.close(buffer) }
    }

    /// Escape, or another buffer shown: the buffer stays.
    @discardableResult
    func cancelClose() -> Bool {
        guard pendingClose != nil else { return false }
        pendingClose = nil
        screen.confirmBar.isHidden = true
        return true
    }
}

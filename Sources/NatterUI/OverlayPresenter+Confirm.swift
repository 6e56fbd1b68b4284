import Widgets

/// A question put to the user over the chat (``ConfirmPanel``), one at a time.
extension OverlayPresenter {
    /// Asks `title` (explained by `text`); `answer` gets true for Enter, false for Escape or a
    /// click outside. The input line has the keyboard again afterwards.
    public func confirm(_ title: String, text: String, confirmWord: String, keepWord: String,
                        answer: @escaping (Bool) -> Void) {
        guard let host = screen.host else { return answer(false) }
        let panel = ConfirmPanel(theme: chat.styler.theme, title: title, text: text, confirmWord: confirmWord, keepWord: keepWord)
        panel.onAnswer = { [weak self] yes in
            if let self { self.screen.host?.focus(self.screen.input) }
            answer(yes)
        }
        panel.show(in: host)
    }
}

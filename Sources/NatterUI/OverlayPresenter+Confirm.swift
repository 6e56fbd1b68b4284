import Widgets

/// A question put to the user over the chat (``ConfirmPanel``), one at a time.
extension OverlayPresenter {
    /// Asks `title` (explained by `text`); `answer` gets true for Enter, false for Escape or a
    /// click outside. The keyboard goes back to what had it before the question (a settings
    /// field, the input line), else, when that went meanwhile, to the settings screen while it
    /// is open (never to the chat input hidden behind it), else to the input line.
    public func confirm(_ title: String, text: String, confirmWord: String, keepWord: String,
                        answer: @escaping (Bool) -> Void) {
        guard let host = screen.host else { return answer(false) }
        let panel = ConfirmPanel(theme: chat.styler.theme, title: title, text: text, confirmWord: confirmWord, keepWord: keepWord)
        panel.onAnswer = { [weak self, weak before = host.focusedWidget] yes in
            if let self, let host = self.screen.host {
                if let before, before.host === host, before.isShown, !(before is ConfirmPanel) {
                    host.focus(before)
                } else if self.chat.settings.isOpen {
                    self.chat.settings.focusFirst()
                } else {
                    host.focus(self.screen.input)
                }
            }
            answer(yes)
        }
        panel.show(in: host)
    }
}

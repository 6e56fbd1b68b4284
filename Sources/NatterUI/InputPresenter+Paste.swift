import ChatModel
import FoundationEssentials
import IRCSession
import Widgets

/// Pasting several lines: where the server takes multiline messages, the paste waits above the
/// input to go as one message; elsewhere up to three lines go as typed and more wait for a
/// confirmation, then go line by line.
extension InputPresenter {
    /// A paste with line breaks: up to three lines are sent as typed; more wait for a
    /// confirmation above the input line. Returns whether the paste was taken over.
    public func paste(_ text: String) -> Bool {
        let lines = text.replacing("\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: true)
            .map(String.init)
        guard lines.count > 1, let current = chat.current else { return false }
        if let network = model.network(current.network), network.canSendMultiline, let buffer = model.buffer(current),
           buffer.kind == .channel || buffer.kind == .query {
            // The server takes several lines as one message: offer that, blank lines (paragraph
            // breaks, code) kept inside it.
            pendingPaste = text.replacing("\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false)
                .map(String.init)
            pasteAsOne = true
            screen.confirmBar.text = StyledText("Send these \(lines.count) lines as one message to \(buffer.name)? Enter sends it, Escape cancels.",
                                                attributes: TextAttributes(font: chat.styler.theme.messageFont, foreground: chat.styler.theme.base.text))
            screen.confirmBar.isHidden = false
            noticeShown = false
            return true
        }
        if lines.count <= 3 {
            let typed = screen.input.text
            submit((typed.isEmpty ? "" : typed) + lines.joined(separator: "\n"))
            return true
        }
        pendingPaste = lines
        let target = model.buffer(current)?.name ?? "this buffer"
        screen.confirmBar.text = StyledText("Send these \(lines.count) lines to \(target)? Enter sends them, Escape cancels.",
                                            attributes: TextAttributes(font: chat.styler.theme.messageFont, foreground: chat.styler.theme.base.text))
        screen.confirmBar.isHidden = false
        noticeShown = false
        return true
    }

    /// Sends the confirmed paste: as one multiline message when offered so, else line by line
    /// in order.
    public func confirmPaste() {
        guard let lines = pendingPaste else { return }
        let asOne = pasteAsOne
        cancelPaste()
        if asOne, let current = chat.current, let buffer = model.buffer(current) {
            let typed = screen.input.text
            let parent = replyingTo
            cancelReply()
            // Forgotten first: clearing the input must not announce `done` before the message.
            typingTarget = nil
            screen.input.text = ""
            let text = (typed.isEmpty ? "" : typed + "\n") + lines.joined(separator: "\n")
            chat.perform(.sendMultiline(target: buffer.name, text: text, replyTo: parent), network: current.network)
            if !buffer.showsNewest { screen.messages.jumpToBottom() }
            chat.sync()
            return
        }
        guard let current = chat.current else { return }
        if let refusal = Commands(model: model).refusal(of: .say(""), in: current) {
            // Nothing can be said here: the lines wait in the input, after what was typed.
            let typed = screen.input.text
            let text = (typed.isEmpty ? "" : typed + "\n") + lines.joined(separator: "\n")
            screen.input.replaceText(text, caret: text.count)
            if model.network(current.network) != nil {
                model.note(refusal, in: current, isError: true, at: chat.clock().wall)
            } else {
                showNotice(refusal)
            }
            chat.sync()
            return
        }
        // Line by line at the link's pace; what is typed meanwhile goes first (the draft in
        // the input stays where it is).
        model.queuePaste(lines, in: current, now: chat.clock())
        if model.buffer(current)?.showsNewest == false { screen.messages.jumpToBottom() }
        chat.sync()
    }

    /// Drops the pending paste (it is still on the clipboard).
    func cancelPaste() {
        pendingPaste = nil
        pasteAsOne = false
        screen.confirmBar.isHidden = true
    }
}

import ChatModel
import FoundationEssentials
import IRCSession
import Widgets

/// Pasting several lines: where the server takes multiline messages, the paste waits above the
/// input to go as one message; elsewhere up to three lines go as typed and more wait for a
/// confirmation, then go line by line. What was typed before goes first, as a line of its own;
/// a paste refused where nothing can be said stays in the input with it, and one left
/// unanswered (its buffer hidden or closed) goes into the input: nothing is lost, and nothing
/// goes to another buffer than the one asked about.
extension InputPresenter {
    /// A paste with line breaks: up to three lines are sent as typed; more wait for a
    /// confirmation above the input line. Returns whether the paste was taken over.
    public func paste(_ text: String) -> Bool {
        // A file's path, where the network has a file host, is uploaded rather than typed.
        if pasteUpload(text) { return true }
        let lines = text.replacing("\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: true)
            .map(String.init)
        guard lines.count > 1, let current = chat.current else { return false }
        // One question at a time: Enter must answer the one on screen. A paste still waiting
        // goes into the input, before this one.
        cancelClose()
        setPasteAside()
        if let network = model.network(current.network), network.canSendMultiline, let buffer = model.buffer(current),
           buffer.kind == .channel || buffer.kind == .query {
            // The server takes several lines as one message: offer that, blank lines (paragraph
            // breaks, code) kept inside it.
            pendingPaste = text.replacing("\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false)
                .map(String.init)
            pasteAsOne = true
            pasteBuffer = current
            screen.confirmBar.text = StyledText("Send these \(lines.count) lines as one message to \(buffer.name)? Enter sends it, Escape cancels.",
                                                attributes: TextAttributes(font: chat.styler.theme.messageFont, foreground: chat.styler.theme.base.text))
            screen.confirmBar.isHidden = false
            noticeShown = false
            return true
        }
        if lines.count <= 3 {
            submit(Self.joined(screen.input.text, lines))
            return true
        }
        pendingPaste = lines
        pasteBuffer = current
        let target = model.buffer(current)?.name ?? "this buffer"
        screen.confirmBar.text = StyledText("Send these \(lines.count) lines to \(target)? Enter sends them, Escape cancels.",
                                            attributes: TextAttributes(font: chat.styler.theme.messageFont, foreground: chat.styler.theme.base.text))
        screen.confirmBar.isHidden = false
        noticeShown = false
        return true
    }

    /// Sends the confirmed paste: as one multiline message when offered so, else line by line
    /// in order. Only while its question shows, in the buffer it was asked in.
    public func confirmPaste() {
        guard pasteIsAsked, let lines = pendingPaste else { return }
        let asOne = pasteAsOne
        cancelPaste()
        if asOne, let current = chat.current, let buffer = model.buffer(current) {
            let typed = screen.input.text
            let parent = replyingTo
            cancelReply()
            // Forgotten first: clearing the input must not announce `done` before the message.
            typingTarget = nil
            screen.input.text = ""
            let text = Self.joined(typed, lines)
            chat.perform(.sendMultiline(target: buffer.name, text: text, replyTo: parent), network: current.network)
            if !buffer.showsNewest { screen.messages.jumpToBottom() }
            chat.sync()
            return
        }
        guard let current = chat.current else { return }
        let typed = screen.input.text
        if let refusal = Commands(model: model).refusal(of: .say(""), in: current) {
            // Nothing can be said here: the lines wait in the input, after what was typed.
            let text = Self.joined(typed, lines)
            screen.input.replaceText(text, caret: text.count)
            if model.network(current.network) != nil {
                model.note(refusal, in: current, isError: true, at: chat.clock().wall)
            } else {
                showNotice(refusal)
            }
            chat.sync()
            return
        }
        // Line by line at the link's pace, what was typed before as the first line; what is
        // typed from now on goes before the rest.
        typingTarget = nil
        screen.input.text = ""
        model.queuePaste((typed.isEmpty ? [] : [typed]) + lines, in: current, now: chat.clock())
        if model.buffer(current)?.showsNewest == false { screen.messages.jumpToBottom() }
        chat.sync()
    }

    /// Drops the pending paste (it is still on the clipboard).
    func cancelPaste() {
        pendingPaste = nil
        pasteBuffer = nil
        pasteAsOne = false
        screen.confirmBar.isHidden = true
    }

    /// Whether the waiting paste's question is on screen, in the buffer it was asked in.
    var pasteIsAsked: Bool {
        pendingPaste != nil && pasteBuffer == chat.current && !screen.confirmBar.isHidden
    }

    /// Lets the waiting paste go unsent (its buffer is left or closed, or its question no longer
    /// shows): its lines go into the input after what was typed, to be sent, edited or deleted
    /// as the user sees fit. Moving them is no typing of ours to announce.
    func setPasteAside() {
        guard let lines = pendingPaste else { return }
        cancelPaste()
        let text = Self.joined(screen.input.text, lines)
        let announces = sendsTyping
        sendsTyping = false
        defer { sendsTyping = announces }
        screen.input.replaceText(text, caret: text.count)
    }

    /// What was typed, then the pasted lines, each on a line of its own.
    static func joined(_ typed: String, _ lines: [String]) -> String {
        (typed.isEmpty ? "" : typed + "\n") + lines.joined(separator: "\n")
    }
}

import ChatModel
import FoundationEssentials
import IRCFormatting
import IRCSession
import Widgets

/// Replying (IRCv3 `reply`): Alt+↑ picks the message above the input line (again: the one
/// before it; Alt+↓ back down, past the newest: no reply), or "Reply" in a row's menu. The
/// message is drawn on the selection colour and "Replying to …" shows above the input until
/// the reply is sent or Escape lets go. Only messages with the server's msgid can be replied
/// to. The row menu (right-click) also offers reactions, copying, deleting one's own message,
/// and a query or whois with its sender.
extension InputPresenter {
    /// The msgid the next message sent replies to, if any.
    public var replyTarget: String? { replyingTo }

    /// The messages of the shown buffer that can be replied to, oldest first.
    private var repliable: [ChatLine] {
        guard let current = chat.current, let buffer = model.buffer(current), buffer.kind == .channel || buffer.kind == .query else { return [] }
        return buffer.shown.lines.filter { $0.isMessage && $0.redaction == nil && ChatModel.isMsgid($0.id) }
    }

    /// Alt+↑ (`older`) and Alt+↓: the message to reply to moves up or down.
    func stepReply(older: Bool) -> Bool {
        let lines = repliable
        guard !lines.isEmpty else { return false }
        let position = replyingTo.flatMap { id in lines.firstIndex { $0.id == id } }
        let next: Int? = switch (position, older) {
        case (nil, true): lines.count - 1
        case (nil, false): nil
        case (let p?, true): max(p - 1, 0)
        case (let p?, false): p + 1 < lines.count ? p + 1 : nil
        }
        if let next { startReply(to: lines[next]) } else { cancelReply() }
        return true
    }

    /// Makes the next message sent a reply to `line`.
    public func startReply(to line: ChatLine) {
        guard let current = chat.current, let rows = chat.buffers.rows(of: current) else { return }
        replyingTo = line.id
        rows.chosenLineID = line.id
        screen.messages.invalidateRowContent()
        if let rowID = rows.rowID(ofLineID: line.id) { screen.messages.reveal(rowID: rowID) }
        showReplyBar(for: line)
        screen.replyBar.isHidden = false
        screen.host?.focus(screen.input)
    }

    /// Writes the bar above the input for a reply to `line`, in the current theme's colours.
    func showReplyBar(for line: ChatLine) {
        let text = stripFormatting(line.text).replacing("\r\n", with: " ").replacing("\n", with: " ")
        let quoted = text.count > 60 ? String(text.prefix(59)) + "…" : text
        let theme = chat.styler.theme
        screen.replyBar.text = StyledText([
            TextSpan("Replying to ", TextAttributes(font: theme.messageFont, foreground: theme.dimText)),
            TextSpan(line.nick ?? "", TextAttributes(font: FontSpec(role: .ui, size: theme.messageFont.size, bold: true),
                                                     foreground: theme.color(forNick: line.nick ?? ""))),
            TextSpan(": " + quoted + "   (Escape cancels)", TextAttributes(font: theme.messageFont, foreground: theme.dimText)),
        ])
    }

    /// The bars above the input say what they said, in the colours of a theme just applied.
    func recolourInputBars() {
        if let replyingTo, let current = chat.current, let line = model.buffer(current)?.shown.lines.last(where: { $0.id == replyingTo }) {
            showReplyBar(for: line)
        }
        if !screen.confirmBar.isHidden {
            let theme = chat.styler.theme
            screen.confirmBar.text = StyledText(screen.confirmBar.text.string,
                                                attributes: TextAttributes(font: theme.messageFont,
                                                                           foreground: noticeShown ? theme.errorText : theme.base.text))
        }
    }

    /// No reply any more (sent, Escape, another buffer).
    @discardableResult
    func cancelReply() -> Bool {
        guard replyingTo != nil else { return false }
        replyingTo = nil
        screen.replyBar.isHidden = true
        if let current = chat.current, let rows = chat.buffers.rows(of: current), current != .mentions {
            rows.chosenLineID = nil
            screen.messages.invalidateRowContent()
        }
        return true
    }

    /// Sends `text` as a reply to `parent` in buffer `id`.
    func reply(_ text: String, to parent: String, in id: BufferID) {
        guard let buffer = model.buffer(id) else { return }
        chat.perform(.reply(target: buffer.name, text: text, to: parent), network: id.network)
    }
}

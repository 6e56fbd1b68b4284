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
extension ChatController {
    /// The msgid the next message sent replies to, if any.
    public var replyTarget: String? { replyingTo }

    /// The messages of the shown buffer that can be replied to, oldest first.
    private var repliable: [ChatLine] {
        guard let current, let buffer = model.buffer(current), buffer.kind == .channel || buffer.kind == .query else { return [] }
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
        guard let current, let rows = rows(of: current) else { return }
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
        let theme = styler.theme
        screen.replyBar.text = StyledText([
            TextSpan("Replying to ", TextAttributes(font: theme.messageFont, foreground: theme.dimText)),
            TextSpan(line.nick ?? "", TextAttributes(font: FontSpec(role: .ui, size: theme.messageFont.size, bold: true),
                                                     foreground: theme.color(forNick: line.nick ?? ""))),
            TextSpan(": " + quoted + "   (Escape cancels)", TextAttributes(font: theme.messageFont, foreground: theme.dimText)),
        ])
    }

    /// The bars above the input say what they said, in the colours of a theme just applied.
    func recolourInputBars() {
        if let replyingTo, let current, let line = model.buffer(current)?.shown.lines.last(where: { $0.id == replyingTo }) {
            showReplyBar(for: line)
        }
        if !screen.confirmBar.isHidden {
            screen.confirmBar.text = StyledText(screen.confirmBar.text.string,
                                                attributes: TextAttributes(font: styler.theme.messageFont,
                                                                           foreground: styler.theme.base.text))
        }
    }

    /// No reply any more (sent, Escape, another buffer).
    @discardableResult
    func cancelReply() -> Bool {
        guard replyingTo != nil else { return false }
        replyingTo = nil
        screen.replyBar.isHidden = true
        if let current, let rows = rows(of: current), current != .mentions {
            rows.chosenLineID = nil
            screen.messages.invalidateRowContent()
        }
        return true
    }

    /// Sends `text` as a reply to `parent` in buffer `id`.
    func reply(_ text: String, to parent: String, in id: BufferID) {
        guard let buffer = model.buffer(id) else { return }
        perform(.reply(target: buffer.name, text: text, to: parent), network: id.network)
    }

    /// What a right-click on `line` offers.
    func menu(for line: ChatLine, in id: BufferID, link: String?) -> [MenuItem] {
        guard let buffer = model.buffer(id) else { return [] }
        var items: [MenuItem] = []
        let talk = buffer.kind == .channel || buffer.kind == .query
        let hasID = ChatModel.isMsgid(line.id) && line.redaction == nil
        let network = model.network(id.network)
        // Replies go as plain messages where tags do not (the quote is then lost, not the text);
        // reactions and deleting need the server's support.
        if talk && hasID && line.isMessage {
            items.append(MenuItem("Reply") { [weak self] in self?.startReply(to: line) })
        }
        if talk && hasID && line.isMessage && network?.canReact == true {
            for reaction in Self.commonReactions {
                let ours = line.reactions.first { $0.reaction == reaction }?.includesOwn ?? false
                items.append(MenuItem(ours ? "Take back \(reaction)" : "React \(reaction)") { [weak self] in
                    self?.toggleReaction(reaction, on: line, in: id)
                })
            }
        }
        items.append(MenuItem("Copy text") { [weak self] in
            guard let self else { return }
            self.screen.host?.clipboard.setText(self.styler.plainText(line))
        })
        if let link {
            items.append(MenuItem("Copy link") { [weak self] in self?.screen.host?.clipboard.setText(link) })
        }
        if talk && hasID && line.isOwn && line.isMessage && network?.canRedact == true {
            items.append(MenuItem("Delete") { [weak self] in
                self?.perform(.redact(target: buffer.name, msgid: line.id, reason: nil), network: id.network)
            })
        }
        if let nick = line.nick, !line.isOwn, buffer.kind != .mentions, line.isMessage {
            items.append(MenuItem("Query \(nick)") { [weak self] in
                guard let self, let query = self.model.openQuery(nick, network: id.network) else { return }
                self.show(query.id)
            })
            items.append(MenuItem("Whois \(nick)") { [weak self] in
                self?.perform(.whois(nick), network: id.network)
            })
        }
        return items
    }

    /// The reactions the row menu offers.
    static let commonReactions = ["👍", "❤️", "😂", "🎉", "👀"]
}

extension ChatController {
    /// What a right-click on a member of the nick list offers: query and whois; op, voice, kick
    /// and ban when we are an operator of the channel; ignore; watch (MONITOR).
    func nickMenu(for member: NickListView.Entry) -> [MenuItem] {
        guard let current, let buffer = model.buffer(current), let network = model.network(current.network) else { return [] }
        let nick = member.nick
        func run(_ line: String) { submitCommand(line, in: current) }
        var items = [MenuItem("Query \(nick)") { [weak self] in
            guard let self, let query = self.model.openQuery(nick, network: current.network) else { return }
            self.show(query.id)
        }, MenuItem("Whois") { run("/whois \(nick)") }]
        if buffer.kind == .channel && network.isOperator(in: buffer.name) {
            let isOp = member.prefixes.contains("@"), isVoiced = member.prefixes.contains("+")
            items.append(MenuItem(isOp ? "Take op" : "Give op") { run("/\(isOp ? "deop" : "op") \(nick)") })
            items.append(MenuItem(isVoiced ? "Take voice" : "Give voice") { run("/\(isVoiced ? "devoice" : "voice") \(nick)") })
            items.append(MenuItem("Kick") { run("/kick \(nick)") })
            items.append(MenuItem("Ban") { run("/ban \(nick)!*@*") })
        }
        items.append(MenuItem("Ignore") { run("/ignore \(nick)") })
        let watched = network.isWatched(nick)
        items.append(MenuItem(watched ? "Stop watching" : "Watch (friends)") { run("/monitor \(watched ? "-" : "+")\(nick)") })
        return items
    }

    /// Runs a command line in buffer `id` as if typed, without touching the input line.
    func submitCommand(_ line: String, in id: BufferID) {
        guard case .success(let command) = ChatCommandParser.parse(line) else { return }
        run(command, in: id)
        sync()
    }
}

import FoundationEssentials
import IRCProtocol
import IRCSession

/// Typing notifications, reactions and redactions applied to buffers and lines. A changed line
/// is replaced in place (`lineChanged`): the list keeps what the reader looks at where it is.
extension ChatModel {
    func applyTyping(_ notice: TypingNotice, on network: ChatNetwork, now: Date) {
        guard let buffer = existingBuffer(notice.target, on: network) else { return }
        let key = network.caseMapping.lowercased(notice.nick)
        if notice.state == .done {
            guard buffer.typing.removeValue(forKey: key) != nil else { return }
        } else {
            // Local time: the holding times run from when the notice arrived.
            buffer.typing[key] = (notice.nick, now.addingTimeInterval(notice.state.lifetime))
        }
        changes.append(.typingChanged(buffer.id))
    }

    /// Forgets the typing of `nick` in every buffer of `network` (it left or quit).
    func stopTyping(_ nick: String, on network: ChatNetwork) {
        let key = network.caseMapping.lowercased(nick)
        for buffer in network.buffers where buffer.typing.removeValue(forKey: key) != nil {
            changes.append(.typingChanged(buffer.id))
        }
    }

    func applyReaction(_ reaction: Reaction, on network: ChatNetwork) {
        guard let buffer = existingBuffer(reaction.target, on: network) else { return }
        // A TAGMSG from someone counts as a message for their typing: it ends it.
        if buffer.typing.removeValue(forKey: network.caseMapping.lowercased(reaction.nick)) != nil {
            changes.append(.typingChanged(buffer.id))
        }
        let mapping = network.caseMapping
        updateLine(reaction.parent, in: buffer) { line in
            line.react(reaction.reaction, by: reaction.nick, own: reaction.isOwn, removing: reaction.isRemoval) {
                mapping.lowercased($0) == mapping.lowercased($1)
            }
        }
    }

    func applyRedaction(_ redaction: Redaction, on network: ChatNetwork) {
        // A msgid of another buffer is ignored, as the specification asks.
        guard let buffer = existingBuffer(redaction.target, on: network) else { return }
        updateLine(redaction.msgid, in: buffer) { line in
            guard line.redaction == nil else { return false }
            line.redaction = LineRedaction(by: redaction.by, reason: redaction.reason)
            // The text goes from memory (the logs keep what was said, as they keep everything).
            line.text = ""
            line.reactions = []
            return true
        }
    }

    /// Changes the line `id` of `buffer` (live lines and an open window) and its copy in the
    /// mentions view with `change`, which says whether it changed anything.
    private func updateLine(_ id: String, in buffer: ChatBuffer, _ change: (inout ChatLine) -> Bool) {
        var changed = false
        if let index = buffer.scrollback.lines.lastIndex(where: { $0.id == id }) {
            var line = buffer.scrollback.lines[index]
            if change(&line) {
                buffer.scrollback.replace(id: id, with: line)
                changed = true
            }
        }
        if var window = buffer.window, let index = window.lines.lastIndex(where: { $0.id == id }) {
            var line = window.lines[index]
            if change(&line) {
                window.replace(id: id, with: line)
                buffer.window = window
                changed = true
            }
        }
        guard changed else { return }
        changes.append(.lineChanged(buffer.id, id: id))
        for (mentionID, source) in mentionSources where source.buffer == buffer.id && source.lineID == id {
            guard let index = mentions.scrollback.lines.lastIndex(where: { $0.id == mentionID }) else { continue }
            var copy = mentions.scrollback.lines[index]
            if change(&copy) {
                mentions.scrollback.replace(id: mentionID, with: copy)
                changes.append(.lineChanged(.mentions, id: mentionID))
            }
        }
    }

    /// The open buffer a client-tag message is about (none is opened for it).
    private func existingBuffer(_ target: MessageTarget, on network: ChatNetwork) -> ChatBuffer? {
        switch target {
        case .server: return nil
        case .channel(let name), .query(let name): return network.buffer(named: name)
        }
    }
}

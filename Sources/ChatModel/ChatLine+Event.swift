import IRCFormatting

extension ChatLine {
    /// What an event row says after its nick, formatting stripped: "joined", "quit (reason)",
    /// "was kicked by op (reason)", "is now known as kim_", "sets mode +o kim", "changed the
    /// topic to: …"; the text itself for notes (`info`, `error`) and for messages (what "Copy
    /// text" copies). The row
    /// shows it (with an arrow), and a search compares it: Ctrl+F finds "kim quit" in the
    /// loaded lines and in the logs alike.
    public var eventPhrase: String {
        let reason = text.isEmpty ? "" : " (\(stripFormatting(text)))"
        switch kind {
        case .join: return "joined"
        case .part: return "left" + reason
        case .quit: return "quit" + reason
        case .kick(let by): return "was kicked by \(by ?? "the server")" + reason
        case .nickChange(let newNick): return "is now known as \(newNick)"
        case .mode: return "sets mode \(text)"
        case .topic: return nick == nil ? "Topic: \(stripFormatting(text))" : "changed the topic to: \(stripFormatting(text))"
        case .info, .error, .message, .action, .notice: return stripFormatting(text)
        }
    }
}

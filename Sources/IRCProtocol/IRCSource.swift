/// A message source split into its parts: `nick!user@host`, `nick@host`, `nick!user` or `nick`
/// (a server name is a "nick" with neither user nor host).
public struct IRCSource: Hashable, Sendable, CustomStringConvertible {
    /// The nickname, or the server name for server messages.
    public var nick: String
    /// The user (ident) part after `!`, if present.
    public var user: String?
    /// The host part after `@`, if present.
    public var host: String?

    /// Creates a source from its parts.
    public init(nick: String, user: String? = nil, host: String? = nil) {
        self.nick = nick
        self.user = user
        self.host = host
    }

    /// Splits a source at the first `@` (host) and then at the first `!` before it (user).
    /// Every input gives a value; nothing here fails.
    ///
    /// The split is on bytes: `@` and `!` are ASCII, so every piece stays valid UTF-8, and no
    /// grapheme breaking is needed (a quarter of a flood's session time went to it).
    public init(parsing source: String) {
        var source = source
        (nick, user, host) = source.withUTF8 { bytes in
            func piece(_ range: Range<Int>) -> String {
                String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
            }
            // On the contiguous bytes: the string views' `firstIndex` and substrings cost
            // 2,500 instructions a message.
            let at = bytes.firstIndex(of: UInt8(ascii: "@"))
            let end = at ?? bytes.count
            let bang = bytes[..<end].firstIndex(of: UInt8(ascii: "!"))
            return (piece(0..<(bang ?? end)),
                    bang.map { piece(($0 + 1)..<end) },
                    at.map { piece(($0 + 1)..<bytes.count) })
        }
    }

    /// The source written back as `nick[!user][@host]`.
    public var description: String {
        var text = nick
        if let user { text += "!" + user }
        if let host { text += "@" + host }
        return text
    }
}

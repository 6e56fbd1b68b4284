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
        let utf8 = source.utf8
        var end = utf8.endIndex
        if let at = utf8.firstIndex(of: UInt8(ascii: "@")) {
            host = String(Substring(utf8[utf8.index(after: at)...]))
            end = at
        } else {
            host = nil
        }
        if let bang = utf8[..<end].firstIndex(of: UInt8(ascii: "!")) {
            user = String(Substring(utf8[utf8.index(after: bang)..<end]))
            end = bang
        } else {
            user = nil
        }
        nick = String(Substring(utf8[..<end]))
    }

    /// The source written back as `nick[!user][@host]`.
    public var description: String {
        var text = nick
        if let user { text += "!" + user }
        if let host { text += "@" + host }
        return text
    }
}

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
    public init(parsing source: String) {
        var rest = Substring(source)
        if let at = rest.firstIndex(of: "@") {
            host = String(rest[rest.index(after: at)...])
            rest = rest[..<at]
        } else {
            host = nil
        }
        if let bang = rest.firstIndex(of: "!") {
            user = String(rest[rest.index(after: bang)...])
            rest = rest[..<bang]
        } else {
            user = nil
        }
        nick = String(rest)
    }

    /// The source written back as `nick[!user][@host]`.
    public var description: String {
        var text = nick
        if let user { text += "!" + user }
        if let host { text += "@" + host }
        return text
    }
}

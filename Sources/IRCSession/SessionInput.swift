import IRCProtocol

/// Something that happened to the session: the transport connected or dropped, a line arrived,
/// time passed, or the user asked for something.
public enum SessionInput: Sendable, Hashable {
    /// The TCP/TLS link is up; registration starts. `secure`: over verified TLS (an STS
    /// policy is only taken from a secure link, and a plaintext one is upgraded).
    case connected(now: SessionTime, secure: Bool = false)
    /// The link is gone (closed by either side, or declared dead and closed by the transport).
    case disconnected(reason: String, now: SessionTime)
    /// One parsed line from the server.
    case received(IRCMessage, now: SessionTime)
    /// Time passed; call this about once a second so keepalive and rate limits can act.
    case tick(now: SessionTime)
    /// The user asked for something.
    case intent(UserIntent, now: SessionTime)
    /// Lines the transport never wrote to a socket (the link was gone): what the user typed
    /// among them is typed again, once (``IRCSession/linesNotSent(_:now:)``).
    case notSent([IRCMessage], now: SessionTime)
}

import FoundationEssentials
import IRCProtocol

/// One PRIVMSG or NOTICE (or CTCP carried by one) as it should appear in a buffer.
public struct BufferMessage: Sendable, Hashable {
    /// The buffer it belongs to.
    public var target: MessageTarget
    /// Who sent it (our own source for our messages; `nil` when the server sent none).
    public var source: IRCSource?
    /// What kind of message it is.
    public var kind: MessageKind
    /// The text, with the CTCP framing removed for actions and CTCP messages.
    public var text: String
    /// When it was sent: the `time` tag with `server-time`, else the wall clock at receipt.
    public var time: Date
    /// The `msgid` tag, if any.
    public var msgid: String?
    /// All tags as received.
    public var tags: [String: String]
    /// Whether we sent it.
    public var isOwn: Bool
    /// The prefix of a status message such as `@#channel` (sent to channel operators only).
    public var statusPrefix: Character?
    /// The id of the batch that carries it, if any.
    public var batch: String?
    /// The id the session gave the user's send, when this is our own message (matched on echo).
    public var localID: Int?

    /// Creates a message from its parts.
    public init(target: MessageTarget, source: IRCSource?, kind: MessageKind, text: String, time: Date,
                msgid: String? = nil, tags: [String: String] = [:], isOwn: Bool = false,
                statusPrefix: Character? = nil, batch: String? = nil, localID: Int? = nil) {
        self.target = target
        self.source = source
        self.kind = kind
        self.text = text
        self.time = time
        self.msgid = msgid
        self.tags = tags
        self.isOwn = isOwn
        self.statusPrefix = statusPrefix
        self.batch = batch
        self.localID = localID
    }
}

/// The buffer a message belongs to.
public enum MessageTarget: Sendable, Hashable {
    /// The server buffer (server notices, messages before registration).
    case server
    /// A channel, by name as the server spells it.
    case channel(String)
    /// A private conversation with this nick.
    case query(String)
}

/// What kind of message a ``BufferMessage`` is.
public enum MessageKind: Sendable, Hashable {
    /// A PRIVMSG.
    case privmsg
    /// A NOTICE.
    case notice
    /// A CTCP ACTION (`/me`), shown as an emote.
    case action
    /// A CTCP request other than ACTION (in a PRIVMSG); `text` holds its parameters.
    case ctcpRequest(command: String)
    /// A CTCP reply (in a NOTICE); `text` holds its parameters.
    case ctcpReply(command: String)
}

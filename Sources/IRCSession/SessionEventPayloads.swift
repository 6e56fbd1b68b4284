import FoundationEssentials
import IRCProtocol

/// One mode letter set or unset, with its parameter when it takes one.
public struct ModeChange: Sendable, Hashable {
    /// `true` for `+`, `false` for `-`.
    public var adding: Bool
    /// The mode letter.
    public var mode: Character
    /// The parameter, for modes that take one in this direction (CHANMODES A/B/C and PREFIX).
    public var parameter: String?

    /// Creates a change.
    public init(adding: Bool, mode: Character, parameter: String? = nil) {
        self.adding = adding
        self.mode = mode
        self.parameter = parameter
    }
}

/// How the SASL exchange ended.
public enum SASLOutcome: Sendable, Hashable {
    /// 900/903: logged in as `account`.
    case succeeded(account: String)
    /// 902/904/905/906 or a bad server proof: `numeric` and the server's text. Not retried.
    case failed(numeric: String, message: String)
    /// The server does not offer SASL or our mechanism; registration went on without it.
    case unavailable(offered: [String])
}

/// A finished history batch for one buffer.
public struct HistoryBatch: Sendable, Hashable {
    /// The buffer, as named in the batch.
    public var target: String
    /// The messages in server order, without any whose msgid was already shown.
    public var messages: [BufferMessage]
    /// What asked for it: `.latest`, `.before`, or `.unrequested` (a server replay such as
    /// InspIRCd's chanhistory on join).
    public var request: HistoryRequestKind
    /// How many messages the batch carried before duplicates were dropped.
    public var receivedCount: Int

    /// Creates a batch.
    public init(target: String, messages: [BufferMessage], request: HistoryRequestKind, receivedCount: Int) {
        self.target = target
        self.messages = messages
        self.request = request
        self.receivedCount = receivedCount
    }
}

/// Why a gap in a buffer's history stays open after a reconnect.
public enum HistoryGapReason: Sendable, Hashable {
    /// The server keeps no history (no CHATHISTORY) and is not a bouncer replaying it.
    case noHistory
    /// The server answered the request with FAIL.
    case refused
    /// More was missed than the pages Natter fetches (`pages` pages of `limit` each).
    case tooMuch(pages: Int, limit: Int)
}

/// Which history request a batch answers.
public enum HistoryRequestKind: Sendable, Hashable {
    /// `CHATHISTORY LATEST` on the first join.
    case latest
    /// `CHATHISTORY BEFORE` for paging.
    case before
    /// `CHATHISTORY AROUND`: the page around a message, read away from the live end.
    case around
    /// Replayed by the server without a request.
    case unrequested
    /// `CHATHISTORY AFTER` on rejoining after a reconnect: a page of what was missed since the
    /// last line seen.
    case after
}

/// A numeric (or other server line) to show the user.
public struct ServerReply: Sendable, Hashable {
    /// The command or numeric, such as `401` or `NOTICE`.
    public var command: String
    /// The parameters after our own nick.
    public var parameters: [String]
    /// Whether it is an error numeric (400–599, or one of the SASL failures).
    public var isError: Bool
    /// The buffer it concerns, when the reply names a channel or nick we have a buffer for.
    public var target: String?
    /// The buffer the command it answers was typed in (by its label, or the command just
    /// before for an error), where it shows when `target` names no buffer; `nil`: the server
    /// buffer.
    public var origin: String?

    /// Creates a reply.
    public init(command: String, parameters: [String], isError: Bool, target: String? = nil, origin: String? = nil) {
        self.command = command
        self.parameters = parameters
        self.isError = isError
        self.target = target
        self.origin = origin
    }

    /// The parameters joined with spaces, for display.
    public var text: String { parameters.joined(separator: " ") }
}

/// An IRCv3 standard reply: `FAIL`/`WARN`/`NOTE <command> <code> [context…] :<description>`.
public struct StandardReply: Sendable, Hashable {
    /// `FAIL`, `WARN` or `NOTE`.
    public var kind: String
    /// The command it is about (`*` for none).
    public var command: String
    /// The machine-readable code.
    public var code: String
    /// Extra context parameters.
    public var context: [String]
    /// The human-readable text.
    public var description: String
    /// The buffer the command it answers was typed in (by its label, or the command just
    /// before); `nil`: the server buffer, unless the context names a channel.
    public var origin: String?

    /// Creates a reply.
    public init(kind: String, command: String, code: String, context: [String], description: String,
                origin: String? = nil) {
        self.kind = kind
        self.command = command
        self.code = code
        self.context = context
        self.description = description
        self.origin = origin
    }
}

/// A message the user sent while no registered link existed.
public struct PendingMessage: Sendable, Hashable {
    /// The session's id for the send (also ``BufferMessage/localID`` once sent).
    public var id: Int
    /// The nick or channel.
    public var target: String
    /// The text as typed.
    public var text: String
    /// `.privmsg`, `.notice` or `.action`.
    public var kind: MessageKind
    /// The msgid of the message it replies to, if it is a reply.
    public var replyTo: String?

    /// Creates a pending message.
    public init(id: Int, target: String, text: String, kind: MessageKind, replyTo: String? = nil) {
        self.id = id
        self.target = target
        self.text = text
        self.kind = kind
        self.replyTo = replyTo
    }
}

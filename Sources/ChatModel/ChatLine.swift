import Foundation

/// One line of a buffer's scrollback: a message, or an event shown as a compact row.
///
/// Kept small (text is the raw IRC text with its mIRC codes; layout happens in the UI, only for
/// visible rows), so that 100,000 stored messages stay well under 1 KiB each.
public struct ChatLine: Sendable, Hashable, Identifiable {
    /// Stable id: the server's `msgid` when there is one, otherwise a local id that does not
    /// change when lines are prepended or trimmed.
    public var id: String
    /// When it happened (server-time when the server sent it).
    public var time: Date
    /// What the line shows.
    public var kind: ChatLineKind
    /// Who sent the message or whom the event is about.
    public var nick: String?
    /// The message text (with mIRC formatting codes), or the event's detail: a part or quit
    /// reason, a kick reason, a mode string, a topic, a server reply.
    public var text: String
    /// Whether we sent it.
    public var isOwn: Bool
    /// Whether it mentions us or matches a highlight rule.
    public var isHighlight: Bool
    /// For our own messages: sent, waiting for the connection, or never to be sent.
    public var delivery: Delivery = .delivered
    /// Where the line was said, when it is shown elsewhere (the mentions view): `#natter on
    /// Libera`. `nil` in its own buffer.
    public var context: String?

    /// Creates a line.
    public init(id: String, time: Date, kind: ChatLineKind, nick: String? = nil, text: String = "",
                isOwn: Bool = false, isHighlight: Bool = false) {
        self.id = id
        self.time = time
        self.kind = kind
        self.nick = nick
        self.text = text
        self.isOwn = isOwn
        self.isHighlight = isHighlight
    }

    /// Whether this is something a person said (counts as unread; shown as a full row).
    public var isMessage: Bool {
        switch kind {
        case .message, .action, .notice: return true
        default: return false
        }
    }
}

/// Whether one of our messages went out.
public enum Delivery: Sendable, Hashable {
    /// Sent (or not ours).
    case delivered
    /// Typed while disconnected; goes out after reconnecting.
    case pending
    /// Discarded by the user before it could be sent.
    case failed
}

/// What a ``ChatLine`` shows.
public enum ChatLineKind: Sendable, Hashable {
    /// `<nick> text`
    case message
    /// `* nick text` (CTCP ACTION, `/me`)
    case action
    /// `-nick- text`
    case notice
    /// `nick` joined.
    case join
    /// `nick` left; `text` is the reason.
    case part
    /// `nick` quit; `text` is the reason.
    case quit
    /// `nick` was kicked by `by`; `text` is the reason.
    case kick(by: String?)
    /// `nick` is now known as `newNick`.
    case nickChange(newNick: String)
    /// `nick` set modes; `text` is the mode string.
    case mode
    /// `nick` set the topic to `text` (or the topic was shown on join when `nick` is nil).
    case topic
    /// A server reply or notice of the client itself (connection state, errors).
    case info
    /// An error to show prominently.
    case error
}

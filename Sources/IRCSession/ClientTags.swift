import FoundationEssentials

/// A `+typing` notification from someone (IRCv3 `typing` client tag).
public struct TypingNotice: Sendable, Hashable {
    /// The buffer it is about.
    public var target: MessageTarget
    /// Who is typing.
    public var nick: String
    /// What they are doing.
    public var state: TypingState
    /// When it was sent.
    public var time: Date

    public init(target: MessageTarget, nick: String, state: TypingState, time: Date) {
        self.target = target
        self.nick = nick
        self.state = state
        self.time = time
    }
}

/// The values of the `+typing` tag.
public enum TypingState: String, Sendable, Hashable {
    /// Typing now; assumed to go on for 6 s.
    case active
    /// Stopped typing with text left in the input; assumed for 30 s.
    case paused
    /// Cleared the input without sending.
    case done

    /// How long the state holds without another notification (the specification's limits).
    public var lifetime: TimeInterval {
        switch self {
        case .active: 6
        case .paused: 30
        case .done: 0
        }
    }
}

/// A reaction added to (or taken from) a message: `+draft/react` / `+draft/unreact` with the
/// reply tag naming the message.
public struct Reaction: Sendable, Hashable {
    /// The buffer of the message.
    public var target: MessageTarget
    /// The msgid of the message reacted to.
    public var parent: String
    /// The reaction (an emoji, usually; the specification allows any text).
    public var reaction: String
    /// Who reacted.
    public var nick: String
    /// Whether we did.
    public var isOwn: Bool
    /// Whether it takes the reaction back.
    public var isRemoval: Bool

    public init(target: MessageTarget, parent: String, reaction: String, nick: String, isOwn: Bool, isRemoval: Bool) {
        self.target = target
        self.parent = parent
        self.reaction = reaction
        self.nick = nick
        self.isOwn = isOwn
        self.isRemoval = isRemoval
    }
}

/// A `REDACT` (draft/message-redaction): a message deleted by its sender or a moderator.
public struct Redaction: Sendable, Hashable {
    /// The buffer of the message.
    public var target: MessageTarget
    /// The msgid of the deleted message.
    public var msgid: String
    /// Who deleted it.
    public var by: String?
    /// Why, when a reason was given.
    public var reason: String?

    public init(target: MessageTarget, msgid: String, by: String?, reason: String?) {
        self.target = target
        self.msgid = msgid
        self.by = by
        self.reason = reason
    }
}

/// Client tag names, with the forms older software still sends.
public enum ClientTag {
    /// The reply tag: ratified as `+reply` (2026), sent as `+draft/reply` before.
    public static let reply = ["+reply", "+draft/reply"]
    public static let react = "+draft/react"
    public static let unreact = "+draft/unreact"
    public static let typing = "+typing"

    /// The msgid a message replies to, under either name of the tag.
    public static func replyTo(_ tags: [String: String]) -> String? {
        reply.lazy.compactMap { tags[$0] }.first { !$0.isEmpty }
    }
}

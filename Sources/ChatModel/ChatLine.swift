import FoundationEssentials
import IRCSession

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
    /// A join, part, quit or nick change of someone who had not spoken lately: a channel with
    /// the smart filter on hides it (``ChatModel/hidesSmartFiltered(in:)``). Kept, and logged,
    /// either way.
    public var isSmartFiltered = false
    /// The fields few lines use, boxed: `nil` until one of them is set, so that an ordinary
    /// line is 96 bytes in the scrollback instead of 160 (the scrollback's storage after a
    /// 10,000-line flood: about 0.7 MiB less; the peak RSS fell by about 1 MiB).
    private var extras: ExtrasBox?

    /// Where the line was said, when it is shown elsewhere (the mentions view): `#natter on
    /// Libera`. `nil` in its own buffer.
    public var context: String? {
        get { extras?.value.context }
        set { updateExtras { $0.context = newValue } }
    }
    /// In the mentions view: the word that made the line a highlight (our nick or a keyword),
    /// marked there in place of the whole row.
    public var highlightWord: String? {
        get { extras?.value.highlightWord }
        set { updateExtras { $0.highlightWord = newValue } }
    }
    /// The msgid of the message this one replies to (`+reply` / `+draft/reply`).
    public var replyTo: String? {
        get { extras?.value.replyTo }
        set { updateExtras { $0.replyTo = newValue } }
    }
    /// Reactions to it, in the order they were first given, each with who gave it.
    public var reactions: [LineReaction] {
        get { extras?.value.reactions ?? [] }
        set { updateExtras { $0.reactions = newValue } }
    }
    /// Set when the message was deleted (`REDACT`): its text is gone, the row says so.
    public var redaction: LineRedaction? {
        get { extras?.value.redaction }
        set { updateExtras { $0.redaction = newValue } }
    }
    /// The whole answer to a question (a WHOIS card, a WHO or NAMES table, the MOTD), drawn as
    /// one block; `text` holds it as readable text for the logs, search and copying.
    public var answer: Answer? {
        get { extras?.value.answer }
        set { updateExtras { $0.answer = newValue } }
    }
    /// Whether its sender was ignored: such a line is only logged, marked (``LogLineFormat``).
    public var isIgnored: Bool {
        get { extras?.value.isIgnored ?? false }
        set { updateExtras { $0.isIgnored = newValue } }
    }

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

    /// Changes the boxed fields, copying the box first when another line shares it; drops it
    /// when they are all back to their defaults.
    private mutating func updateExtras(_ change: (inout Extras) -> Void) {
        var value = extras?.value ?? Extras()
        change(&value)
        if value == Extras() {
            extras = nil
        } else if isKnownUniquelyReferenced(&extras) {
            extras!.value = value
        } else {
            extras = ExtrasBox(value)
        }
    }

    public static func == (a: ChatLine, b: ChatLine) -> Bool {
        a.id == b.id && a.time == b.time && a.kind == b.kind && a.nick == b.nick && a.text == b.text
            && a.isOwn == b.isOwn && a.isHighlight == b.isHighlight && a.delivery == b.delivery
            && a.isSmartFiltered == b.isSmartFiltered
            && (a.extras?.value ?? Extras()) == (b.extras?.value ?? Extras())
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(id); hasher.combine(time); hasher.combine(kind); hasher.combine(nick)
        hasher.combine(text); hasher.combine(isOwn); hasher.combine(isHighlight); hasher.combine(delivery)
        hasher.combine(extras?.value ?? Extras())
    }

    /// Whether this is something a person said (counts as unread; shown as a full row).
    public var isMessage: Bool {
        switch kind {
        case .message, .action, .notice: return true
        default: return false
        }
    }
}

/// The fields of a ``ChatLine`` that few lines use.
struct Extras: Sendable, Hashable {
    var context: String?
    var highlightWord: String?
    var replyTo: String?
    var reactions: [LineReaction] = []
    var redaction: LineRedaction?
    var answer: Answer?
    var isIgnored = false
}

/// A line's ``Extras``, shared between copies of the line until one of them changes them
/// (``ChatLine`` copies the box before writing to a shared one). Mutated only while uniquely
/// referenced, so sharing it between threads is safe.
final class ExtrasBox: @unchecked Sendable {
    var value: Extras
    init(_ value: Extras) { self.value = value }
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

/// One reaction on a line and who gave it, in order.
public struct LineReaction: Sendable, Hashable {
    /// The reaction (an emoji, usually).
    public var reaction: String
    /// Who gave it, first first.
    public var nicks: [String]
    /// Whether we are among them.
    public var includesOwn: Bool

    public init(reaction: String, nicks: [String], includesOwn: Bool) {
        self.reaction = reaction
        self.nicks = nicks
        self.includesOwn = includesOwn
    }
}

/// Who deleted a message, and why.
public struct LineRedaction: Sendable, Hashable {
    public var by: String?
    public var reason: String?

    public init(by: String?, reason: String?) {
        self.by = by
        self.reason = reason
    }
}

extension ChatLine {
    /// Adds `nick`'s `reaction` (`own` when it is ours), or takes it back (`removing`).
    /// Returns whether anything changed (a repeated reaction changes nothing).
    public mutating func react(_ reaction: String, by nick: String, own: Bool, removing: Bool,
                               equal: (String, String) -> Bool = { $0 == $1 }) -> Bool {
        let index = reactions.firstIndex { $0.reaction == reaction }
        if removing {
            guard let index, let who = reactions[index].nicks.firstIndex(where: { equal($0, nick) }) else { return false }
            reactions[index].nicks.remove(at: who)
            if own { reactions[index].includesOwn = false }
            if reactions[index].nicks.isEmpty { reactions.remove(at: index) }
            return true
        }
        if let index {
            guard !reactions[index].nicks.contains(where: { equal($0, nick) }) else { return false }
            reactions[index].nicks.append(nick)
            if own { reactions[index].includesOwn = true }
        } else {
            reactions.append(LineReaction(reaction: reaction, nicks: [nick], includesOwn: own))
        }
        return true
    }
}

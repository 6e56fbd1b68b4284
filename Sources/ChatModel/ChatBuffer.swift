import FoundationEssentials

/// One buffer: its scrollback and what the interface shows about it (unread and highlight
/// counts, the first unread line, the topic, whether we are in the channel, history state).
public final class ChatBuffer {
    /// Network and folded name.
    public internal(set) var id: BufferID
    /// The name as the server spells it (a query takes the nick's current spelling).
    public internal(set) var name: String
    /// Server, channel or query.
    public let kind: BufferKind
    /// The lines, oldest first.
    public internal(set) var scrollback: Scrollback
    /// Messages that arrived while the buffer was not being read.
    public internal(set) var unread = 0
    /// Of those, how many highlight us.
    public internal(set) var highlights = 0
    /// The id of the first unread line, where the "new messages" marker goes.
    public internal(set) var firstUnreadID: String?
    /// How far another of our clients read (`draft/read-marker`): lines up to this time are
    /// not unread here either, also when they arrive later (history after a reconnect).
    public internal(set) var readMarker: Date?
    /// The channel topic, with formatting codes.
    public internal(set) var topic: String?
    /// Pasted lines not yet handed to the network (``ChatModel/queuePaste(_:in:now:)``), the
    /// next first, and how many the paste had in all.
    public internal(set) var pasteQueue: [String] = []
    public internal(set) var pasteTotal = 0
    /// Whether we are in the channel (false after parting or being kicked, and while disconnected).
    public internal(set) var isJoined = false
    /// Whether the connection dropped while we were in this channel, and the join that comes
    /// back says "Rejoined" instead of a join row: only the reconnection's own join, not a
    /// `/join` days later (cleared when we leave, when the session no longer rejoins it, and
    /// by the link after the next).
    public internal(set) var awaitsRejoin = false
    /// The network's link count when the channel was left behind (``awaitsRejoin``).
    var droppedOnLink = 0
    /// Who was in the channel when the link dropped, as the nick list showed them: shown,
    /// greyed, until the channel is joined again.
    public internal(set) var membersWhenLeft: [(nick: String, prefixes: String, away: Bool)] = []
    /// An older-history request is running.
    public internal(set) var isLoadingOlder = false
    /// No older lines exist anywhere (server history and logs are both exhausted).
    public internal(set) var reachedOldest = false
    /// The server's history for this buffer is exhausted; older pages come from the logs.
    var serverHistoryExhausted = false
    /// A page of history read away from the live end (the page around a message that was not
    /// loaded): shown instead of ``scrollback`` until the reader returns to the newest lines.
    /// Live lines still go to the scrollback (and the logs) meanwhile; older pages go here.
    public internal(set) var window: Scrollback?
    /// The page around a message is on its way.
    public internal(set) var isLoadingAround = false
    /// The row marking a hole in the history after a reconnect, and where the hole starts,
    /// until a replay reaching back past it fills it.
    var openGap: (lineID: String, from: Date)?
    /// Who is typing here (the nick as spelled) and until when that holds without news
    /// (`+typing`), by folded nick.
    public internal(set) var typing: [String: (nick: String, until: Date)] = [:]
    /// When each member (folded nick) last spoke here, for the smart filter.
    var lastSpoke: [String: Date] = [:]
    /// Joins the smart filter marked, by folded nick, shown again if the joiner speaks soon.
    var maskedJoins: [String: (id: String, time: Date)] = [:]

    init(id: BufferID, name: String, kind: BufferKind, cap: Int, trimBatch: Int) {
        self.id = id
        self.name = name
        self.kind = kind
        self.scrollback = Scrollback(cap: cap, trimBatch: trimBatch)
    }

    /// The lines, oldest first.
    public var lines: [ChatLine] { Array(scrollback.lines) }

    /// What the interface shows: the window while there is one, otherwise the scrollback.
    public var shown: Scrollback { window ?? scrollback }

    /// Gets the lines ready to be searched (their search keys are made once, then kept).
    public func prepareSearch() {
        scrollback.enableSearch()
        window?.enableSearch()
    }

    /// The nicks typing at `now`, in the order they started.
    public func typingNicks(at now: Date) -> [String] {
        typing.values.filter { $0.until > now }.sorted { $0.until < $1.until }.map(\.nick)
    }

    /// When the next of the typing states runs out after `now`, if any does.
    public func nextTypingExpiry(after now: Date) -> Date? {
        typing.values.map(\.until).filter { $0 > now }.min()
    }

    /// Whether the lines shown are the live ones (no window is open).
    public var showsNewest: Bool { window == nil }
}

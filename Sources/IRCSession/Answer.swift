import FoundationEssentials

/// The whole answer to something the user asked the server (`/whois`, `/whowas`, `/who`,
/// `/names`, `/motd`), collected from its numerics up to the one that ends it, and where it
/// was asked: the model shows it there as one block rather than as a row per numeric.
public struct Answer: Sendable, Hashable {
    /// The buffer (channel or nick) the question was typed in, as the model named it when it
    /// asked; `nil` for the server buffer, and for an answer nobody asked for (a MOTD at
    /// connection).
    public var origin: String?
    /// What the server answered.
    public var content: AnswerContent
    /// How many rows (WHO) or names (NAMES) the server sent beyond what an answer keeps
    /// (``AnswerTracker``'s cap): the answer says that it is not whole.
    public var dropped = 0

    /// Creates an answer.
    public init(origin: String?, content: AnswerContent, dropped: Int = 0) {
        self.origin = origin
        self.content = content
        self.dropped = dropped
    }
}

/// What an ``Answer`` holds.
public enum AnswerContent: Sendable, Hashable {
    /// WHOIS (311 … 318): who someone is.
    case whois(WhoisCard)
    /// WHOWAS (314 … 369): who had a nick, newest first (a server may keep several).
    case whowas(nick: String, entries: [WhoisCard])
    /// WHO (352 or WHOX 354 … 315): the users a mask matched.
    case who(mask: String, rows: [WhoRow])
    /// NAMES (353 … 366): a channel's members, each with its prefixes (`@op`, `+voice`).
    case names(channel: String, nicks: [String])
    /// The message of the day (375, 372 … 376), one entry per line.
    case motd(lines: [String])
}

/// What WHOIS or WHOWAS told about one user. A field the server did not send stays `nil`.
public struct WhoisCard: Sendable, Hashable {
    public var nick: String
    public var user: String?
    public var host: String?
    public var realName: String?
    /// The services account (330).
    public var account: String?
    /// The server the user is on (312) and its description.
    public var server: String?
    public var serverInfo: String?
    /// The channels shown (319), with their prefixes.
    public var channels: [String] = []
    /// Seconds idle and when they connected (317).
    public var idleSeconds: Int?
    public var signedOn: Date?
    /// The away message (301).
    public var away: String?
    /// The operator line (313), as the server words it.
    public var operatorText: String?
    /// Whether the link is TLS (671).
    public var isSecure = false
    /// The real host or address (338, 378).
    public var actualHost: String?
    /// Other lines of the reply (a certificate fingerprint, a bot flag, modes): their text.
    public var other: [String] = []

    /// A card for `nick` with nothing known yet.
    public init(nick: String) { self.nick = nick }
}

/// One user a WHO matched.
public struct WhoRow: Sendable, Hashable {
    public var nick: String
    public var user: String
    public var host: String
    /// The channel the row names (`*` for none).
    public var channel: String
    /// `H` here or `G` gone (away), `*` an operator, then channel prefixes.
    public var flags: String
    /// The account (WHOX only; `nil` when not logged in or not known).
    public var account: String?
    public var realName: String

    /// Creates a row.
    public init(nick: String, user: String, host: String, channel: String, flags: String, account: String?,
                realName: String) {
        self.nick = nick
        self.user = user
        self.host = host
        self.channel = channel
        self.flags = flags
        self.account = account
        self.realName = realName
    }

    /// Whether the user is away (`G` in the flags).
    public var isAway: Bool { flags.hasPrefix("G") }
}

/// Everything an ``IRCSession`` needs to know before it connects: who we are, how we log in,
/// what we join, and how we answer CTCP and keep the link alive.
///
/// ```swift
/// var config = SessionConfiguration(nick: "natter", user: "natter", realName: "Natter user")
/// config.sasl = .plain(account: "natter", password: "hunter2")
/// config.autoJoin = [ChannelKey("#natter"), ChannelKey("#secret", key: "k")]
/// var session = IRCSession(configuration: config)
/// ```
public struct SessionConfiguration: Sendable, Hashable {
    /// The nickname we ask for first.
    public var nick: String
    /// Nicknames tried in order when the server refuses ``nick`` (433/432/436); after them the
    /// session tries `nick_`, `nick__`, … and then `nick1`, `nick2`, ….
    public var alternativeNicks: [String]
    /// The user name (ident) sent in `USER`.
    public var user: String
    /// The real name (gecos) sent in `USER`.
    public var realName: String
    /// The server password sent as `PASS` before registration, if any.
    public var serverPassword: String?
    /// How to authenticate with SASL, or `nil` for no SASL.
    public var sasl: SASLMechanismConfig?
    /// Channels joined after the first registration (and rejoined after a reconnect unless
    /// parted).
    public var autoJoin: [ChannelKey]
    /// How CTCP requests are answered.
    public var ctcp: CTCPConfiguration
    /// When to probe a silent link and when to declare it dead.
    public var keepalive: KeepaliveConfiguration
    /// How many messages `CHATHISTORY LATEST` asks for when a channel is joined (capped by the
    /// server's `CHATHISTORY=N`); `0` turns automatic history off.
    public var historyOnJoin: Int
    /// How many messages a paging request asks for when the intent names no limit.
    public var historyPageSize: Int
    /// A fixed SCRAM client nonce. Leave `nil` (a fresh random nonce per attempt); set it only to
    /// make a SCRAM exchange reproducible in tests.
    public var scramClientNonce: String?
    /// Nicks to watch with MONITOR from the start (sent once registered).
    public var monitor: [String] = []
    /// What to do when SASL is configured but the server does not offer it, offers only other
    /// mechanisms, or the login fails (WeeChat's `sasl_fail`): by default, not stay connected
    /// without being logged in.
    public var saslFailure: SASLFailurePolicy = .disconnect
    /// Seconds a SASL exchange may take before it is aborted (`AUTHENTICATE *`) and treated as
    /// failed, under ``saslFailure``: WeeChat's `sasl_timeout`, with its default of 15.
    public var saslTimeout: Double = 15
    /// soju.im/bouncer-networks: the bouncer network this connection binds to (`BOUNCER BIND`
    /// before `CAP END`); `nil` for the bouncer's own connection (or any other server).
    public var bouncerNetID: String?

    /// Creates a configuration with the usual defaults: no password, no SASL, no auto-join,
    /// CTCP answered with a small rate limit, PING after 60 s of silence, dead after 120 s.
    public init(nick: String, alternativeNicks: [String] = [], user: String, realName: String,
                serverPassword: String? = nil, sasl: SASLMechanismConfig? = nil,
                autoJoin: [ChannelKey] = [], ctcp: CTCPConfiguration = CTCPConfiguration(),
                keepalive: KeepaliveConfiguration = KeepaliveConfiguration(),
                historyOnJoin: Int = 100, historyPageSize: Int = 100) {
        self.nick = nick
        self.alternativeNicks = alternativeNicks
        self.user = user
        self.realName = realName
        self.serverPassword = serverPassword
        self.sasl = sasl
        self.autoJoin = autoJoin
        self.ctcp = ctcp
        self.keepalive = keepalive
        self.historyOnJoin = historyOnJoin
        self.historyPageSize = historyPageSize
    }
}

/// A channel name with its key (password), if it has one.
public struct ChannelKey: Sendable, Hashable {
    /// The channel name, such as `#natter`.
    public var name: String
    /// The channel key, or `nil`.
    public var key: String?

    /// Creates a channel with an optional key.
    public init(_ name: String, key: String? = nil) {
        self.name = name
        self.key = key
    }
}

/// The SASL mechanism and credentials to log in with.
public enum SASLMechanismConfig: Sendable, Hashable {
    /// `PLAIN`: account and password in the clear (inside TLS, one hopes).
    case plain(account: String, password: String)
    /// `EXTERNAL`: the server identifies us by the TLS client certificate.
    case external
    /// `SCRAM-SHA-256` (RFC 7677): the password never crosses the wire.
    case scramSHA256(account: String, password: String)

    /// The mechanism name as sent in `AUTHENTICATE`.
    public var mechanismName: String {
        switch self {
        case .plain: return "PLAIN"
        case .external: return "EXTERNAL"
        case .scramSHA256: return "SCRAM-SHA-256"
        }
    }
}

/// How CTCP requests are answered. Replies go out as NOTICEs, through a token bucket so that a
/// flood of requests cannot make us flood the server.
public struct CTCPConfiguration: Sendable, Hashable {
    /// Whether VERSION, PING, TIME and CLIENTINFO are answered at all.
    public var answersRequests: Bool
    /// Which of them are answered (upper case): the user chooses what strangers learn.
    public var answered: Set<String> = ["VERSION", "PING", "TIME", "CLIENTINFO"]
    /// The VERSION reply.
    public var versionString: String
    /// Replies that may go out back to back.
    public var burst: Int
    /// Seconds until one more reply is allowed after the burst is spent.
    public var refillInterval: Double

    /// Creates a CTCP policy; by default 3 replies at once, then one every 5 seconds.
    public init(answersRequests: Bool = true, versionString: String = "Natter",
                burst: Int = 3, refillInterval: Double = 5) {
        self.answersRequests = answersRequests
        self.versionString = versionString
        self.burst = burst
        self.refillInterval = refillInterval
    }
}

/// Keepalive timing, in seconds of silence from the server.
public struct KeepaliveConfiguration: Sendable, Hashable {
    /// Silence after which we send our own PING.
    public var pingAfter: Double
    /// Silence after which the link is declared dead.
    public var deadAfter: Double

    /// Creates the timing; the defaults are 60 s and 120 s.
    public init(pingAfter: Double = 60, deadAfter: Double = 120) {
        self.pingAfter = pingAfter
        self.deadAfter = deadAfter
    }
}

/// What to do when SASL is configured and does not log us in (WeeChat's `sasl_fail`).
public enum SASLFailurePolicy: String, Sendable, Hashable, CaseIterable {
    /// Say why and disconnect; `/connect` tries again (the default: never stay connected
    /// unauthenticated without the user choosing it).
    case disconnect
    /// Say why and stay connected without being logged in.
    case `continue`
    /// Say why, disconnect, and try again after the reconnect delay.
    case reconnect
}

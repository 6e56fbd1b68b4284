import FoundationEssentials
import IRCProtocol

/// A read-only picture of the session: phase, identity, server features, capabilities, channels
/// and the users in them. Dictionaries are keyed by the name folded with the server's case
/// mapping; use ``channel(named:)`` and ``user(named:)`` to look things up.
public struct SessionState: Sendable, Hashable {
    /// Where the connection is.
    public internal(set) var phase: ConnectionPhase = .disconnected
    /// Our current nick (the one we asked for until 001 says otherwise).
    public internal(set) var nick: String
    /// Our user and host as the server shows them, once known (JOIN echo, 396, CHGHOST).
    public internal(set) var ownUser: String?
    /// See ``ownUser``.
    public internal(set) var ownHost: String?
    /// The server's name from 001.
    public internal(set) var serverName: String?
    /// Everything from 005.
    public internal(set) var isupport = ISupport()
    /// Capabilities offered, listed and enabled.
    public internal(set) var capabilities = CapabilitySet()
    /// The account we are logged into, if any.
    public internal(set) var account: String?
    /// Our away message, or `nil` when we are here.
    public internal(set) var awayMessage: String?
    /// Our user modes.
    public internal(set) var userModes: Set<Character> = []
    /// The last measured PING round trip, in seconds.
    public internal(set) var lag: Double?
    /// Channels we are in, keyed by folded name.
    public internal(set) var channels: [String: ChannelState] = [:]
    /// Users we share a channel with (and ourselves), keyed by folded nick.
    public internal(set) var users: [String: UserInfo] = [:]

    init(nick: String) { self.nick = nick }

    /// The name folded with the server's case mapping (dictionary keys use this).
    public func fold(_ name: String) -> String { isupport.caseMapping.lowercased(name) }

    /// The channel with this name (case-insensitively), if we are in it.
    public func channel(named name: String) -> ChannelState? { channels[fold(name)] }

    /// What we know about the user with this nick, if we share a channel.
    public func user(named nick: String) -> UserInfo? { users[fold(nick)] }

    /// Whether `nick` is our nick under the server's case mapping.
    public func isOwnNick(_ nick: String) -> Bool { isupport.equal(nick, self.nick) }
}

/// One channel we are in.
public struct ChannelState: Sendable, Hashable {
    /// The name as the server spells it.
    public internal(set) var name: String
    /// The topic, if set.
    public internal(set) var topic: String?
    /// Who set the topic (333 or TOPIC).
    public internal(set) var topicSetBy: String?
    /// When the topic was set.
    public internal(set) var topicSetAt: Date?
    /// Channel modes (CHANMODES B, C and D) with their parameters; list modes are not kept.
    public internal(set) var modes: [Character: String] = [:]
    /// Members keyed by folded nick.
    public internal(set) var members: [String: ChannelMember] = [:]
    /// Whether the NAMES list after joining is complete (366 seen).
    public internal(set) var membersComplete = false

    init(name: String) { self.name = name }
}

/// One member of a channel: the nick and the membership modes (PREFIX) it holds here.
public struct ChannelMember: Sendable, Hashable {
    /// The nick.
    public internal(set) var nick: String
    /// Membership mode letters held, highest rank first (`o` before `v`).
    public internal(set) var modes: [Character]

    /// Creates a member.
    public init(nick: String, modes: [Character] = []) {
        self.nick = nick
        self.modes = modes
    }
}

/// What we know about a user we share a channel with.
public struct UserInfo: Sendable, Hashable {
    /// The nick.
    public internal(set) var nick: String
    /// The user (ident), once known.
    public internal(set) var user: String?
    /// The host, once known.
    public internal(set) var host: String?
    /// The account, once known (`extended-join`, `account-notify`, `account-tag`).
    public internal(set) var account: String?
    /// The real name, once known (`extended-join`, `setname`).
    public internal(set) var realName: String?
    /// The away message when away (`away-notify`), else `nil`.
    public internal(set) var awayMessage: String?

    init(nick: String) { self.nick = nick }
}

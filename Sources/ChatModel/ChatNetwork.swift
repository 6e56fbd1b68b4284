import IRCProtocol
import IRCSession

/// One network: its IRC session (the protocol state) and its buffers, the server buffer first.
public final class ChatNetwork {
    /// The configured name; names the logs folder and the buffer ids.
    public let name: String
    /// The protocol state machine of this network's connection.
    public internal(set) var session: IRCSession
    /// The link as the transport last reported it (``ChatModel/setLink(_:network:)``).
    public internal(set) var link: LinkState = .idle
    /// A pasted line was handed to the link and its queue has not emptied since: the next
    /// waits (``ChatModel/linkDrained(network:interval:now:)``).
    var awaitsDrain = false
    /// Some buffer of this network has pasted lines waiting.
    var isPasting = false
    /// Where the next turn of the pasting buffers starts (they take turns, a line each).
    var pasteTurn = 0
    /// The link's time per line once its burst is used up, as it last said (seconds).
    public internal(set) var secondsPerLine = 2.0
    /// How many times the session registered (``ChatBuffer/awaitsRejoin`` belongs to one of
    /// them; a link refused before registering does not count).
    var linkCount = 0
    /// Whether the network is named by its server's address (a `--server` start, a link, the
    /// first-run form): it is then shown by the name its server announces.
    public internal(set) var isNamedAfterServer = false
    /// The name the server last announced (ISUPPORT `NETWORK`), kept while disconnected.
    public internal(set) var announcedName: String?
    /// Replayed lines matched against what was shown, for the current connection.
    var replays = ReplayLedger()
    /// Buffers in the order they were opened; the server buffer is always first.
    public internal(set) var buffers: [ChatBuffer] = []

    /// For a network reached through a bouncer's `soju.im/bouncer-networks`: the network of
    /// the bouncer's own connection, and this network's id there.
    public let bouncer: (parent: String, netid: String)?
    /// On a bouncer's own connection: each of its networks' attributes by netid (`name`,
    /// `state`, `error`, `host`, …), as the bouncer last told them.
    public internal(set) var bouncerNetworks: [String: [String: String]] = [:]

    init(name: String, session: IRCSession, cap: Int, trimBatch: Int, bouncer: (parent: String, netid: String)? = nil) {
        self.name = name
        self.session = session
        self.bouncer = bouncer
        buffers.append(ChatBuffer(id: BufferID(network: name, name: ""), name: name, kind: .server,
                                  cap: cap, trimBatch: trimBatch))
    }

    /// The server buffer.
    public var serverBuffer: ChatBuffer { buffers[0] }
    /// Whether each watched nick (MONITOR) is online, by folded nick; absent: not known yet.
    public internal(set) var friendsOnline: [String: Bool] = [:]

    /// Whom a CTCP request was last sent to (folded) and the buffer it was typed in, newest
    /// last: the answers show there.
    var ctcpAsked: [(target: String, buffer: BufferID)] = []
    /// Command lines run once registered, before the channels are joined (`on_connect`).
    public var onConnect: [String] = []
    /// The channels joined at start, as joined and parted by hand; nil when not remembered
    /// (`remember_channels = false`).
    public internal(set) var rememberedChannels: [ChannelKey]?
    /// Moves each time ``rememberedChannels`` changes.
    public internal(set) var rememberedRevision = 0
    /// The changes to ``rememberedChannels`` not yet taken (``takeRememberedChanges()``).
    var rememberedChanges: [RememberedChange] = []
    /// Channels (folded) the user asked to join or to leave (`/join`, `/part`, closing the
    /// buffer), until the server confirms it: only those change ``rememberedChannels``, not a
    /// bouncer's replayed joins, a forward to another channel, a /cycle or another client's.
    var joinsAsked: Set<String> = []
    var partsAsked: Set<String> = []
    /// Bans by nick waiting for a WHO to say who the nick is, by folded nick (ChatModel+Bans).
    var pendingBans: [String: [PendingBan]] = [:]

    /// Remembers that a CTCP request to `target` was typed in buffer `id`.
    func noteCTCPAsked(of target: String, from id: BufferID) {
        let key = caseMapping.lowercased(target)
        ctcpAsked.removeAll { $0.target == key }
        ctcpAsked.append((key, id))
        if ctcpAsked.count > 16 { ctcpAsked.removeFirst() }
    }

    /// Where a CTCP answer from `nick` shows: the buffer the request to them was typed in,
    /// when it is still open.
    func ctcpOrigin(of nick: String) -> BufferID? {
        let key = caseMapping.lowercased(nick)
        return ctcpAsked.last { $0.target == key }?.buffer
    }

    /// The watched nicks (MONITOR), as the user wrote them, each with whether it is online
    /// (`nil`: not known yet).
    public var friends: [(nick: String, online: Bool?)] {
        session.monitorList.map { ($0, friendsOnline[caseMapping.lowercased($0)]) }
    }

    /// The casemapping of this network (from ISUPPORT).
    public var caseMapping: IRCCaseMapping { session.state.isupport.caseMapping }

    /// The id a buffer named `name` has on this network.
    public func bufferID(for name: String) -> BufferID {
        BufferID(network: self.name, name: caseMapping.lowercased(name))
    }

    /// The buffer named `name` (casemapping-aware), if open.
    public func buffer(named name: String) -> ChatBuffer? {
        let id = bufferID(for: name)
        return buffers.first { $0.id == id }
    }

    /// Whether `name` is a channel name on this network (by CHANTYPES).
    public func isChannel(_ name: String) -> Bool {
        guard let first = name.first else { return false }
        return session.state.isupport.channelTypes.contains(first)
    }

    /// Members of `channel` sorted for the nick list: highest prefix rank first, then by name
    /// under the casemapping. Each with its prefix symbols and whether they are away.
    public func sortedMembers(of channel: String) -> [(nick: String, prefixes: String, away: Bool)] {
        guard let state = session.state.channel(named: channel) else { return [] }
        let prefix = session.state.isupport.prefixes
        let ranked = state.members.values.map { member -> (String, String, Int, Bool) in
            let symbols = prefix.filter { member.modes.contains($0.mode) }.map { String($0.prefix) }.joined()
            let rank = prefix.firstIndex { member.modes.contains($0.mode) } ?? prefix.count
            let away = session.state.user(named: member.nick)?.awayMessage != nil
            return (member.nick, symbols, rank, away)
        }
        let mapping = caseMapping
        return ranked.sorted {
            $0.2 != $1.2 ? $0.2 < $1.2 : mapping.lowercased($0.0) < mapping.lowercased($1.0)
        }.map { (nick: $0.0, prefixes: $0.1, away: $0.3) }
    }
}

/// The channels a network joins at start, kept as they are joined and left by hand (WeeChat's
/// `autojoin_dynamic`): the app writes them to the network's `channels` in the configuration
/// when ``rememberedRevision`` moves.
extension ChatNetwork {
    /// Starts remembering, from the channels the configuration lists.
    public func remember(channels: [ChannelKey]) {
        rememberedChannels = channels
    }

    /// Stops remembering (`remember_channels` turned off while Natter runs).
    public func stopRemembering() {
        rememberedChannels = nil
        rememberedChanges = []
    }

    /// The user asked to join `channel`.
    func askedToJoin(_ channel: String) {
        guard rememberedChannels != nil, joinsAsked.count < 256 else { return }
        joinsAsked.insert(caseMapping.lowercased(channel))
    }

    /// The user asked to leave `channel`.
    func askedToPart(_ channel: String) {
        guard rememberedChannels != nil, partsAsked.count < 256 else { return }
        partsAsked.insert(caseMapping.lowercased(channel))
    }

    /// We joined `channel` (its key, if the session knows one): when the user asked for it, it
    /// is joined at start from now on. `keyChanged`: its key was set or taken away, and the
    /// remembered one follows.
    func remember(joined channel: String, keyChanged: Bool = false) {
        guard var channels = rememberedChannels else { return }
        let asked = joinsAsked.remove(caseMapping.lowercased(channel)) != nil
        let key = session.joinKey(for: channel)
        if let index = channels.firstIndex(where: { caseMapping.equal($0.name, channel) }) {
            // A join without a key we know keeps the one configured.
            guard channels[index].key != key, key != nil || keyChanged else { return }
            channels[index].key = key
            rememberedChanges.append(.keyed(channels[index]))
        } else {
            guard asked, !keyChanged else { return }
            channels.append(ChannelKey(channel, key: key))
            rememberedChanges.append(.added(ChannelKey(channel, key: key)))
        }
        rememberedChannels = channels
        rememberedRevision += 1
    }

    /// We parted `channel`: when the user asked to, it is no longer joined at start (a kick is
    /// not a choice, and changes nothing here; nor does a /cycle).
    func forget(parted channel: String, asked: Bool = false) {
        let wasAsked = partsAsked.remove(caseMapping.lowercased(channel)) != nil
        guard asked || wasAsked, var channels = rememberedChannels,
              let index = channels.firstIndex(where: { caseMapping.equal($0.name, channel) })
        else { return }
        channels.remove(at: index)
        rememberedChanges.append(.removed(channel))
        rememberedChannels = channels
        rememberedRevision += 1
    }
}

/// One change to the channels a network joins at start, as the configuration takes it: applied
/// to the list as the file has it then, so what the user wrote there meanwhile stays.
public enum RememberedChange: Sendable, Hashable {
    /// Joined by hand: added (with its key, if any).
    case added(ChannelKey)
    /// Parted by hand: taken out.
    case removed(String)
    /// Its key was set or taken away.
    case keyed(ChannelKey)
}

extension ChatNetwork {
    /// The changes to the remembered channels since the last call, oldest first.
    public func takeRememberedChanges() -> [RememberedChange] {
        defer { rememberedChanges = [] }
        return rememberedChanges
    }
}

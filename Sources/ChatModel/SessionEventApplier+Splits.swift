import FoundationEssentials
import IRCProtocol
import IRCSession

/// Netsplits and netjoins, told by a batch or recognised by the session from the quits: one row
/// per channel instead of a quit or join per user.
extension SessionEventApplier {
    /// How many nicks a netsplit row names before it counts the rest.
    static let splitNicksNamed = 8

    /// "Netsplit hub.example ↔ leaf.example: ada, bob (+12 more)" in each channel it names.
    /// The session recognises a split by its quits, one event per channel with its own users;
    /// a `netsplit` batch names all its users in each channel.
    func applySplit(joined: Bool, servers: String, users all: [String], channels: [String], on network: ChatNetwork, now: Date) {
        // Those ignored for QUITS (JOINS for a netjoin) are not named. The session has let go of
        // who quit by now: a mask over their nick matches, one over their host or account may not.
        let level: IgnoreLevels = joined ? .joins : .quits
        let users = all.filter { !model.isIgnored(IRCSource(nick: $0), level: level, on: network, now: now) }
        guard !users.isEmpty else {
            for buffer in buffers(channels, on: network) { model.changes.append(.membersChanged(buffer.id)) }
            return
        }
        let text = Self.splitSummary(joined: joined, servers: servers, users: users)
        for buffer in buffers(channels, on: network) {
            model.event(.info, nick: nil, text: text, in: buffer, on: network, at: now)
            model.changes.append(.membersChanged(buffer.id))
        }
        guard !joined else { return }
        // A private conversation with one of them says they quit, as an ordinary quit does
        // there: once, though each channel they were in has an event of its own.
        for user in users {
            guard let query = network.buffer(named: user), query.kind == .query,
                  query.scrollback.lines.last.map({ $0.kind == .quit && $0.nick == user && $0.text == servers }) != true
            else { continue }
            model.event(.quit, nick: user, text: servers, in: query, on: network, at: now)
        }
    }

    /// The row's text: the two servers with an arrow between, then the first nicks and how
    /// many more.
    static func splitSummary(joined: Bool, servers: String, users: [String]) -> String {
        let pair = servers.split(separator: " ").joined(separator: " ↔ ")
        var names = users.prefix(splitNicksNamed).joined(separator: ", ")
        if users.count > splitNicksNamed { names += " (+\(users.count - splitNicksNamed) more)" }
        return "\(joined ? "Netjoin" : "Netsplit") \(pair): \(names)"
    }
}

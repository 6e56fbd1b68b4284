import IRCSession

/// The commands that act on the buffer's channel as a whole or as its operator: /cycle,
/// /kickban, /unban, /quiet and /unquiet.
extension Commands {
    func runChannelCommand(_ command: ChatCommand, in scope: CommandScope) {
        let network = scope.network
        switch command {
        case .cycle(let explicit):
            guard let channel = explicit ?? scope.channel() else { return }
            // The key is read before the part, which forgets it.
            let key = network.session.joinKey(for: channel)
            scope.intent(.part(channel: channel, reason: "cycling"))
            scope.intent(.join([ChannelKey(channel, key: key)]))
        case .kickban(let nick, let reason):
            guard let channel = scope.channel() else { return }
            scope.intent(.setMode(target: channel, modes: "+b", parameters: [network.banMask(for: nick)]))
            scope.intent(.kick(channel: channel, nick: nick, reason: reason))
        case .unban(let target):
            guard let channel = scope.channel() else { return }
            let masks = Self.masks(for: target, lifting: true, on: network)
            scope.intent(.setMode(target: channel, modes: "-" + String(repeating: "b", count: masks.count), parameters: masks))
        case .quiet(let target, let adding):
            guard let channel = scope.channel() else { return }
            let masks = Self.masks(for: target, lifting: !adding, on: network)
            let changes = masks.compactMap(network.quietMode(for:))
            guard changes.count == masks.count, !changes.isEmpty else {
                scope.note("this server has no quiet mode (neither a q list mode nor the m extended ban): /ban keeps someone out",
                           error: true)
                return
            }
            let modes = (adding ? "+" : "-") + String(changes.map(\.mode))
            scope.intent(.setMode(target: channel, modes: modes, parameters: changes.map(\.parameter)))
        case .filter(let on):
            guard scope.buffer.kind == .channel else {
                scope.note("/filter works in a channel: it hides the joins and parts of people who have not spoken there lately",
                           error: true)
                return
            }
            model.setSmartFilter(on, in: scope.buffer, now: scope.now.wall)
        default:
            break
        }
    }

    /// The masks `/unban`, `/quiet` and `/unquiet` act on: a mask as given (completed to
    /// `nick!user@host`; an extended ban as it is); for a nick, the ban by host a kick-ban sets (``ChatNetwork/banMask(for:)``)
    /// and, lifting, the ban by nick `/ban NICK` sets too (a server ignores lifting a ban that is
    /// not there).
    static func masks(for target: String, lifting: Bool, on network: ChatNetwork) -> [String] {
        // An extended ban (`$a:account`, `m:nick!*@*`) goes as it is.
        if target.contains(":") || target.hasPrefix("$") { return [target] }
        guard ChatCommandParser.isNick(target) else { return [IgnoreList.normalize(target)] }
        let byHost = network.banMask(for: target), byNick = IgnoreList.normalize(target)
        return lifting && byHost != byNick ? [byHost, byNick] : [byHost]
    }
}

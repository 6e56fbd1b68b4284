import IRCSession

/// The commands that act on the buffer's channel as a whole or as its operator: /cycle, /ban,
/// /kickban, /unban, /quiet and /unquiet. A nick is banned by the network's `ban_mask`
/// (``ChatModel/ban(_:_:channel:origin:on:now:)``: after a WHO when its host is not known).
extension Commands {
    func runChannelCommand(_ command: ChatCommand, in scope: CommandScope) {
        let network = scope.network
        /// A nick's ban, by the template; false for a mask, used as given.
        func byNick(_ target: String, _ action: PendingBan.Action) -> Bool {
            // (`$~a` passes for a nick, but is an extended ban.)
            guard ChatCommandParser.isNick(target), !target.hasPrefix("$"), let channel = scope.channel() else { return false }
            model.ban(target, action, channel: channel, origin: scope.id, on: network, now: scope.now)
            return true
        }
        switch command {
        case .ban(let target):
            guard scope.buffer.kind == .channel else { _ = scope.channel(); return }
            if byNick(target, .ban) { return }
            scope.intent(.setMode(target: scope.buffer.name, modes: "+b", parameters: [Self.mask(for: target)]))
        case .cycle(let explicit):
            guard let channel = explicit ?? scope.channel() else { return }
            // The key is read before the part, which forgets it.
            let key = network.session.joinKey(for: channel)
            scope.intent(.part(channel: channel, reason: "cycling"))
            scope.intent(.join([ChannelKey(channel, key: key)]))
        case .kickban(let nick, let reason):
            guard scope.buffer.kind == .channel else { _ = scope.channel(); return }
            if byNick(nick, .kickban(reason: reason)) { return }
            scope.note("/kickban takes a nick: /ban MASK, then /kick NICK", error: true)
        case .unban(let target):
            guard scope.buffer.kind == .channel else { _ = scope.channel(); return }
            if byNick(target, .unban) { return }
            let channel = scope.buffer.name
            let masks = [Self.mask(for: target)]
            scope.intent(.setMode(target: channel, modes: "-" + String(repeating: "b", count: masks.count), parameters: masks))
        case .quiet(let target, let adding):
            guard scope.buffer.kind == .channel else { _ = scope.channel(); return }
            if byNick(target, .quiet(adding: adding)) { return }
            let channel = scope.buffer.name
            let masks = [Self.mask(for: target)]
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

    /// The mask `/ban`, `/unban`, `/quiet` and `/unquiet` act on when given one (not a nick):
    /// completed to `nick!user@host`; an extended ban (`$a:account`, `m:nick!*@*`) as it is.
    static func mask(for target: String) -> String {
        target.contains(":") || target.hasPrefix("$") ? target : IgnoreList.normalize(target)
    }
}

import IRCProtocol

/// MODE parsing with CHANMODES (A list, B always a parameter, C a parameter when set, D never)
/// and PREFIX membership modes; channel and user modes.
extension IRCSession {
    /// Splits a mode string and its parameters into changes, using the server's CHANMODES and
    /// PREFIX for channels; user modes never take parameters.
    func parseModes(_ modes: String, parameters: [String], forChannel: Bool) -> [ModeChange] {
        let types = state.isupport.channelModes
        let prefixModes = Set(state.isupport.prefixes.map(\.mode))
        var changes: [ModeChange] = []
        var adding = true
        var next = 0
        for letter in modes {
            switch letter {
            case "+": adding = true
            case "-": adding = false
            default:
                let takesParameter = forChannel && (prefixModes.contains(letter) || types.a.contains(letter)
                    || types.b.contains(letter) || (adding && types.c.contains(letter)))
                var parameter: String?
                if takesParameter, next < parameters.count {
                    parameter = parameters[next]
                    next += 1
                }
                changes.append(ModeChange(adding: adding, mode: letter, parameter: parameter))
            }
        }
        return changes
    }

    mutating func handleMode(_ message: IRCMessage) {
        let p = message.parameters
        guard p.count >= 2 else { return }
        let target = p[0]
        if state.isupport.isChannel(target) {
            let changes = parseModes(p[1], parameters: Array(p.dropFirst(2)), forChannel: true)
            guard let channel = state.channel(named: target) else { return showReply(message) }
            applyChannelModes(changes, to: state.fold(target))
            emit(.modeChanged(target: channel.name, by: message.parsedSource, changes: changes))
        } else {
            let changes = parseModes(p[1], parameters: [], forChannel: false)
            if state.isOwnNick(target) {
                for change in changes {
                    if change.adding { state.userModes.insert(change.mode) } else { state.userModes.remove(change.mode) }
                }
            }
            emit(.modeChanged(target: target, by: message.parsedSource, changes: changes))
        }
    }

    /// `324 <me> <channel> <modes> [params…]`: the channel's current modes.
    mutating func handleChannelModeIs(_ message: IRCMessage) {
        let p = message.parameters
        guard p.count >= 3, let channel = state.channel(named: p[1]) else { return showReply(message) }
        let changes = parseModes(p[2], parameters: Array(p.dropFirst(3)), forChannel: true)
        state.channels[state.fold(p[1])]?.modes = [:]
        applyChannelModes(changes, to: state.fold(p[1]))
        emit(.modeChanged(target: channel.name, by: nil, changes: changes))
    }

    mutating func applyChannelModes(_ changes: [ModeChange], to key: String) {
        guard var channel = state.channels[key] else { return }
        let types = state.isupport.channelModes
        let prefixModes = Set(state.isupport.prefixes.map(\.mode))
        for change in changes {
            if prefixModes.contains(change.mode) {
                guard let nick = change.parameter, var member = channel.members[state.fold(nick)] else { continue }
                var modes = member.modes.filter { $0 != change.mode }
                if change.adding { modes.append(change.mode) }
                member.modes = sortedModes(modes)
                channel.members[state.fold(nick)] = member
            } else if types.a.contains(change.mode) {
                continue  // list modes (bans, exceptions) are reported, not kept
            } else if change.adding {
                channel.modes[change.mode] = change.parameter ?? ""
            } else {
                channel.modes[change.mode] = nil
            }
            // Remember a channel key so that a rejoin after reconnecting can use it.
            if change.mode == "k", let index = desiredChannels.firstIndex(where: { state.isupport.equal($0.name, channel.name) }) {
                if change.adding, let key = change.parameter, key != "*" { desiredChannels[index].key = key }
                if !change.adding { desiredChannels[index].key = nil }
            }
        }
        state.channels[key] = channel
    }
}

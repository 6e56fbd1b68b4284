import FoundationEssentials
import IRCProtocol

/// Channel and member state: JOIN (with extended-join), PART, KICK, QUIT, NICK, NAMES (353/366
/// with multi-prefix and userhost-in-names) and topics. Modes and user metadata live in
/// `IRCSession+Modes.swift` and `IRCSession+Users.swift`.
extension IRCSession {
    mutating func handleJoin(_ message: IRCMessage, now: SessionTime) {
        guard let source = message.parsedSource, let name = message.parameters.first else { return }
        // extended-join: `JOIN #chan account :realname` (`*` = not logged in).
        var account: String?
        var realName: String?
        if message.parameters.count >= 3 {
            account = message.parameters[1] == "*" ? nil : message.parameters[1]
            realName = message.parameters[2]
        }
        let isOwn = state.isOwnNick(source.nick)
        let key = state.fold(name)
        if isOwn {
            state.ownUser = source.user ?? state.ownUser
            state.ownHost = source.host ?? state.ownHost
            state.channels[key] = ChannelState(name: name)
            namesInProgress[key] = nil
            if !desiredChannels.contains(where: { state.isupport.equal($0.name, name) }) {
                desiredChannels.append(ChannelKey(name))
            }
        }
        guard state.channels[key] != nil else { return }
        let nickKey = state.fold(source.nick)
        state.channels[key]?.members[nickKey] = ChannelMember(nick: source.nick)
        var info = state.users[nickKey] ?? UserInfo(nick: source.nick)
        info.nick = source.nick
        info.user = source.user ?? info.user
        info.host = source.host ?? info.host
        if message.parameters.count >= 3 {
            info.account = account
            info.realName = realName
        }
        state.users[nickKey] = info
        if let batchID = message.tags["batch"], batches[batchID]?.type == "netjoin" {
            batches[batchID]?.users.append(source.nick)
            batches[batchID]?.channels.insert(name)
            return
        }
        if !isOwn, gatherNetjoin(nick: source.nick, channel: name, now: now) { return }
        emit(.joined(channel: name, user: source, account: account, realName: realName, isOwn: isOwn))
        if isOwn { requestLatestHistory(for: name, now: now) }
    }

    mutating func handlePart(_ message: IRCMessage) {
        guard let source = message.parsedSource, let names = message.parameters.first else { return }
        let reason = message.parameters.count >= 2 ? message.parameters[1] : nil
        for name in names.split(separator: ",").map(String.init) {
            guard let channel = state.channel(named: name) else { continue }
            let isOwn = state.isOwnNick(source.nick)
            removeMember(source.nick, from: name, isOwn: isOwn)
            if isOwn {
                desiredChannels.removeAll { state.isupport.equal($0.name, name) }
                history.stoppedHearing[state.fold(name)] = nil   // we chose to stop listening
            }
            emit(.parted(channel: channel.name, user: source, reason: reason, isOwn: isOwn))
        }
    }

    mutating func handleKick(_ message: IRCMessage, now: SessionTime) {
        let p = message.parameters
        guard p.count >= 2, let channel = state.channel(named: p[0]) else { return }
        let isOwn = state.isOwnNick(p[1])
        removeMember(p[1], from: p[0], isOwn: isOwn)
        if isOwn {
            desiredChannels.removeAll { state.isupport.equal($0.name, p[0]) }
            history.stoppedHearing[state.fold(p[0])] = now.wall
        }
        emit(.kicked(channel: channel.name, nick: p[1], by: message.parsedSource,
                     reason: p.count >= 3 ? p[2] : nil, isOwn: isOwn))
    }

    mutating func handleQuit(_ message: IRCMessage, now: SessionTime) {
        guard let source = message.parsedSource else { return }
        let nickKey = state.fold(source.nick)
        var shared: [String] = []
        for (key, channel) in state.channels where channel.members[nickKey] != nil {
            state.channels[key]?.members[nickKey] = nil
            shared.append(channel.name)
        }
        shared.sort()
        if !state.isOwnNick(source.nick) { state.users[nickKey] = nil }
        if let batchID = message.tags["batch"], batches[batchID]?.type == "netsplit" {
            batches[batchID]?.users.append(source.nick)
            batches[batchID]?.channels.formUnion(shared)
            return
        }
        if !state.isOwnNick(source.nick), gatherSplitQuit(nick: source.nick, reason: message.parameters.first, channels: shared, now: now) {
            return regainNick(freedBy: source.nick)
        }
        emit(.quit(user: source, reason: message.parameters.first, channels: shared))
        regainNick(freedBy: source.nick)
    }

    /// Registered under another nick than the one we want (taken, often by our own ghost after
    /// a reconnect): with MONITOR, the server tells us when it frees up (731), also when its
    /// holder shares no channel with us.
    mutating func watchWantedNick() {
        guard let wanted = wantedNick, !state.isupport.equal(state.nick, wanted), state.isupport.supportsMonitor,
              !monitorList.contains(where: { state.isupport.equal($0, wanted) }) else { return }
        sendMonitor("+", [wanted])
    }

    /// The nick we want was just given up (its holder quit or changed nick) while we are
    /// registered under another: ask for it.
    mutating func regainNick(freedBy nick: String) {
        guard let wanted = wantedNick, state.phase == .registered, !state.isOwnNick(nick), state.isupport.equal(nick, wanted),
              !state.isupport.equal(state.nick, wanted) else { return }
        send("NICK", wanted)
    }

    mutating func handleNick(_ message: IRCMessage) {
        guard let source = message.parsedSource, let newNick = message.parameters.first else { return }
        let oldKey = state.fold(source.nick)
        let newKey = state.fold(newNick)
        let isOwn = state.isOwnNick(source.nick)
        if isOwn { state.nick = newNick }
        var shared: [String] = []
        for (key, channel) in state.channels {
            guard var member = channel.members[oldKey] else { continue }
            member.nick = newNick
            state.channels[key]?.members[oldKey] = nil
            state.channels[key]?.members[newKey] = member
            shared.append(channel.name)
        }
        shared.sort()
        if var info = state.users[oldKey] {
            info.nick = newNick
            state.users[oldKey] = nil
            state.users[newKey] = info
        }
        if isOwn, let requested = requestedNick, state.isupport.equal(newNick, requested) {
            chosenNick = newNick
            requestedNick = nil
        }
        emit(.nickChanged(from: source.nick, to: newNick, isOwn: isOwn, channels: shared))
        if !isOwn { regainNick(freedBy: source.nick) }
        // Our nick back: stop watching it, unless the user watches it too.
        if isOwn, let wanted = wantedNick, state.isupport.supportsMonitor, state.isupport.equal(newNick, wanted),
           !monitorList.contains(where: { state.isupport.equal($0, newNick) }) {
            sendMonitor("-", [newNick])
        }
    }

    /// Removes a member; when it is us, the channel goes. Users we no longer share a channel
    /// with are forgotten.
    mutating func removeMember(_ nick: String, from channelName: String, isOwn: Bool) {
        let key = state.fold(channelName)
        if isOwn {
            let formerMembers = state.channels[key]?.members.keys.map { $0 } ?? []
            state.channels[key] = nil
            namesInProgress[key] = nil
            for member in formerMembers where !sharesChannel(member) && member != state.fold(state.nick) {
                state.users[member] = nil
            }
        } else {
            let nickKey = state.fold(nick)
            state.channels[key]?.members[nickKey] = nil
            if !sharesChannel(nickKey) { state.users[nickKey] = nil }
        }
    }

    func sharesChannel(_ nickKey: String) -> Bool {
        state.channels.values.contains { $0.members[nickKey] != nil }
    }

    // MARK: NAMES

    /// `353 <me> <symbol> <channel> :[prefixes]nick[!user@host] …` (the symbol may be missing
    /// on old servers).
    mutating func handleNamesReply(_ message: IRCMessage) {
        let p = message.parameters
        guard p.count >= 3 else { return }
        let channelName = p.count >= 4 ? p[2] : p[1]
        let key = state.fold(channelName)
        guard state.channels[key] != nil else { return showReply(message) }
        let prefixes = state.isupport.prefixes
        var members = namesInProgress[key] ?? [:]
        for entry in p[p.count - 1].split(separator: " ") {
            var rest = Substring(entry)
            var modes: [Character] = []
            while let first = rest.first, let rank = prefixes.firstIndex(where: { $0.prefix == first }) {
                modes.append(prefixes[rank].mode)
                rest = rest.dropFirst()
            }
            guard !rest.isEmpty else { continue }
            let source = IRCSource(parsing: String(rest))
            members[state.fold(source.nick)] = ChannelMember(nick: source.nick, modes: sortedModes(modes))
            var info = state.users[state.fold(source.nick)] ?? UserInfo(nick: source.nick)
            info.nick = source.nick
            info.user = source.user ?? info.user
            info.host = source.host ?? info.host
            state.users[state.fold(source.nick)] = info
        }
        namesInProgress[key] = members
    }

    mutating func handleEndOfNames(_ message: IRCMessage) {
        let p = message.parameters
        guard p.count >= 2 else { return }
        let key = state.fold(p[1])
        guard var channel = state.channels[key] else { return showReply(message) }
        channel.members = namesInProgress.removeValue(forKey: key) ?? [:]
        channel.membersComplete = true
        state.channels[key] = channel
        let ranks = state.isupport.prefixes.map(\.mode)
        let sorted = channel.members.values.sorted { a, b in
            let ra = a.modes.first.flatMap { ranks.firstIndex(of: $0) } ?? ranks.count
            let rb = b.modes.first.flatMap { ranks.firstIndex(of: $0) } ?? ranks.count
            return ra != rb ? ra < rb : state.fold(a.nick) < state.fold(b.nick)
        }
        emit(.membersComplete(channel: channel.name, members: sorted))
    }

    /// Membership modes ordered by PREFIX rank, highest first, without duplicates.
    func sortedModes(_ modes: [Character]) -> [Character] {
        let ranks = state.isupport.prefixes.map(\.mode)
        return ranks.filter { modes.contains($0) }
    }

    // MARK: Topic

    mutating func handleTopic(_ message: IRCMessage) {
        let p = message.parameters
        switch message.command {
        case "TOPIC":
            guard p.count >= 2, let channel = state.channel(named: p[0]) else { return }
            let key = state.fold(p[0])
            let setBy = message.parsedSource?.nick
            state.channels[key]?.topic = p[1].isEmpty ? nil : p[1]
            state.channels[key]?.topicSetBy = setBy
            state.channels[key]?.topicSetAt = message.tags["time"].flatMap(ServerTime.parse)
            emit(.topic(channel: channel.name, topic: p[1], setBy: setBy,
                        setAt: state.channels[key]?.topicSetAt, isChange: true))
        case "331":
            guard p.count >= 2, let channel = state.channel(named: p[1]) else { return showReply(message) }
            state.channels[state.fold(p[1])]?.topic = nil
            emit(.topic(channel: channel.name, topic: "", setBy: nil, setAt: nil, isChange: false))
        case "332":
            guard p.count >= 3, let channel = state.channel(named: p[1]) else { return showReply(message) }
            state.channels[state.fold(p[1])]?.topic = p[2]
            emit(.topic(channel: channel.name, topic: p[2], setBy: nil, setAt: nil, isChange: false))
        default: // 333 <me> <channel> <nick> <setat>
            guard p.count >= 4, let channel = state.channel(named: p[1]) else { return showReply(message) }
            let key = state.fold(p[1])
            let setAt = Double(p[3]).map { Date(timeIntervalSince1970: $0) }
            state.channels[key]?.topicSetBy = p[2]
            state.channels[key]?.topicSetAt = setAt
            emit(.topic(channel: channel.name, topic: channel.topic ?? "", setBy: p[2], setAt: setAt, isChange: false))
        }
    }
}

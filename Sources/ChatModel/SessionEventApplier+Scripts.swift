import FoundationEssentials
import IRCProtocol
import IRCSession

extension SessionEventApplier {
    /// Tells the scripts that follow events what `event` means to them (joins, parts, quits,
    /// kicks, nick changes, the link up and down), before the model applies it.
    func tellScripts(_ event: SessionEvent, on network: ChatNetwork) {
        guard let scripts = model.scripts, scripts.hooked.contains(.events) else { return }
        let name = network.name
        let told: ScriptEvent? = switch event {
        case .joined(let channel, let user, _, _, let isOwn):
            .joined(network: name, channel: channel, nick: user.nick, isOwn: isOwn)
        case .parted(let channel, let user, let reason, let isOwn):
            .parted(network: name, channel: channel, nick: user.nick, reason: reason, isOwn: isOwn)
        case .kicked(let channel, let nick, let by, let reason, let isOwn):
            .kicked(network: name, channel: channel, nick: nick, by: by?.nick ?? "", reason: reason, isOwn: isOwn)
        case .quit(let user, let reason, let channels):
            .quit(network: name, nick: user.nick, reason: reason, channels: channels)
        case .nickChanged(let from, let to, let isOwn, _):
            .nickChanged(network: name, old: from, new: to, isOwn: isOwn)
        case .registered(let nick, _):
            .connected(network: name, nick: nick)
        case .connectionPhase(.disconnected):
            .disconnected(network: name)
        default:
            nil
        }
        if let told { scripts.happened(told) }
    }

    /// What the scripts make of `message` about to be shown as `line` (before its buffer is
    /// opened: the name it has or will have).
    func scriptsVerdict(on message: BufferMessage, line: ChatLine, on network: ChatNetwork) -> ArrivalVerdict {
        guard let scripts = model.scripts, scripts.hooked.contains(.arriving) else { return .keep }
        let kind: ArrivingMessage.Kind
        switch message.kind {
        case .privmsg: kind = .privmsg
        case .notice: kind = .notice
        case .action: kind = .action
        case .ctcpRequest, .ctcpReply: return .keep
        }
        // Our own login to a service, echoed: scripts never see a password.
        if message.isOwn, case .query(let target) = message.target, model.carriesPassword(message.text, to: target) { return .keep }
        // The name as the message gives it (no search of the buffers for every message: names
        // compare as the network's casemapping says, which scripts are told).
        let bufferName: String = switch message.target {
        case .server: ""
        case .channel(let name), .query(let name): name
        }
        let nick = message.source?.nick
        let account = message.tags["account"] ?? nick.flatMap { network.session.state.user(named: $0)?.account }
        return scripts.arriving(ArrivingMessage(
            network: network.name, buffer: bufferName, kind: kind, nick: nick, user: message.source?.user,
            host: message.source?.host, account: account, text: message.text, tags: message.tags,
            isHighlight: line.isHighlight, isOwn: message.isOwn, time: message.time, msgid: message.msgid))
    }
}

import ChatModel
import FoundationEssentials
import IRCProtocol
import IRCSession
import Scripting

/// The model's hook points, answered by the scripts' hooks in the order they were loaded.
extension ScriptManager {
    public func received(_ message: IRCMessage, network: String) -> IRCMessage? {
        let rawIn = lists.rawIn
        // Asked for every line when a message hook wants TAGMSGs: nothing more than this test
        // for the others.
        guard !rawIn.isEmpty else {
            if message.command == "TAGMSG", hooked.contains(.arriving) { tellTagMessage(message, network: network) }
            return message
        }
        // Our own login echoed back (echo-message) is no more the scripts' than as it went out.
        if message.command == "PRIVMSG" || message.command == "NOTICE", let chat = model.network(network),
           let nick = message.parsedSource?.nick, chat.caseMapping.equal(nick, chat.nick), model.carriesPassword(message) {
            return message
        }
        var message = message
        let original = message.serialized()
        guard let line = filter(original, through: rawIn, network: network) else { return nil }
        if line != original {
            do { message = try IRCMessage(parsing: line) } catch {
                ask(.report("scripts: a line changed on its way in does not parse (\(error)), the server's is kept: \(line)", network: network))
            }
        }
        if message.command == "TAGMSG", hooked.contains(.arriving) { tellTagMessage(message, network: network) }
        return message
    }

    public func sending(_ messages: [IRCMessage], network: String) -> [IRCMessage] {
        guard !lists.rawOut.isEmpty else { return messages }
        return messages.compactMap { message in
            // A line with a password goes as it is, unseen.
            if model.carriesPassword(message) { return message }
            let original = message.serialized()
            guard let line = filter(original, through: lists.rawOut, network: network) else {
                noteDropped(message, network: network)
                return nil
            }
            guard line != original else { return message }
            do { return try IRCMessage(parsing: line) } catch {
                ask(.report("scripts: a line changed on its way out does not parse (\(error)), not sent: \(line)", network: network))
                return nil
            }
        }
    }

    /// A message or notice a raw-out hook kept from the server: said where it would have been
    /// shown, so that text the user typed never vanishes without a word.
    private func noteDropped(_ message: IRCMessage, network: String) {
        guard message.command == "PRIVMSG" || message.command == "NOTICE", message.parameters.count >= 2,
              let chat = model.network(network) else { return }
        let id = chat.buffer(named: message.parameters[0])?.id ?? chat.serverBuffer.id
        ask(.print(id, text: "Not sent (a script's raw-out hook dropped it): \(message.parameters[1])", error: true))
    }

    /// `line` through raw hooks in turn: each may keep it (nothing), replace it (a string) or
    /// drop it (false: nil here).
    private func filter(_ line: String, through hooks: [HookLists.Entry], network: String) -> String? {
        var line = line
        for (script, function) in hooks {
            guard let result = call(script, function, [.string(network), .string(line)], network: network)?.first else { continue }
            switch result {
            case .bool(false): return nil
            case .string(let replaced): line = replaced
            default: break
            }
        }
        return line
    }

    public func arriving(_ message: ArrivingMessage) -> ArrivalVerdict {
        var verdict = ArrivalVerdict.keep
        var table: LuaRecord?
        for (script, function) in messageHooks {
            if table == nil { table = Self.table(message) }
            guard let result = call(script, function, record: table!, network: message.network)?.first else { continue }
            switch result {
            case .string("hide"): verdict = .hide
            case .string("highlight") where verdict == .keep: verdict = .highlight
            default: break
            }
        }
        return verdict
    }

    public func sendingOwn(_ text: String, action: Bool, in id: BufferID) -> OwnMessageVerdict {
        if !action, model.carriesPassword(text, to: apiName(id)) { return .send(text) }
        var text = text
        for (script, function) in lists.send {
            let sent: LuaValue = .fields(["network": .string(id.network), "buffer": .string(apiName(id)),
                                          "text": .string(text), "action": .bool(action)])
            guard let result = call(script, function, [sent], network: id.network)?.first else { continue }
            switch result {
            // Nothing left to send is a message kept back, and said so.
            case .bool(false), .string(""): return .cancelled(by: script.name)
            case .string(let replaced): text = replaced
            default: break
            }
        }
        return .send(text)
    }

    public func happened(_ event: ScriptEvent) {
        guard running == 0 else { return heldEvents.append(event) }
        let (name, fields, network) = describe(event)
        for (script, function) in lists.events[name] ?? [] {
            call(script, function, [.fields(fields)], network: network)
        }
    }

    /// Tells the events that came while a script ran.
    func tellHeldEvents() {
        while !heldEvents.isEmpty && running == 0 {
            happened(heldEvents.removeFirst())
        }
    }

    /// A TAGMSG, for the message hooks (what they return is not asked: nothing is shown).
    private func tellTagMessage(_ message: IRCMessage, network: String) {
        guard let target = message.parameters.first, let chat = model.network(network),
              !model.ignoresSender(ofTagMessage: message, network: network, now: Date()) else { return }
        let source = message.parsedSource
        let own = source.map { chat.caseMapping.equal($0.nick, chat.nick) } ?? false
        let buffer = chat.isChannel(target) || own ? target : source?.nick ?? target
        let table = Self.table(ArrivingMessage(
            network: network, buffer: buffer, kind: .tagmsg, nick: source?.nick, user: source?.user, host: source?.host,
            account: message.tags["account"], text: "", tags: message.tags, isHighlight: false, isOwn: own,
            time: message.tags["time"].flatMap { ServerTime.parse($0) } ?? Date(), msgid: message.tags["msgid"]))
        for (script, function) in lists.message {
            call(script, function, record: table, network: network)
        }
    }

    /// An arriving message as the table hooks get: a record, since it is made for every
    /// message (a dictionary's hashing and growth cost more than the hook's own work).
    static func table(_ message: ArrivingMessage) -> LuaRecord {
        var fields = LuaRecord(capacity: 14)
        fields.add("network", .string(message.network))
        fields.add("buffer", .string(message.buffer))
        fields.add("kind", .string(message.kind.rawValue))
        fields.add("text", .string(message.text))
        fields.add("tags", strings: message.tags)
        fields.add("highlight", .bool(message.isHighlight))
        fields.add("own", .bool(message.isOwn))
        fields.add("time", .number(message.time.timeIntervalSince1970))
        if let nick = message.nick { fields.add("nick", .string(nick)) }
        if let user = message.user { fields.add("user", .string(user)) }
        if let host = message.host { fields.add("host", .string(host)) }
        if let account = message.account { fields.add("account", .string(account)) }
        if let msgid = message.msgid { fields.add("msgid", .string(msgid)) }
        return fields
    }

    /// An event's name for `natter.on`, its fields, and the network it concerns.
    func describe(_ event: ScriptEvent) -> (String, [String: LuaValue], String?) {
        func optional(_ text: String?) -> LuaValue { text.map(LuaValue.string) ?? .nil }
        switch event {
        case .bufferOpened(let id, let kind):
            return ("buffer_opened", ["network": .string(id.network), "buffer": .string(apiName(id)), "kind": .string(ScriptAPI.name(of: kind))], id.network)
        case .bufferClosed(let id):
            return ("buffer_closed", ["network": .string(id.network), "buffer": .string(id.name)], id.network)
        case .bufferSwitched(let id):
            return ("buffer_switched", ["network": .string(id.network), "buffer": .string(apiName(id))], id.network)
        case .connected(let network, let nick):
            return ("connected", ["network": .string(network), "nick": .string(nick)], network)
        case .disconnected(let network):
            return ("disconnected", ["network": .string(network)], network)
        case .nickChanged(let network, let old, let new, let own):
            return ("nick", ["network": .string(network), "old": .string(old), "new": .string(new), "own": .bool(own)], network)
        case .joined(let network, let channel, let nick, let own):
            return ("join", ["network": .string(network), "channel": .string(channel), "nick": .string(nick), "own": .bool(own)], network)
        case .parted(let network, let channel, let nick, let reason, let own):
            return ("part", ["network": .string(network), "channel": .string(channel), "nick": .string(nick),
                             "reason": optional(reason), "own": .bool(own)], network)
        case .quit(let network, let nick, let reason, let channels):
            return ("quit", ["network": .string(network), "nick": .string(nick), "reason": optional(reason),
                             "channels": .array(channels.map(LuaValue.string))], network)
        case .kicked(let network, let channel, let nick, let by, let reason, let own):
            return ("kick", ["network": .string(network), "channel": .string(channel), "nick": .string(nick), "by": .string(by),
                             "reason": optional(reason), "own": .bool(own)], network)
        case .settingChanged(let name):
            return ("config", ["name": .string(name)], nil)
        }
    }
}

import ChatModel
import FoundationEssentials
import IRCProtocol
import IRCSession
import Scripting

/// The model's hook points, answered by the scripts' hooks in the order they were loaded.
extension ScriptManager {
    public func received(_ message: IRCMessage, network: String) -> IRCMessage? {
        var message = message
        let rawIn = lists.rawIn
        if !rawIn.isEmpty {
            var line = message.serialized()
            for (script, function) in rawIn {
                guard let result = call(script, function, [.string(network), .string(line)], network: network)?.first else { continue }
                switch result {
                case .bool(false): return nil
                case .string(let replaced): line = replaced
                default: break
                }
            }
            if line != message.serialized() {
                do { message = try IRCMessage(parsing: line) } catch {
                    ask(.report("scripts: a line changed on its way in does not parse (\(error)), the server's is kept: \(line)", network: network))
                }
            }
        }
        if message.command == "TAGMSG", hooked.contains(.arriving) { tellTagMessage(message, network: network) }
        return message
    }

    public func sending(_ messages: [IRCMessage], network: String) -> [IRCMessage] {
        let rawOut = lists.rawOut
        guard !rawOut.isEmpty else { return messages }
        return messages.compactMap { message in
            let original = message.serialized()
            var line = original
            for (script, function) in rawOut {
                guard let result = call(script, function, [.string(network), .string(line)], network: network)?.first else { continue }
                switch result {
                case .bool(false): return nil
                case .string(let replaced): line = replaced
                default: break
                }
            }
            guard line != original else { return message }
            do { return try IRCMessage(parsing: line) } catch {
                ask(.report("scripts: a line changed on its way out does not parse (\(error)), not sent: \(line)", network: network))
                return nil
            }
        }
    }

    public func arriving(_ message: ArrivingMessage) -> ArrivalVerdict {
        var verdict = ArrivalVerdict.keep
        var table: LuaRecord?
        for (script, function) in lists.message {
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
        var text = text
        for (script, function) in lists.send {
            let sent: LuaValue = .fields(["network": .string(id.network), "buffer": .string(apiName(id)),
                                          "text": .string(text), "action": .bool(action)])
            guard let result = call(script, function, [sent], network: id.network)?.first else { continue }
            switch result {
            case .bool(false): return .cancelled(by: script.name)
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
        guard let target = message.parameters.first, let chat = model.network(network) else { return }
        let source = message.parsedSource
        let nick = source?.nick
        let own = nick.map { chat.caseMapping.equal($0, chat.nick) } ?? false
        let buffer = chat.isChannel(target) ? target : (own ? target : nick ?? target)
        var tags: [String: LuaValue] = [:]
        for (key, value) in message.tags { tags[key] = .string(value) }
        var fields: [String: LuaValue] = [
            "network": .string(network), "buffer": .string(buffer), "kind": .string("tagmsg"), "text": .string(""),
            "tags": .fields(tags), "highlight": .bool(false), "own": .bool(own),
            "time": .number((message.tags["time"].flatMap { ServerTime.parse($0) } ?? Date()).timeIntervalSince1970),
        ]
        if let nick { fields["nick"] = .string(nick) }
        if let user = source?.user { fields["user"] = .string(user) }
        if let host = source?.host { fields["host"] = .string(host) }
        if let account = message.tags["account"] { fields["account"] = .string(account) }
        if let msgid = message.tags["msgid"] { fields["msgid"] = .string(msgid) }
        for (script, function) in lists.message {
            call(script, function, [.fields(fields)], network: network)
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
        fields.add("tags", .fields(message.tags.mapValues(LuaValue.string)))
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

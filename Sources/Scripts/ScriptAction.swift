import ChatModel
import FoundationEssentials
import IRCSession

/// Something a script asked for, carried out on the model once its callback has returned (a
/// callback runs inside the model's own work, which it must not change under its feet).
enum ScriptAction {
    case raw(network: String, line: String)
    case message(network: String, target: String, text: String, kind: MessageKind)
    case print(BufferID, text: String, error: Bool)
    case query(network: String, nick: String)
    case join(network: String, channel: String, key: String?)
    case part(network: String, channel: String, reason: String?)
    case show(BufferID)
    case notify(title: String, body: String, in: BufferID?)
    /// A line about a script, for the user: in this network's server buffer (else the one on
    /// screen's, else the first).
    case report(String, network: String?)
    case setSetting(script: String, key: String, value: ScriptSettingValue)

    enum MessageKind { case privmsg, action, notice }

    /// The bytes of text it holds (what waiting costs).
    var size: Int {
        switch self {
        case .raw(_, let text), .message(_, _, let text, _), .print(_, let text, _), .report(let text, _): text.utf8.count
        case .notify(let title, let body, _): title.utf8.count + body.utf8.count
        case .setSetting(_, let key, .text(let text)): key.utf8.count + text.utf8.count
        case .setSetting(_, let key, .list(let items)): key.utf8.count + items.reduce(0) { $0 + $1.utf8.count + 8 }
        default: 64
        }
    }
}

extension ScriptManager {
    /// Carries out one action.
    func perform(_ action: ScriptAction, now: SessionTime) {
        switch action {
        case .raw(let network, let line):
            model.perform(.raw(line), network: network, now: now)
        case .message(let network, let target, let text, let kind):
            let intent: UserIntent = switch kind {
            case .privmsg: .sendMessage(target: target, text: text)
            case .action: .sendAction(target: target, text: text)
            case .notice: .sendNotice(target: target, text: text)
            }
            model.perform(intent, network: network, now: now)
        case .print(let id, let text, let error):
            model.note(text, in: id, isError: error, at: now.wall)
        case .query(let network, let nick):
            model.openQuery(nick, network: network)
        case .join(let network, let channel, let key):
            model.perform(.join([ChannelKey(channel, key: key)]), network: network, now: now)
        case .part(let network, let channel, let reason):
            model.perform(.part(channel: channel, reason: reason), network: network, now: now)
        case .show(let id):
            if model.buffer(id) != nil { model.handToInterface([.show(id)]) }
        case .notify(let title, let body, let id):
            guard let target = id ?? model.activeBuffer ?? model.networks.first?.serverBuffer.id else { return }
            model.requestNotification(in: target, title: title, body: body)
        case .report(let text, let network):
            guard let id = reportBuffer(network: network) else { return }
            model.note(text, in: id, isError: true, at: now.wall)
        case .setSetting(let script, let key, let value):
            guard let store = model.scriptSettings else { return }
            if case .failure(let refusal) = store.set(value, key: key, of: script) {
                perform(.report("script \(script): natter.set(\"\(key)\") was not saved: \(refusal)", network: nil), now: now)
            }
        }
    }

    /// The server buffer where a line about a script goes.
    func reportBuffer(network: String?) -> BufferID? {
        if let network, let found = model.network(network) { return found.serverBuffer.id }
        if let active = model.activeBuffer, let found = model.network(active.network) { return found.serverBuffer.id }
        return model.networks.first?.serverBuffer.id
    }
}

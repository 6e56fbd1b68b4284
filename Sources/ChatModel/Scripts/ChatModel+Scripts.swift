import FoundationEssentials
import IRCProtocol

extension ChatModel {
    /// Hands the interface effects only it can perform (a script showing a buffer), as the
    /// model's own commands do (``ModelChange/effects(_:)``).
    public func handToInterface(_ effects: [CommandEffect]) {
        guard !effects.isEmpty else { return }
        changes.append(.effects(effects))
    }

    /// Asks for a desktop notification about buffer `id` (a script's `natter.notify`): the
    /// window shows it as it shows a highlight's, when it is not in front.
    public func requestNotification(in id: BufferID, title: String, body: String) {
        changes.append(.notify(id, title: title, body: body))
    }
}

extension ChatModel {
    /// Whether `message` carries a password (PASS, AUTHENTICATE, OPER, a login said to a
    /// service): scripts never see such a line, as the screen and the logs never show it.
    public func carriesPassword(_ message: IRCMessage) -> Bool {
        switch message.command {
        case "PASS", "AUTHENTICATE", "OPER": return true
        case "PRIVMSG", "NOTICE":
            guard message.parameters.count >= 2 else { return false }
            return carriesPassword(message.parameters[1], to: message.parameters[0])
        default:
            // `NICKSERV IDENTIFY …`, `NS …` and the like, as the input history judges them.
            return InputHistory.rawCarriesPassword(([message.command] + message.parameters).joined(separator: " "))
        }
    }

    /// Names that are services (`nickserv`, `ns`, …): what is typed after them may be a
    /// password, so no script takes them as a command of its own.
    public static var serviceCommandNames: Set<String> {
        passwordServices.union(InputHistory.serviceAliases.keys)
    }

    /// Whether `text` said to `target` holds a password (`identify …` to NickServ).
    public func carriesPassword(_ text: String, to target: String) -> Bool {
        Self.maskingServicePasswords(text, to: target, alsoTo: settings.passwordTargets) != text
    }
}

extension ChatModel {
    /// Whether the sender of `message`, a TAGMSG, is ignored for what its tags carry (typing,
    /// a reaction, else messages): scripts see no more of them than the screen does.
    public func ignoresSender(ofTagMessage message: IRCMessage, network name: String, now: Date) -> Bool {
        guard let network = network(name), let source = message.parsedSource else { return false }
        let level: IgnoreLevels = message.tags["+typing"] != nil ? .typing
            : message.tags["+draft/react"] != nil || message.tags["+draft/unreact"] != nil ? .reactions : .msgs
        return isIgnored(source, account: message.tags["account"], level: level, on: network, now: now)
    }
}

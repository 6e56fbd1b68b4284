import IRCProtocol
import IRCSession

/// What every command has at hand: the buffer it was typed in, its network, and now.
struct CommandScope {
    let model: ChatModel
    let id: BufferID
    let network: ChatNetwork
    let buffer: ChatBuffer
    let now: SessionTime

    init?(model: ChatModel, id: BufferID, now: SessionTime) {
        guard let network = model.network(id.network), let buffer = model.buffer(id) else { return nil }
        self.model = model
        self.id = id
        self.network = network
        self.buffer = buffer
        self.now = now
    }

    /// A user intent for the network's session, typed here: its replies and errors show in this buffer (``UserIntent/asked(_:from:)``).
    func intent(_ intent: UserIntent) {
        // The server buffer and the channel list show no answers of their own: nil, the server buffer's.
        let origin = buffer.kind == .channel || buffer.kind == .query ? buffer.name : nil
        model.perform(.asked(intent, from: origin), network: id.network, now: now)
    }

    /// A note in the buffer the command was typed in.
    func note(_ text: String, error: Bool = false) { model.note(text, in: id, isError: error, at: now.wall) }

    /// The buffer's channel; in any other buffer, nil and a note that says so.
    func channel() -> String? {
        guard buffer.kind == .channel else { note("this command works in a channel", error: true); return nil }
        return buffer.name
    }
}

/// The commands that ask the server something or act on the connection: CTCP, the MOTD and
/// user counts, NAMES, WHO, WHOWAS, KNOCK, our real name and user modes, /connect, and any
/// command Natter does not know, sent as typed.
extension Commands {
    func runServerCommand(_ command: ChatCommand, in scope: CommandScope) -> [CommandEffect] {
        let network = scope.network
        switch command {
        case .ctcp(let target, let request, let arguments):
            // The answer shows here, where it was asked (a PING's as its round trip).
            network.noteCTCPAsked(of: target, from: scope.id)
            scope.intent(.sendCTCP(target: target, command: request, parameters: arguments))
            if network.isReady { scope.note("CTCP \(request) sent to \(target)") }
        case .motd(let server):
            scope.intent(.command("MOTD", parameters: server.map { [$0] } ?? []))
        case .lusers:
            scope.intent(.command("LUSERS", parameters: []))
        case .names(let explicit):
            guard let channel = explicit ?? scope.channel() else { return [] }
            // The answer is one table where this was typed (a joined channel's refreshes its
            // members too).
            scope.intent(.command("NAMES", parameters: [channel]))
        case .who(let mask):
            scope.intent(.who(mask))
        case .whowas(let nick):
            scope.intent(.command("WHOWAS", parameters: [nick]))
        case .knock(let channel, let message):
            scope.intent(.command("KNOCK", parameters: [channel] + (message.map { [$0] } ?? [])))
        case .setname(let name):
            guard network.canSetRealName else {
                scope.note("this server cannot change your real name (no setname capability)", error: true)
                return []
            }
            scope.intent(.setRealName(name))
        case .umode(let arguments):
            if let modes = arguments.first {
                scope.intent(.setMode(target: network.nick, modes: modes, parameters: Array(arguments.dropFirst())))
            } else {
                // A question: the server answers with our modes (221).
                scope.intent(.command("MODE", parameters: [network.nick]))
            }
        case .serverCommand(let name, let arguments):
            let line = Self.line(name, arguments)
            if let problem = Self.unsendable(line, typedAs: name.lowercased()) {
                scope.note(problem, error: true)
            } else {
                scope.intent(.raw(line))
            }
        case .connect(let target):
            return connect(target, in: scope)
        default:
            break
        }
        return []
    }

    /// `/connect`: this network, another by its name, or an irc:// link (the app's to open).
    private func connect(_ target: String?, in scope: CommandScope) -> [CommandEffect] {
        guard let target else {
            model.requestLink(.connect, network: scope.id.network)
            return []
        }
        let lowered = target.lowercased()
        if lowered.hasPrefix("irc://") || lowered.hasPrefix("ircs://") { return [.openLink(target)] }
        guard let other = model.networks.first(where: { $0.name.lowercased() == lowered }) else {
            let names = model.networks.map(\.name).joined(separator: ", ")
            scope.note("no network \(target) (\(names)): /connect NETWORK, or /connect irc://host/#channel", error: true)
            return []
        }
        if other.isRegistered {
            scope.note("\(other.name) is connected already (/reconnect connects again)")
        } else {
            model.requestLink(.connect, network: other.name)
        }
        return other === scope.network ? [] : [.show(other.serverBuffer.id)]
    }

    /// The line an unknown command sends: the command, then what was typed after it, as it is.
    static func line(_ name: String, _ arguments: String?) -> String {
        arguments.map { "\(name) \($0)" } ?? name
    }

    /// Why `line`, typed as `/name …`, cannot go to the server as one IRC line; nil when it can.
    static func unsendable(_ line: String, typedAs name: String) -> String? {
        let message: IRCMessage
        do {
            message = try IRCMessage(parsing: line, limits: .outgoing)
        } catch {
            return "/\(name) not sent: \(error.description)"
        }
        do {
            _ = try message.validatedSerialization()
        } catch {
            return "/\(name) not sent: \(error.description)"
        }
        return nil
    }
}

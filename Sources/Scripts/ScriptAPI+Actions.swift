import ChatModel
import IRCProtocol
import Scripting

extension Installer {
    /// `natter.send`, `say`, `act`, `notice`, `print` (and Lua's `print`), `query`, `join`,
    /// `part`, `switch`, `notify`: checked now, carried out after the callback.
    func actions() {
        define("send") { _, manager, arguments in
            let network = try manager.connected(try arguments.string(0, "network"), arguments)
            let line = try arguments.string(1, "line")
            guard !line.isEmpty, !line.contains("\r"), !line.contains("\n"), !line.contains("\0") else {
                throw arguments.fail("a line is one line of text, without CR, LF or NUL")
            }
            guard (try? IRCMessage(parsing: line)) != nil else { throw arguments.fail("\"\(line)\" is not an IRC line") }
            manager.ask(.raw(network: network, line: line))
            return []
        }
        for (name, kind) in [("say", ScriptAction.MessageKind.privmsg), ("act", .action), ("notice", .notice)] {
            define(name) { _, manager, arguments in
                let network = try manager.connected(try arguments.string(0, "network"), arguments)
                let target = try arguments.string(1, "target")
                let text = try arguments.string(2, "text")
                guard !target.isEmpty, !target.contains(" ") else { throw arguments.fail("\"\(target)\" is not a channel or a nick") }
                guard !text.isEmpty else { throw arguments.fail("the text is empty") }
                manager.ask(.message(network: network, target: target, text: text, kind: kind))
                return []
            }
        }
        define("print") { _, manager, arguments in
            let id = try manager.existingBuffer(try arguments.string(0, "network"), try arguments.string(1, "buffer"), arguments)
            manager.ask(.print(id, text: try arguments.string(2, "text"), error: false))
            return []
        }
        global("print") { script, manager, arguments in
            let text = arguments.values.map(ScriptAPI.text(of:)).joined(separator: "\t")
            guard let id = manager.model.activeBuffer ?? manager.reportBuffer(network: nil) else { return [] }
            manager.ask(.print(id, text: "\(script.name): \(text)", error: false))
            return []
        }
        define("query") { _, manager, arguments in
            let network = try manager.existingNetwork(try arguments.string(0, "network"), arguments)
            let nick = try arguments.string(1, "nick")
            guard !nick.isEmpty, !nick.contains(" "), manager.model.network(network)?.isChannel(nick) == false else {
                throw arguments.fail("\"\(nick)\" is not a nick")
            }
            manager.ask(.query(network: network, nick: nick))
            return []
        }
        define("join") { _, manager, arguments in
            let network = try manager.connected(try arguments.string(0, "network"), arguments)
            let channel = try arguments.string(1, "channel")
            guard manager.model.network(network)?.isChannel(channel) == true, !channel.contains(" "), !channel.contains(",") else {
                throw arguments.fail("\"\(channel)\" is not a channel name on \(network)")
            }
            manager.ask(.join(network: network, channel: channel, key: try arguments.optionalString(2, "key")))
            return []
        }
        define("part") { _, manager, arguments in
            let network = try manager.connected(try arguments.string(0, "network"), arguments)
            let channel = try arguments.string(1, "channel")
            guard manager.model.network(network)?.isChannel(channel) == true else {
                throw arguments.fail("\"\(channel)\" is not a channel name on \(network)")
            }
            manager.ask(.part(network: network, channel: channel, reason: try arguments.optionalString(2, "reason")))
            return []
        }
        define("switch") { _, manager, arguments in
            let id = try manager.existingBuffer(try arguments.string(0, "network"), try arguments.string(1, "buffer"), arguments)
            manager.ask(.show(id))
            return []
        }
        define("notify") { _, manager, arguments in
            let title = try arguments.string(0, "title"), body = try arguments.string(1, "body")
            var id: BufferID?
            if let network = try arguments.optionalString(2, "network") {
                id = try manager.existingBuffer(network, try arguments.optionalString(3, "buffer") ?? "", arguments)
            }
            manager.ask(.notify(title: title, body: body, in: id))
            return []
        }
    }
}

extension ScriptManager {
    /// `name` if the model has that network; a Lua error otherwise.
    func existingNetwork(_ name: String, _ arguments: ScriptArguments) throws(ScriptAPIError) -> String {
        guard model.network(name) != nil else {
            throw arguments.fail("no network \"\(name)\" (networks: \(model.networks.map(\.name).joined(separator: ", ")))")
        }
        return name
    }

    /// `name` if that network is registered with its server now; a Lua error otherwise.
    func connected(_ name: String, _ arguments: ScriptArguments) throws(ScriptAPIError) -> String {
        guard let network = model.network(try existingNetwork(name, arguments)), network.isReady else {
            throw arguments.fail("\(name) is not connected")
        }
        return name
    }

    /// The id of buffer `buffer` of `network` ("" for the server buffer), if it is open.
    func existingBuffer(_ network: String, _ buffer: String, _ arguments: ScriptArguments) throws(ScriptAPIError) -> BufferID {
        guard let chat = model.network(try existingNetwork(network, arguments)) else { throw arguments.fail("no network") }
        if buffer.isEmpty { return chat.serverBuffer.id }
        guard let found = chat.buffer(named: buffer) else { throw arguments.fail("no buffer \"\(buffer)\" on \(network)") }
        return found.id
    }
}

extension ScriptAPI {
    /// A value as Lua's `print` writes it (tables and functions by their kind).
    static func text(of value: LuaValue) -> String {
        switch value {
        case .nil: "nil"
        case .bool(let flag): flag ? "true" : "false"
        case .integer(let number): String(number)
        case .number(let number): number == number.rounded() && abs(number) < 1e15 ? String(format: number) : String(number)
        case .string(let text): text
        case .table: "table"
        case .function: "function"
        }
    }
}

private extension String {
    /// A whole float as Lua 5.4 writes it (`3.0`).
    init(format number: Double) { self = String(Int64(number)) + ".0" }
}

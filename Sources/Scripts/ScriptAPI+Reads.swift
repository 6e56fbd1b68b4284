import ChatModel
import FoundationEssentials
import IRCFormatting
import Scripting

extension Installer {
    /// `natter.networks`, `buffers`, `current`, `nick`, `connected`, `nicks`, `isupport`,
    /// `caps`, `fold`, `is_channel`, `time`, `strip`, and the `natter.script` table.
    func reads() {
        define("networks") { _, manager, _ in
            [.array(manager.model.networks.map { .string($0.name) })]
        }
        define("buffers") { _, manager, arguments in
            let only = try arguments.optionalString(0, "network")
            if let only { _ = try manager.existingNetwork(only, arguments) }
            let buffers = manager.model.networks.filter { only == nil || $0.name == only }.flatMap(\.buffers)
            return [.array(buffers.map { buffer in
                .fields(["network": .string(buffer.id.network), "name": .string(buffer.kind == .server ? "" : buffer.name),
                         "kind": .string(ScriptAPI.name(of: buffer.kind)), "joined": .bool(buffer.isJoined),
                         "unread": .integer(Int64(buffer.unread)), "highlights": .integer(Int64(buffer.highlights))])
            })]
        }
        define("current") { _, manager, _ in
            guard let id = manager.model.activeBuffer, manager.model.buffer(id) != nil, id != .mentions else { return [.nil, .nil] }
            return [.string(id.network), .string(manager.apiName(id))]
        }
        define("nick") { _, manager, arguments in
            let network = try manager.existingNetwork(try arguments.string(0, "network"), arguments)
            return [.string(manager.model.network(network)?.nick ?? "")]
        }
        define("connected") { _, manager, arguments in
            let network = try manager.existingNetwork(try arguments.string(0, "network"), arguments)
            return [.bool(manager.model.network(network)?.isReady ?? false)]
        }
        define("nicks") { _, manager, arguments in
            let id = try manager.existingBuffer(try arguments.string(0, "network"), try arguments.string(1, "channel"), arguments)
            guard let network = manager.model.network(id.network), let buffer = manager.model.buffer(id), buffer.kind == .channel else {
                throw arguments.fail("\(id.name) is not a channel")
            }
            return [.array(network.sortedMembers(of: buffer.name).map { member in
                var fields: [String: LuaValue] = ["nick": .string(member.nick), "prefix": .string(member.prefixes), "away": .bool(member.away)]
                if let user = network.session.state.user(named: member.nick) {
                    if let account = user.account { fields["account"] = .string(account) }
                    if let ident = user.user { fields["user"] = .string(ident) }
                    if let host = user.host { fields["host"] = .string(host) }
                }
                return .fields(fields)
            })]
        }
        define("isupport") { _, manager, arguments in
            let network = try manager.existingNetwork(try arguments.string(0, "network"), arguments)
            let tokens = manager.model.network(network)?.session.state.isupport.tokens ?? [:]
            return [.fields(tokens.mapValues { $0.isEmpty ? .bool(true) : .string($0) })]
        }
        define("caps") { _, manager, arguments in
            let network = try manager.existingNetwork(try arguments.string(0, "network"), arguments)
            let enabled = manager.model.network(network)?.session.state.capabilities.enabled ?? []
            return [.array(enabled.sorted().map(LuaValue.string))]
        }
        define("fold") { _, manager, arguments in
            let network = try manager.existingNetwork(try arguments.string(0, "network"), arguments)
            let name = try arguments.text(1, "name", limit: ScriptAPI.longestLine)
            return [.string(manager.model.network(network)?.caseMapping.lowercased(name) ?? name)]
        }
        define("is_channel") { _, manager, arguments in
            let network = try manager.existingNetwork(try arguments.string(0, "network"), arguments)
            return [.bool(manager.model.network(network)?.isChannel(try arguments.string(1, "name")) ?? false)]
        }
        define("time") { _, _, _ in [.number(Date().timeIntervalSince1970)] }
        define("strip") { _, _, arguments in [.string(stripFormatting(try arguments.string(0, "text")))] }
        guard let script else { return }
        var about: [String: LuaValue] = ["name": .string(script.name), "file": .string(script.path)]
        for (key, value) in [("version", script.header.version), ("author", script.header.author),
                             ("licence", script.header.licence), ("description", script.header.description)] {
            if let value { about[key] = .string(value) }
        }
        script.lua.setField("script", in: "natter", to: .fields(about))
    }
}

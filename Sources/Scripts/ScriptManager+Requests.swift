import ChatModel
import FoundationEssentials
import Scripting

/// `/script …` and the scripts' own commands.
extension ScriptManager {
    public var commands: [ScriptCommandInfo] {
        scripts.filter { !$0.isLeaving }.flatMap { script in
            script.hooks.sorted { $0.key < $1.key }.compactMap { if case .command(let info, _, _) = $0.value { info } else { nil } }
        }
    }

    public func runCommand(_ name: String, arguments: String, in id: BufferID) {
        guard let script = commandOwner(name) else { return }
        for hook in script.hooks.values {
            guard case .command(let info, let function, _) = hook, info.name == name else { continue }
            call(script, function, [.string(arguments), .string(id.network), .string(apiName(id))], network: id.network)
            return
        }
    }

    public func completions(ofCommand name: String, arguments: String) -> [String] {
        guard let script = commandOwner(name) else { return [] }
        for hook in script.hooks.values {
            guard case .command(let info, _, let complete) = hook, info.name == name else { continue }
            switch complete {
            case .table(let words, _): return words.compactMap(\.stringValue)
            case .function(let function):
                guard case .table(let words, _)? = call(script, function, [.string(arguments)])?.first else { return [] }
                return words.compactMap(\.stringValue)
            default: return []
            }
        }
        return []
    }

    public func manage(_ request: ScriptRequest, in id: BufferID) {
        func say(_ text: String, error: Bool = false) { ask(.print(id, text: text, error: error)) }
        switch request {
        case .list:
            if scripts.isEmpty { say("No script is loaded. Scripts go in \(folders.scripts) (autoload/ for those loaded at start): /script load NAME") }
            for script in scripts {
                let version = script.header.version.map { " \($0)" } ?? ""
                say("\(script.name)\(version)" + (script.header.description.map { " — \($0)" } ?? ""))
            }
            let others = availableScripts.filter { name in !scripts.contains { $0.name == name } }
            if !others.isEmpty { say("Not loaded: " + others.joined(separator: ", ")) }
        case .load(let name):
            switch load(name) {
            case .success(let loaded):
                let script = scripts.first { $0.name == loaded }
                say("Script \(loaded)\(script?.header.version.map { " \($0)" } ?? "") loaded from \(script?.path ?? name)")
            case .failure(let failure): say(failure.description, error: true)
            }
        case .unload(let name):
            guard scripts.contains(where: { $0.name == name }) else { return say("no script \(name) is loaded (/script list)", error: true) }
            unload(name)
            say("Script \(name) unloaded")
        case .reload(let name):
            guard let script = scripts.first(where: { $0.name == name }) else {
                return say("no script \(name) is loaded (/script load \(name))", error: true)
            }
            switch load(script.path) {
            case .success: say("Script \(name) reloaded")
            case .failure(let failure): say("\(failure) (script \(name) stays unloaded)", error: true)
            }
        case .info(let name):
            guard let script = scripts.first(where: { $0.name == name }) else { return say("no script \(name) is loaded", error: true) }
            for line in info(script) { say(line) }
        }
    }

    /// What `/script info` says of a script.
    private func info(_ script: LoadedScript) -> [String] {
        let header = script.header
        var lines = ["Script \(script.name)" + (header.version.map { " \($0)" } ?? "") + (header.description.map { ": \($0)" } ?? "")]
        if let author = header.author { lines.append("  author: \(author)") }
        if let licence = header.licence { lines.append("  licence: \(licence)") }
        lines.append("  file: \(script.path)")
        var kinds: [String: Int] = [:]
        for hook in script.hooks.values {
            let kind = switch hook {
            case .message: "message"
            case .rawIn: "raw in"
            case .rawOut: "raw out"
            case .send: "send"
            case .command: "command"
            case .timer: "timer"
            case .event(let name, _): name
            }
            kinds[kind, default: 0] += 1
        }
        lines.append("  hooks: " + (kinds.isEmpty ? "none" : kinds.sorted { $0.key < $1.key }.map { "\($0.key) ×\($0.value)" }.joined(separator: ", ")))
        let names = commands.filter { $0.script == script.name }.map { "/\($0.name)" }
        if !names.isEmpty { lines.append("  commands: " + names.joined(separator: " ")) }
        lines.append("  memory: \(script.lua.memoryInUse / 1024) KiB of \(limits.memoryBytes >> 20) MiB; stops: \(script.stops) of \(Self.stopsAllowed)")
        let granted = model.scriptSettings?.permissions(of: script.name) ?? []
        lines.append("  permissions: " + (granted.isEmpty ? "none (sandboxed)" : granted.map(\.rawValue).sorted().joined(separator: ", ")))
        return lines
    }
}

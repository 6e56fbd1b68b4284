extension ChatModel {
    /// What Tab offers for the argument after `words` (the arguments typed before it) of
    /// `/command`, typed in buffer `id`; nil where the command's arguments are nicks and
    /// channels as anywhere.
    public func argumentCompletions(of command: String, after words: [String], in id: BufferID) -> [String]? {
        if command.lowercased() == "script" { return scriptCompletions(after: words) }
        if let scripts, scripts.commands.contains(where: { $0.name == command.lowercased() }) {
            return scripts.completions(ofCommand: command.lowercased(), arguments: words.joined(separator: " "))
        }
        guard command.lowercased() == "set", let store = settingsStore else { return nil }
        let keys = words.first?.lowercased() == "-default" ? Array(words.dropFirst()) : words
        switch keys.count {
        case 0:
            return (words.isEmpty ? ["-default"] : []) + settingNames(store, in: id)
        case 1 where words.first?.lowercased() != "-default":
            guard case .success(let address) = store.address(of: keys[0], in: id) else { return [] }
            switch address.info.kind {
            case .bool: return ["true", "false"]
            case .choice(let names): return names
            // Nicks and channels, as anywhere (friends, channels).
            case .list, .text: return nil
            default: return []
            }
        default:
            return []
        }
    }

    /// `/script`'s words: what to do, then a script's name (`load`: those in the folder; the
    /// rest: those loaded).
    private func scriptCompletions(after words: [String]) -> [String] {
        switch (words.count, words.first?.lowercased()) {
        case (0, _): return ["list", "load", "unload", "reload", "info"]
        case (1, "load"): return scripts?.availableScripts ?? []
        case (1, "unload"), (1, "reload"), (1, "info"): return scripts?.loadedScripts ?? []
        default: return []
        }
    }

    /// A name as `/set` takes it: in quotes when it has a blank.
    static func typed(_ name: String) -> String { name.contains(" ") ? "\"\(name)\"" : name }

    /// Every setting's name `/set` takes in buffer `id`: global keys, every network's, the
    /// buffers' of the open buffers, the keys alone of this buffer's network and buffer, and
    /// the scripts' (those the store lists: declared, or in the file).
    private func settingNames(_ store: any SettingsStore, in id: BufferID) -> [String] {
        let configured = store.networkNames
        var names: [String] = []
        let here = configured.first { $0.lowercased() == id.network.lowercased() }
        for info in store.settings {
            switch info.scope {
            case .global:
                names.append(info.key)
            case .network:
                if here != nil { names.append(info.key) }
                names += configured.map { "networks.\(Self.typed($0)).\(info.key)" }
            case .buffer:
                if here != nil, !id.name.isEmpty { names.append(info.key) }
                for network in networks {
                    names += network.buffers.filter { $0.kind == .channel || $0.kind == .query }
                        .map { "buffers.\(Self.typed("\(network.name)/\($0.name)")).\(info.key)" }
                }
            case .script:
                names.append("scripts.\(info.key)")
            }
        }
        return names
    }
}

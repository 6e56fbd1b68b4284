import ChatModel
import IRCSession

extension ConfigWriter {
    /// Applies `changes` to the `channels` of the `[[networks]]` table named `network` (by its
    /// `name`, else its `host`) as the file has them now: a channel the user added by hand
    /// meanwhile stays, one already there is not added twice. Entries are `"#name"` or
    /// `"#name key"`, names compared without regard to case.
    public static func applyChannelChanges(_ changes: [RememberedChange], network: String,
                                           in editor: inout TOMLEditor) throws(TOMLEditError) {
        guard let index = editor.element(of: "networks", whereKey: "name", is: network, orElse: "host") else {
            throw TOMLEditError("no [[networks]] table named \(network)")
        }
        let table = (try? TOMLTable(parsing: editor.text))?["networks"]?.array?[index].table
        var entries = table?["channels"]?.array?.compactMap(\.string) ?? []
        func name(_ entry: String) -> String { String(entry.prefix { $0 != " " }).lowercased() }
        func entry(_ channel: ChannelKey) -> String { channel.key.map { "\(channel.name) \($0)" } ?? channel.name }
        for change in changes {
            switch change {
            case .added(let channel):
                if !entries.contains(where: { name($0) == channel.name.lowercased() }) { entries.append(entry(channel)) }
            case .removed(let channel):
                entries.removeAll { name($0) == channel.lowercased() }
            case .keyed(let channel):
                if let at = entries.firstIndex(where: { name($0) == channel.name.lowercased() }) { entries[at] = entry(channel) }
            }
        }
        try editor.set("channels", .array(entries.map { .string($0) }), in: .element(index, of: "networks"))
    }
}

/// Keys of channels joined by hand, kept in the desktop's keyring where the network keeps its
/// passwords there (or had the channel's key there): the file then names the item
/// (`"#secret keyring:Libera/#secret"`), never the key.
public enum ChannelKeyKeeping {
    /// `changes` with each key the keyring is to keep stored there (`store`: the key and the
    /// item's name, nil when kept, else why not) and replaced by `keyring:NETWORK/#channel`; a
    /// key the keyring has already for a channel the file names so (`lookup`) changes nothing.
    /// A key the keyring did not take is written as it is, and said in `failures`.
    public static func keep(_ changes: [RememberedChange], of network: NatterConfig.Network,
                            lookup: (String) -> String?, store: (String, String) -> String?)
        -> (changes: [RememberedChange], failures: [String]) {
        var result: [RememberedChange] = [], failures: [String] = []
        for change in changes {
            let channel: ChannelKey
            switch change {
            case .added(let added): channel = added
            case .keyed(let keyed): channel = keyed
            case .removed:
                result.append(change)
                continue
            }
            guard let key = channel.key, NatterConfig.Network.keyringItem(key) == nil,
                  network.keepsChannelKeysInKeyring(channel.name) else {
                result.append(change)
                continue
            }
            let item = "\(network.name)/\(channel.name.lowercased())"
            let named = network.keyringChannelKeys.contains { $0.channel.lowercased() == channel.name.lowercased() && $0.item == item }
            if case .keyed = change, named, lookup(item) == key { continue }
            if let failure = store(key, item) {
                failures.append("The key of \(channel.name) was not kept in the keyring (\(failure)): it is written in the config file")
                result.append(change)
                continue
            }
            let kept = ChannelKey(channel.name, key: "keyring:\(item)")
            if case .added = change { result.append(.added(kept)) } else { result.append(.keyed(kept)) }
        }
        return (result, failures)
    }
}

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

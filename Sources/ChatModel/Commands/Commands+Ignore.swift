import FoundationEssentials

/// `/ignore` and `/unignore`: the model's ignore list changed (``IgnoreList``), and the
/// entries handed to the app to keep in the configuration (``CommandEffect/ignoresChanged(_:)``).
extension Commands {
    func runIgnore(_ command: ChatCommand, in scope: CommandScope) -> [CommandEffect] {
        let now = scope.now.wall
        // Lapsed entries go first: they are neither listed nor numbered.
        let lapsed = model.dropExpiredIgnores(now: now)
        var changed: [CommandEffect] { [.ignoresChanged(model.settings.ignores.configTexts(at: now))] }
        switch command {
        case .ignore(nil):
            let entries = model.settings.ignores.entries
            if entries.isEmpty { scope.note("Nobody is ignored") }
            for (index, entry) in entries.enumerated() { scope.note("\(index + 1). \(entry.listing(at: now))") }
        case .ignore(let text?):
            switch IgnoreEntry.parse(command: text, network: scope.network.name, now: now) {
            case .failure(let error):
                scope.note("/ignore: \(error) (see /help ignore)", error: true)
            case .success(let entry):
                model.settings.ignores.add(entry)
                let plain = entry.levels == .all && entry.network == nil && entry.expires == nil
                scope.note("Ignoring \(entry.mask)" + (plain ? "" : " (\(entry.listing(at: now).dropFirst(entry.mask.count + 1)))"))
                return changed
            }
        case .unignore(let target):
            if let number = Int(target) {
                guard let entry = model.settings.ignores.remove(number: number) else {
                    scope.note("no ignore numbered \(target): /ignore lists them", error: true)
                    break
                }
                scope.note("No longer ignoring \(entry.mask)" + (entry.network.map { " on \($0)" } ?? ""))
                return changed
            }
            let mask = IgnoreList.normalize(target)
            guard model.settings.ignores.remove(target) else {
                scope.note("\(mask) was not ignored")
                break
            }
            scope.note("No longer ignoring \(mask)")
            return changed
        default:
            break
        }
        return lapsed ? changed : []
    }
}

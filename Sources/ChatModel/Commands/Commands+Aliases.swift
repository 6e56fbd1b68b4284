import IRCSession

/// The user's own commands: `/alias`, `/unalias`, and running an alias (``CommandAliases``).
extension Commands {
    /// How deep aliases may call aliases: far past any real use, short of a runaway.
    static let aliasDepth = 8
    /// How many lines the aliases of one typed line may run in all: aliases of several
    /// commands each, nested, multiply (ten of ten of ten…).
    static let aliasLines = 100

    /// Runs alias `name` typed with `arguments`: each line of its expansion as if typed in
    /// the buffer, in order. A loop, or aliases nested too deep, runs nothing and says why.
    func runAlias(_ name: String, arguments: String?, in scope: CommandScope) -> [CommandEffect] {
        let key = name.lowercased()
        if aliasChain.contains(key) {
            let loop = (aliasChain.drop { $0 != key } + [key]).map { "/" + $0 }.joined(separator: " → ")
            scope.note("/\(key) calls itself (\(loop)): nothing was run", error: true)
            return []
        }
        guard aliasChain.count < Self.aliasDepth else {
            scope.note("/\(key): aliases call each other more than \(Self.aliasDepth) deep: nothing more was run", error: true)
            return []
        }
        let channel = scope.buffer.kind == .server ? nil : scope.buffer.name
        guard let lines = model.aliases.lines(of: key, arguments: arguments, nick: scope.network.nick, channel: channel,
                                              network: scope.network.name) else { return [] }
        var inner = self
        inner.aliasChain.append(key)
        let budget = aliasBudget ?? AliasBudget(left: Self.aliasLines)
        inner.aliasBudget = budget
        var effects: [CommandEffect] = []
        for line in lines {
            guard budget.left > 0 else {
                if !budget.told {
                    scope.note("/\(aliasChain.first ?? key): stopped after \(Self.aliasLines) lines of aliases", error: true)
                    budget.told = true
                }
                break
            }
            budget.left -= 1
            // Each line is checked as a typed one would be: a refused line is said, not sent.
            if case .success(let command) = ChatCommandParser.parse(line), let refusal = refusal(of: command, in: scope.id) {
                scope.note("/\(key): \(refusal)", error: true)
                continue
            }
            effects += inner.run(line: line, in: scope.id, now: scope.now)
        }
        return effects
    }

    /// `/alias` (all of them), `/alias NAME` (one), `/alias NAME EXPANSION`, `/unalias NAME`.
    func runAliasCommand(_ command: ChatCommand, in scope: CommandScope) -> [CommandEffect] {
        switch command {
        case .alias(nil, _):
            let names = model.aliases.names
            if names.isEmpty { scope.note("No aliases: /alias NAME EXPANSION makes one (see /help alias)") }
            for name in names { scope.note("/\(name) = \(model.aliases.expansion(of: name) ?? "")") }
        case .alias(let name?, nil):
            if let expansion = model.aliases.expansion(of: name) {
                scope.note("/\(name.lowercased()) = \(expansion)")
            } else {
                scope.note("/\(name.lowercased()) is no alias", error: true)
            }
        case .alias(let typed?, let expansion?):
            // Redefined: under the name the configuration holds.
            let name = model.aliases.writtenName(of: typed) ?? typed
            if let refusal = CommandAliases.refusal(of: name) {
                scope.note("No alias made: \(refusal)", error: true)
                return []
            }
            let replaced = model.aliases.expansion(of: name)
            model.aliases.set(name, to: expansion)
            scope.note(replaced.map { "/\(name.lowercased()) was \($0), is now \(expansion)" } ?? "/\(name.lowercased()) = \(expansion)")
            return [.aliasChanged(name: name, expansion: expansion)]
        case .unalias(let typed):
            // The name as the configuration holds it, to take it out of the file.
            let name = model.aliases.writtenName(of: typed) ?? typed
            guard model.aliases.remove(name) else {
                scope.note("/\(name.lowercased()) is no alias (/alias lists them)", error: true)
                return []
            }
            scope.note("/\(name.lowercased()) is no longer an alias")
            return [.aliasChanged(name: name, expansion: nil)]
        default:
            break
        }
        return []
    }
}

/// The lines the aliases of one typed line may still run, shared by every expansion in it.
final class AliasBudget {
    var left: Int
    /// Whether running out was said already.
    var told = false
    init(left: Int) { self.left = left }
}

/// The user's own commands (`[aliases]` in the configuration, `/alias NAME EXPANSION`): a name
/// that stands for one or more command lines, with the words typed after it put in.
///
/// In an expansion, `$1` to `$9` are the words typed after the alias, `$2-` the words from the
/// second on, `$*` all of them, `$nick` our nick, `$channel` the buffer's channel or query,
/// `$network` its network, and `$$` a dollar sign; `;` separates commands (`\;` is a
/// semicolon). An expansion that uses none of the word variables gets the words at its end, as
/// irssi does, so `/alias j2 join` makes `/j2 #c` join #c. A line of an expansion that is no
/// command is said in the buffer. An alias never replaces a built-in command: ``refusal(of:)``.
public struct CommandAliases: Hashable, Sendable {
    /// Each alias by its name in lower case: its name as written and its expansion.
    private var entries: [String: (name: String, expansion: String)] = [:]

    /// No aliases, or these (names checked by the caller with ``refusal(of:)``).
    public init(_ aliases: [String: String] = [:]) {
        for (name, expansion) in aliases { entries[name.lowercased()] = (name, expansion) }
    }

    public static func == (lhs: CommandAliases, rhs: CommandAliases) -> Bool {
        lhs.entries.mapValues(\.expansion) == rhs.entries.mapValues(\.expansion)
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(entries.mapValues(\.expansion)) }

    /// The aliases' names, sorted.
    public var names: [String] { entries.values.map(\.name).sorted { $0.lowercased() < $1.lowercased() } }

    /// `name` as the alias was written (the configuration may spell it in capitals).
    public func writtenName(of name: String) -> String? { entries[name.lowercased()]?.name }

    /// What `name` stands for, if it is an alias.
    public func expansion(of name: String) -> String? { entries[name.lowercased()]?.expansion }

    /// Defines (or redefines) `name`.
    public mutating func set(_ name: String, to expansion: String) { entries[name.lowercased()] = (name, expansion) }

    /// Removes `name`; false when it was no alias.
    @discardableResult
    public mutating func remove(_ name: String) -> Bool { entries.removeValue(forKey: name.lowercased()) != nil }

    /// Why `name` cannot be an alias: a built-in command or another name of one (it would be
    /// shadowed, or shadow it), or not a plain word. Nil when it can.
    public static func refusal(of name: String) -> String? {
        let lower = name.lowercased()
        guard !lower.isEmpty, lower.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else {
            return "an alias is named by one word of letters, digits, - and _"
        }
        if ChatCommandParser.commandNames.contains(lower) || ChatCommandParser.aliases[lower] != nil
            || ChatCommandParser.services[lower] != nil {
            return "/\(lower) is one of Natter's commands: an alias cannot replace it"
        }
        return nil
    }

    /// The command lines `name` runs when typed with `arguments`, where our nick is `nick`, in
    /// buffer `channel` (nil: the server buffer) of `network`.
    public func lines(of name: String, arguments: String?, nick: String, channel: String?, network: String) -> [String]? {
        guard let expansion = expansion(of: name) else { return nil }
        let words = (arguments ?? "").split(separator: " ").map(String.init)
        var usedWords = false
        var lines: [String] = []
        var line = ""
        var characters = Array(expansion)[...]
        while let c = characters.popFirst() {
            if c == "\\", characters.first == ";" {
                line.append(characters.removeFirst())
            } else if c == ";" {
                lines.append(line)
                line = ""
            } else if c == "$" {
                line += variable(&characters, words: words, usedWords: &usedWords, nick: nick, channel: channel, network: network)
            } else {
                line.append(c)
            }
        }
        lines.append(line)
        lines = lines.map { String($0.drop { $0 == " " }) }.filter { !$0.isEmpty }
        if !usedWords, !words.isEmpty, let last = lines.popLast() { lines.append(last + " " + words.joined(separator: " ")) }
        return lines
    }

    /// The value of the variable after a `$` (consumed from `characters`); a `$` followed by
    /// nothing known stays as it is.
    private func variable(_ characters: inout ArraySlice<Character>, words: [String], usedWords: inout Bool,
                          nick: String, channel: String?, network: String) -> String {
        for (name, value) in [("nick", nick), ("channel", channel ?? ""), ("network", network)] where characters.starts(with: name) {
            characters.removeFirst(name.count)
            return value
        }
        switch characters.first {
        case "$":
            characters.removeFirst()
            return "$"
        case "*":
            characters.removeFirst()
            usedWords = true
            return words.joined(separator: " ")
        case let digit? where digit.isASCII && digit.isNumber && digit != "0":
            characters.removeFirst()
            usedWords = true
            let index = Int(String(digit))! - 1
            if characters.first == "-" {
                characters.removeFirst()
                return words.dropFirst(index).joined(separator: " ")
            }
            return index < words.count ? words[index] : ""
        default:
            return "$"
        }
    }
}

/// What was typed in each buffer, oldest first, for ↑ and ↓ in the input line: the last
/// ``limit`` lines of each buffer, a line typed again right after itself kept once. A line that
/// carries a password (``carriesPassword(_:in:)``) is not kept at all: the screen shows such
/// lines masked, and a recall would show the password in the clear (and the file of
/// `InputHistory+File` would keep it).
public struct InputHistory: Equatable, Sendable {
    /// The lines kept for each buffer by default.
    public static let limit = 100

    /// The lines kept for each buffer (`[input] history`); lowering it drops the oldest.
    public var limit = InputHistory.limit {
        didSet {
            limit = max(0, limit)
            for (id, past) in lines where past.count > limit { lines[id] = Array(past.suffix(limit)) }
        }
    }

    private var lines: [BufferID: [String]] = [:]

    /// No lines; `limit` kept for each buffer.
    public init(limit: Int = InputHistory.limit) { self.limit = max(0, limit) }

    /// The lines typed in buffer `id`, oldest first.
    public func lines(in id: BufferID) -> [String] { lines[id] ?? [] }

    /// The buffers that have lines.
    public var buffers: [BufferID] { Array(lines.keys) }

    /// Keeps `text`, typed in buffer `id`, as its newest line; the oldest goes past ``limit``.
    /// `aliases`: the user's own commands, whose expansions are checked for passwords too.
    public mutating func add(_ text: String, in id: BufferID, aliases: CommandAliases = CommandAliases()) {
        guard !text.isEmpty, !Self.carriesPassword(text, in: id, aliases: aliases) else { return }
        var past = lines[id, default: []]
        if past.last != text { past.append(text) }
        if past.count > limit { past.removeFirst(past.count - limit) }
        lines[id] = past
    }

    /// Whether a line typed in buffer `id` holds a password: a password command to a service
    /// (what ``ChatModel/maskingServicePasswords(_:to:)`` masks), said in its query, sent with
    /// `/msg`, `/notice`, `/query`, or raw (`/raw PRIVMSG NickServ :…`, `NS IDENTIFY …`, `PASS`,
    /// `OPER`, `AUTHENTICATE`), a bouncer network's `pass=`, and a password `/set`.
    /// An alias is judged by what it expands to (`/id hunter2` for `/msg NickServ IDENTIFY
    /// $1`), and so is the definition of one that holds a password itself.
    public static func carriesPassword(_ text: String, in id: BufferID, aliases: CommandAliases = CommandAliases(),
                                       depth: Int = 0) -> Bool {
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            let secret: Bool
            let parsed = ChatCommandParser.parse(String(line))
            if case .success(.serverCommand(let name, let arguments)) = parsed, depth < Commands.aliasDepth,
               let expanded = aliases.lines(of: name, arguments: arguments, nick: "", channel: id.name, network: id.network) {
                if expanded.contains(where: { carriesPassword($0, in: id, aliases: aliases, depth: depth + 1) }) { return true }
                continue
            }
            if case .success(.alias(_, let expansion?)) = parsed {
                let lines = CommandAliases(["alias": expansion]).lines(of: "alias", arguments: nil, nick: "", channel: id.name,
                                                                        network: id.network) ?? []
                if lines.contains(where: { carriesPassword($0, in: id, aliases: aliases, depth: depth + 1) }) { return true }
                continue
            }
            switch parsed {
            case .success(.say(let text)): secret = masks(text, to: id.name)
            case .success(.msg(let target, let text)), .success(.notice(let target, let text)):
                secret = masks(text, to: target)
            case .success(.query(let nick, let text?)): secret = masks(text, to: nick)
            case .success(.raw(let raw)): secret = rawCarriesPassword(raw)
            // A command Natter does not know goes to the server as typed (`/oper me pw`).
            case .success(.serverCommand(let name, let arguments)):
                secret = rawCarriesPassword(name + (arguments.map { " " + $0 } ?? ""))
            // `/set networks.libera.sasl.password hunter2` (the keyring keeps it, not the history).
            case .success(.serverAdd(let spec)): secret = spec.saslPassword != nil || spec.password != nil
            case .success(.set(let name?, let value?, _)):
                secret = name.lowercased().hasSuffix("password") && !value.trimmingBlanks.hasPrefix("keyring:")
            case .success(.bouncer(.add(let attributes))), .success(.bouncer(.change(_, let attributes))):
                secret = attributes.keys.contains { $0.lowercased() == "pass" }
            case .success: secret = false
            // A command Natter does not know may still be a server's own (`/ns identify …`).
            case .failure: secret = line.hasPrefix("/") && rawCarriesPassword(String(line.dropFirst()))
            }
            if secret { return true }
        }
        return false
    }

    /// Whether `text` to `target` is masked as a password.
    private static func masks(_ text: String, to target: String) -> Bool {
        ChatModel.maskingServicePasswords(text, to: target) != text
    }

    /// Services' short names that servers take as commands.
    static let serviceAliases = ["ns": "nickserv", "cs": "chanserv", "hs": "hostserv", "os": "operserv"]

    /// Whether a raw IRC line holds a password.
    static func rawCarriesPassword(_ raw: String) -> Bool {
        let words = raw.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard let first = words.first?.lowercased() else { return false }
        let rest = words.count > 1 ? String(words[1]) : ""
        if ["pass", "oper", "authenticate"].contains(first) { return true }
        if first == "privmsg" || first == "notice" {
            let parts = rest.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
            guard parts.count == 2 else { return false }
            let text = parts[1].hasPrefix(":") ? parts[1].dropFirst() : parts[1]
            return masks(String(text), to: String(parts[0]))
        }
        if let service = serviceAliases[first] ?? (ChatModel.passwordServices.contains(first) ? first : nil) {
            return masks(rest, to: service)
        }
        return false
    }
}

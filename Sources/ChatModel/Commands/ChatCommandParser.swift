/// Parses what was typed in the input line. A line not starting with `/` (or starting with `//`)
/// is a message. Errors name the usage and point to /help.
public enum ChatCommandParser {
    public struct Failure: Error, Hashable, Sendable { public var message: String }

    /// Every command name, for completion.
    public static let commandNames = ["alias", "away", "back", "ban", "bouncer", "clear", "close", "connect", "cs", "ctcp", "cycle",
                                      "deop", "devoice", "disconnect", "filter", "help", "hs", "ignore", "invite", "join", "keys",
                                      "kick", "kickban", "knock", "list", "lusers", "me", "mode", "monitor", "motd", "ms",
                                      "msg", "names", "nick", "notice", "notify", "ns", "op", "part", "ping", "query", "quiet",
                                      "quit", "quote", "raw", "react", "reconnect", "redact", "script", "server", "set", "setname", "settings",
                                      "spell", "topic", "umode", "unalias", "unban", "unignore", "unquiet", "upload", "voice", "who", "whois", "whowas"]

    /// Other names of commands, and the command each stands for.
    public static let aliases = ["privmsg": "msg", "q": "query", "j": "join", "leave": "part", "rejoin": "cycle",
                                 "wi": "whois", "k": "kick", "kb": "kickban", "exit": "quit", "wc": "close",
                                 "quote": "raw", "delete": "redact", "bnc": "bouncer", "friend": "monitor"]

    /// The services `/ns`, `/cs`, `/ms` and `/hs` talk to, by their usual nicks: the one
    /// place these names are kept.
    public static let services = ["ns": "NickServ", "cs": "ChanServ", "ms": "MemoServ", "hs": "HostServ"]

    public static func parse(_ line: String) -> Result<ChatCommand, Failure> {
        guard line.hasPrefix("/"), !line.hasPrefix("//") else {
            return .success(.say(line.hasPrefix("//") ? String(line.dropFirst()) : line))
        }
        let body = line.dropFirst()
        let typed = body.prefix { $0 != " " }
        let name = aliases[typed.lowercased()] ?? typed.lowercased()
        let rest = body.dropFirst(typed.count).drop { $0 == " " }
        let words = rest.split(separator: " ").map(String.init)
        func tail(after n: Int) -> String? {
            var text = Substring(rest)
            for _ in 0..<n { text = text.drop { $0 != " " }.drop { $0 == " " } }
            return text.isEmpty ? nil : String(text)
        }
        func usage() -> Result<ChatCommand, Failure> {
            let form = ChatCommand.usage(of: name).first?.0
            return .failure(Failure(message: "usage: \(form ?? "/\(name)") (see /help)"))
        }
        switch name {
        case "me": return rest.isEmpty ? usage() : .success(.me(String(rest)))
        case "msg":
            guard words.count >= 2, let text = tail(after: 1) else { return usage() }
            return .success(.msg(target: words[0], text: text))
        case "notice":
            guard words.count >= 2, let text = tail(after: 1) else { return usage() }
            return .success(.notice(target: words[0], text: text))
        case "query":
            guard let nick = words.first else { return usage() }
            return .success(.query(nick: nick, text: tail(after: 1)))
        case "join":
            guard let first = words.first else { return usage() }
            let keys = words.count > 1 ? words[1].split(separator: ",").map(String.init) : []
            return .success(.join(channels: first.split(separator: ",").map(String.init), keys: keys))
        case "part":
            if let first = words.first, first.hasPrefix("#") || first.hasPrefix("&") {
                return .success(.part(channel: first, reason: tail(after: 1)))
            }
            return .success(.part(channel: nil, reason: rest.isEmpty ? nil : String(rest)))
        case "cycle": return .success(.cycle(channel: words.first))
        case "nick": return words.count == 1 ? .success(.nick(words[0])) : usage()
        case "topic": return .success(.topic(rest.isEmpty ? nil : String(rest)))
        case "whois": return words.isEmpty ? usage() : .success(.whois(words[0]))
        case "mode": return modeCommand(words)
        case "op", "deop", "voice", "devoice":
            guard !words.isEmpty else { return usage() }
            return .success(.memberMode(adding: !name.hasPrefix("de"), mode: name.hasSuffix("op") ? "o" : "v", nicks: words))
        case "kick":
            guard let nick = words.first else { return usage() }
            return .success(.kick(nick: nick, reason: tail(after: 1)))
        case "ban": return words.count == 1 ? .success(.ban(mask: words[0])) : usage()
        case "invite":
            guard let nick = words.first, words.count <= 2 else { return usage() }
            return .success(.invite(nick: nick, channel: words.count == 2 ? words[1] : nil))
        case "away": return .success(.away(rest.isEmpty ? nil : String(rest)))
        case "back": return .success(.back)
        case "quit": return .success(.quit(rest.isEmpty ? nil : String(rest)))
        case "close": return .success(.close)
        case "raw": return rest.isEmpty ? usage() : .success(.raw(String(rest)))
        case "ignore": return .success(.ignore(rest.isEmpty ? nil : String(rest)))
        case "unignore": return words.count == 1 ? .success(.unignore(words[0])) : usage()
        case "clear": return .success(.clear)
        case "notify":
            guard let first = words.first else { return .success(.notifyLevel(nil)) }
            if words.count == 1, let level = NotifyLevel(rawValue: first.lowercased()) { return .success(.notifyLevel(level)) }
            let nicks = words.flatMap { $0.split(separator: ",").map(String.init) }
            guard !nicks.isEmpty, nicks.allSatisfy(Self.isNick) else { return usage() }
            return .success(.monitor(adding: true, nicks: nicks))
        case "alias": return .success(.alias(name: words.first, expansion: tail(after: 1)))
        case "unalias": return words.count == 1 ? .success(.unalias(words[0])) : usage()
        case "script":
            switch (words.first?.lowercased(), words.count) {
            case (nil, _), ("list", 1): return .success(.script(.list))
            case ("load", 2): return .success(.script(.load(words[1])))
            case ("unload", 2): return .success(.script(.unload(words[1])))
            case ("reload", 2): return .success(.script(.reload(words[1])))
            case ("info", 2): return .success(.script(.info(words[1])))
            default: return usage()
            }
        case "set":
            guard !words.isEmpty else { return .success(.set(name: nil, value: nil, reset: false)) }
            let reset = words[0].lowercased() == "-default"
            let (name, value) = settingName(reset ? Substring(tail(after: 1) ?? "") : rest)
            guard !name.isEmpty, !reset || value == nil else { return usage() }
            return .success(.set(name: name, value: value, reset: reset))
        case "filter":
            switch words.first?.lowercased() {
            case nil, "toggle": return words.count > 1 ? usage() : .success(.filter(nil))
            case "on": return words.count > 1 ? usage() : .success(.filter(true))
            case "off": return words.count > 1 ? usage() : .success(.filter(false))
            default: return usage()
            }
        case "keys": return .success(.keys)
        // The path is the rest of the line, spaces and all: file names have them.
        case "upload": return rest.isEmpty ? usage() : .success(.upload(String(rest)))
        case "settings":
            guard words.count <= 1 else { return usage() }
            guard let word = words.first else { return .success(.settings(nil)) }
            guard let section = SettingSection(rawValue: word.lowercased()) else { return usage() }
            return .success(.settings(section))
        case "spell": return words.count <= 1 ? .success(.spell(words.first)) : usage()
        case "help": return .success(.help(words.first.map { $0.hasPrefix("/") ? String($0.dropFirst()) : $0 }))
        case "connect": return words.count <= 1 ? .success(.connect(words.first)) : usage()
        case "server":
            switch words.first?.lowercased() {
            case "list": return words.count == 1 ? .success(.serverList) : usage()
            case "del", "delete", "remove": return words.count == 2 ? .success(.serverRemove(words[1])) : usage()
            case "add": return serverSpec(Array(words.dropFirst())).map { .success(.serverAdd($0)) } ?? usage()
            default: return serverCommand(words).map { .success(.connect($0)) } ?? usage()
            }
        case "disconnect": return .success(.disconnect)
        case "reconnect": return .success(.reconnect)
        case "list": return .success(.list(words.first))
        case "react": return words.count == 1 ? .success(.react(words[0])) : usage()
        case "redact": return .success(.redact(rest.isEmpty ? nil : String(rest)))
        case "bouncer":
            guard let sub = words.first?.lowercased() else { return .success(.bouncer(.form)) }
            func attributes(_ items: ArraySlice<String>) -> [String: String]? {
                var result: [String: String] = [:]
                for item in items {
                    guard let equals = item.firstIndex(of: "="), equals != item.startIndex else { return nil }
                    result[String(item[..<equals])] = String(item[item.index(after: equals)...])
                }
                return result.isEmpty ? nil : result
            }
            switch sub {
            case "list": return .success(.bouncer(.list))
            case "add":
                guard let set = attributes(words.dropFirst()), set["host"] != nil else { return usage() }
                return .success(.bouncer(.add(set)))
            case "change":
                guard words.count >= 3, let set = attributes(words.dropFirst(2)) else { return usage() }
                return .success(.bouncer(.change(network: words[1], set)))
            case "del", "delete", "remove":
                guard words.count == 2 else { return usage() }
                return .success(.bouncer(.delete(network: words[1])))
            default: return usage()
            }
        case "monitor":
            guard let first = words.first else { return .success(.monitor(adding: true, nicks: [])) }
            guard words.count == 1 else { return usage() }
            let removing = first.hasPrefix("-")
            let list = (first.hasPrefix("+") || removing ? String(first.dropFirst()) : first)
                .split(separator: ",").map(String.init).filter { !$0.isEmpty }
            guard !list.isEmpty else { return usage() }
            // Only nicks: a mask or a channel would be sent to the server and kept in the config.
            if let bad = list.first(where: { !Self.isNick($0) }) {
                return .failure(Failure(message: "\(bad) is not a nick"))
            }
            return .success(.monitor(adding: !removing, nicks: list))
        case "ctcp":
            guard words.count >= 2 else { return usage() }
            return .success(.ctcp(target: words[0], request: words[1].uppercased(), arguments: tail(after: 2)))
        case "ping": return words.count == 1 ? .success(.ctcp(target: words[0], request: "PING", arguments: nil)) : usage()
        case "motd": return words.count <= 1 ? .success(.motd(server: words.first)) : usage()
        case "lusers": return words.isEmpty ? .success(.lusers) : usage()
        case "names": return words.count <= 1 ? .success(.names(channel: words.first)) : usage()
        case "who": return words.count == 1 ? .success(.who(words[0])) : usage()
        case "whowas": return words.count == 1 ? .success(.whowas(words[0])) : usage()
        case "knock":
            guard let channel = words.first else { return usage() }
            return .success(.knock(channel: channel, message: tail(after: 1)))
        case "setname": return rest.isEmpty ? usage() : .success(.setname(String(rest)))
        case "umode": return .success(.umode(words))
        case "kickban":
            guard let nick = words.first else { return usage() }
            return .success(.kickban(nick: nick, reason: tail(after: 1)))
        case "unban": return words.count == 1 ? .success(.unban(words[0])) : usage()
        case "quiet", "unquiet": return words.count == 1 ? .success(.quiet(words[0], adding: name == "quiet")) : usage()
        case "ns", "cs", "ms", "hs":
            guard let service = services[name], !rest.isEmpty else { return usage() }
            return .success(.msg(target: service, text: String(rest)))
        case "":
            return .failure(Failure(message: "a command name goes right after the /: /help lists them"))
        default:
            return .success(.serverCommand(name: name.uppercased(), arguments: rest.isEmpty ? nil : String(rest)))
        }
    }

    /// Whether `text` can be a nick: not empty, at most 64 characters, no space, none of
    /// `,*?!@:#&` (masks, lists, channels), not starting with a digit or `-`.
    static func isNick(_ text: String) -> Bool {
        guard let first = text.first, text.count <= 64, !first.isNumber, first != "-" else { return false }
        return !text.contains { $0.isWhitespace || ",*?!@:#&\"'".contains($0) }
    }

    /// `/server` as HexChat and irssi users type it: `/server NETWORK` (a configured one),
    /// `/server irc://…`, `/server HOST[:PORT] [PORT] [-tls | -notls]`. Without a port, TLS on
    /// 6697 (Natter's default for a network); with one, TLS when it is 6697, written `+PORT`,
    /// or `-tls` is given. Nil when it is none of these (a command the server knows has no place
    /// here: SERVER is what servers say to each other).
    static func serverCommand(_ words: [String]) -> String? {
        var tls: Bool?
        var rest: [String] = []
        for word in words {
            switch word.lowercased() {
            case "-tls", "-ssl": tls = true
            case "-notls", "-nossl": tls = false
            default: rest.append(word)
            }
        }
        guard let first = rest.first, rest.count <= 2, !first.hasPrefix("-") else { return nil }
        let lowered = first.lowercased()
        if lowered.hasPrefix("irc://") || lowered.hasPrefix("ircs://") { return rest.count == 1 ? first : nil }
        var host = first
        var portText = rest.count == 2 ? rest[1] : nil
        if portText == nil, let colon = host.lastIndex(of: ":"), !host.contains("]") || host.last != "]" {
            portText = String(host[host.index(after: colon)...])
            host = String(host[..<colon])
        }
        // A word with neither dot nor port names a configured network.
        if portText == nil, !host.contains("."), tls == nil { return first }
        guard !host.isEmpty, !host.contains("/") else { return nil }
        var plus = false
        if let text = portText, text.hasPrefix("+") {
            plus = true
            portText = String(text.dropFirst())
        }
        let port = portText.map { Int($0) } ?? 6697
        guard let port, (1...65535).contains(port) else { return nil }
        let secure = tls ?? (portText == nil || plus || port == 6697)
        return "\(secure ? "ircs" : "irc")://\(host):\(port)"
    }

    /// `NAME HOST[:PORT] [PORT] [-tls | -notls] [-nick NICK] [-join #a,#b] [-noconnect]
    /// [-sasl ACCOUNT PASSWORD] [-password PASS]`, the
    /// port and TLS read as `/server HOST` reads them; nil when it is none of that.
    static func serverSpec(_ words: [String]) -> ServerSpec? {
        var rest: [String] = [], nick: String?, channels: [String] = [], connects = true
        var sasl: (account: String, password: String)?, password: String?
        var index = 0
        while index < words.count {
            let word = words[index]
            switch word.lowercased() {
            case "-nick":
                guard index + 1 < words.count, isNick(words[index + 1]) else { return nil }
                nick = words[index + 1]
                index += 1
            case "-join", "-channels":
                guard index + 1 < words.count else { return nil }
                channels = words[index + 1].split(separator: ",").map(String.init)
                index += 1
            case "-noconnect", "-noautoconnect": connects = false
            case "-sasl":
                guard index + 2 < words.count else { return nil }
                sasl = (words[index + 1], words[index + 2])
                index += 2
            case "-password":
                guard index + 1 < words.count else { return nil }
                password = words[index + 1]
                index += 1
            default: rest.append(word)
            }
            index += 1
        }
        guard rest.count >= 2, let name = rest.first, !name.hasPrefix("-"), !name.contains("/"),
              let link = serverCommand(Array(rest.dropFirst())), let parsed = IRCLinkParts(link) else { return nil }
        return ServerSpec(name: name, host: parsed.host, port: parsed.port, tls: parsed.tls, nick: nick, channels: channels,
                          connects: connects, saslAccount: sasl?.account, saslPassword: sasl?.password, password: password)
    }

    /// A setting's name and what follows it: the name ends at a blank outside quotes
    /// (`networks."My Net".nick`).
    static func settingName(_ text: Substring) -> (String, String?) {
        var inQuotes = false
        var end = text.endIndex
        for index in text.indices {
            if text[index] == "\"" { inQuotes.toggle() }
            if text[index] == " " && !inQuotes { end = index; break }
        }
        let value = text[end...].drop { $0 == " " }
        return (String(text[..<end]), value.isEmpty ? nil : String(value))
    }

    private static func modeCommand(_ words: [String]) -> Result<ChatCommand, Failure> {
        // Alone: the modes of the buffer's channel (or ours, in the server buffer), asked of
        // the server.
        guard let first = words.first else { return .success(.mode(target: nil, arguments: [])) }
        if first.hasPrefix("+") || first.hasPrefix("-") {
            return .success(.mode(target: nil, arguments: words))
        }
        return .success(.mode(target: words[0], arguments: Array(words.dropFirst())))
    }
}

/// The host, port and TLS of a `irc://host:port` or `ircs://host:port` link as
/// ``ChatCommandParser/serverCommand(_:)`` makes them.
struct IRCLinkParts {
    var host: String
    var port: Int
    var tls: Bool

    init?(_ link: String) {
        let tls = link.hasPrefix("ircs://")
        guard tls || link.hasPrefix("irc://") else { return nil }
        let rest = link.dropFirst(tls ? 7 : 6)
        guard let colon = rest.lastIndex(of: ":"), let port = Int(rest[rest.index(after: colon)...]) else { return nil }
        host = String(rest[..<colon])
        self.port = port
        self.tls = tls
    }
}

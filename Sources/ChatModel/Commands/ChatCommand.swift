/// What the input line asks for: a message, or one of the slash commands.
public enum ChatCommand: Hashable, Sendable {
    case say(String)
    case me(String)
    case msg(target: String, text: String)
    case notice(target: String, text: String)
    case query(nick: String, text: String?)
    case join(channels: [String], keys: [String])
    case part(channel: String?, reason: String?)
    case cycle(channel: String?)
    case nick(String)
    case topic(String?)
    case whois(String)
    case mode(target: String?, arguments: [String])
    /// /op /deop /voice /devoice: a mode letter given or taken from each nick.
    case memberMode(adding: Bool, mode: Character, nicks: [String])
    case kick(nick: String, reason: String?)
    case ban(mask: String)
    case invite(nick: String, channel: String?)
    case away(String?)
    case back
    case quit(String?)
    case close
    case raw(String)
    case ignore(String?)
    case unignore(String)
    case clear
    case help(String?)
    /// /keys: the keyboard help (as F1).
    case keys
    /// /spell [LANG|off]: this buffer's spell-checking language.
    case spell(String?)
    case connect, disconnect, reconnect
    case list(String?)
    /// /react EMOJI: a reaction to the newest message from someone else in the buffer.
    case react(String)
    /// /redact [reason]: deletes your newest message in the buffer.
    case redact(String?)
    /// /monitor [+|-]nick[,nick]: watch (or stop watching) nicks; alone, lists them.
    case monitor(adding: Bool, nicks: [String])
    /// `/bouncer` (the form), `/bouncer list`, `add KEY=VALUE…`, `change NETWORK KEY=VALUE…`,
    /// `del NETWORK`: the networks of a soju.im/bouncer-networks bouncer.
    case bouncer(BouncerCommand)

    /// Usage of each command, for /help and for errors.
    public static let usage: [(String, String)] = [
        ("/join #channel[,#other] [key[,key]]", "join channels"), ("/part [#channel] [reason]", "leave a channel"),
        ("/cycle [#channel]", "leave and rejoin"), ("/msg NICK|#CHANNEL TEXT", "send a message"),
        ("/query NICK [TEXT]", "open a private conversation"), ("/me ACTION", "send an action"),
        ("/notice TARGET TEXT", "send a notice"), ("/nick NEWNICK", "change your nick"),
        ("/topic [TEXT]", "show or set the topic"), ("/whois NICK", "ask who someone is"),
        ("/mode [TARGET] [MODES [ARGS]]", "set modes, or alone show them"), ("/op /deop /voice /devoice NICK…", "give or take op or voice"),
        ("/kick NICK [reason]", "kick from this channel"), ("/ban MASK", "ban from this channel"),
        ("/invite NICK [#channel]", "invite to a channel"), ("/away [message]", "mark yourself away"),
        ("/back", "no longer away"), ("/quit [reason]", "disconnect from this network"),
        ("/close", "close this buffer (parts a channel)"), ("/raw LINE  (/quote)", "send a raw IRC line"),
        ("/ignore [MASK]", "hide someone's messages (no mask: list)"), ("/unignore MASK", "stop ignoring"),
        ("/clear", "clear this buffer's lines"), ("/list [pattern]", "list channels"),
        ("/connect /disconnect /reconnect", "this network's connection"), ("/help [command]", "this help"),
        ("/keys", "every key and what it does (F1)"),
        ("/spell [LANG | off]", "check this buffer's spelling in LANG (en_US, de_DE…), or not"),
        ("/react EMOJI", "react to the newest message (click a reaction to take it back)"),
        ("/redact [reason]", "delete your newest message"),
        ("/monitor [+|-]NICK[,NICK]", "watch friends coming online (alone: list them)"),
        ("/bouncer [list | add KEY=VALUE… | change NETWORK KEY=VALUE… | del NETWORK]",
         "the bouncer's networks (alone: the form); keys: name host port tls nickname username realname pass"),
    ]
}

/// Parses what was typed in the input line. A line not starting with `/` (or starting with `//`)
/// is a message. Errors name the usage and point to /help.
public enum ChatCommandParser {
    public struct Failure: Error, Hashable, Sendable { public var message: String }

    /// Every command name, for completion.
    public static let commandNames = ["away", "back", "ban", "clear", "close", "connect", "cycle", "deop", "devoice",
                                      "disconnect", "help", "ignore", "invite", "join", "keys", "kick", "list", "me", "mode",
                                      "bouncer", "monitor", "msg", "nick", "notice", "op", "part", "query", "quit", "quote", "raw", "react",
                                      "reconnect", "redact", "spell", "topic", "unignore", "voice", "whois"]

    public static func parse(_ line: String) -> Result<ChatCommand, Failure> {
        guard line.hasPrefix("/"), !line.hasPrefix("//") else {
            return .success(.say(line.hasPrefix("//") ? String(line.dropFirst()) : line))
        }
        let body = line.dropFirst()
        let name = body.prefix { $0 != " " }.lowercased()
        let rest = body.dropFirst(name.count).drop { $0 == " " }
        let words = rest.split(separator: " ").map(String.init)
        func tail(after n: Int) -> String? {
            var text = Substring(rest)
            for _ in 0..<n { text = text.drop { $0 != " " }.drop { $0 == " " } }
            return text.isEmpty ? nil : String(text)
        }
        func usage() -> Result<ChatCommand, Failure> {
            let form = ChatCommand.usage.first { $0.0.hasPrefix("/\(name) ") || $0.0.contains("/\(name) ") || $0.0 == "/\(name)" }?.0
            return .failure(Failure(message: "usage: \(form ?? "/\(name)") (see /help)"))
        }
        switch name {
        case "me": return rest.isEmpty ? usage() : .success(.me(String(rest)))
        case "msg", "privmsg":
            guard words.count >= 2, let text = tail(after: 1) else { return usage() }
            return .success(.msg(target: words[0], text: text))
        case "notice":
            guard words.count >= 2, let text = tail(after: 1) else { return usage() }
            return .success(.notice(target: words[0], text: text))
        case "query", "q":
            guard let nick = words.first else { return usage() }
            return .success(.query(nick: nick, text: tail(after: 1)))
        case "join", "j":
            guard let first = words.first else { return usage() }
            let keys = words.count > 1 ? words[1].split(separator: ",").map(String.init) : []
            return .success(.join(channels: first.split(separator: ",").map(String.init), keys: keys))
        case "part", "leave":
            if let first = words.first, first.hasPrefix("#") || first.hasPrefix("&") {
                return .success(.part(channel: first, reason: tail(after: 1)))
            }
            return .success(.part(channel: nil, reason: rest.isEmpty ? nil : String(rest)))
        case "cycle", "rejoin": return .success(.cycle(channel: words.first))
        case "nick": return words.count == 1 ? .success(.nick(words[0])) : usage()
        case "topic": return .success(.topic(rest.isEmpty ? nil : String(rest)))
        case "whois", "wi": return words.isEmpty ? usage() : .success(.whois(words[0]))
        case "mode": return modeCommand(words)
        case "op", "deop", "voice", "devoice":
            guard !words.isEmpty else { return usage() }
            return .success(.memberMode(adding: !name.hasPrefix("de"), mode: name.hasSuffix("op") ? "o" : "v", nicks: words))
        case "kick", "k":
            guard let nick = words.first else { return usage() }
            return .success(.kick(nick: nick, reason: tail(after: 1)))
        case "ban": return words.count == 1 ? .success(.ban(mask: words[0])) : usage()
        case "invite":
            guard let nick = words.first, words.count <= 2 else { return usage() }
            return .success(.invite(nick: nick, channel: words.count == 2 ? words[1] : nil))
        case "away": return .success(.away(rest.isEmpty ? nil : String(rest)))
        case "back": return .success(.back)
        case "quit", "exit": return .success(.quit(rest.isEmpty ? nil : String(rest)))
        case "close", "wc": return .success(.close)
        case "raw", "quote": return rest.isEmpty ? usage() : .success(.raw(String(rest)))
        case "ignore": return .success(.ignore(words.first))
        case "unignore": return words.count == 1 ? .success(.unignore(words[0])) : usage()
        case "clear": return .success(.clear)
        case "keys": return .success(.keys)
        case "spell": return words.count <= 1 ? .success(.spell(words.first)) : usage()
        case "help": return .success(.help(words.first.map { $0.hasPrefix("/") ? String($0.dropFirst()) : $0 }))
        case "connect": return .success(.connect)
        case "disconnect": return .success(.disconnect)
        case "reconnect": return .success(.reconnect)
        case "list": return .success(.list(words.first))
        case "react": return words.count == 1 ? .success(.react(words[0])) : usage()
        case "redact", "delete": return .success(.redact(rest.isEmpty ? nil : String(rest)))
        case "bouncer", "bnc":
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
        case "monitor", "friend":
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
        default:
            return .failure(Failure(message: "unknown command /\(name): /help lists the commands"))
        }
    }

    /// Whether `text` can be a nick: not empty, at most 64 characters, no space, none of
    /// `,*?!@:#&` (masks, lists, channels), not starting with a digit or `-`.
    static func isNick(_ text: String) -> Bool {
        guard let first = text.first, text.count <= 64, !first.isNumber, first != "-" else { return false }
        return !text.contains { $0.isWhitespace || ",*?!@:#&\"'".contains($0) }
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

/// `/bouncer …`: what to do with the networks of a soju.im/bouncer-networks bouncer. A network
/// is named by its netid or its `name` attribute.
public enum BouncerCommand: Hashable, Sendable {
    case form
    case list
    case add([String: String])
    case change(network: String, [String: String])
    case delete(network: String)
}

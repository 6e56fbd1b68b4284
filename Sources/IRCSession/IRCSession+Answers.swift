import FoundationEssentials
import IRCProtocol

/// Answers shown where they were asked: a question typed in a buffer (``UserIntent/asked(_:from:)``)
/// is remembered with its `label` (labeled-response) or, without one, by what it names; the
/// numerics of its answer are collected into one ``Answer`` (a WHOIS card, a WHO or NAMES
/// table, the MOTD) told to the model when the numeric that ends it comes. Errors and standard
/// replies carry the buffer they belong to as their `origin`.
extension IRCSession {
    /// The latest sign-on time a WHOIS may say (seconds since 1970; the year 2100).
    static let latestSignon = 4_102_444_800
    /// Performs `intent`, typed in buffer `origin`: the lines it sends are labeled where the
    /// server has labeled-response, and a question among them is remembered.
    mutating func performAsked(_ intent: UserIntent, from origin: String?, now: SessionTime) {
        answers.lastOrigin = (origin, now.monotonic)
        let question = Self.question(of: intent, fold: state.fold)
        let start = outputs.count
        perform(intent, now: now)
        // Only questions and commands sent as typed are labeled: their replies are what the
        // user waits for, while a message's label is its echo's (already set).
        guard question != nil || Self.isTypedCommand(intent) else { return }
        var label: String?
        for index in outputs.indices.dropFirst(start) {
            guard case .send(var message) = outputs[index], message.tags["label"] == nil else { continue }
            if label == nil { label = makeLabel() }
            guard let label else { break }
            message.tags["label"] = label
            outputs[index] = .send(message)
            answers.remember(label: label, origin: origin)
            break
        }
        if let question {
            answers.remember(AnswerTracker.Asked(question: question, origin: origin, label: label, at: now.monotonic))
        }
    }

    /// The question `intent` asks, if its answer is collected.
    static func question(of intent: UserIntent, fold: (String) -> String) -> AnswerTracker.Question? {
        switch intent {
        case .whois(let nick): return .whois(fold(nick))
        case .who(let mask): return .who(fold(mask))
        case .command(let command, let parameters):
            switch command.uppercased() {
            case "WHOWAS": return parameters.first.map { .whowas(fold($0)) }
            case "NAMES": return parameters.first.map { .names(fold($0)) }
            case "MOTD": return .motd
            default: return nil
            }
        default: return nil
        }
    }

    private static func isTypedCommand(_ intent: UserIntent) -> Bool {
        switch intent {
        case .command, .raw: return true
        default: return false
        }
    }

    /// Where a reply that is no collected answer belongs: the buffer its label was typed in;
    /// for an error, else the buffer of the command typed just before. `nil`: nowhere known.
    func answerOrigin(for message: IRCMessage, isError: Bool) -> String? {
        let label = label(of: message)
        if !isError { return label.flatMap { answers.labels[$0] } ?? nil }
        return answers.origin(label: label, now: keepalive.lastReceived)
    }

    /// Takes `message` into an answer being collected; returns whether it was (then it is not
    /// shown alone). Called for every numeric on its way to the screen.
    mutating func collectAnswer(_ message: IRCMessage) -> Bool {
        let p = message.parameters
        let label = label(of: message)
        switch message.command {
        case "375":
            answers.motd = []
            return true
        case "372":
            guard answers.motd != nil, let text = p.last else { return false }
            // Servers start each line with "- " (a blank one is "-"): the block shows the text only.
            answers.addMotdLine(text == "-" ? "" : text.hasPrefix("- ") ? String(text.dropFirst(2)) : text)
            return true
        case "376":
            guard let lines = answers.motd else { return false }
            answers.motd = nil
            let origin = answers.takeOrigin(of: .motd, label: label) ?? nil
            emit(.answer(Answer(origin: origin, content: .motd(lines: lines))))
            return true
        case "352":
            // <me> <channel> <user> <host> <server> <nick> <flags> :<hops> <real name>
            guard p.count >= 8 else { return false }
            let real = p[7].split(separator: " ", maxSplits: 1).dropFirst().first.map(String.init) ?? ""
            answers.addWhoRow(WhoRow(nick: p[5], user: p[2], host: p[3], channel: p[1], flags: p[6], account: nil, realName: real),
                              label: label)
            return true
        case "315":
            guard p.count >= 2 else { return false }
            let rows = answers.whoRows.removeValue(forKey: label ?? "") ?? []
            let dropped = answers.takeDropped("who:" + (label ?? ""))
            let origin = answers.takeOrigin(of: .who(state.fold(p[1])), label: label)
            // A WHO nobody asked that matched no one: its end shows as it did.
            if origin == nil, rows.isEmpty { return false }
            emit(.answer(Answer(origin: origin ?? nil, content: .who(mask: p[1], rows: rows), dropped: dropped)))
            return true
        case "353":
            guard p.count >= 4 else { return false }
            let key = state.fold(p[2])
            guard answers.names[key] != nil || answers.isAsked(.names(key), label: label) else { return false }
            // With userhost-in-names each entry is a whole mask: the table shows prefixes and nicks.
            let prefixes = state.isupport.prefixes.map(\.prefix)
            answers.addNames(p[3].split(separator: " ").map { entry in
                let modes = entry.prefix { prefixes.contains($0) }
                return String(modes) + IRCSource(parsing: String(entry.dropFirst(modes.count))).nick
            }, key: key)
            return true
        case "366":
            guard p.count >= 2 else { return false }
            let key = state.fold(p[1])
            guard let nicks = answers.names.removeValue(forKey: key),
                  let origin = answers.takeOrigin(of: .names(key), label: label) else { return false }
            emit(.answer(Answer(origin: origin, content: .names(channel: p[1], nicks: rankedNames(nicks)),
                                dropped: answers.takeDropped("names:" + key))))
            return true
        case "314", "369", "406":
            return collectWhowas(message, label: label)
        case "318":
            guard p.count >= 2 else { return false }
            let key = state.fold(p[1])
            let card = answers.whois.removeValue(forKey: key)
            let origin = answers.takeOrigin(of: .whois(key), label: label)
            // A WHOIS of no one (401 came before) ends without a card: the error said so.
            guard let card, card.user != nil || card.server != nil else { return origin != nil || card != nil }
            emit(.answer(Answer(origin: origin ?? nil, content: .whois(card))))
            return true
        default:
            return collectWhois(message, label: label)
        }
    }

    /// A line of a WHOIS reply (or of WHOWAS: 312 follows each 314).
    private mutating func collectWhois(_ message: IRCMessage, label: String?) -> Bool {
        let p = message.parameters
        guard let code = Int(message.command), p.count >= 2 else { return false }
        let key = state.fold(p[1])
        if code == 312, answers.whois[key] == nil, answers.whowas[key] != nil {
            answers.whowas[key]![answers.whowas[key]!.count - 1].server = p.count > 3 ? p[2] : nil
            answers.whowas[key]![answers.whowas[key]!.count - 1].serverInfo = p.count > 3 ? p[3] : nil
            return true
        }
        let whoisCodes: Set<Int> = [276, 301, 307, 310, 311, 312, 313, 317, 319, 320, 330, 335, 338, 378, 379, 671]
        guard whoisCodes.contains(code) else { return false }
        // A 301 alone answers a message to someone away; the rest need a WHOIS under way or asked.
        if answers.whois[key] == nil {
            guard code == 311 || (code != 301 && answers.isAsked(.whois(key), label: label)) else { return false }
            answers.startWhois(key, nick: p[1])
        }
        var card = answers.whois[key]!
        let text = p.count > 2 ? p[p.count - 1] : ""
        switch code {
        case 311 where p.count >= 6:
            card.nick = p[1]; card.user = p[2]; card.host = p[3]; card.realName = p[5]
        case 312:
            card.server = p.count > 3 ? p[2] : nil
            card.serverInfo = p.count > 3 ? p[3] : nil
        case 313: card.operatorText = text
        case 317 where p.count >= 4:
            // Whole seconds a clock can hold (a server may send anything: "nan", 1e30).
            card.idleSeconds = Int(p[2]).flatMap { (0...(100 * 365 * 86_400)).contains($0) ? $0 : nil }
            if p.count >= 5, let signon = Int(p[3]), (0...Self.latestSignon).contains(signon) {
                card.signedOn = Date(timeIntervalSince1970: Double(signon))
            }
        case 319:
            let room = AnswerTracker.rowsKept - card.channels.count
            card.channels += text.split(separator: " ").prefix(max(0, room)).map(String.init)
        case 301: card.away = text
        case 330 where p.count >= 4: card.account = p[2]
        case 671: card.isSecure = true
        case 338 where p.count >= 4, 378 where p.count >= 3:
            // 338 <nick> [user@]host [ip] :text; 378 <nick> :is connecting from *@host ip.
            card.actualHost = code == 338 ? p[2..<(p.count - 1)].joined(separator: " ")
                : text.split(separator: " ").suffix(2).joined(separator: " ")
        default: if card.other.count < AnswerTracker.collectingKept { card.other.append(text) }
        }
        answers.whois[key] = card
        return true
    }

    /// A WHOWAS entry (314), its end (369), or no such nick (406, shown as an error).
    private mutating func collectWhowas(_ message: IRCMessage, label: String?) -> Bool {
        let p = message.parameters
        guard p.count >= 2 else { return false }
        let key = state.fold(p[1])
        switch message.command {
        case "314":
            guard p.count >= 6 else { return false }
            var card = WhoisCard(nick: p[1])
            card.user = p[2]; card.host = p[3]; card.realName = p[5]
            answers.addWhowas(card, key: key)
            return true
        case "369":
            let entries = answers.whowas.removeValue(forKey: key) ?? []
            let origin = answers.takeOrigin(of: .whowas(key), label: label)
            guard !entries.isEmpty else { return origin != nil }   // 406 said it
            emit(.answer(Answer(origin: origin ?? nil, content: .whowas(nick: p[1], entries: entries))))
            return true
        default:
            return false   // 406: an error, shown where it was asked
        }
    }

    /// NAMES entries by rank (operators first), then by name, as the nick list orders them.
    private func rankedNames(_ entries: [String]) -> [String] {
        let prefixes = state.isupport.prefixes.map(\.prefix)
        func rank(_ entry: String) -> Int { entry.first.flatMap { prefixes.firstIndex(of: $0) } ?? prefixes.count }
        func name(_ entry: String) -> String { state.fold(String(entry.drop { prefixes.contains($0) })) }
        return entries.sorted { rank($0) != rank($1) ? rank($0) < rank($1) : name($0) < name($1) }
    }

    /// A WHOX row (354) with our token: `<channel> <user> <host> <nick> <flags> <account> <real>`.
    mutating func collectWhoxRow(_ p: [String], label: String?) {
        answers.addWhoRow(WhoRow(nick: p[5], user: p[3], host: p[4], channel: p[2], flags: p[6],
                                 account: p[7] == "0" ? nil : p[7], realName: p[8]), label: label)
    }

    /// Whether the origin of a 401, 406 or 422 is a pending WHOIS's, WHOWAS's or MOTD's: the
    /// error then shows where that was asked, even long after the last command.
    func questionOrigin(forError message: IRCMessage) -> String?? {
        let p = message.parameters
        guard p.count >= 2 else { return nil }
        let key = state.fold(p[1])
        let label = label(of: message)
        let question: AnswerTracker.Question
        switch message.command {
        case "401": question = .whois(key)
        case "406": question = .whowas(key)
        case "422": question = .motd   // no MOTD: said where /motd was typed
        default: return nil
        }
        if let label, let origin = answers.labels[label] { return .some(origin) }
        guard let asked = answers.asked.first(where: { $0.question == question }) else { return nil }
        return .some(asked.origin)
    }
}

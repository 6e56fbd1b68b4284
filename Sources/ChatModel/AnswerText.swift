import FoundationEssentials
import IRCProtocol
import IRCSession

/// Answers in words: a WHOIS card's fields as a person reads them ("idle 3 minutes, signed on
/// 2 hours ago"), and each answer as one line of readable text for the logs, search and
/// copying. The UI draws the same fields; only the layout is its own.
public enum AnswerText {
    /// One labelled field of a card.
    public struct Field: Sendable, Hashable {
        public var label: String
        public var value: String
    }

    /// The fields of a WHOIS or WHOWAS card, in reading order, only those the server sent;
    /// times in words relative to `time` (when the answer came). In a WHOWAS entry (`isPast`)
    /// the server line says where and when the nick was last seen.
    public static func fields(of card: WhoisCard, at time: Date, isPast: Bool = false) -> [Field] {
        var fields: [Field] = []
        func add(_ label: String, _ value: String?) {
            if let value, !value.isEmpty { fields.append(Field(label: label, value: value)) }
        }
        if let user = card.user, let host = card.host { add("address", "\(user)@\(host)") }
        add("real name", card.realName)
        add("account", card.account.map { "logged in as \($0)" })
        if isPast {
            add("last seen", card.server.map { server in card.serverInfo.map { "on \(server), \($0)" } ?? "on \(server)" })
        } else {
            add("server", card.server.map { server in card.serverInfo.map { "\(server) (\($0))" } ?? server })
        }
        add("channels", card.channels.joined(separator: " "))
        var times: [String] = []
        if let idle = card.idleSeconds { times.append("idle \(duration(idle))") }
        if let signedOn = card.signedOn { times.append("signed on \(ago(signedOn, at: time))") }
        add("activity", times.joined(separator: ", "))
        add("away", card.away)
        add("operator", card.operatorText)
        if card.isSecure { add("connection", "secure (TLS)") }
        add("actual host", card.actualHost)
        for other in card.other { add("also", other) }
        return fields
    }

    /// `seconds` in the largest unit that fits: "40 seconds", "3 minutes", "2 hours", "5 days".
    public static func duration(_ seconds: Int) -> String {
        let units = [(86_400, "day"), (3_600, "hour"), (60, "minute")]
        for (size, name) in units where seconds >= size {
            let n = seconds / size
            return "\(n) \(name)\(n == 1 ? "" : "s")"
        }
        return "\(max(0, seconds)) second\(seconds == 1 ? "" : "s")"
    }

    /// How long before `time` `date` was ("2 hours ago"); over a week, the day it was ("on
    /// 3 March 2026", UTC: the server's clock is no one's local time).
    public static func ago(_ date: Date, at time: Date) -> String {
        // Clamped: a date from a server may be anything, and Int() of a huge Double traps.
        let seconds = Int(max(-1e12, min(1e12, time.timeIntervalSince(date))))
        guard seconds > 7 * 86_400 || seconds < 0 else { return duration(seconds) + " ago" }
        let civil = CivilTime(seconds: Int(date.timeIntervalSince1970))
        return "on \(civil.day) \(CivilTime.monthNames[civil.month - 1]) \(civil.year)"
    }

    /// A short title for the block: "WHOIS kim", "WHO #natter: 3 users", "Message of the day".
    public static func title(of content: AnswerContent) -> String {
        switch content {
        case .whois(let card): return "WHOIS \(card.nick)"
        case .whowas(let nick, _): return "WHOWAS \(nick): who had the nick"
        case .who(let mask, let rows):
            return rows.isEmpty ? "WHO \(mask): no one matches" : "WHO \(mask): \(count(rows.count, "user"))"
        case .names(let channel, let nicks): return "NAMES \(channel): \(count(nicks.count, "user"))"
        case .motd(let lines): return "Message of the day (\(count(lines.count, "line")))"
        }
    }

    /// The title of `answer`, saying how much of it the server sent past what is kept.
    public static func title(of answer: Answer) -> String {
        title(of: answer.content) + (answer.dropped > 0 ? " (\(answer.dropped) more not shown)" : "")
    }

    /// `answer` as readable text, its title saying what was not kept.
    public static func text(of answer: Answer, at time: Date) -> String {
        var text = self.text(of: answer.content, at: time)
        if answer.dropped > 0 {
            text.replaceSubrange(text.startIndex..<(text.firstIndex(of: "\n") ?? text.endIndex), with: title(of: answer))
        }
        return text
    }

    static func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }

    /// The answer as readable text, one line per row (a log folds them into one).
    public static func text(of content: AnswerContent, at time: Date) -> String {
        var lines = [title(of: content)]
        switch content {
        case .whois(let card):
            lines += fields(of: card, at: time).map { "\($0.label): \($0.value)" }
        case .whowas(_, let entries):
            for entry in entries {
                lines.append(fields(of: entry, at: time, isPast: true).map { "\($0.label): \($0.value)" }.joined(separator: "; "))
            }
        case .who(_, let rows):
            lines += rows.map { row in
                [row.nick, "\(row.user)@\(row.host)", row.flags, row.account ?? "", row.realName]
                    .filter { !$0.isEmpty }.joined(separator: "  ")
            }
        case .names(_, let nicks):
            lines.append(nicks.joined(separator: " "))
        case .motd(let motd):
            lines += motd
        }
        return lines.joined(separator: "\n")
    }
}

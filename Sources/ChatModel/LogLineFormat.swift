import Foundation
import IRCFormatting

/// How a ``ChatLine`` is written to a plain-text log, and read back: `HH:MM:SS` then
/// `<nick> text`, `* nick action`, `-nick- notice`, or a readable event line; formatting codes
/// stripped, line breaks folded into spaces.
public enum LogLineFormat {
    /// The log line for `line` (without a newline), its time written in `timeZone`.
    public static func format(_ line: ChatLine, timeZone: TimeZone) -> String {
        let time = clock(line.time, timeZone: timeZone)
        let nick = line.nick ?? "*"
        let text = clean(line.text)
        let body: String
        switch line.kind {
        case .message: body = "<\(nick)> \(text)"
        case .action: body = "* \(nick) \(text)"
        case .notice: body = "-\(nick)- \(text)"
        case .join: body = "--> \(nick) has joined"
        case .part: body = "<-- \(nick) has left" + reason(text)
        case .quit: body = "<-- \(nick) has quit" + reason(text)
        case .kick(let by): body = "<-- \(nick) was kicked by \(by ?? "the server")" + reason(text)
        case .nickChange(let newNick): body = "--- \(nick) is now known as \(newNick)"
        case .mode: body = "--- \(nick) sets mode \(text)"
        case .topic: body = line.nick == nil ? "--- Topic: \(text)" : "--- \(nick) changed the topic to: \(text)"
        case .info: body = "--- \(text)"
        case .error: body = "!!! \(text)"
        }
        return "\(time) \(body)"
    }

    /// Reads a log line back as a ``ChatLine`` of `day` (midnight of the file's date), with
    /// `id`. Messages, actions and notices come back as such; every other line as `.info`.
    /// Nil for a line without a valid `HH:MM:SS ` prefix.
    public static func parse(_ text: Substring, day: Date, id: String) -> ChatLine? {
        let bytes = Array(text.utf8.prefix(9))
        guard bytes.count == 9, bytes[2] == UInt8(ascii: ":"), bytes[5] == UInt8(ascii: ":"),
              bytes[8] == UInt8(ascii: " "),
              let h = Int(String(decoding: bytes[0..<2], as: UTF8.self)),
              let m = Int(String(decoding: bytes[3..<5], as: UTF8.self)),
              let s = Int(String(decoding: bytes[6..<8], as: UTF8.self)), h < 24, m < 60, s < 61 else { return nil }
        let time = day.addingTimeInterval(Double(h * 3600 + m * 60 + s))
        let body = text.dropFirst(9)
        if body.hasPrefix("<"), let close = body.firstIndex(of: ">") {
            let nick = String(body[body.index(after: body.startIndex)..<close])
            return ChatLine(id: id, time: time, kind: .message, nick: nick, text: String(body[close...].dropFirst(2)))
        }
        if body.hasPrefix("* "), let space = body.dropFirst(2).firstIndex(of: " ") {
            return ChatLine(id: id, time: time, kind: .action, nick: String(body[body.index(body.startIndex, offsetBy: 2)..<space]),
                            text: String(body[body.index(after: space)...]))
        }
        if body.hasPrefix("-"), let close = body.dropFirst().firstIndex(of: "-"),
           body[close...].hasPrefix("- ") {
            return ChatLine(id: id, time: time, kind: .notice, nick: String(body[body.index(after: body.startIndex)..<close]),
                            text: String(body[close...].dropFirst(2)))
        }
        return ChatLine(id: id, time: time, kind: .info, text: String(body))
    }

    static func clock(_ date: Date, timeZone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let c = calendar.dateComponents([.hour, .minute, .second], from: date)
        return String(format: "%02d:%02d:%02d", c.hour ?? 0, c.minute ?? 0, c.second ?? 0)
    }

    private static func reason(_ text: String) -> String { text.isEmpty ? "" : " (\(text))" }

    private static func clean(_ text: String) -> String {
        stripFormatting(String(text.map { $0 == "\n" || $0 == "\r" || $0 == "\r\n" ? " " : $0 }))
    }
}

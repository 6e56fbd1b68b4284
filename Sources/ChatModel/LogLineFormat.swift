import FoundationEssentials
import IRCFormatting

/// How a ``ChatLine`` is written to a plain-text log, and read back: `HH:MM:SS` then
/// `<nick> text`, `* nick action`, `-nick- notice`, or a readable event line; formatting codes
/// stripped, line breaks folded into spaces.
public enum LogLineFormat {
    /// The log line for `line` (without a newline), its time written in `timeZone`.
    public static func format(_ line: ChatLine, timeZone: LocalZone) -> String {
        var clock = LocalClock(timeZone: timeZone)
        return format(line, clock: &clock)
    }

    /// The log line for `line`, its time from `clock` (which caches the calendar's answer for
    /// a minute: a store logging many lines keeps one).
    public static func format(_ line: ChatLine, clock: inout LocalClock) -> String {
        var bytes: [UInt8] = []
        append(line, clock: &clock, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the log line for `line` (without a newline) to `bytes`: what ``format(_:clock:)``
    /// gives, built on bytes for messages, actions and notices (string interpolation was half
    /// the cost of logging a flood).
    public static func append(_ line: ChatLine, clock: inout LocalClock, to bytes: inout [UInt8]) {
        clock.appendTime(of: line.time, to: &bytes)
        bytes.append(UInt8(ascii: " "))
        if line.isIgnored { bytes.append(contentsOf: ignoredMark.utf8) }
        let nick = line.nick ?? "*"
        switch line.kind {
        case .message:
            bytes.append(UInt8(ascii: "<")); bytes.append(contentsOf: nick.utf8); bytes.append(contentsOf: "> ".utf8)
        case .action:
            bytes.append(contentsOf: "* ".utf8); bytes.append(contentsOf: nick.utf8); bytes.append(UInt8(ascii: " "))
        case .notice:
            bytes.append(UInt8(ascii: "-")); bytes.append(contentsOf: nick.utf8); bytes.append(contentsOf: "- ".utf8)
        default:
            bytes.append(contentsOf: eventBody(line, nick: nick, text: clean(line.text)).utf8)
            return
        }
        bytes.append(contentsOf: clean(line.text).utf8)
    }

    /// The part after the time of a line that is not a message, an action or a notice.
    private static func eventBody(_ line: ChatLine, nick: String, text: String) -> String {
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
        return body
    }

    /// Reads a log line back as a ``ChatLine`` of `day` (midnight of the file's date), with
    /// `id`: messages, actions, notices and events come back as the kinds they were written
    /// from (a page read from the logs looks like the live lines, its joins folded alike);
    /// anything else as `.info`. Nil for a line without a valid `HH:MM:SS ` prefix.
    public static func parse(_ text: Substring, day: Date, id: String) -> ChatLine? {
        let parsed = text.utf8.withContiguousStorageIfAvailable { parse(bytes: $0, day: day, id: id) }
        return parsed ?? Array(text.utf8).withUnsafeBufferPointer { parse(bytes: $0, day: day, id: id) }
    }

    private static func parse(bytes: UnsafeBufferPointer<UInt8>, day: Date, id: String) -> ChatLine? {
        guard let seconds = clockSeconds(bytes), !isIgnored(bytes) else { return nil }
        let time = day.addingTimeInterval(Double(seconds))
        func string(_ range: Range<Int>) -> String { String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self) }
        guard let (nick, text) = nickAndText(bytes) else {
            return event(string(9..<bytes.count), id: id, time: time)
        }
        let kind: ChatLineKind = switch bytes[9] {
        case UInt8(ascii: "<"): .message
        case UInt8(ascii: "*"): .action
        default: .notice
        }
        return ChatLine(id: id, time: time, kind: kind, nick: string(nick), text: string(text))
    }

    /// An event line's body (after the time) as the line it was written from: the inverse of
    /// ``eventBody(_:nick:text:)``. A reason is what the last " (…)" holds.
    static func event(_ body: String, id: String, time: Date) -> ChatLine {
        func line(_ kind: ChatLineKind, _ nick: String?, _ text: String) -> ChatLine {
            ChatLine(id: id, time: time, kind: kind, nick: nick, text: text)
        }
        /// `nick` then `marker`, then an optional " (reason)".
        func nickThen(_ rest: Substring, _ marker: String) -> (nick: String, reason: String)? {
            guard let space = rest.firstIndex(of: " "), rest[space...].hasPrefix(marker) else { return nil }
            let nick = String(rest[..<space])
            let after = rest[rest.index(space, offsetBy: marker.count)...]
            if after.isEmpty { return (nick, "") }
            guard after.hasPrefix(" ("), after.hasSuffix(")") else { return nil }
            return (nick, String(after.dropFirst(2).dropLast()))
        }
        if body.hasPrefix("--> "), let (nick, _) = nickThen(body.dropFirst(4), " has joined") {
            return line(.join, nick, "")
        }
        if body.hasPrefix("<-- ") {
            let rest = body.dropFirst(4)
            if let (nick, reason) = nickThen(rest, " has left") { return line(.part, nick, reason) }
            if let (nick, reason) = nickThen(rest, " has quit") { return line(.quit, nick, reason) }
            if let space = rest.firstIndex(of: " "), rest[space...].hasPrefix(" was kicked by ") {
                let nick = String(rest[..<space])
                var by = rest[rest.index(space, offsetBy: " was kicked by ".count)...]
                var reason = ""
                if let open = by.firstRange(of: " ("), by.hasSuffix(")") {
                    reason = String(by[open.upperBound...].dropLast())
                    by = by[..<open.lowerBound]
                }
                return line(.kick(by: by == "the server" ? nil : String(by)), nick, reason)
            }
        }
        if body.hasPrefix("--- ") {
            let rest = body.dropFirst(4)
            if rest.hasPrefix("Topic: ") { return line(.topic, nil, String(rest.dropFirst(7))) }
            if let space = rest.firstIndex(of: " ") {
                let nick = String(rest[..<space]), after = rest[space...]
                if after.hasPrefix(" is now known as ") {
                    return line(.nickChange(newNick: String(after.dropFirst(17))), nick, "")
                }
                if after.hasPrefix(" sets mode ") { return line(.mode, nick, String(after.dropFirst(11))) }
                if after.hasPrefix(" changed the topic to: ") { return line(.topic, nick, String(after.dropFirst(23))) }
            }
            return line(.info, nil, String(rest))
        }
        if body.hasPrefix("!!! ") { return line(.error, nil, String(body.dropFirst(4))) }
        return line(.info, nil, body)
    }

    /// The seconds since midnight of a line's `HH:MM:SS ` prefix, if it has a valid one.
    static func clockSeconds(_ line: UnsafeBufferPointer<UInt8>) -> Int? {
        guard line.count >= 9, line[2] == UInt8(ascii: ":"), line[5] == UInt8(ascii: ":"), line[8] == UInt8(ascii: " ") else { return nil }
        func number(_ at: Int) -> Int? {
            let high = line[at] &- 0x30, low = line[at + 1] &- 0x30
            return high < 10 && low < 10 ? Int(high) * 10 + Int(low) : nil
        }
        guard let h = number(0), let m = number(3), let s = number(6), h < 24, m < 60, s < 61 else { return nil }
        return h * 3600 + m * 60 + s
    }

    /// Where the nick and the text of a message (`<nick> text`), an action (`* nick text`) or
    /// a notice (`-nick- text`) are in a line's bytes (after its 9-byte time); nil for every
    /// other line. The marks are found among the bytes, not the characters: one followed by a
    /// combining accent is still a mark, and the log search reads the bytes the same way.
    static func nickAndText(_ line: UnsafeBufferPointer<UInt8>) -> (nick: Range<Int>, text: Range<Int>)? {
        let end = line.count
        guard end > 9 else { return nil }
        func first(_ ascii: Character, from start: Int) -> Int? {
            start < end ? line[start..<end].firstIndex(of: ascii.asciiValue!) : nil
        }
        switch line[9] {
        case UInt8(ascii: "<"):
            guard let close = first(">", from: 10) else { return nil }
            // `> ` as written; a `>` without its space is skipped alone.
            let textStart = close + 1 < end && line[close + 1] == UInt8(ascii: " ") ? close + 2 : close + 1
            return (10..<close, textStart..<end)
        case UInt8(ascii: "*"):
            guard end > 10, line[10] == UInt8(ascii: " "), let space = first(" ", from: 11) else { return nil }
            return (11..<space, (space + 1)..<end)
        case UInt8(ascii: "-"):
            guard let close = first("-", from: 10), close + 1 < end, line[close + 1] == UInt8(ascii: " ") else { return nil }
            return (10..<close, (close + 2)..<end)
        default:
            return nil
        }
    }

    private static func reason(_ text: String) -> String { text.isEmpty ? "" : " (\(text))" }

    private static func clean(_ text: String) -> String {
        // Line breaks and formatting codes are all below U+0020; most lines have none. Looked
        // for eight bytes at a time: a scan through the string's UTF-8 view was 7 % of a flood.
        var copy = text
        let (controls, breaks) = copy.withUTF8 { bytes in
            ByteScan.holdsControlBytes(bytes, ignoringFeeds: false)
                ? (true, ByteScan.holds(0x0A, or: 0x0D, in: bytes)) : (false, false)
        }
        guard controls else { return text }
        guard breaks else { return stripFormatting(text) }
        // Each line break (LF, CR, or CR LF) becomes one space, byte by byte.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var afterCR = false
        for byte in text.utf8 {
            if byte == 0x0A && afterCR { afterCR = false; continue }
            afterCR = byte == 0x0D
            bytes.append(byte == 0x0A || byte == 0x0D ? 0x20 : byte)
        }
        return stripFormatting(String(decoding: bytes, as: UTF8.self))
    }
}

extension LogLineFormat {
    /// What follows the time of a line whose sender was ignored (`12:00:01 [ignored] <bob> hi`):
    /// a reader of the file can tell, and reading the logs back leaves such lines out.
    public static let ignoredMark = "[ignored] "

    /// Whether a log line (with its 9-byte time) is marked ignored.
    static func isIgnored(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        let mark = ignoredMark.utf8
        guard line.count >= 9 + mark.count else { return false }
        return zip(line[9...], mark).allSatisfy { $0 == $1 }
    }
}

import FoundationEssentials

/// A CTCP request or reply carried in a PRIVMSG or NOTICE text: `\x01COMMAND params\x01`.
///
/// Decoding tolerates a missing closing `\x01`. The command is upper-cased; the parameters are
/// everything after the first space (`nil` when there is none).
public struct CTCPMessage: Hashable, Sendable {
    /// The CTCP command, upper-cased (`ACTION`, `VERSION`, `PING`, `TIME`, `CLIENTINFO`, ...).
    public var command: String
    /// The text after the command, or `nil`.
    public var parameters: String?

    /// The commands Natter answers, in the order CLIENTINFO lists them.
    public static let supportedCommands = ["ACTION", "CLIENTINFO", "PING", "TIME", "VERSION"]

    /// Creates a CTCP message from its parts.
    public init(command: String, parameters: String? = nil) {
        self.command = command.uppercased()
        self.parameters = parameters
    }

    /// Decodes a message text, or returns `nil` when it does not start with `\x01` or names no
    /// command.
    public init?(decoding text: String) {
        guard text.utf8.first == 0x01 else { return nil }
        var body = text.dropFirst()
        if body.last == "\u{01}" { body = body.dropLast() }
        let command: Substring
        if let space = body.firstIndex(of: " ") {
            command = body[..<space]
            parameters = String(body[body.index(after: space)...])
        } else {
            command = body
            parameters = nil
        }
        guard !command.isEmpty, !command.contains("\u{01}") else { return nil }
        self.command = command.uppercased()
    }

    /// The message text: `\x01COMMAND params\x01`.
    public func encoded() -> String {
        if let parameters { return "\u{01}\(command) \(parameters)\u{01}" }
        return "\u{01}\(command)\u{01}"
    }

    /// An ACTION (`/me`) with the given text.
    public static func action(_ text: String) -> CTCPMessage {
        CTCPMessage(command: "ACTION", parameters: text)
    }

    /// The reply to this request, for the commands Natter answers, or `nil` for any other.
    ///
    /// - VERSION → `versionString`; PING → the same parameters; TIME → `now` in RFC 1123 form
    ///   (UTC); CLIENTINFO → the supported commands. ACTION is not a request and gets no reply.
    public func reply(versionString: String, now: Date = Date()) -> CTCPMessage? {
        switch command {
        case "VERSION": return CTCPMessage(command: "VERSION", parameters: versionString)
        case "PING": return CTCPMessage(command: "PING", parameters: parameters)
        case "TIME": return CTCPMessage(command: "TIME", parameters: Self.rfc1123(now))
        case "CLIENTINFO":
            return CTCPMessage(command: "CLIENTINFO", parameters: Self.supportedCommands.joined(separator: " "))
        default: return nil
        }
    }

    /// `date` as RFC 1123 says (`Thu, 26 Nov 2026 12:00:00 GMT`): English names, UTC.
    static func rfc1123(_ date: Date) -> String {
        let t = CivilTime(seconds: Int(date.timeIntervalSince1970.rounded(.down)))
        return "\(CivilTime.weekdayNames[t.weekday].prefix(3)), \(CivilTime.padded(t.day, 2)) "
            + "\(CivilTime.monthNames[t.month - 1].prefix(3)) \(CivilTime.padded(t.year, 4)) "
            + "\(CivilTime.padded(t.hour, 2)):\(CivilTime.padded(t.minute, 2)):\(CivilTime.padded(t.second, 2)) GMT"
    }
}

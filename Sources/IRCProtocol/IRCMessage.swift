/// One IRC protocol message: optional IRCv3 tags, an optional source, a command and its parameters.
///
/// Parsing follows modern.ircdocs.horse and the IRCv3 message-tags specification; see
/// ``init(parsing:)`` for the accepted syntax and ``validatedSerialization(limits:)`` for the
/// rules a message must follow before it can be sent.
public struct IRCMessage: Hashable, Sendable {
    /// Message tags with unescaped values; a tag sent without a value has the value `""`.
    public var tags: [String: String]
    /// The source (prefix) without the leading `:`, or `nil` when the line had none.
    public var source: String?
    /// The command: a verb such as `PRIVMSG` or a three-digit numeric, exactly as received.
    public var command: String
    /// The parameters in order; the trailing parameter is the last element, without its `:`.
    public var parameters: [String]

    /// Creates a message from its parts. Nothing is validated here; see ``validatedSerialization(limits:)``.
    public init(tags: [String: String] = [:], source: String? = nil, command: String,
                parameters: [String] = []) {
        self.tags = tags
        self.source = source
        self.command = command
        self.parameters = parameters
    }

    /// Parses one line (without CR LF) using the incoming limits (8191 bytes of tags plus 512).
    ///
    /// Runs of spaces separate parameters, a trailing parameter after ` :` may be empty or contain
    /// spaces and colons, tag values are unescaped character by character and the last duplicate
    /// tag key wins. A malformed or over-long line throws ``IRCParseError``; it never traps.
    public init(parsing line: String) throws(IRCParseError) {
        try self.init(parsing: line, limits: .incoming)
    }

    /// Parses one line (without CR LF), checking it against `limits`.
    public init(parsing line: String, limits: IRCLineLimits) throws(IRCParseError) {
        var line = line
        let result = line.withUTF8 { IRCMessageParser.parse($0, limits: limits) }
        self = try result.get()
    }

    /// Parses one line given as UTF-8 bytes (without CR LF), checking it against `limits`.
    ///
    /// The bytes should already be valid UTF-8 (see ``IRCTextDecoding``); invalid sequences are
    /// repaired with U+FFFD by `String(decoding:as:)`.
    public init(parsingUTF8 bytes: UnsafeBufferPointer<UInt8>,
                limits: IRCLineLimits = .incoming) throws(IRCParseError) {
        self = try IRCMessageParser.parse(bytes, limits: limits).get()
    }

    /// The source split into nick, user and host, or `nil` when the message has no source.
    public var parsedSource: IRCSource? {
        source.map { IRCSource(parsing: $0) }
    }
}

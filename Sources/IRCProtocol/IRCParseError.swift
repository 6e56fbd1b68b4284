/// Why a received line could not be parsed as an ``IRCMessage``. Malformed input is always reported
/// with one of these values, never with a crash.
public enum IRCParseError: Error, Hashable, Sendable {
    /// The line is empty or contains only spaces.
    case emptyLine
    /// The line has tags and/or a source but no command.
    case missingCommand
    /// The tag section (with `@` and its trailing space) is longer than the limit.
    case tagsTooLong(bytes: Int, limit: Int)
    /// The part after the tags (with CR LF) is longer than the limit.
    case lineTooLong(bytes: Int, limit: Int)
}

/// Why an ``IRCMessage`` cannot be sent as one valid line.
public enum IRCSerializationError: Error, Hashable, Sendable {
    /// The command is empty.
    case emptyCommand
    /// The command contains a space, CR, LF or NUL, or starts with `:` or `@`.
    case invalidCommand(String)
    /// The source is empty or contains a space, CR, LF or NUL.
    case invalidSource(String)
    /// A tag key is empty or contains a character other than letters, digits, `-`, `.`, `/`, `+`.
    case invalidTagKey(String)
    /// A parameter contains CR, LF or NUL (parameters are numbered from 0).
    case forbiddenCharacter(parameterIndex: Int)
    /// A parameter that is not the last one is empty, contains a space or starts with `:`.
    case invalidMiddleParameter(parameterIndex: Int)
    /// The tag section is longer than the limit.
    case tagsTooLong(bytes: Int, limit: Int)
    /// The rest of the line (with CR LF) is longer than the limit.
    case lineTooLong(bytes: Int, limit: Int)
}

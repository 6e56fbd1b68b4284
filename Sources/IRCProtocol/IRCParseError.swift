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

extension IRCParseError: CustomStringConvertible {
    /// Why, in words a user reads (a refused `/raw` line).
    public var description: String {
        switch self {
        case .emptyLine: "the line is empty"
        case .missingCommand: "the line has no command"
        case .tagsTooLong(let bytes, let limit): "its tags are \(bytes) bytes, over the \(limit) a server takes"
        case .lineTooLong(let bytes, let limit): "it is \(bytes) bytes long, over the \(limit) an IRC line may have"
        }
    }
}

extension IRCSerializationError: CustomStringConvertible {
    /// Why, in words a user reads (a typed command that cannot be sent).
    public var description: String {
        switch self {
        case .emptyCommand: "it has no command"
        case .invalidCommand(let command): "“\(command)” is not a command name"
        case .invalidSource: "its source is malformed"
        case .invalidTagKey(let key): "the tag name “\(key)” is malformed"
        case .forbiddenCharacter: "it holds a line break or a NUL"
        case .invalidMiddleParameter(let index):
            "its parameter \(index + 1) is empty, holds a space or starts with “:”, and only the last may"
        case .tagsTooLong(let bytes, let limit): "its tags are \(bytes) bytes, over the \(limit) a server takes"
        case .lineTooLong(let bytes, let limit): "it is \(bytes) bytes long, over the \(limit) an IRC line may have"
        }
    }
}

import IRCSession

/// Error numerics and standard replies as sentences a person understands, with the server's
/// own words kept beside them: "You cannot talk in #c: it is moderated or you are banned
/// (server: Cannot send to channel)".
public enum ReplySentence {
    /// The sentence for `reply`, or `nil` for a numeric without one (shown as it came).
    public static func sentence(for reply: ServerReply) -> String? {
        let p = reply.parameters
        guard let code = Int(reply.command), !p.isEmpty else { return nil }
        // The first parameter names what the error is about; the last is the server's text.
        let first = p.count > 1 ? p[0] : ""
        let second = p.count > 2 ? p[1] : ""
        let server = p[p.count - 1]
        let said: String?
        switch code {
        case 401: said = "There is no one called \(first) on this network"
        case 402: said = "There is no server \(first) on this network"
        case 403: said = "There is no channel \(first)"
        case 404: said = "You cannot talk in \(first): it is moderated or you are banned"
        case 405: said = "You cannot join \(first): you are in too many channels already"
        case 406: said = "No one has used the nick \(first) lately"
        case 421: said = "The server does not know the command \(first)"
        case 432: said = "\(first) cannot be a nick here: the server refuses its characters or length"
        case 433: said = "The nick \(first) is taken: choose another (/nick NEWNICK)"
        case 436, 437: said = "The nick \(first) cannot be taken just now: try again later"
        case 441: said = "\(first) is not in \(second)"
        case 442: said = "You are not in \(first)"
        case 443: said = "\(first) is already in \(second)"
        case 451: said = "You are not registered with the server yet"
        case 461: said = "\(first) needs more parameters"
        case 471: said = "You cannot join \(first): it is full"
        case 472: said = "\(first) is not a mode this server knows"
        case 473: said = "You cannot join \(first): it is invite-only (ask an operator to /invite you)"
        case 474: said = "You cannot join \(first): you are banned from it"
        case 475: said = "You cannot join \(first): the key is wrong (/join \(first) KEY)"
        case 476: said = "\(first) is not a valid channel name"
        case 477: said = "You cannot join or talk in \(first) without a registered nick: log in to your account first"
        case 478: said = "The list of \(second.isEmpty ? "bans" : "+\(second) entries") of \(first) is full"
        case 481: said = "Only IRC operators may do that"
        case 482: said = "You are not a channel operator in \(first)"
        case 484: said = second.isEmpty ? "Your connection is restricted: you cannot do that"
            : "\(first) is a network service: it cannot be kicked or deopped in \(second)"
        case 485: said = first.isEmpty ? "You lack the privileges for that" : "You lack the privileges for that in \(first)"
        case 489: said = "You cannot join \(first): it admits secure (TLS) connections only"
        case 502: said = "You cannot change the modes of other users"
        default: said = nil
        }
        return said.map { "\($0) (server: \(server))" }
    }

    /// The words for a standard reply: its description, the kind when it is not an error, and
    /// its command and code for the curious: "Warning: … (WARN REHASH CERTS_EXPIRED)".
    public static func sentence(for reply: StandardReply) -> String {
        let lead = reply.kind == "WARN" ? "Warning: " : ""
        let context = reply.context.isEmpty ? "" : " " + reply.context.joined(separator: " ")
        return "\(lead)\(reply.description) (\(reply.kind) \(reply.command) \(reply.code)\(context))"
    }
}

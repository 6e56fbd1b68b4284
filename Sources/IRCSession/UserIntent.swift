import FoundationEssentials

/// Something the user asked for. Intents that need a registered link (messages) are queued while
/// disconnected and sent after the next registration; the others are dropped with an
/// ``SessionEvent/intentRejected(_:reason:)`` event when they cannot be sent.
public enum UserIntent: Sendable, Hashable {
    /// Join channels (batched into as few `JOIN` lines as fit).
    case join([ChannelKey])
    /// Leave a channel; it is no longer rejoined after a reconnect.
    case part(channel: String, reason: String?)
    /// Send a PRIVMSG, split into several lines when long or when it contains line breaks.
    case sendMessage(target: String, text: String)
    /// Send a NOTICE, split like a message.
    case sendNotice(target: String, text: String)
    /// Send a CTCP ACTION (`/me`), split like a message.
    case sendAction(target: String, text: String)
    /// Send a CTCP request such as `VERSION` or `PING` to a nick or channel. A `PING` without
    /// parameters carries the time it was sent, and its answer comes back as
    /// ``SessionEvent/ctcpPingReply(nick:seconds:)``.
    case sendCTCP(target: String, command: String, parameters: String?)
    /// A command for the server with its parameters as they are (`MOTD`, `LUSERS`, `NAMES #c`,
    /// `WHOWAS nick`, `KNOCK #c :text`); refused when it cannot be sent as one line.
    case command(String, parameters: [String])
    /// `WHO mask`; where the server has WHOX, with the fields `%tcuhnfar` and the session's
    /// token, whose replies (354) teach the session the users' hosts and accounts.
    case who(String)
    /// Change our real name (`SETNAME`); refused without the `setname` capability.
    case setRealName(String)
    /// `intent`, typed in buffer `from` (a channel or nick; `nil`: the server buffer): its
    /// replies and errors show there (IRCSession+Answers).
    indirect case asked(UserIntent, from: String?)
    /// Ask for a new nickname.
    case changeNick(String)
    /// Set (or, with an empty text, clear) a channel topic.
    case setTopic(channel: String, topic: String)
    /// `MODE target modes params…`, for example `("#c", "+o", ["nick"])`.
    case setMode(target: String, modes: String, parameters: [String])
    /// Kick someone from a channel.
    case kick(channel: String, nick: String, reason: String?)
    /// Invite someone to a channel.
    case invite(nick: String, channel: String)
    /// Mark ourselves away with a message.
    case away(String)
    /// Mark ourselves back.
    case back
    /// Quit with an optional reason.
    case quit(reason: String?)
    /// Send a raw line as typed (`/quote`); it is parsed first and dropped if malformed.
    case raw(String)
    /// Page older history for a buffer (`CHATHISTORY BEFORE`), at most one request per target.
    case requestOlderHistory(target: String, before: HistoryAnchor, limit: Int?)
    /// Fetch the page of history around a message (`CHATHISTORY AROUND`), to read it away from
    /// the live end; at most one request per target.
    case requestHistoryAround(target: String, around: HistoryAnchor, limit: Int?)
    /// Tell the server (`draft/read-marker`) we have read a buffer up to `timestamp`.
    case markRead(target: String, timestamp: Date)
    /// `WHOIS nick`.
    case whois(String)
    /// Add nicks to the MONITOR list (kept across reconnects).
    case monitorAdd([String])
    /// Remove nicks from the MONITOR list.
    case monitorRemove([String])
    /// Send a text with line breaks as one message (`draft/multiline`), or one message a line
    /// where the server has no multiline batches; a reply when `replyTo` is given.
    case sendMultiline(target: String, text: String, replyTo: String?)
    /// Send a message that replies to the message `msgid` (`+reply`, `+draft/reply`).
    case reply(target: String, text: String, to: String)
    /// Tell a buffer we are typing (`+typing` on a TAGMSG), at most one every 3 s per target.
    case sendTyping(target: String, state: TypingState)
    /// Add (or, with `removing`, take back) a reaction to the message `msgid` in `target`.
    case react(target: String, msgid: String, reaction: String, removing: Bool)
    /// Delete the message `msgid` in `target` (`REDACT`, draft/message-redaction).
    case redact(target: String, msgid: String, reason: String?)
    /// Drop queued messages for one buffer (or, with `nil`, for all): they are reported failed.
    case discardPending(target: String?)
    /// soju.im/bouncer-networks: list, add, change or remove the bouncer's networks.
    case bouncer(BouncerRequest)
}

/// Where a history page starts: a message id or a time.
public enum HistoryAnchor: Sendable, Hashable {
    /// `msgid=…`.
    case msgid(String)
    /// `timestamp=…` (sent in ISO 8601 with milliseconds, UTC).
    case timestamp(Date)
}

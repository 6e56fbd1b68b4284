import IRCProtocol

/// What the session wants done: a line written to the server, or an event for the model.
public enum SessionOutput: Sendable, Hashable {
    /// Write this message to the server (serialize it with `validatedSerialization()`).
    case send(IRCMessage)
    /// Tell the model.
    case event(SessionEvent)
}

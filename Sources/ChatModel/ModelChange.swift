/// What changed in the model, for the interface to bring itself up to date. The model queues
/// changes; the interface drains them once per frame, so a burst of a thousand lines costs one
/// layout.
public enum ModelChange: Sendable, Hashable {
    /// Buffers were added, removed or renamed on this network.
    case buffersChanged(network: String)
    /// Lines were added at the bottom.
    case linesAppended(BufferID, count: Int)
    /// Older lines were added at the top.
    case linesPrepended(BufferID, count: Int)
    /// The oldest lines were dropped (scrollback cap).
    case linesTrimmed(BufferID, count: Int)
    /// The line with this id changed in place (a pending message sent or failed).
    case lineChanged(BufferID, id: String)
    /// Unread or highlight counts changed.
    case unreadChanged(BufferID)
    /// The member list of a channel changed.
    case membersChanged(BufferID)
    /// A channel topic changed.
    case topicChanged(BufferID)
    /// Connection phase or lag of a network changed.
    case connectionChanged(network: String)
    /// The session declared the link dead (no data for too long): close it and reconnect.
    case linkDead(network: String)
    /// Worth a desktop notification: a highlight, or a private message.
    case notify(BufferID, title: String, body: String)
}

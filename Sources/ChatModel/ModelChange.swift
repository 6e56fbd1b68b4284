/// What changed in the model, for the interface to bring itself up to date. The model queues
/// changes; the interface drains them once per frame, so a burst of a thousand lines costs one
/// layout.
public enum ModelChange: Sendable, Hashable {
    /// Buffers were added, removed or renamed on this network.
    case buffersChanged(network: String)
    /// Lines were added at the bottom (of the live lines: while a window is shown they are not
    /// on screen, only unseen).
    case linesAppended(BufferID, count: Int)
    /// Lines were inserted among the live lines, where their time puts them (a bouncer's
    /// playback arriving after newer rows): the rows start over, keeping the reading position.
    case linesInserted(BufferID)
    /// Older lines were added at the top of what is shown.
    case linesPrepended(BufferID, count: Int)
    /// The oldest lines were dropped (scrollback cap).
    case linesTrimmed(BufferID, count: Int)
    /// The lines shown were replaced as a whole: a window of older history opened (the page
    /// around a message) or closed (back to the live lines).
    case windowChanged(BufferID)
    /// The line with this id changed in place (a pending message sent or failed, a reaction,
    /// a redaction).
    case lineChanged(BufferID, id: String)
    /// What previews show changed as a whole (a host hidden): every row is laid out again.
    case previewsChanged
    /// Who is typing in the buffer changed.
    case typingChanged(BufferID)
    /// Unread or highlight counts changed.
    case unreadChanged(BufferID)
    /// The member list of a channel changed.
    case membersChanged(BufferID)
    /// A channel topic changed.
    case topicChanged(BufferID)
    /// Connection phase or lag of a network changed.
    case connectionChanged(network: String)
    /// A buffer's paste queue changed (a line went, or the rest was cancelled).
    case pasteChanged(BufferID)
    /// The channel list (LIST's answer) shown by this buffer grew or completed.
    case channelListChanged(BufferID)
    /// Worth a desktop notification: a highlight, or a private message.
    case notify(BufferID, title: String, body: String)
    /// Effects the interface performs that came from no typed command: those of commands the
    /// model ran on its own (a network's `on_connect`) that keep a change only the app can keep
    /// (``CommandEffect/keepsAChange``), and a script's buffer switch.
    case effects([CommandEffect])
}

/// Identifies a buffer: its network's name and its name folded by the network's casemapping
/// (the server buffer's name is empty).
public struct BufferID: Hashable, Sendable, CustomStringConvertible {
    /// The network's configured name.
    public var network: String
    /// The folded buffer name; "" for the server buffer.
    public var name: String

    public init(network: String, name: String) {
        self.network = network
        self.name = name
    }

    public var description: String { name.isEmpty ? network : "\(network)/\(name)" }

    /// The mentions view: every highlight and private message of every network (no network
    /// has an empty name, so no real buffer has this id).
    public static let mentions = BufferID(network: "", name: "*mentions")
}

/// What kind of conversation a buffer holds.
public enum BufferKind: Sendable, Hashable {
    /// The network's own buffer: server notices, replies, connection state.
    case server
    /// A channel.
    case channel
    /// A private conversation with one nick.
    case query
    /// The network's channel list (/list), sorted by size.
    case channelList
    /// The mentions view across all networks (``BufferID/mentions``).
    case mentions
}

/// A buffer's reading position, saved when it is hidden and restored when it is shown again
/// (also after a reconnect that replays history: the anchor is found by id).
public struct SavedListPosition: Sendable, Hashable, Codable {
    /// Whether the list was following new messages.
    public var pinned: Bool
    /// The id of the topmost (partly) visible row when not pinned.
    public var anchorID: String?
    /// How far the viewport's top was below that row's top (px; negative: above it).
    public var anchorOffset: Double
    /// Messages appended while not pinned.
    public var unseen: Int

    /// Creates a saved position.
    public init(pinned: Bool, anchorID: String? = nil, anchorOffset: Double = 0, unseen: Int = 0) {
        self.pinned = pinned
        self.anchorID = anchorID
        self.anchorOffset = anchorOffset
        self.unseen = unseen
    }
}

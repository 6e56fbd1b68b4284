/// A buffer's reading position, saved when it is hidden and restored when it is shown again
/// (also after a reconnect that replays history: the anchor is found by id), with the text
/// selection.
public struct SavedListPosition: Sendable, Hashable, Codable {
    /// Whether the list was following new messages.
    public var pinned: Bool
    /// The id of the topmost (partly) visible row when not pinned.
    public var anchorID: String?
    /// How far the viewport's top was below that row's top (px; negative: above it).
    public var anchorOffset: Double
    /// Messages appended while not pinned.
    public var unseen: Int
    /// The text selection, by row ids.
    public var selection: SavedSelection?

    /// Creates a saved position.
    public init(pinned: Bool, anchorID: String? = nil, anchorOffset: Double = 0, unseen: Int = 0,
                selection: SavedSelection? = nil) {
        self.pinned = pinned
        self.anchorID = anchorID
        self.anchorOffset = anchorOffset
        self.unseen = unseen
        self.selection = selection
    }
}

/// A text selection by row ids and grapheme offsets, so it survives the rows being rebuilt.
public struct SavedSelection: Sendable, Hashable, Codable {
    /// Where the selection started: a row id and a grapheme offset into its text.
    public var anchorID: String
    public var anchorCharacter: Int
    /// Where it ends.
    public var focusID: String
    public var focusCharacter: Int

    /// Creates a saved selection.
    public init(anchorID: String, anchorCharacter: Int, focusID: String, focusCharacter: Int) {
        self.anchorID = anchorID
        self.anchorCharacter = anchorCharacter
        self.focusID = focusID
        self.focusCharacter = focusCharacter
    }
}

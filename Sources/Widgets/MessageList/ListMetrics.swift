/// The state of a message list as the scenario runner writes it to `metrics.jsonl` (the `list`
/// object of docs SCENARIOS.md). Positions in logical px, velocity in px/s.
public struct ListMetrics: Sendable, Hashable, Codable {
    /// One row at least partly visible.
    public struct Row: Sendable, Hashable, Codable {
        /// The row's stable id (`loading`, `unread-marker`, `day-…`, `group-…` or a message id).
        public var id: String
        /// Top edge in viewport coordinates (0 = the viewport's top).
        public var top: Double
        /// Height.
        public var height: Double

        /// Creates a row entry.
        public init(id: String, top: Double, height: Double) {
            self.id = id
            self.top = top
            self.height = height
        }
    }

    /// Offset of the viewport's top from the top of the loaded content (negative past the top).
    public var y: Double
    /// `max(0, contentHeight - viewportHeight)`.
    public var maxY: Double
    /// `maxY - y` (negative when pulled past the bottom).
    public var fromBottom: Double
    /// Height of the viewport.
    public var viewportHeight: Double
    /// Height of all loaded rows (estimates included) plus the loading row.
    public var contentHeight: Double
    /// Whether the list follows new messages.
    public var pinned: Bool
    /// Messages appended while not pinned.
    public var unseen: Int
    /// Whether the jump-to-newest pill shows.
    public var pillVisible: Bool
    /// `dy/dt` (px/s, positive towards newer messages).
    public var velocity: Double
    /// The rows at least partly visible, top to bottom.
    public var rows: [Row]

    /// Creates metrics.
    public init(y: Double, maxY: Double, fromBottom: Double, viewportHeight: Double, contentHeight: Double,
                pinned: Bool, unseen: Int, pillVisible: Bool, velocity: Double, rows: [Row]) {
        self.y = y
        self.maxY = maxY
        self.fromBottom = fromBottom
        self.viewportHeight = viewportHeight
        self.contentHeight = contentHeight
        self.pinned = pinned
        self.unseen = unseen
        self.pillVisible = pillVisible
        self.velocity = velocity
        self.rows = rows
    }
}

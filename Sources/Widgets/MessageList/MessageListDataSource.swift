/// What the message list needs to know about its rows. The list never holds the rows: it asks
/// for a row's id, layout, painting and text only when it needs them (rows near the viewport),
/// so the model can hold 100,000 rows while the list stores 20 bytes per row.
///
/// Indices are positions in the model at the time of the call: the model changes its rows first
/// and then tells the list (``MessageListView/rowsAppended(_:unseen:)`` and friends) before the
/// next frame. Non-message rows (a loading row, the first-unread marker, day separators,
/// collapsed join/part groups) are ordinary rows of the data source: the list knows nothing of
/// them.
@MainActor
public protocol MessageListDataSource: AnyObject {
    /// The number of rows. O(1).
    var rowCount: Int { get }

    /// A stable id for the row at `index` (its msgid, or an id that survives prepends and
    /// trims). Expected O(1).
    func rowID(at index: Int) -> String

    /// The index of the row with `id`, if it is loaded (restoring an anchor after a buffer
    /// switch or a replayed history). The default scans every row: O(n).
    func index(ofRowID id: String) -> Int?

    /// A guess for the height of a row that has not been laid out yet (px). Estimates are
    /// corrected without moving what the user reads once the row comes near the viewport.
    var estimatedRowHeight: Double { get }

    /// Lays the row out at `width` (the list's width) and returns its height and its
    /// selectable text. Called only for rows near the viewport (and for the first and last
    /// row of a copied selection). Use `context.layoutText` so unchanged text is cached.
    func layoutRow(at index: Int, width: Double, context: LayoutContext) -> MessageRowLayout

    /// Paints the row into `rect` (list-local coordinates, already offset by the scroll
    /// position). The default draws ``MessageRowLayout/text`` at its origin.
    func paintRow(at index: Int, layout: MessageRowLayout, in rect: Rect, context: inout PaintContext)

    /// The row as one line of plain text for the clipboard, e.g. `[12:01] <alice> hello`
    /// (empty: the row is left out of copies).
    func plainText(at index: Int) -> String

    /// A click (press and release without a drag) on row `index` at text position `character`
    /// with `modifiers` held: open a link (Ctrl: copy it), expand a collapsed group. Returns
    /// whether the row changed (it is laid out again without moving the reading position). The
    /// default does nothing.
    func activateRow(at index: Int, character: Int, layout: MessageRowLayout, modifiers: Modifiers) -> Bool

    /// A click on hotspot `id` of row `index` (a preview's image opens the viewer). Returns
    /// whether the row changed. The default does nothing.
    func activateHotspot(_ id: String, row index: Int, modifiers: Modifiers) -> Bool

    /// What a right-click on hotspot `id` of row `index` offers; empty: the row's own menu.
    /// The default offers nothing.
    func menu(forHotspot id: String, row index: Int) -> [MenuItem]

    /// What a right-click on row `index` offers (reply, react, copy, …); empty: no menu.
    /// `character` is the text position under the pointer. The default offers nothing.
    func menu(forRowAt index: Int, character: Int, layout: MessageRowLayout) -> [MenuItem]

    /// A line to show by the pointer over text position `character` of row `index` (who gave
    /// a reaction, on its chip); `nil`: nothing. The default says nothing.
    func tooltip(forRowAt index: Int, character: Int, layout: MessageRowLayout) -> String?

    /// The list wants to show row `id`, which is not loaded (a search hit, a reply's parent):
    /// fetch the rows around it (CHATHISTORY AROUND, the logs) and return `true` if they will
    /// come. The model then replaces the rows and calls ``MessageListView/reloadAll()``; the
    /// list shows the row as soon as it is there. The default fetches nothing.
    func loadRows(around id: String) -> Bool

    /// Whether the rows reach the newest (live) row. `false` while the rows are a page of
    /// older history read away from the live end: the list then always offers the jump to
    /// the newest, and does not clear its unseen count at the rows' bottom. Default `true`.
    var reachesNewest: Bool { get }

    /// The reader asked for the newest rows while ``reachesNewest`` is `false`: bring the live
    /// rows back (then call ``MessageListView/reloadAll()``) and return `true`, and the list
    /// pins to their bottom once they are there. The default does nothing.
    func loadNewest() -> Bool
}

extension MessageListDataSource {
    public func loadRows(around id: String) -> Bool { false }

    public var reachesNewest: Bool { true }

    public func loadNewest() -> Bool { false }

    public func activateRow(at index: Int, character: Int, layout: MessageRowLayout, modifiers: Modifiers) -> Bool { false }

    public func menu(forRowAt index: Int, character: Int, layout: MessageRowLayout) -> [MenuItem] { [] }

    public func activateHotspot(_ id: String, row index: Int, modifiers: Modifiers) -> Bool { false }

    public func menu(forHotspot id: String, row index: Int) -> [MenuItem] { [] }

    public func tooltip(forRowAt index: Int, character: Int, layout: MessageRowLayout) -> String? { nil }

    public func index(ofRowID id: String) -> Int? {
        (0..<rowCount).first { rowID(at: $0) == id }
    }

    public func paintRow(at index: Int, layout: MessageRowLayout, in rect: Rect, context: inout PaintContext) {
        if let text = layout.text {
            context.drawText(text, at: Point(x: rect.minX + layout.textOrigin.x, y: rect.minY + layout.textOrigin.y))
        }
    }
}

/// One row laid out at the list's width: its height and, for rows with selectable text, the
/// text layout and where it sits inside the row (for hit testing, selection and copying).
public struct MessageRowLayout: Sendable, Hashable {
    /// The row's height (px).
    public var height: Double
    /// The selectable text, if the row has any.
    public var text: TextLayout?
    /// Top-left corner of ``text`` relative to the row's top-left corner.
    public var textOrigin: Point
    /// Parts of the row that are not text but answer clicks (a preview's card or image),
    /// in row coordinates; the first that contains the pointer takes the click.
    public var hotspots: [RowHotspot]

    /// Creates a row layout.
    public init(height: Double, text: TextLayout? = nil, textOrigin: Point = .zero, hotspots: [RowHotspot] = []) {
        self.height = height
        self.text = text
        self.textOrigin = textOrigin
        self.hotspots = hotspots
    }
}

/// A rectangle of a row that answers a click, a right-click and the pointer by itself
/// (``MessageListDataSource/activateHotspot(_:row:modifiers:)``).
public struct RowHotspot: Sendable, Hashable {
    /// What the data source calls it.
    public var id: String
    /// Where it is, relative to the row's top-left corner.
    public var rect: Rect

    /// Creates a hotspot.
    public init(id: String, rect: Rect) {
        self.id = id
        self.rect = rect
    }
}

/// The reading position from outside (``ListViewport`` does the work): saving and restoring it
/// per buffer, opening at a row (the first unread one), and revealing a row (jump to a
/// message) with a brief highlight.
extension MessageListView {
    /// How long a revealed row stays highlighted before it fades (s).
    public static let highlightHoldTime = RowHighlight.holdTime
    /// How long the highlight's fade lasts (s).
    public static let highlightFadeTime = RowHighlight.fadeTime

    /// The reading position to save when the buffer is hidden, with the selection.
    public var savedPosition: SavedListPosition { viewport.savedPosition }

    /// Restores a saved position: pinned, or the anchor row (found by id) at the same screen
    /// position, and the selection when its rows are still there. An anchor that is no longer
    /// loaded pins the list. Stops any motion.
    public func restore(_ position: SavedListPosition) {
        viewport.restore(position)
    }

    /// Selects what `saved` names again, when both of its rows are loaded (otherwise, and for
    /// `nil`, nothing is selected).
    public func restoreSelection(_ saved: SavedSelection?) {
        viewport.restoreSelection(saved)
    }

    /// Opens the list at the row `id` (the first-unread marker): pinned when everything from
    /// that row down fits in the viewport, otherwise with the row `topMargin` below the
    /// viewport's top (at most a quarter of the viewport) and `unseen` unseen messages. Without
    /// such a row the list is pinned. Measures at most a viewport of rows below the row.
    public func open(atRowID id: String, topMargin: Double = 40, unseen: Int) {
        viewport.open(atRowID: id, topMargin: topMargin, unseen: unseen)
    }

    /// Shows the row with `id` about a third of the way down the viewport and highlights it
    /// briefly: animated (at most 300 ms) when it is within two viewports, otherwise at once,
    /// so no other part of the list jumps. The pinned state and the unseen count behave as for
    /// any user scroll (a row near the bottom ends pinned). A row that is not loaded is asked of
    /// the data source (``MessageListDataSource/loadRows(around:)``) and shown, at once, when
    /// the rows holding it arrive. `animated: false` always jumps (rows that just replaced the
    /// others have nothing to animate from). Returns whether the row was loaded.
    @discardableResult
    public func reveal(rowID id: String, animated: Bool = true) -> Bool {
        viewport.reveal(rowID: id, animated: animated)
    }

    /// The revealed row's highlight opacity at `time` (0 once faded).
    func highlightOpacity(at time: Double) -> Double {
        viewport.highlight?.opacity(at: time) ?? 0
    }
}

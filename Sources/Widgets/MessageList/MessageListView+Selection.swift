/// Text selection across rows with the mouse (``ListSelection``), and copying it as plain text
/// (one line per row).
extension MessageListView {
    /// The selection point under `point` (list-local): the row by the height index, the
    /// character by the row's text layout. Above the rows: the start; below: the end.
    func selectionPoint(at point: Point) -> ListSelectionPoint {
        let contentY = paintY + point.y   // where the rows are drawn
        guard rowCount > 0, contentY >= 0 else { return ListSelectionPoint(row: 0, character: 0) }
        if contentY >= contentHeight {
            let last = rowCount - 1
            return ListSelectionPoint(row: last, character: cachedLayout(last)?.text?.count ?? 0)
        }
        guard let row = viewport.row(containing: contentY) else { return ListSelectionPoint(row: 0, character: 0) }
        guard let hit = rows.text(at: point.x, contentY, viewport.layouter()), let measurer = host?.measurer else {
            return ListSelectionPoint(row: row, character: 0)
        }
        return ListSelectionPoint(row: row, character: hit.text.index(at: hit.local, measurer: measurer))
    }

    /// The hotspot under `point` (list-local), with its row, if there is one.
    func hotspot(at point: Point) -> (id: String, row: Int)? {
        let contentY = paintY + point.y
        guard rowCount > 0, contentY >= 0, contentY < contentHeight, let row = viewport.row(containing: contentY),
              let layout = cachedLayout(row), !layout.hotspots.isEmpty else { return nil }
        let local = Point(x: point.x, y: contentY - rows.heights.prefixSum(row))
        return layout.hotspots.first { $0.rect.contains(local) }.map { ($0.id, row) }
    }

    /// The link under `point` (list-local) in a row's text, if there is one.
    func linkAttributes(at point: Point) -> String? {
        guard let hit = rows.text(at: point.x, paintY + point.y, viewport.layouter()) else { return nil }
        return hit.text.attributes(at: hit.local)?.link
    }

    /// The selected text: one line per row; whole rows as the data source formats them
    /// (``MessageListDataSource/plainText(at:)``), the partly selected first and last rows as
    /// the selected part of their text. `nil` when nothing is selected. O(selected rows).
    public var selectedText: String? {
        viewport.settle()
        guard let selection, let dataSource else { return nil }
        return selection.text(rowCount: rowCount, text: { cachedLayout($0)?.text }, plainText: dataSource.plainText(at:))
    }

    /// Copies the selection to the host's clipboard; returns whether there was one.
    @discardableResult
    public func copySelection() -> Bool {
        guard let text = selectedText, let host else { return false }
        host.clipboard.setText(text)
        return true
    }

    /// Clears the selection.
    public func clearSelection() {
        guard selection != nil else { return }
        selection = nil
        setNeedsPaint()
    }
}

/// Text selection across rows with the mouse, and copying it as plain text (one line per row).
extension MessageListView {
    /// The selection point under `point` (list-local): the row by the height index, the
    /// character by the row's text layout. Above the rows: the start; below: the end.
    func selectionPoint(at point: Point) -> ListSelectionPoint {
        let contentY = paintY + point.y   // where the rows are drawn
        guard heights.count > 0 else { return ListSelectionPoint(row: 0, character: 0) }
        if contentY < 0 { return ListSelectionPoint(row: 0, character: 0) }
        if contentY >= contentHeight {
            let last = heights.count - 1
            return ListSelectionPoint(row: last, character: cachedLayout(last)?.text?.count ?? 0)
        }
        guard let row = heights.row(containing: contentY) else { return ListSelectionPoint(row: 0, character: 0) }
        guard let layout = cachedLayout(row), let text = layout.text, let measurer = host?.measurer else {
            return ListSelectionPoint(row: row, character: 0)
        }
        let local = Point(x: point.x - layout.textOrigin.x, y: contentY - rowTop(row) - layout.textOrigin.y)
        return ListSelectionPoint(row: row, character: text.index(at: local, measurer: measurer))
    }

    /// Paints the selection highlight of row `row` (behind its text).
    func paintSelection(row: Int, layout: MessageRowLayout, rect: Rect, _ context: inout PaintContext) {
        guard let selection, let text = layout.text,
              let range = selection.range(inRow: row, count: text.count) else { return }
        let origin = Point(x: rect.minX + layout.textOrigin.x, y: rect.minY + layout.textOrigin.y)
        for piece in text.selectionRects(for: range, measurer: context.measurer) {
            context.fill(piece.offsetBy(origin), theme.selection)
        }
    }

    /// The selected text: one line per row; whole rows as the data source formats them
    /// (``MessageListDataSource/plainText(at:)``), the partly selected first and last rows as
    /// the selected part of their text. `nil` when nothing is selected. O(selected rows).
    public var selectedText: String? {
        settle(nil)
        guard let selection, !selection.isEmpty, let dataSource, heights.count > 0 else { return nil }
        let lower = selection.lower, upper = selection.upper
        guard lower.row < heights.count else { return nil }
        var lines: [String] = []
        for row in lower.row...min(upper.row, heights.count - 1) {
            var line: String
            if row == lower.row || row == upper.row, let text = cachedLayout(row)?.text {
                guard let range = selection.range(inRow: row, count: text.count) else { continue }
                if range == 0..<text.count {
                    line = dataSource.plainText(at: row)
                } else {
                    let characters = Array(text.text.string)
                    line = String(characters[range.clamped(to: 0..<characters.count)])
                }
            } else {
                line = dataSource.plainText(at: row)
            }
            if !line.isEmpty { lines.append(line) }
        }
        return lines.isEmpty ? nil : lines.joined(separator: "\n")
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

/// A point in the list's text: a row and a grapheme offset into its text.
struct ListSelectionPoint: Sendable, Hashable, Comparable {
    var row: Int
    var character: Int

    static func < (lhs: ListSelectionPoint, rhs: ListSelectionPoint) -> Bool {
        (lhs.row, lhs.character) < (rhs.row, rhs.character)
    }
}

/// A text selection across rows, from where the mouse went down to where it is.
struct ListSelection: Sendable, Hashable {
    var anchor: ListSelectionPoint
    var focus: ListSelectionPoint

    /// The start of the selection.
    var lower: ListSelectionPoint { min(anchor, focus) }
    /// The end of the selection.
    var upper: ListSelectionPoint { max(anchor, focus) }
    /// Whether nothing is selected.
    var isEmpty: Bool { anchor == focus }

    /// The selected grapheme range in `row`, whose text has `count` graphemes; `nil` if the row
    /// is outside the selection.
    func range(inRow row: Int, count: Int) -> Range<Int>? {
        let lower = self.lower, upper = self.upper
        guard row >= lower.row, row <= upper.row else { return nil }
        let start = row == lower.row ? min(lower.character, count) : 0
        let end = row == upper.row ? min(upper.character, count) : count
        return start < end ? start..<end : nil
    }

    /// The selection after `k` rows were inserted above row 0.
    func shifted(by k: Int) -> ListSelection {
        ListSelection(anchor: ListSelectionPoint(row: anchor.row + k, character: anchor.character),
                      focus: ListSelectionPoint(row: focus.row + k, character: focus.character))
    }

    /// The selection after the first `k` rows were removed (`nil` if all of it went).
    func trimmed(by k: Int) -> ListSelection? {
        guard upper.row >= k else { return nil }
        func move(_ p: ListSelectionPoint) -> ListSelectionPoint {
            p.row >= k ? ListSelectionPoint(row: p.row - k, character: p.character) : ListSelectionPoint(row: 0, character: 0)
        }
        return ListSelection(anchor: move(anchor), focus: move(focus))
    }
}

/// Painting the selection, its text, and saving it by row ids.
extension ListSelection {
    /// Paints the selected part of `row` (laid out as `layout` in `rect`) in `color`, behind
    /// its text.
    @MainActor
    func paint(row: Int, layout: MessageRowLayout, rect: Rect, color: Color, _ context: inout PaintContext) {
        guard let text = layout.text, let range = range(inRow: row, count: text.count) else { return }
        let origin = Point(x: rect.minX + layout.textOrigin.x, y: rect.minY + layout.textOrigin.y)
        for piece in text.selectionRects(for: range, measurer: context.measurer) {
            context.fill(piece.offsetBy(origin), color)
        }
    }

    /// The selected text among `rowCount` rows, one line per row: whole rows as `plainText`
    /// gives them, the partly selected first and last rows as the selected part of their
    /// `text`. `nil` when nothing is selected. O(selected rows).
    func text(rowCount: Int, text: (Int) -> TextLayout?, plainText: (Int) -> String) -> String? {
        guard !isEmpty, rowCount > 0, lower.row < rowCount else { return nil }
        var lines: [String] = []
        for row in lower.row...min(upper.row, rowCount - 1) {
            var line: String
            if row == lower.row || row == upper.row, let text = text(row) {
                guard let range = range(inRow: row, count: text.count) else { continue }
                if range == 0..<text.count {
                    line = plainText(row)
                } else {
                    let characters = Array(text.text.string)
                    line = String(characters[range.clamped(to: 0..<characters.count)])
                }
            } else {
                line = plainText(row)
            }
            if !line.isEmpty { lines.append(line) }
        }
        return lines.isEmpty ? nil : lines.joined(separator: "\n")
    }

    /// The selection by the ids of its rows (`id`), to survive the rows being rebuilt.
    func saved(id: (Int) -> String) -> SavedSelection {
        SavedSelection(anchorID: id(anchor.row), anchorCharacter: anchor.character,
                       focusID: id(focus.row), focusCharacter: focus.character)
    }

    /// The selection `saved` names, when both of its rows are loaded (`index` finds a row by
    /// its id).
    init?(_ saved: SavedSelection, index: (String) -> Int?) {
        guard let anchor = index(saved.anchorID), let focus = index(saved.focusID) else { return nil }
        self.init(anchor: ListSelectionPoint(row: anchor, character: saved.anchorCharacter),
                  focus: ListSelectionPoint(row: focus, character: saved.focusCharacter))
    }
}

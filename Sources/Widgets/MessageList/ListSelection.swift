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

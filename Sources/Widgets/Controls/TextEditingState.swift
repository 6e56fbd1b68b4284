/// The content of a single-line text editor as a value: characters (grapheme clusters), the
/// caret and the selection anchor. Every edit keeps positions on grapheme boundaries.
///
/// Positions are indices into ``characters`` (0...count). The selection is the range between
/// ``anchor`` and ``caret`` (empty when they are equal).
public struct TextEditingState: Hashable, Sendable {
    /// The text as grapheme clusters (O(1) indexing for caret arithmetic).
    public private(set) var characters: [Character]
    /// The caret position.
    public var caret: Int { didSet { caret = clamp(caret) } }
    /// The other end of the selection.
    public var anchor: Int { didSet { anchor = clamp(anchor) } }

    /// Creates a state with the caret at the end.
    public init(_ text: String = "") {
        characters = Array(text)
        caret = characters.count
        anchor = characters.count
    }

    private func clamp(_ i: Int) -> Int { min(max(0, i), characters.count) }

    /// The text.
    public var text: String { String(characters) }
    /// The selected positions.
    public var selection: Range<Int> { min(caret, anchor)..<max(caret, anchor) }
    /// Whether some text is selected.
    public var hasSelection: Bool { caret != anchor }
    /// The selected text.
    public var selectedText: String { String(characters[selection]) }

    /// Replaces the whole text, caret at the end.
    public mutating func setText(_ text: String) {
        self = TextEditingState(text)
    }

    /// Replaces the selection (or inserts at the caret) with `string`; the caret ends after it.
    /// Characters are re-segmented, so a combining mark typed after "e" joins it.
    public mutating func replaceSelection(with string: String) {
        let range = selection
        let prefix = String(characters[..<range.lowerBound]) + string
        let suffix = String(characters[range.upperBound...])
        characters = Array(prefix + suffix)
        let position = min(prefix.count, characters.count)
        caret = position
        anchor = position
    }

    /// Deletes the selection, or the grapheme (or word, with `byWord`) before the caret.
    public mutating func deleteBackward(byWord: Bool = false) {
        if !hasSelection { anchor = byWord ? wordStart(before: caret) : max(0, caret - 1) }
        replaceSelection(with: "")
    }

    /// Deletes the selection, or the grapheme (or word, with `byWord`) after the caret.
    public mutating func deleteForward(byWord: Bool = false) {
        if !hasSelection { anchor = byWord ? wordEnd(after: caret) : min(characters.count, caret + 1) }
        replaceSelection(with: "")
    }

    /// Moves the caret one grapheme (or word) left or right; with `extending`, the selection
    /// follows; without, an existing selection collapses to its edge.
    public mutating func move(left: Bool, byWord: Bool = false, extending: Bool = false) {
        if !extending && hasSelection && !byWord {
            let edge = left ? selection.lowerBound : selection.upperBound
            caret = edge
            anchor = edge
            return
        }
        let target = left ? (byWord ? wordStart(before: caret) : caret - 1)
                          : (byWord ? wordEnd(after: caret) : caret + 1)
        moveCaret(to: target, extending: extending)
    }

    /// Moves the caret to `position`, extending the selection or collapsing it.
    public mutating func moveCaret(to position: Int, extending: Bool = false) {
        caret = position
        if !extending { anchor = caret }
    }

    /// Selects everything.
    public mutating func selectAll() {
        anchor = 0
        caret = characters.count
    }

    /// Selects the word (or run of spaces / punctuation) around `position`.
    public mutating func selectWord(at position: Int) {
        guard !characters.isEmpty else { return }
        let i = min(max(0, position), characters.count - 1)
        let kind = Self.isWordCharacter(characters[i])
        var start = i, end = i + 1
        while start > 0 && Self.isWordCharacter(characters[start - 1]) == kind { start -= 1 }
        while end < characters.count && Self.isWordCharacter(characters[end]) == kind { end += 1 }
        anchor = start
        caret = end
    }

    /// Whether a character is part of a word for word motion (letters, digits, marks, `_`).
    public static func isWordCharacter(_ c: Character) -> Bool {
        c.isLetter || c.isNumber || c == "_" || c.unicodeScalars.contains { $0.properties.isEmojiPresentation }
    }

    /// The start of the word before `position`: skip non-word characters, then word characters.
    public func wordStart(before position: Int) -> Int {
        var i = min(position, characters.count)
        while i > 0 && !Self.isWordCharacter(characters[i - 1]) { i -= 1 }
        while i > 0 && Self.isWordCharacter(characters[i - 1]) { i -= 1 }
        return i
    }

    /// The end of the word after `position`: skip non-word characters, then word characters.
    public func wordEnd(after position: Int) -> Int {
        var i = max(position, 0)
        while i < characters.count && !Self.isWordCharacter(characters[i]) { i += 1 }
        while i < characters.count && Self.isWordCharacter(characters[i]) { i += 1 }
        return i
    }
}

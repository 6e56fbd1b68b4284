/// The input method's uncommitted composition ("pre-edit") text, shown inline, underlined, at
/// the caret of the focused text field until it is committed with ``InputEvent/textInput(_:)``
/// or cleared with an empty composition.
public struct TextComposition: Hashable, Sendable {
    /// The composition string (empty when composition ends).
    public var text: String
    /// The IME cursor inside `text`, in grapheme clusters.
    public var cursor: Int

    /// Creates a composition.
    public init(text: String, cursor: Int) {
        self.text = text
        self.cursor = cursor
    }
}

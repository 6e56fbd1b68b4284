/// A piece of text drawn in one style. The text contains no control characters.
public struct StyledRun: Hashable, Sendable {
    /// The text, with formatting codes removed and tabs turned into spaces.
    public var text: String
    /// Its style.
    public var style: TextStyle

    /// Creates a run.
    public init(text: String, style: TextStyle = TextStyle()) {
        self.text = text
        self.style = style
    }
}

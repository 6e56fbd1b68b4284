/// A run of text with one set of attributes.
public struct TextSpan: Hashable, Sendable {
    /// The characters.
    public var text: String
    /// Their look.
    public var attributes: TextAttributes

    /// Creates a span.
    public init(_ text: String, _ attributes: TextAttributes = TextAttributes()) {
        self.text = text
        self.attributes = attributes
    }
}

/// Rich text: a sequence of ``TextSpan``s.
///
/// Text positions (carets, selections, hit tests) are **grapheme offsets**: the index of a
/// `Character`, counting each span's characters separately (a combining mark at the start of
/// a span does not merge with the previous span's last character).
public struct StyledText: Hashable, Sendable, ExpressibleByStringLiteral {
    /// The spans in logical order.
    public var spans: [TextSpan]

    /// Creates styled text from spans.
    public init(_ spans: [TextSpan] = []) {
        self.spans = spans
    }

    /// One span of plain text.
    public init(_ text: String, attributes: TextAttributes = TextAttributes()) {
        self.spans = [TextSpan(text, attributes)]
    }

    /// Plain text in the default attributes.
    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// The concatenated text.
    public var string: String { spans.map(\.text).joined() }

    /// The number of grapheme positions. O(n).
    public var count: Int { spans.reduce(0) { $0 + $1.text.count } }

    /// Whether there is no text.
    public var isEmpty: Bool { spans.allSatisfy { $0.text.isEmpty } }

    /// Appends a span.
    public mutating func append(_ text: String, _ attributes: TextAttributes = TextAttributes()) {
        spans.append(TextSpan(text, attributes))
    }

    /// The concatenation of two texts.
    public static func + (lhs: StyledText, rhs: StyledText) -> StyledText {
        StyledText(lhs.spans + rhs.spans)
    }
}

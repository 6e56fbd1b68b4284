/// Remembers text layouts keyed by (content, width, indent, the measurer's output scale), so a
/// row whose text and width did not change is not laid out again. The content holds the fonts,
/// sizes and styles; the scale is there because widths are whole output pixels: after a zoom
/// the same text measures differently, and a layout made before it would draw each run at the
/// old widths (a run running into the next, "Welcome to theNatter").
///
/// Two generations bound the memory: when the current generation reaches ``capacity`` it
/// becomes the previous one (the older previous is dropped); a hit in the previous generation
/// moves the entry forward. Lookups and inserts are O(1) amortised plus hashing the text (O(n)).
@MainActor
public final class TextLayoutCache {
    private struct Key: Hashable {
        var text: StyledText
        var maxWidth: Double?
        var indent: Double
        var scale: Double
    }

    private var current: [Key: TextLayout] = [:]
    private var previous: [Key: TextLayout] = [:]
    /// Entries per generation.
    public var capacity: Int
    /// Lookups answered from the cache.
    public private(set) var hits = 0
    /// Lookups that had to lay out.
    public private(set) var misses = 0

    /// Creates an empty cache.
    public init(capacity: Int = 1024) {
        self.capacity = capacity
    }

    /// The layout of `text` at `maxWidth` as `measurer` measures it now, from the cache or freshly
    /// computed.
    public func layout(_ text: StyledText, maxWidth: Double?, hangingIndent: Double = 0,
                       measurer: any TextMeasurer) -> TextLayout {
        let key = Key(text: text, maxWidth: maxWidth, indent: hangingIndent, scale: measurer.outputScale)
        if let layout = current[key] {
            hits += 1
            return layout
        }
        if let layout = previous.removeValue(forKey: key) {
            hits += 1
            store(layout, for: key)
            return layout
        }
        misses += 1
        let layout = TextLayout(text, maxWidth: maxWidth, hangingIndent: hangingIndent, measurer: measurer)
        store(layout, for: key)
        return layout
    }

    private func store(_ layout: TextLayout, for key: Key) {
        if current.count >= capacity {
            previous = current
            current = [:]
        }
        current[key] = layout
    }

    /// Forgets every layout (after a font change).
    public func removeAll() {
        current.removeAll()
        previous.removeAll()
    }
}

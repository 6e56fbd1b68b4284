/// What a widget may use while laying itself out: the host's text measurer and the shared text
/// layout cache.
@MainActor
public struct LayoutContext {
    /// Measures text.
    public let measurer: any TextMeasurer
    /// Shared cache of text layouts keyed by (content, width, indent).
    public let textCache: TextLayoutCache

    /// Creates a context.
    public init(measurer: any TextMeasurer, textCache: TextLayoutCache) {
        self.measurer = measurer
        self.textCache = textCache
    }

    /// Lays `text` out (through the cache).
    public func layoutText(_ text: StyledText, maxWidth: Double?, hangingIndent: Double = 0) -> TextLayout {
        textCache.layout(text, maxWidth: maxWidth, hangingIndent: hangingIndent, measurer: measurer)
    }
}

/// When the window loop gives back memory that only drawing new text needs: SDL_ttf's glyph
/// bitmaps (a colour emoji's is 57 KiB at its 109 px strike, and each face keeps up to 256
/// glyphs) and the heap's free pages. Text already drawn stays in the painter's own cache, so
/// nothing on screen is rendered again; the next new text rasterises its glyphs anew, a
/// fraction of a millisecond.
///
/// Armed when the painter renders text it had not cached, it comes due ``delay`` seconds after
/// the last such rendering, once: a flood releases when it is over, a quiet window never wakes
/// for it. A pure value, driven with times in seconds.
public struct IdleRelease: Sendable {
    /// Seconds without new text before releasing.
    public var delay: Double
    /// When to release, if text was rendered since the last release.
    public private(set) var due: Double?

    /// A release `delay` seconds after the last new text.
    public init(delay: Double = 1) { self.delay = delay }

    /// The painter rendered text it had not cached, at `time`.
    public mutating func noteNewText(at time: Double) { due = time + delay }

    /// Whether to release now; true once per burst of new text.
    public mutating func take(now: Double) -> Bool {
        guard let due, now >= due else { return false }
        self.due = nil
        return true
    }
}

/// When the window loop gives back the memory only rendering new text needs: it closes every
/// font face (FreeType's and HarfBuzz's copies of the font tables, SDL_ttf's glyph bitmaps:
/// about 4 MiB after a flood with CJK and emoji) and the heap's free pages go back to the
/// system. Text already drawn stays in the painter's own cache (coverage, or textures with an
/// accelerated renderer), so nothing on screen is rendered again; the next new text opens the faces it needs again (a tenth of a
/// millisecond for DejaVu Sans, 2 ms for Noto Sans CJK) and rasterises its glyphs anew (about
/// a millisecond for a line), drawing the same pixels.
///
/// Armed when the painter renders text it had not cached (or opens a face), it comes due ``delay`` seconds after
/// the last such rendering, once, and the window takes it only when it has caught up with the
/// work queued for it: a flood releases when it is over, a quiet window never wakes for it. A
/// pure value, driven with times in seconds.
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

/// The parts of the window that must be repainted, in window coordinates: a short list of
/// rectangles, overlapping ones merged into their union.
///
/// Adding is O(k) in the number of rectangles held, which stays ≤ ``maxRects``; past that the
/// region collapses into its bounding box (cheaper to repaint a bit more than to track many
/// small pieces).
public struct DamageRegion: Hashable, Sendable {
    /// The rectangles to repaint (after merging, no two overlap).
    public private(set) var rects: [Rect] = []
    /// Above this many rectangles the region collapses into one.
    public var maxRects = 8

    /// Creates an empty region.
    public init() {}

    /// Whether nothing needs repainting.
    public var isEmpty: Bool { rects.isEmpty }

    /// The bounding box of the region (`.zero` when empty).
    public var bounds: Rect { rects.reduce(Rect.zero) { $0.union($1) } }

    /// Adds `rect`, merging it with every rectangle it overlaps. Empty rectangles are ignored.
    public mutating func add(_ rect: Rect) {
        guard !rect.isEmpty else { return }
        var merged = rect
        var changed = true
        while changed {
            changed = false
            // Merge overlaps, and neighbours whose union wastes no area (adjacent rows).
            for (index, existing) in rects.enumerated()
            where existing.intersects(merged) || existing.union(merged).area <= existing.area + merged.area {
                merged = merged.union(existing)
                rects.remove(at: index)
                changed = true
                break
            }
        }
        rects.append(merged)
        if rects.count > maxRects {
            rects = [bounds]
        }
    }

    /// Adds every rectangle of `other`.
    public mutating func formUnion(_ other: DamageRegion) {
        for rect in other.rects { add(rect) }
    }

    /// The region restricted to `clip`.
    public func clipped(to clip: Rect) -> DamageRegion {
        var result = DamageRegion()
        for rect in rects { result.add(rect.intersection(clip)) }
        return result
    }

    /// Empties the region.
    public mutating func removeAll() { rects.removeAll() }
}

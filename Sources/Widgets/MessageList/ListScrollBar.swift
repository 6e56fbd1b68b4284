/// Where the message list's overlay scroll bar and its thumb are, and the mapping between the
/// thumb and the scroll offset. The thumb's size is the visible share of the content (at least
/// ``minimumThumbHeight``); its travel maps linearly onto `0...maxY`, and the row at a `y` is
/// found through the height index, so dragging over 100,000 rows is O(log n) per move.
struct ListScrollBar: Sendable, Hashable {
    /// Width of the bar (px).
    static let width = 8.0
    /// Gap between the bar and the list's edges (px).
    static let margin = 2.0
    /// The thumb is never shorter than this (px).
    static let minimumThumbHeight = 24.0
    /// Width of the area that grabs the pointer (px), wider than the bar for easy hitting.
    static let hitWidth = 16.0

    /// The track, in list-local coordinates.
    let track: Rect
    /// The thumb, in list-local coordinates.
    let thumb: Rect
    /// The scroll range the thumb's travel maps onto.
    let maxY: Double

    /// The bar for a list of `size` showing `contentHeight` px at offset `y`; `nil` when
    /// everything fits.
    init?(size: Size, contentHeight: Double, y: Double, maxY: Double) {
        guard maxY > 0, contentHeight > 0, size.height > 4 * Self.margin else { return nil }
        let track = Rect(x: size.width - Self.width - Self.margin, y: Self.margin,
                         width: Self.width, height: size.height - 2 * Self.margin)
        let visibleShare = min(1, size.height / contentHeight)
        let thumbHeight = min(track.height, max(Self.minimumThumbHeight, track.height * visibleShare))
        let fraction = min(max(y / maxY, 0), 1)
        self.track = track
        self.thumb = Rect(x: track.minX, y: track.minY + fraction * (track.height - thumbHeight),
                          width: Self.width, height: thumbHeight)
        self.maxY = maxY
    }

    /// The area that reacts to the pointer: the track widened to ``hitWidth``.
    var hitArea: Rect {
        Rect(x: track.maxX + Self.margin - Self.hitWidth, y: 0, width: Self.hitWidth, height: track.maxY + Self.margin)
    }

    /// The scroll offset that puts the thumb's top at `top` (clamped to the track).
    func y(forThumbTop top: Double) -> Double {
        let travel = track.height - thumb.height
        guard travel > 0 else { return 0 }
        return min(max((top - track.minY) / travel, 0), 1) * maxY
    }
}

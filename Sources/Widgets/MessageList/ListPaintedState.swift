/// What one paint pass of the message list put on screen, in list-local coordinates. Before
/// each pass the list compares it with what it would paint now: when the rows only moved
/// (lines appended while pinned, any scroll; rows are painted at whole output pixels,
/// ``MessageListView/paintY``), the host moves the pixels already there
/// (``WidgetHost/scroll(_:by:below:)``) and only ``damage(since:shift:size:)`` is repainted:
/// the strip the moved rows do not cover, the scroll bar, the pill and the footnote. Anything
/// else repaints the list.
struct ListPaintedState: Equatable {
    /// The scroll bar's look: geometry, opacity and thumb colour.
    struct BarLook: Equatable {
        var track: Rect
        var thumb: Rect
        var opacity: Double
        var highlighted: Bool
    }

    /// The part of the window the list covers (its frame within the ancestors' clips).
    var window: Rect
    var y: Double
    /// The topmost visible row (index and id), and the span of the visible rows.
    var firstIndex: Int?
    var firstID: String?
    var rowsTop = 0.0
    var rowsBottom = 0.0
    /// The scroll bar as drawn (`nil`: not drawn).
    var bar: BarLook?
    /// The pill as drawn (`nil`: not shown).
    var pill: Rect?
    /// The revealed row's highlight: its id and opacity (`nil`: none).
    var highlight: String?
    var pillText: String?
    /// The footnote as drawn (`nil`: none), and its text.
    var footnote: Rect?
    var footnoteText: String?

    /// Whether the rows painted as `old` can move by `shift` px to where they are painted now
    /// by moving whole output pixels at `scale` (`paintY` is whole; so normally are trimmed
    /// rows' heights): then every row's pixels, rounded the same way before and after, move by
    /// exactly `shift`.
    func isPixelAligned(from old: ListPaintedState, shift: Double, scale: Double) -> Bool {
        func aligned(_ v: Double) -> Bool { abs(v * scale - (v * scale).rounded()) < 1e-6 }
        return aligned(old.y) && aligned(y) && aligned(shift)
    }

    /// What to repaint in a list of `size` after the rows painted as `old` moved by `shift` px
    /// (0: they stayed): what those rows do not cover after the move, and the chrome that
    /// changed or sits over moved rows. `nil` when none of the old rows stays in view
    /// (everything is repainted).
    func damage(since old: ListPaintedState, shift: Double, size: Size) -> [Rect]? {
        let height = size.height, width = size.width
        let bounds = Rect(origin: .zero, size: size)
        let validTop = max(0, max(0, old.rowsTop) + shift)
        let validBottom = min(height, min(height, old.rowsBottom) + shift)
        guard validBottom > validTop else { return nil }
        var damage: [Rect] = []
        if validTop > 0 { damage.append(Rect(x: 0, y: 0, width: width, height: validTop)) }
        if validBottom < height { damage.append(Rect(x: 0, y: validBottom, width: width, height: height - validBottom)) }
        // The chrome stays where it is while the rows move under it. The bar's column is
        // damaged between the strips only: a rectangle overlapping a strip would be merged
        // with it into their bounding box, which is the whole list.
        if old.bar != bar || (old.bar != nil && shift != 0) {
            // One pixel wider: the rounded bar's anti-aliased edge reaches into the pixel column
            // its rectangle starts in when that is not a whole output pixel.
            let minX = min(old.bar?.track.minX ?? width, bar?.track.minX ?? width) - 1
            damage.append(Rect(x: minX, y: validTop, width: width - minX, height: validBottom - validTop))
        }
        let edge = EdgeInsets(all: -1)   // the anti-aliased edges of the pill and the footnote
        if old.pill != pill || old.pillText != pillText || (old.pill != nil && shift != 0) {
            if let pill = old.pill { damage.append(pill.offsetBy(dx: 0, dy: shift).inset(by: edge).intersection(bounds)) }
            if let pill { damage.append(pill.inset(by: edge).intersection(bounds)) }
        }
        if old.footnote != footnote || old.footnoteText != footnoteText || (old.footnote != nil && shift != 0) {
            if let note = old.footnote { damage.append(note.offsetBy(dx: 0, dy: shift).inset(by: edge).intersection(bounds)) }
            if let footnote { damage.append(footnote.inset(by: edge).intersection(bounds)) }
        }
        return damage
    }
}

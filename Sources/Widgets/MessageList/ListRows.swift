/// What laying out a row takes: the rows, and the width and context to lay them out in.
@MainActor
struct RowLayouter {
    /// The rows.
    let rows: any MessageListDataSource
    /// The list's width (px).
    let width: Double
    /// The measurer and text cache.
    let context: LayoutContext

    /// Row `i` laid out now.
    func layout(_ i: Int) -> MessageRowLayout {
        rows.layoutRow(at: i, width: width, context: context)
    }
}

/// The message list's rows as the list keeps them, virtualised: every row's height in a
/// ``RowHeightIndex`` (measured, or the data source's estimate; 20 bytes a row) and the layouts
/// of the rows near the viewport, by index. A row is laid out only when it comes within half a
/// viewport of the viewport, at the list's width; a new width turns every height back into an
/// estimate. So a frame costs O(visible rows · log n) whatever the scrollback length.
///
/// The model's changes are recorded as they come and applied together at the next layout pass
/// (``applyChanges(from:_:scroll:selection:)``), which tells the scroll state and the selection
/// as each goes, so that their indices follow the rows. The rows also paint themselves, answer
/// what is under a point, and remember how far they moved in index since the last paint pass.
@MainActor
final class ListRows {
    /// Every row's height, measured or estimated.
    private(set) var heights = RowHeightIndex()
    /// Layouts of rows near the viewport, by index.
    private var layouts: [Int: MessageRowLayout] = [:]
    /// The width and the measurer's output scale the heights were measured at.
    private var measuredAt: (width: Double, scale: Double)?
    /// How many times a row was laid out; diagnostics and tests.
    private(set) var layoutCount = 0
    /// The model's changes since the last layout pass.
    private var pending: [ListChange] = []
    /// Rows trimmed from the top and prepended since the last paint pass.
    private var trimmedSincePaint = 0
    private var prependedSincePaint = 0

    /// The number of rows.
    var count: Int { heights.count }

    // MARK: - The model's changes

    /// Records a change the model reported, for the next layout pass.
    func record(_ change: ListChange) {
        pending.append(change)
    }

    /// Another data source: what was recorded no longer applies; every row is new.
    func replaceAll() {
        pending = [.reload]
    }

    /// The changes applied by ``applyChanges(from:_:scroll:selection:)``.
    struct Applied {
        /// The changes, in order.
        var changes: [ListChange] = []
        /// Whether every row was taken again (every row may look different).
        var reloaded = false
    }

    /// Applies the recorded changes with `source`'s rows, moving `scroll`'s and `selection`'s
    /// rows along (`content` is the list: the rows as the scroll state sees them); a model
    /// that forgot to tell of a change is taken again from the start. Then the scroll state
    /// names its rows by the ids there now and learns whether the rows reach the newest.
    func applyChanges(from source: any MessageListDataSource, _ content: some ScrollContent,
                      scroll: inout ListScrollState, selection: inout ListSelection?) -> Applied {
        var applied = Applied(changes: pending)
        pending.removeAll()
        let estimate = max(1, source.estimatedRowHeight)
        func reload() {
            applied.reloaded = true
            heights.reset(count: source.rowCount, estimate: estimate)
            layouts.removeAll()
            selection = nil
            // Looked up here, on the main actor, and handed over as values: the scroll state is
            // a plain value that must not call into the data source (a release build's
            // isolation check refuses the closure).
            var found: [String: Int] = [:]
            for id in scroll.namedRowIDs { found[id] = source.index(ofRowID: id) }
            scroll.rowsReloaded(found: found)
        }
        for change in applied.changes {
            switch change {
            case .append(let k):
                heights.append(k, estimate: estimate)
            case .prepend(let k):
                heights.prepend(k, estimate: estimate)
                layouts = Dictionary(uniqueKeysWithValues: layouts.map { ($0.key + k, $0.value) })
                prependedSincePaint += k
                scroll.rowsPrepended(k)
                selection = selection?.shifted(by: k)
            case .trim(let k):
                let k = min(k, count)
                scroll.rowsTrimmed(k, content)   // while the rows are still there
                heights.removeFirst(k)
                layouts = Dictionary(uniqueKeysWithValues: layouts.compactMap { $0.key >= k ? ($0.key - k, $0.value) : nil })
                trimmedSincePaint += k
                selection = selection?.trimmed(by: k)
            case .changed(let i):
                guard i >= 0, i < count else { continue }
                heights.invalidate(i)
                layouts[i] = nil
            case .reload:
                reload()
            }
        }
        if count != source.rowCount { reload() }   // rather than index out of range
        if !applied.changes.isEmpty { scroll.refreshRows(content) }
        scroll.rowsReachNewest(source.reachesNewest)
        return applied
    }

    /// No rows (no data source).
    func removeAll() {
        if count > 0 { heights.reset(count: 0, estimate: 0) }
        layouts.removeAll()
        pending.removeAll()
    }

    /// The rows look different but keep their heights: their layouts are made again.
    func dropLayouts() {
        layouts.removeAll()
    }

    // MARK: - Laying rows out

    /// Rows are laid out at `width`, measured at output scale `scale`, from now on: a new width
    /// or a new scale (a zoom: text measures differently) makes every height an estimate and
    /// drops every layout.
    func setWidth(_ width: Double, scale: Double) {
        if let measuredAt, measuredAt.width == width, measuredAt.scale == scale { return }
        measuredAt = (width, scale)
        heights.invalidateAll()
        layouts.removeAll()
    }

    /// Lays out row `i` now if it has no layout or its height is an estimate; the measured
    /// height replaces the estimate. Returns whether it was laid out.
    @discardableResult
    func measure(_ i: Int, _ layouter: RowLayouter) -> Bool {
        guard layouts[i] == nil || !heights.isMeasured(i) else { return false }
        let layout = layouter.layout(i)
        layoutCount += 1
        layouts[i] = layout
        heights.setHeight(max(0, layout.height), at: i, measured: true)
        return true
    }

    /// Measures the rows from row `first` down while the ones measured so far, starting
    /// `start` px above its top, are shorter than `height` (or `through`: not taller); returns
    /// their height.
    @discardableResult
    func measure(from first: Int, start: Double = 0, filling height: Double, through: Bool = false,
                 _ layouter: RowLayouter) -> Double {
        guard first >= 0 else { return start }
        var below = start
        var i = first
        while i < count, through ? below <= height : below < height {
            measure(i, layouter)
            below += heights.height(at: i)
            i += 1
        }
        return below
    }

    /// The layout pass's measuring: the rows within half a viewport of a viewport of `height`
    /// at content offset `top`, again and again while measuring them moves the viewport
    /// (`resolve` derives `y` again and returns the new top). Then drops layouts far from them.
    func measureNearViewport(top: Double, height: Double, _ layouter: RowLayouter, resolve: () -> Double) {
        var top = top
        var measuredRange: ClosedRange<Int>?
        for _ in 0..<64 {
            guard let range = rowsNear(top: top, height: height) else { break }
            measuredRange = range
            var measuredAny = false
            for i in range {
                if measure(i, layouter) { measuredAny = true }
            }
            top = resolve()
            if !measuredAny { break }
        }
        if let measuredRange { evictLayouts(keeping: measuredRange) }
    }

    /// Row `i`'s layout from the cache, or made now without keeping it (its height unchanged):
    /// a row far from the viewport that is hit or copied.
    func layout(_ i: Int, _ layouter: RowLayouter?) -> MessageRowLayout? {
        if let layout = layouts[i] { return layout }
        guard let layouter else { return nil }
        layoutCount += 1
        return layouter.layout(i)
    }

    /// The rows overlapping a viewport of `height` at `top`, extended by half its height on
    /// both sides.
    private func rowsNear(top: Double, height: Double) -> ClosedRange<Int>? {
        guard count > 0 else { return nil }
        let margin = height / 2
        guard let first = heights.row(containing: top - margin),
              let last = heights.row(containing: top + height + margin) else { return nil }
        return first...max(first, last)
    }

    /// Drops cached layouts far from `range` once the cache is larger than a few viewports.
    private func evictLayouts(keeping range: ClosedRange<Int>) {
        let span = range.count
        guard layouts.count > 3 * span + 64 else { return }
        let keep = (range.lowerBound - span)...(range.upperBound + span)
        layouts = layouts.filter { keep.contains($0.key) }
    }

    // MARK: - On screen

    /// The rows at least partly inside a viewport of `height` whose top is at content offset
    /// `top`, or `nil` when none are. O(log n).
    func visibleRows(top: Double, height: Double) -> ClosedRange<Int>? {
        guard count > 0, height > 0 else { return nil }
        let bottom = top + height
        guard bottom > 0, top < heights.totalHeight,
              let first = heights.row(containing: top),
              let last = heights.row(containing: bottom.nextDown) else { return nil }
        return first...max(first, last)
    }

    /// Paints `source`'s rows visible in a viewport of `size` whose top is at content offset
    /// `top`, each in its rectangle (list-local) over what `background` paints behind it (a
    /// highlight, the selection).
    func paint(_ source: any MessageListDataSource, top: Double, size: Size, _ layouter: RowLayouter?,
               _ context: inout PaintContext, background: (Int, MessageRowLayout, Rect, inout PaintContext) -> Void) {
        guard let visible = visibleRows(top: top, height: size.height) else { return }
        for i in visible {
            guard let layout = layout(i, layouter) else { continue }
            let rect = Rect(x: 0, y: heights.prefixSum(i) - top, width: size.width, height: heights.height(at: i))
            background(i, layout, rect, &context)
            source.paintRow(at: i, layout: layout, in: rect, context: &context)
        }
    }

    /// The row under content offset `y` (among the rows), its layout, and `x` and `y` in its
    /// text's coordinates; `nil` outside the rows or on a row without text.
    func text(at x: Double, _ y: Double, _ layouter: RowLayouter?) -> (row: Int, text: TextLayout, local: Point)? {
        guard count > 0, y >= 0, y < heights.totalHeight, let row = heights.row(containing: y),
              let layout = layout(row, layouter), let text = layout.text else { return nil }
        return (row, text, Point(x: x - layout.textOrigin.x, y: y - heights.prefixSum(row) - layout.textOrigin.y))
    }

    // MARK: - Between paint passes

    /// The visible rows of a viewport of `height` at `top` as a paint pass shows them: the
    /// first's index and id, and the top and bottom of their span (viewport coordinates).
    func painted(top: Double, height: Double, ids: (Int) -> String) -> (first: Int, id: String, top: Double, bottom: Double)? {
        guard let visible = visibleRows(top: top, height: height) else { return nil }
        return (visible.lowerBound, ids(visible.lowerBound), heights.prefixSum(visible.lowerBound) - top,
                heights.prefixSum(visible.upperBound) + heights.height(at: visible.upperBound) - top)
    }

    /// Where the row that was at index `old` at the last paint pass is now (rows were trimmed
    /// and prepended since), and starts counting again for the next pass.
    func indexSincePaint(of old: Int?) -> Int? {
        defer {
            trimmedSincePaint = 0
            prependedSincePaint = 0
        }
        return old.map { $0 - trimmedSincePaint + prependedSincePaint }
    }
}

/// What a ``ListViewport`` needs of the widget that shows it.
@MainActor
protocol ListViewportOwner: AnyObject {
    /// The widget's size: the viewport's.
    var size: Size { get }
    /// The host the widget is shown in: the time, the output scale, the measurer, paint passes.
    var host: WidgetHost? { get }
    /// Everything must be painted again.
    func setNeedsPaint()
    /// The user scrolled: the scroll bar shows.
    func noteScrollActivity()
    /// When the next tick is due may have changed.
    func scheduleWake()
}

/// The message list's rows in its viewport, over time, without the widget: the rows
/// (``ListRows``) and the text selection among them, the position (``ListScrollState``,
/// driven only through its operations) and the time it runs on, the model's changes applied
/// at each layout pass, the older history asked for as the top comes near (``HistoryPager``),
/// and the places the list is asked to go: a saved position, a row to open at or to reveal
/// (at once, or once the data source has loaded it), the newest rows. It is the content its
/// position is resolved against (``ScrollContent``). What it does to the screen it asks of its
/// owner (``ListViewportOwner``): a paint pass when `y` moved, a repaint, the scroll bar
/// shown, the next tick.
///
/// Positions and the layout pass are in this file; time, the animated scrolls and the jumps in
/// ListViewport+Motion.swift.
@MainActor
final class ListViewport {
    /// The widget showing the viewport.
    unowned let owner: any ListViewportOwner
    /// The rows' source.
    weak var dataSource: (any MessageListDataSource)?
    /// Heights of every row, layouts of the rows near the viewport, the model's changes.
    let rows = ListRows()
    /// Position, goal, motion, gesture and unseen count: changed only through ``scrolling(_:)``.
    private(set) var scroll = ListScrollState()
    /// The text selection, by row index (it follows the rows).
    var selection: ListSelection?
    /// When to ask for older history.
    var pager = HistoryPager()
    /// Called (once per request) when older history should be loaded.
    var onNeedOlder: (() -> Void)?
    /// A row shown by ``reveal(rowID:animated:)``, highlighted for a moment.
    var highlight: RowHighlight?
    /// A row asked for by ``reveal(rowID:animated:)`` that the data source is loading.
    var pendingReveal: String?
    /// The newest rows were asked for away from the live end: pin once they are there.
    var pendingBottom = false
    /// The last time the viewport saw.
    var clock = 0.0
    /// The context of the last layout pass, for laying rows out without a host.
    var layoutContext: LayoutContext?

    /// A viewport shown by `owner`.
    init(owner: any ListViewportOwner) {
        self.owner = owner
    }

    /// Another data source: every row is new, the list pins, nothing is selected or awaited.
    func replaceRows() {
        rows.replaceAll()
        scroll.restore(.bottom(offset: 0), unseen: 0)
        selection = nil
        highlight = nil
        pendingReveal = nil
        pendingBottom = false
    }

    // MARK: - Geometry

    /// The current scroll offset (px from the top of the loaded content; negative past the top).
    var y: Double { scroll.y }
    /// The largest resting `y`.
    var maxY: Double { max(0, contentHeight - viewportHeight) }
    /// The empty space above rows that do not fill the viewport (bottom gravity).
    var gravity: Double { max(0, viewportHeight - contentHeight) }
    /// The content offset at the viewport's top.
    var viewTop: Double { y - gravity }
    /// ``viewTop`` rounded to a whole output pixel: where the rows are painted and hit.
    var paintY: Double {
        guard let scale = owner.host?.scale, scale > 0 else { return viewTop.rounded() }
        return (viewTop * scale).rounded() / scale
    }
    /// The current time: the host's, or the last time the viewport saw.
    var now: Double { max(owner.host?.now.seconds ?? clock, clock) }

    // MARK: - Laying rows out

    /// What lays rows out now: the data source at the viewport's width, in `context` (default:
    /// the host's, or the last layout pass's); `nil` without either.
    func layouter(_ context: LayoutContext? = nil) -> RowLayouter? {
        guard let dataSource else { return nil }
        let context = context ?? owner.host.map { LayoutContext(measurer: $0.measurer, textCache: $0.textCache) }
            ?? layoutContext
        guard let context else { return nil }
        return RowLayouter(rows: dataSource, width: owner.size.width, context: context)
    }

    /// The layout of row `i` from the cache, or laid out now (height unchanged).
    func cachedLayout(_ i: Int) -> MessageRowLayout? {
        rows.layout(i, layouter())
    }

    /// Lays out row `i` now if its height is an estimate.
    func measure(_ i: Int) {
        guard i >= 0, i < rowCount, let layouter = layouter() else { return }
        rows.measure(i, layouter)
    }

    /// Applies the recorded changes (``ListRows``), then measures the rows within half a
    /// viewport of the viewport until all of them are measured, deriving `y` from the anchor
    /// again after every step (so the anchor row stays still and running motions are shifted
    /// along). Cost: O(changes + measured rows · log n); O(n) only for a prepend or a reload.
    func settle(_ context: LayoutContext? = nil) {
        guard let dataSource else {
            rows.removeAll()
            return
        }
        guard let layouter = layouter(context) else { return }
        let width = owner.size.width
        rows.setWidth(width, scale: layouter.context.measurer.outputScale)
        let applied = rows.applyChanges(from: dataSource, self, scroll: &scroll, selection: &selection)
        if applied.reloaded { owner.setNeedsPaint() }
        followChanges(applied.changes, dataSource)
        guard viewportHeight > 0, width > 0 else {
            resolveY()
            return
        }
        // A viewport's worth of rows below the anchor is measured before the anchor is placed:
        // with only estimates there (after a reload, every height is one), the content below
        // it could look shorter than the viewport, and the anchor would give way to the bottom
        // (the rule for a window grown taller), moving the reader.
        if case .row(let anchor) = scroll.anchor, anchor.index < rowCount {
            rows.measure(from: anchor.index, start: -anchor.offset, filling: viewportHeight, layouter)
        }
        resolveY()
        rows.measureNearViewport(top: viewTop, height: viewportHeight, layouter) {
            resolveY()
            return viewTop
        }
    }

    /// What the list was waiting for among the rows that came: the newest rows it asked for
    /// (pinned to now), or a row to reveal, shown at once if they hold it (nothing to animate
    /// from). The first reload answers a reveal either way, so a page that does not hold the
    /// row is not searched again at every frame.
    private func followChanges(_ changes: [ListChange], _ dataSource: any MessageListDataSource) {
        if pendingBottom, dataSource.reachesNewest {
            pendingBottom = false
            scroll.jump(to: .bottom, self)
            owner.setNeedsPaint()
        }
        let rowsArrived = changes.contains { change in
            if case .prepend = change { return true }
            if case .append = change { return true }
            return change == .reload
        }
        if let id = pendingReveal, rowsArrived {
            if let index = dataSource.index(ofRowID: id), index < rowCount {
                pendingReveal = nil
                highlight = RowHighlight(id: id, start: now)
                scroll.jump(to: revealGoal(index: index, id: id), self)
                owner.setNeedsPaint()
            } else if changes.contains(.reload) {
                pendingReveal = nil
            }
        }
    }

    // MARK: - Deriving y

    /// Sets `y` from the scroll state's anchor (``ListScrollState/resolve(_:now:)``): content
    /// moving under the viewport moves `y` and the running motion together.
    func resolveY() {
        if scroll.resolve(self, now: now) { owner.host?.requestPaintPass() }   // prepareToPaint() scrolls or repaints
    }

    /// Runs `operation` on the scroll state; a `y` it moved asks the host for a paint pass
    /// (prepareToPaint() scrolls or repaints).
    @discardableResult
    func scrolling<Result>(_ operation: (inout ListScrollState) -> Result) -> Result {
        let before = scroll.y
        let result = operation(&scroll)
        if scroll.y != before { owner.host?.requestPaintPass() }
        return result
    }

    // MARK: - Metrics

    /// The rows at least partly visible, for the scenario runner's metrics.
    func visibleRowMetrics() -> [ListMetrics.Row] {
        let top = viewTop
        guard let dataSource, let range = rows.visibleRows(top: top, height: viewportHeight) else { return [] }
        return range.map { ListMetrics.Row(id: dataSource.rowID(at: $0), top: rowTop($0) - top,
                                           height: rows.heights.height(at: $0)) }
    }
}

extension ListViewport: ScrollContent {
    var rowCount: Int { rows.count }
    var viewportHeight: Double { owner.size.height }
    var contentHeight: Double { rows.heights.totalHeight }
    func rowTop(_ i: Int) -> Double { rows.heights.prefixSum(i) }
    func row(containing y: Double) -> Int? { rows.heights.row(containing: y) }
    /// The stable id of row `i` (empty without a data source).
    func rowID(at i: Int) -> String { dataSource?.rowID(at: i) ?? "" }
}

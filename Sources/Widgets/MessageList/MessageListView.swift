import ScrollPhysics

/// The chat's message list: a kinetic, self-sizing, bottom-anchored list of rows from a
/// ``MessageListDataSource`` (docs/SCROLLING.md), with the physics of `ScrollPhysics`.
///
/// - **Position.** The list opens *pinned* (following new messages: `fromBottom ≤ 1`, and after
///   any change `y = maxY` in the same frame). Only the user unpins or re-pins. Unpinned, the
///   reading position is an *anchor* — the topmost (partly) visible row and the viewport's
///   offset into it — and `y` is recomputed from it after every append, prepend, height change,
///   rewrap and trim, shifting any running motion by the same amount.
/// - **Rows** are laid out lazily: only rows within half a viewport of the viewport are measured
///   (``MessageListDataSource/layoutRow(at:width:context:)``); the others keep estimated heights
///   in a ``RowHeightIndex`` (O(log n) prefix sums), so the cost of a frame is
///   O(visible rows · log n) whatever the scrollback length. Layouts are cached only for rows
///   near the viewport.
/// - **Input.** Wheel notches animate (``WheelAnimation``); touchpad deltas apply 1:1 with the
///   rubber band and momentum 50 ms after the last event (``TouchpadMomentum``); touch drags
///   (8 px slop) fling and bounce (``ScrollMotion``); a mouse drag selects text; PageUp/PageDown,
///   Ctrl+Home/Ctrl+End and Ctrl+C through ``handleKey(_:)``. An overlay scroll bar (draggable
///   thumb, clickable track) shows while scrolling and on hover; a "jump to newest" pill shows
///   when unpinned and away from the bottom or with unseen messages.
/// - **Time.** Everything is a function of the host's time; while nothing moves the list asks
///   for no ticks.
///
/// The model tells the list about changes with ``rowsAppended(_:unseen:)``,
/// ``rowsPrepended(_:)``, ``rowsRemovedFromTop(_:)``, ``rowChanged(at:)`` and ``reloadAll()``;
/// they are applied together at the next layout pass (once per frame).
/// ``MessageListDataSource`` (docs/SCROLLING.md), with the physics of `ScrollPhysics`.
///
/// - **Position.** The list opens *pinned* (following new messages: `fromBottom ≤ 1`, and after
///   any change `y = maxY` in the same frame). Only the user unpins or re-pins. Unpinned, the
///   reading position is an *anchor* — the topmost (partly) visible row and the viewport's
///   offset into it — and `y` is recomputed from it after every append, prepend, height change,
///   rewrap and trim, shifting any running motion by the same amount. Rows that do not fill the
///   viewport sit at its bottom (a reverse chat view). All of it is ``ListScrollState``.
/// - **Motions have goals**: the top, the bottom, or a row; they end there exactly whatever
///   estimates are corrected on the way.
/// - **Rows** are laid out lazily: only rows within half a viewport of the viewport are measured
///   (``MessageListDataSource/layoutRow(at:width:context:)``); the others keep estimated heights
///   in a ``RowHeightIndex`` (O(log n) prefix sums), so the cost of a frame is
///   O(visible rows · log n) whatever the scrollback length. Layouts are cached only for rows
///   near the viewport.
/// - **Input.** Wheel notches animate (``WheelAnimation``); touchpad deltas apply 1:1 with the
///   rubber band and momentum 50 ms after the last event (``TouchpadMomentum``); touch drags
///   (8 px slop) fling and bounce (``ScrollMotion``); a mouse drag selects text; PageUp/PageDown,
///   Ctrl+Home/Ctrl+End and Ctrl+C through ``handleKey(_:)``. An overlay scroll bar
///   (``ScrollBarState``, ``ListScrollBar``) shows while scrolling and on hover; a "jump to
///   newest" pill shows when unpinned and away from the bottom or with unseen messages.
/// - **Older history** is asked for through ``onNeedOlder`` when the top comes near, paced by a
///   ``HistoryPager``; the data source shows whatever it likes meanwhile (a loading row).
/// - **Time.** Everything is a function of the host's time; while nothing moves the list asks
///   for no ticks.
///
/// The model tells the list about changes with ``rowsAppended(_:unseen:)``,
/// ``rowsPrepended(_:)``, ``rowsRemovedFromTop(_:)``, ``rowChanged(at:)`` and ``reloadAll()``;
/// they are applied together at the next layout pass (once per frame).
public final class MessageListView: Widget {
    /// How often the list asks to be woken while something moves (s).
    public static let frameInterval = 1.0 / 120

    // MARK: - Configuration

    /// The rows. Setting it reloads the list and pins it.
    public weak var dataSource: (any MessageListDataSource)? {
        didSet {
            pending.removeAll()
            pending.append(.reload)
            scroll.restore(.bottom(offset: 0), unseen: 0)
            selection = nil
            highlight = nil
            pendingReveal = nil
            pendingBottom = false
            setNeedsLayout()
        }
    }
    /// Called (once per request) when older history should be loaded. The model answers by
    /// setting ``olderLoading`` to `true`, then prepending the page and setting it back to
    /// `false` (or by just calling ``rowsPrepended(_:)``); at the start of history it sets
    /// ``canLoadOlder`` to `false`. No new request comes sooner than 100 ms after completion.
    public var onNeedOlder: (() -> Void)?
    /// Whether a page of older history is on its way (set by the model; going back to `false`
    /// completes the request). The data source shows it, e.g. as a loading row.
    public var olderLoading: Bool {
        get { pager.isLoading }
        set { pager.setLoading(newValue, now: now) }
    }
    /// Whether there is older history to ask for (the model clears it at the start of history).
    public var canLoadOlder: Bool {
        get { pager.canLoadOlder }
        set { pager.canLoadOlder = newValue }
    }
    /// Pixels per unit of a precise (touchpad) scroll delta.
    public var pixelsPerPreciseUnit = 1.0
    /// Whether the list takes keyboard focus when clicked (the chat window normally keeps
    /// focus in the input line and forwards keys with ``handleKey(_:)``).
    public var acceptsFocus = false
    /// Colours and font of the list's own chrome.
    public var theme = Theme.standard {
        didSet {
            guard theme != oldValue else { return }
            backgroundColor = theme.background
            setNeedsPaint()
        }
    }
    /// A short status line drawn over the bottom-right corner ("ada is typing…"); `nil`: none.
    /// It changes no row's place.
    public var footnote: String? { didSet { if footnote != oldValue { setNeedsPaint() } } }

    // MARK: - State (internal: shared with the extensions in the other files)

    var heights = RowHeightIndex()
    /// Position, goal, motion, gesture and unseen count: changed only through its operations.
    var scroll = ListScrollState()
    /// When to ask for older history.
    var pager = HistoryPager()
    /// The scroll bar's visibility.
    var bar = ScrollBarState()
    var pending: [ListChange] = []
    var rowLayouts: [Int: MessageRowLayout] = [:]
    var layoutWidth: Double?
    var layoutContextCache: LayoutContext?
    var selection: ListSelection?
    var isSelecting = false
    /// A row shown by ``reveal(rowID:animated:)``, highlighted for a moment.
    var highlight: RowHighlight?
    /// A row asked for by ``reveal(rowID:)`` that the data source is loading.
    var pendingReveal: String?
    /// The newest rows were asked for (``jumpToBottom()`` away from the live end): pin once
    /// they are there.
    var pendingBottom = false
    var clock = 0.0
    /// What the last paint pass showed (MessageListView+Painted.swift).
    var painted: ListPaintedState?
    /// Rows trimmed from the top and prepended since the last paint pass.
    var trimmedSincePaint = 0
    var prependedSincePaint = 0
    /// How many times a row was laid out (``MessageListDataSource/layoutRow(at:width:context:)``
    /// calls); diagnostics and tests.
    public internal(set) var rowLayoutCount = 0

    /// The current scroll offset (px from the top of the loaded content; negative past the top).
    public var y: Double { scroll.y }
    /// Messages appended while not pinned.
    public var unseen: Int { scroll.unseen }
    /// The running motion.
    var motion: ListMotion? { scroll.motion }

    /// Creates an empty list; set ``dataSource`` to show rows.
    public override init() {
        super.init()
        clipsChildren = true
        backgroundColor = theme.background
    }

    public override var isFocusable: Bool { acceptsFocus }

    // MARK: - Geometry

    /// Height of the viewport (px).
    public var viewportHeight: Double { size.height }
    /// Height of the loaded rows, estimates included (px).
    public var contentHeight: Double { heights.totalHeight }
    /// The largest resting `y`: `max(0, contentHeight - viewportHeight)`.
    public var maxY: Double { max(0, contentHeight - viewportHeight) }
    /// `maxY - y`.
    public var fromBottom: Double { maxY - y }
    /// The empty space above rows that do not fill the viewport: they sit at its bottom, next
    /// to the input line, and grow upwards (0 once they fill it).
    public var gravity: Double { max(0, viewportHeight - contentHeight) }
    /// The content offset at the viewport's top: `y`, less the space of bottom gravity.
    public var viewTop: Double { y - gravity }
    /// The content offset the rows are painted (and hit) at: ``viewTop`` rounded to a whole
    /// output pixel, so that every frame of a motion moves the rows by whole pixels and the host
    /// can move the pixels already on screen instead of repainting them (`y` stays continuous).
    public var paintY: Double {
        guard let scale = host?.scale, scale > 0 else { return viewTop.rounded() }
        return (viewTop * scale).rounded() / scale
    }
    /// Whether the list follows new messages.
    public var isPinned: Bool { scroll.isPinned }
    /// Whether the jump-to-newest pill shows: not pinned and (`fromBottom > 100` or unseen > 0),
    /// and always while the rows are a page of older history (``MessageListDataSource/reachesNewest``).
    public var isPillVisible: Bool {
        (!isPinned && (fromBottom > 100 || unseen > 0)) || dataSource?.reachesNewest == false
    }
    /// Number of rows loaded.
    public var rowCount: Int { heights.count }

    /// The top of row `i` in content coordinates. O(log n).
    public func rowTop(_ i: Int) -> Double { heights.prefixSum(i) }

    /// The current time: the host's, or the last time the list saw.
    var now: Double { max(host?.now.seconds ?? clock, clock) }

    // MARK: - Layout and painting

    public override func performLayout(_ constraints: BoxConstraints, _ context: LayoutContext) -> Size {
        let newSize = constraints.biggest.width.isFinite && constraints.biggest.height.isFinite
            ? constraints.biggest : constraints.smallest
        frame.size = newSize
        layoutContextCache = context
        host?.preparesBeforePaint(self)
        settle(context)
        scheduleWake()
        return newSize
    }

    public override func paint(_ context: inout PaintContext) {
        super.paint(&context)
        guard let dataSource else { return }
        let saved = context.clip
        context.pushClip(bounds)
        let top = paintY
        if let visible = visibleRows(at: top) {
            for i in visible {
                guard let layout = rowLayouts[i] ?? cachedLayout(i) else { continue }
                let rect = Rect(x: 0, y: rowTop(i) - top, width: size.width, height: heights.height(at: i))
                if let highlight, dataSource.rowID(at: i) == highlight.id {
                    highlight.paint(rect, theme: theme, at: context.time.seconds, &context)
                }
                paintSelection(row: i, layout: layout, rect: rect, &context)
                dataSource.paintRow(at: i, layout: layout, in: rect, context: &context)
            }
        }
        paintScrollBar(&context)
        paintPill(&context)
        paintFootnote(&context)
        context.popClip(restoring: saved)
    }

    /// The rows at least partly inside the viewport when its top is at content offset `top`
    /// (default: ``viewTop``), or `nil` when none are. O(log n).
    func visibleRows(at top: Double? = nil) -> ClosedRange<Int>? {
        let top = top ?? viewTop
        guard heights.count > 0, viewportHeight > 0 else { return nil }
        let bottom = top + viewportHeight
        guard bottom > 0, top < heights.totalHeight,
              let first = heights.row(containing: top),
              let last = heights.row(containing: bottom.nextDown) else { return nil }
        return first...max(first, last)
    }

    /// The layout of row `i` from the cache, or laid out now (height unchanged).
    func cachedLayout(_ i: Int) -> MessageRowLayout? {
        if let layout = rowLayouts[i] { return layout }
        guard let dataSource, let context = currentLayoutContext() else { return nil }
        rowLayoutCount += 1
        return dataSource.layoutRow(at: i, width: size.width, context: context)
    }

    func currentLayoutContext() -> LayoutContext? {
        if let host { return LayoutContext(measurer: host.measurer, textCache: host.textCache) }
        return layoutContextCache
    }

    // MARK: - Events (handled in MessageListView+Input.swift)

    public override func scrollWheel(_ event: WheelEvent) -> Bool { handleWheel(event) }
    public override func mouseDown(_ event: MouseEvent) -> Bool { handlePress(event) }
    public override func mouseDragged(_ event: MouseEvent) { handleDrag(event) }
    public override func mouseUp(_ event: MouseEvent) { handleRelease(event) }
    public override func mouseMoved(_ event: MouseEvent) { handleHover(event) }
    public override func mouseExited() { handleExit() }
    public override func cursor(at point: Point) -> CursorShape? { cursorShape(at: point) }
    public override func keyDown(_ event: KeyEvent) -> Bool { handleKey(event) }

    public override func prepareToPaint() { prepareDamage() }

    public override func tick(_ time: FrameTime) -> FrameTime? {
        step(to: time.seconds)
        return nextWake()
    }

    // MARK: - Metrics

    /// The list's state for the scenario runner's `metrics.jsonl` (applies pending changes first).
    public var metrics: ListMetrics {
        settle(nil)
        var rows: [ListMetrics.Row] = []
        if let dataSource, let visible = visibleRows() {
            let top = viewTop
            for i in visible {
                rows.append(ListMetrics.Row(id: dataSource.rowID(at: i), top: rowTop(i) - top,
                                            height: heights.height(at: i)))
            }
        }
        return ListMetrics(y: y, maxY: maxY, fromBottom: fromBottom, viewportHeight: viewportHeight,
                           contentHeight: contentHeight, pinned: isPinned, unseen: unseen,
                           pillVisible: isPillVisible, velocity: scroll.velocity(at: now), rows: rows)
    }
}

extension MessageListView: ScrollContent {
    /// The stable id of row `i` (empty without a data source).
    func rowID(at i: Int) -> String { dataSource?.rowID(at: i) ?? "" }
    func row(containing y: Double) -> Int? { heights.row(containing: y) }
}

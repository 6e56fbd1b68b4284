import ScrollPhysics

/// The chat's message list: a kinetic, self-sizing, bottom-anchored list of rows from a
/// ``MessageListDataSource``, with the physics of `ScrollPhysics`. docs/SCROLLING.md states what
/// it promises, with numbers.
///
/// The widget is the shell: it records what the model says changed, runs the layout pass,
/// turns input into requests, and paints. The decisions are its parts', which know nothing of
/// widgets:
/// - **Position** — ``ListScrollState`` owns `y`, the anchor it is derived from (pinned to the
///   bottom, or the topmost visible row and an offset), the running motion and its goal, the
///   gesture in progress and the unseen count. The list only asks it to do things (begin a
///   touch, take touchpad deltas, animate to a goal, jump, follow rows that changed) and reads
///   back where it is, so the rules of docs/SCROLLING.md §2 (content changes never move what the
///   reader looks at, motions end on their goals, only the user unpins) are the state's.
/// - **Rows** — ``ListRows`` keeps every row's height in a ``RowHeightIndex`` (O(log n)
///   prefix sums) and the layouts of the rows near the viewport: only rows within half a
///   viewport of it are laid out, the others keep estimated heights, so a frame costs
///   O(visible rows · log n) whatever the scrollback length. It applies the model's recorded
///   changes, and paints and hit-tests the rows.
/// - **Older history** — ``HistoryPager`` paces the requests made through ``onNeedOlder`` when
///   the top comes near; the data source shows whatever it likes meanwhile (a loading row).
/// - **Chrome** — ``ListChrome`` draws the overlay scroll bar (``ListScrollBar``, shown as
///   ``ScrollBarState`` says), the "jump to newest" pill and the footnote; ``RowHighlight`` a
///   row jumped to. ``ListSelection`` is the mouse's text selection.
/// - **Damage** — ``ListPaintedState`` compares what was painted with what would be, so rows
///   that only moved are moved as pixels by the host.
///
/// The model tells the list about changes with ``rowsAppended(_:unseen:)``,
/// ``rowsPrepended(_:)``, ``rowsRemovedFromTop(_:)``, ``rowChanged(at:)`` and ``reloadAll()``;
/// they are applied together at the next layout pass (once per frame, MessageListView+Model.swift).
/// Input (MessageListView+Input.swift): wheel notches animate, touchpad deltas apply 1:1 with
/// momentum after them, touch drags fling and bounce, a mouse drag selects text, and the keys
/// come through ``handleKey(_:)``. Everything is a function of the host's time
/// (MessageListView+Motion.swift); while nothing moves the list asks for no ticks.
public final class MessageListView: Widget {
    /// How often the list asks to be woken while something moves (s).
    public static let frameInterval = 1.0 / 120

    // MARK: - Configuration

    /// The rows. Setting it reloads the list and pins it.
    public weak var dataSource: (any MessageListDataSource)? {
        didSet {
            rows.replaceAll()
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

    /// Heights of every row, layouts of the rows near the viewport, the model's changes.
    let rows = ListRows()
    /// Position, goal, motion, gesture and unseen count.
    var scroll = ListScrollState()
    /// When to ask for older history.
    var pager = HistoryPager()
    /// The scroll bar's visibility.
    var bar = ScrollBarState()
    var layoutContextCache: LayoutContext?
    var selection: ListSelection?
    var isSelecting = false
    /// A row shown by ``reveal(rowID:animated:)``, highlighted for a moment.
    var highlight: RowHighlight?
    /// A row asked for by ``reveal(rowID:animated:)`` that the data source is loading.
    var pendingReveal: String?
    /// The newest rows were asked for (``jumpToBottom()`` away from the live end): pin once
    /// they are there.
    var pendingBottom = false
    var clock = 0.0
    /// What the last paint pass showed (MessageListView+Painted.swift).
    var painted: ListPaintedState?
    /// How many times a row was laid out (``MessageListDataSource/layoutRow(at:width:context:)``
    /// calls); diagnostics and tests.
    public var rowLayoutCount: Int { rows.layoutCount }

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
    public var contentHeight: Double { rows.heights.totalHeight }
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
    public var rowCount: Int { rows.count }

    /// The top of row `i` in content coordinates. O(log n).
    public func rowTop(_ i: Int) -> Double { rows.heights.prefixSum(i) }

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
        rows.paint(dataSource, top: paintY, size: size, layouter(), &context) { i, layout, rect, context in
            if let highlight, dataSource.rowID(at: i) == highlight.id {
                highlight.paint(rect, theme: theme, at: context.time.seconds, &context)
            }
            selection?.paint(row: i, layout: layout, rect: rect, color: theme.selection, &context)
        }
        paintScrollBar(&context)
        paintPill(&context)
        paintFootnote(&context)
        context.popClip(restoring: saved)
    }

    /// The rows at least partly inside the viewport when its top is at content offset `top`
    /// (default: ``viewTop``), or `nil` when none are. O(log n).
    func visibleRows(at top: Double? = nil) -> ClosedRange<Int>? {
        rows.visibleRows(top: top ?? viewTop, height: viewportHeight)
    }

    /// The layout of row `i` from the cache, or laid out now (height unchanged).
    func cachedLayout(_ i: Int) -> MessageRowLayout? {
        rows.layout(i, layouter())
    }

    /// What lays rows out now: the data source at the list's width, in `context` (default: the
    /// host's, or the last layout pass's); `nil` without either.
    func layouter(_ context: LayoutContext? = nil) -> RowLayouter? {
        guard let dataSource, let context = context ?? currentLayoutContext() else { return nil }
        return RowLayouter(rows: dataSource, width: size.width, context: context)
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
        var visible: [ListMetrics.Row] = []
        if let dataSource, let range = visibleRows() {
            let top = viewTop
            visible = range.map { ListMetrics.Row(id: dataSource.rowID(at: $0), top: rowTop($0) - top,
                                                  height: rows.heights.height(at: $0)) }
        }
        return ListMetrics(y: y, maxY: maxY, fromBottom: fromBottom, viewportHeight: viewportHeight,
                           contentHeight: contentHeight, pinned: isPinned, unseen: unseen,
                           pillVisible: isPillVisible, velocity: scroll.velocity(at: now), rows: visible)
    }
}

extension MessageListView: ScrollContent {
    /// The stable id of row `i` (empty without a data source).
    func rowID(at i: Int) -> String { dataSource?.rowID(at: i) ?? "" }
    func row(containing y: Double) -> Int? { rows.heights.row(containing: y) }
}

/// The chat's message list: a kinetic, self-sizing, bottom-anchored list of rows from a
/// ``MessageListDataSource``, with the physics of `ScrollPhysics`. docs/SCROLLING.md states what
/// it promises, with numbers.
///
/// The widget is the shell: it takes the model's notifications and the public requests, turns
/// input into operations, paints, and works out its damage. Its parts know nothing of widgets
/// and are tested without one:
/// - ``ListViewport`` is the list without the widget: the rows in the viewport over time. It
///   applies the model's changes at each layout pass, advances motions on ticks, asks for older
///   history as the top comes near (``HistoryPager``), and goes where it is asked (a saved
///   position, a row to open at or to reveal, the newest rows). It tells the widget what to
///   repaint through ``ListViewportOwner``.
/// - ``ListScrollState`` is the position: `y`, the anchor it is derived from (pinned to the
///   bottom, or the topmost visible row and an offset), the running motion and its goal, the
///   gesture in progress and the unseen count. Its fields are its own; the viewport and the
///   widget only ask it to do things (begin a touch, take touchpad deltas, drag the thumb,
///   animate, jump, follow rows that changed), so the rules of docs/SCROLLING.md §2 are its.
/// - ``ListRows`` keeps every row's height (a ``RowHeightIndex``: O(log n) prefix sums) and the
///   layouts of the rows near the viewport only, so a frame costs O(visible rows · log n)
///   whatever the scrollback length; it applies the recorded changes, paints and hit-tests rows.
/// - ``ListChrome`` draws what sits over the rows: the overlay scroll bar (``ListScrollBar``,
///   shown as ``ScrollBarState`` says), the "jump to newest" pill, the footnote; ``RowHighlight``
///   marks a row jumped to. ``ListSelection`` is the text selected with the mouse.
/// - ``ListPaintedState`` compares what was painted with what would be, so that rows that only
///   moved are moved as pixels by the host (MessageListView+Painted.swift).
///
/// The model tells the list about changes with ``rowsAppended(_:unseen:)``,
/// ``rowsPrepended(_:)``, ``rowsRemovedFromTop(_:)``, ``rowChanged(at:)`` and ``reloadAll()``;
/// they are applied together at the next layout pass (once per frame). Input
/// (MessageListView+Input.swift): wheel notches animate, touchpad deltas apply 1:1 with momentum
/// after them, touch drags fling and bounce, a mouse drag selects text, and the keys come through
/// ``handleKey(_:)``. Everything is a function of the host's time; while nothing moves the list
/// asks for no ticks.
public final class MessageListView: Widget {
    /// How often the list asks to be woken while something moves (s).
    public static let frameInterval = 1.0 / 120

    // MARK: - Configuration

    /// The rows (held weakly). Setting it reloads the list and pins it.
    public var dataSource: (any MessageListDataSource)? {
        get { viewport.dataSource }
        set {
            viewport.dataSource = newValue
            viewport.replaceRows()
            setNeedsLayout()
        }
    }
    /// Called (once per request) when older history should be loaded. The model answers by
    /// setting ``olderLoading`` to `true`, then prepending the page and setting it back to
    /// `false` (or by just calling ``rowsPrepended(_:)``); at the start of history it sets
    /// ``canLoadOlder`` to `false`. No new request comes sooner than 100 ms after completion.
    public var onNeedOlder: (() -> Void)? {
        get { viewport.onNeedOlder }
        set { viewport.onNeedOlder = newValue }
    }
    /// Whether a page of older history is on its way (set by the model; going back to `false`
    /// completes the request). The data source shows it, e.g. as a loading row.
    public var olderLoading: Bool {
        get { viewport.pager.isLoading }
        set { viewport.pager.setLoading(newValue, now: now) }
    }
    /// Whether there is older history to ask for (the model clears it at the start of history).
    public var canLoadOlder: Bool {
        get { viewport.pager.canLoadOlder }
        set { viewport.pager.canLoadOlder = newValue }
    }
    /// Pixels per unit of a precise (touchpad) scroll delta.
    public var pixelsPerPreciseUnit = 1.0
    /// Whether the list takes keyboard focus when clicked (the chat window normally keeps
    /// focus in the input line and forwards keys with ``handleKey(_:)``).
    public var acceptsFocus = false
    /// A middle click on the rows (the chat screen pastes the PRIMARY selection into its input
    /// line, as a terminal client does).
    public var onMiddleClick: (() -> Void)?
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

    /// The rows in the viewport, the position over time, the selection, the jumps.
    private(set) lazy var viewport = ListViewport(owner: self)
    /// The scroll bar's visibility.
    var bar = ScrollBarState()
    /// Whether a mouse drag is selecting text.
    var isSelecting = false
    /// What the last paint pass showed (MessageListView+Painted.swift).
    var painted: ListPaintedState?

    /// The scroll state, read (the viewport changes it through its operations).
    var scroll: ListScrollState { viewport.scroll }
    /// The rows.
    var rows: ListRows { viewport.rows }
    /// The text selection.
    var selection: ListSelection? {
        get { viewport.selection }
        set { viewport.selection = newValue }
    }
    /// The running motion.
    var motion: ListMotion? { scroll.motion }
    /// How many times a row was laid out (``MessageListDataSource/layoutRow(at:width:context:)``
    /// calls); diagnostics and tests.
    public var rowLayoutCount: Int { rows.layoutCount }

    /// The current scroll offset (px from the top of the loaded content; negative past the top).
    public var y: Double { scroll.y }
    /// Messages appended while not pinned.
    public var unseen: Int { scroll.unseen }

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
    public var contentHeight: Double { viewport.contentHeight }
    /// The largest resting `y`: `max(0, contentHeight - viewportHeight)`.
    public var maxY: Double { viewport.maxY }
    /// `maxY - y`.
    public var fromBottom: Double { maxY - y }
    /// The empty space above rows that do not fill the viewport: they sit at its bottom, next
    /// to the input line, and grow upwards (0 once they fill it).
    public var gravity: Double { viewport.gravity }
    /// The content offset at the viewport's top: `y`, less the space of bottom gravity.
    public var viewTop: Double { viewport.viewTop }
    /// The content offset the rows are painted (and hit) at: ``viewTop`` rounded to a whole
    /// output pixel, so that every frame of a motion moves the rows by whole pixels and the host
    /// can move the pixels already on screen instead of repainting them (`y` stays continuous).
    public var paintY: Double { viewport.paintY }
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
    public func rowTop(_ i: Int) -> Double { viewport.rowTop(i) }

    /// The current time: the host's, or the last time the list saw.
    var now: Double { viewport.now }

    // MARK: - Layout and painting

    public override func performLayout(_ constraints: BoxConstraints, _ context: LayoutContext) -> Size {
        let newSize = constraints.biggest.width.isFinite && constraints.biggest.height.isFinite
            ? constraints.biggest : constraints.smallest
        frame.size = newSize
        viewport.layoutContext = context
        host?.preparesBeforePaint(self)
        viewport.settle(context)
        scheduleWake()
        return newSize
    }

    public override func paint(_ context: inout PaintContext) {
        super.paint(&context)
        guard let dataSource else { return }
        let saved = context.clip
        context.pushClip(bounds)
        let highlight = viewport.highlight
        rows.paint(dataSource, top: paintY, size: size, viewport.layouter(), &context) { i, layout, rect, context in
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

    /// The layout of row `i` from the cache, or laid out now (height unchanged).
    func cachedLayout(_ i: Int) -> MessageRowLayout? { viewport.cachedLayout(i) }

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
        viewport.settle()
        let rows = viewport.visibleRowMetrics()
        return ListMetrics(y: y, maxY: maxY, fromBottom: fromBottom, viewportHeight: viewportHeight,
                           contentHeight: contentHeight, pinned: isPinned, unseen: unseen,
                           pillVisible: isPillVisible, velocity: scroll.velocity(at: now), rows: rows)
    }
}

extension MessageListView: ListViewportOwner {}

/// Owns a widget tree and connects it to a window: lays it out, paints the damaged region into
/// a ``DrawList``, routes ``InputEvent``s (hit testing, capture, hover, focus), runs timers off
/// the time the host passes in, and shows overlays (tooltips, popup menus).
///
/// The SDL app and the headless renderer drive it the same way:
///
/// ```swift
/// let host = WidgetHost(root: window, size: Size(width: 800, height: 600),
///                       measurer: fonts, clipboard: sdlClipboard)
/// // each frame:
/// host.advance(to: FrameTime(seconds: now))
/// for event in pending { host.handle(event) }
/// var list = DrawList()
/// let damaged = host.paint(into: &list)   // empty when nothing changed
/// backend.execute(list); backend.present(damaged)
/// ```
///
/// The host is `@MainActor` like the widgets.
@MainActor
public final class WidgetHost {
    /// The root of the main layer; always laid out to fill the window.
    public let root: Widget
    /// Measures text for every widget in the tree.
    public let measurer: any TextMeasurer
    /// The clipboard used by Ctrl+C/X/V.
    public let clipboard: any Clipboard
    /// Text layouts shared by the tree, keyed by (content, width, indent).
    public let textCache = TextLayoutCache()

    /// The window's logical size.
    public private(set) var size: Size
    /// Physical pixels per logical pixel (the backend scales draw commands by it).
    public internal(set) var scale: Double
    /// The latest time passed to ``advance(to:)``.
    public private(set) var now: FrameTime
    /// Colour painted under each damaged rectangle before the widgets (nil: none).
    public var clearColor: Color?
    /// Takes a file dropped on the window (its path); dropped files go nowhere without it.
    public var onFileDrop: ((String) -> Void)?
    /// The area waiting to be repainted, in window coordinates.
    public internal(set) var damage = DamageRegion()
    /// The widget with keyboard focus.
    public internal(set) var focusedWidget: Widget?
    /// The deepest widget under the pointer.
    public internal(set) var hoveredWidget: Widget?
    /// The widget holding the mouse capture during a drag.
    public internal(set) var capturedWidget: Widget?
    /// The cursor shape the backend should show.
    public internal(set) var cursor: CursorShape = .arrow
    /// Whether the window has keyboard focus.
    public internal(set) var isWindowFocused = true
    /// Seconds the pointer must rest before a tooltip shows.
    public var tooltipDelay = 0.6

    /// Whether the backend executes ``DrawCommand/scroll(_:dy:)`` (it keeps the previous
    /// frame's pixels and can move them); ``scroll(_:by:below:)`` refuses while it is `false`.
    public var allowsPixelScrolling = false
    /// Pixel moves registered for the next paint pass, in order.
    var pendingScrolls: [(rect: Rect, dy: Double)] = []
    /// Widgets whose ``Widget/prepareToPaint()`` runs before each paint pass.
    var paintPreparers: [ObjectIdentifier: WeakWidget] = [:]
    /// A widget asked for a paint pass without damaging anything yet.
    var paintPassRequested = false

    var overlays: [OverlayEntry] = []
    var layoutPending = true
    var tickers: [ObjectIdentifier: (widget: Widget, due: FrameTime)] = [:]
    var mousePosition: Point?
    var tooltipOwner: Widget?
    var tooltipDue: FrameTime?
    var tooltipWidget: Tooltip?
    var primaryFinger: Int64?
    /// Whether the key press just taken as a shortcut (with Ctrl, Alt or Super, or a named key
    /// such as the keypad's +) may still send its text: SDL sends a press's text right after
    /// its key, before the next key goes down or up (X11 sends "3" after Alt+3, "+" after
    /// Ctrl+Shift+=, "+" after Ctrl+Keypad +), and that text is not typed, whatever it is.
    var dropsShortcutText = false

    /// Creates a host for `root` in a window of `size`.
    public init(root: Widget, size: Size, measurer: any TextMeasurer, clipboard: any Clipboard,
                scale: Double = 1, time: FrameTime = .zero) {
        self.root = root
        self.size = size
        self.measurer = measurer
        self.clipboard = clipboard
        self.scale = scale
        self.now = time
        root.ownerHost = self
        invalidateAll()
    }

    /// The window in logical coordinates.
    public var windowBounds: Rect { Rect(origin: .zero, size: size) }

    /// The widgets shown above the root (tooltips, menus), bottom to top.
    public var overlayWidgets: [Widget] { overlays.map(\.widget) }

    /// Whether the backend should enable text input (SDL_StartTextInput): a text widget has
    /// focus, or there is a ``textHome`` to hand typed text to.
    public var wantsTextInput: Bool { (focusedWidget?.acceptsTextInput ?? false) || textHome != nil }

    /// Where the IME candidate window should appear (SDL_SetTextInputRect), in window coordinates.
    public var textInputRect: Rect? {
        guard let focusedWidget, let rect = focusedWidget.textInputRect else { return nil }
        return rect.offsetBy(focusedWidget.windowFrame.origin)
    }

    /// The earliest time a timer (caret blink, tooltip delay) needs ``advance(to:)``; the main
    /// loop may sleep until then when no events arrive.
    public var nextWakeTime: FrameTime? {
        let due = tickers.values.map(\.due) + [tooltipDue].compactMap { $0 }
        return due.min()
    }

    /// Whether there is anything to repaint.
    public var needsPaint: Bool { !damage.isEmpty || layoutPending || paintPassRequested }

    // MARK: - Damage and layout

    /// Damages a window rectangle.
    public func invalidate(_ rect: Rect) {
        damage.add(rect.intersection(windowBounds))
    }

    /// Damages the whole window.
    public func invalidateAll() {
        damage.add(windowBounds)
    }

    func scheduleLayout() { layoutPending = true }

    /// Resizes the window and lays out again.
    public func layout(size newSize: Size) {
        if newSize != size {
            size = newSize
            layoutPending = true
            invalidateAll()
        }
        layoutIfNeeded()
    }

    /// Runs a layout pass if any widget asked for one, then damages what moved or changed.
    public func layoutIfNeeded() {
        guard layoutPending else { return }
        layoutPending = false
        let context = LayoutContext(measurer: measurer, textCache: textCache)
        root.layout(.tight(size), context)
        root.frame.origin = .zero
        for entry in overlays {
            let overlaySize = entry.widget.layout(.loose(size), context)
            entry.widget.frame.origin = Point(
                x: max(0, min(entry.position.x, size.width - overlaySize.width)),
                y: max(0, min(entry.position.y, size.height - overlaySize.height)))
        }
        collectLayoutDamage(root, parentOrigin: .zero, clip: windowBounds)
        for entry in overlays { collectLayoutDamage(entry.widget, parentOrigin: .zero, clip: windowBounds) }
    }

    /// Damages every widget whose window rectangle moved or whose content changed. O(n) in the
    /// number of widgets; runs only after a layout pass.
    private func collectLayoutDamage(_ widget: Widget, parentOrigin: Point, clip: Rect) {
        let rect = widget.frame.offsetBy(parentOrigin)
        if widget.repaintAfterLayout || rect != widget.lastWindowRect {
            if let old = widget.lastWindowRect { damage.add(old.intersection(clip)) }
            if !widget.isHidden { damage.add(rect.intersection(clip)) }
            widget.repaintAfterLayout = false
            widget.lastWindowRect = rect
        }
        let childClip = widget.clipsChildren ? clip.intersection(rect) : clip
        for child in widget.children {
            collectLayoutDamage(child, parentOrigin: rect.origin, clip: childClip)
        }
    }

    // MARK: - Painting

    /// Lays out if needed, lets the widgets that asked prepare (``Widget/prepareToPaint()``),
    /// then emits the registered pixel moves (``scroll(_:by:below:)``) and paints the damaged
    /// region — each damaged rectangle clipped — and clears the damage. Returns the rectangles
    /// painted (empty when nothing changed): the backend redraws only those.
    @discardableResult
    public func paint(into list: inout DrawList) -> [Rect] {
        layoutIfNeeded()
        preparePaintPass()
        let rects = damage.clipped(to: windowBounds).rects
        damage.removeAll()
        for scroll in pendingScrolls where !rects.contains(where: { $0.contains(scroll.rect) }) {
            list.append(.scroll(scroll.rect, dy: scroll.dy))
        }
        pendingScrolls.removeAll()
        for rect in rects { paintRegion(rect, into: &list) }
        return rects
    }

    /// Paints the whole window regardless of damage (a headless snapshot, a new target),
    /// clearing the damage and dropping registered pixel moves.
    public func paintAll(into list: inout DrawList) {
        layoutIfNeeded()
        preparePaintPass()
        damage.removeAll()
        pendingScrolls.removeAll()
        paintRegion(windowBounds, into: &list)
    }

    private func paintRegion(_ rect: Rect, into list: inout DrawList) {
        list.append(.pushClip(rect))
        if let clearColor { list.append(.fillRect(rect, clearColor)) }
        var context = PaintContext(list: list, clip: rect, time: now, measurer: measurer,
                                   textCache: textCache, focusedWidget: focusedWidget)
        list = DrawList()
        root.paintTree(&context)
        for entry in overlays { entry.widget.paintTree(&context) }
        list = context.list
        list.append(.popClip)
    }

    // MARK: - Focus

    /// Where typed text goes when the focused widget does not take it: the first shown widget
    /// marked ``Widget/isTextHome`` (the chat's input line). Text must never vanish; a click on
    /// nothing that takes the keyboard gives the keyboard back here.
    public var textHome: Widget? { Self.textHome(in: root) }

    private static func textHome(in widget: Widget) -> Widget? {
        guard !widget.isHidden else { return nil }
        if widget.isTextHome { return widget }
        for child in widget.children {
            if let home = textHome(in: child) { return home }
        }
        return nil
    }

    /// The keyboard leaves a hidden widget for the text home (nothing, when that is hidden
    /// too), or, in an overlay (a form), for the overlay's first shown focusable widget: a
    /// hidden widget takes no keys and no text.
    func focusShownWidget() {
        guard let focused = focusedWidget, !focused.isShown else { return }
        var top = focused
        while let up = top.parent { top = up }
        focus(top === root ? textHome : Self.focusables(in: top).first ?? textHome)
    }

    /// Gives keyboard focus to `widget` (which must be focusable), or clears it with `nil`.
    public func focus(_ widget: Widget?) {
        if let widget, !widget.isFocusable { return }
        guard widget !== focusedWidget else { return }
        let old = focusedWidget
        focusedWidget = widget
        old?.focusChanged(false)
        widget?.focusChanged(true)
    }

    /// The focusable widgets of the active layer (the topmost overlay holding any, else the
    /// root), in depth-first tree order.
    public func focusChain() -> [Widget] {
        for entry in overlays.reversed() {
            let chain = Self.focusables(in: entry.widget)
            if !chain.isEmpty { return chain }
        }
        return Self.focusables(in: root)
    }

    private static func focusables(in widget: Widget) -> [Widget] {
        guard !widget.isHidden else { return [] }
        var result = widget.isFocusable ? [widget] : []
        for child in widget.children { result += focusables(in: child) }
        return result
    }

    /// Moves focus to the next focusable widget (Tab), wrapping around.
    public func focusNext() { moveFocus(by: 1) }

    /// Moves focus to the previous focusable widget (Shift+Tab), wrapping around.
    public func focusPrevious() { moveFocus(by: -1) }

    private func moveFocus(by step: Int) {
        let chain = focusChain()
        guard !chain.isEmpty else { return }
        if let current = focusedWidget, let index = chain.firstIndex(where: { $0 === current }) {
            focus(chain[(index + step + chain.count) % chain.count])
        } else {
            focus(step > 0 ? chain.first : chain.last)
        }
    }

    // MARK: - Timers

    /// Asks for ``Widget/tick(_:)`` to be called on `widget` once the time reaches `time`
    /// (replacing an earlier request).
    public func requestTick(for widget: Widget, at time: FrameTime) {
        tickers[ObjectIdentifier(widget)] = (widget, time)
    }

    /// Cancels a tick request.
    public func cancelTick(for widget: Widget) {
        tickers[ObjectIdentifier(widget)] = nil
    }

    /// Moves the host's clock to `time` and runs the timers that are due.
    public func advance(to time: FrameTime) {
        now = max(now, time)
        let due = tickers.filter { $0.value.due <= now }
        for (key, entry) in due.sorted(by: { $0.value.due < $1.value.due }) {
            tickers[key] = nil
            if let next = entry.widget.tick(now) { tickers[key] = (entry.widget, next) }
        }
        if let tooltipDue, tooltipDue <= now { showTooltip() }
        layoutIfNeeded()
    }

    // MARK: - Overlays

    /// Shows `widget` above everything at `position` (window coordinates; moved to stay inside
    /// the window). A click outside dismisses it when `dismissOnOutsideClick`; when
    /// `takesFocus`, focus moves to its first focusable widget and returns on dismissal.
    public func showOverlay(_ widget: Widget, at position: Point, dismissOnOutsideClick: Bool = true,
                            takesFocus: Bool = true) {
        widget.removeFromParent()
        widget.ownerHost = self
        widget.lastWindowRect = nil
        widget.repaintAfterLayout = true
        let entry = OverlayEntry(widget: widget, position: position,
                                 dismissOnOutsideClick: dismissOnOutsideClick,
                                 previousFocus: focusedWidget)
        overlays.append(entry)
        layoutPending = true
        if takesFocus, let first = Self.focusables(in: widget).first { focus(first) }
    }

    /// Removes an overlay, damaging its area and restoring the focus it took.
    public func dismissOverlay(_ widget: Widget) {
        guard let index = overlays.firstIndex(where: { $0.widget === widget }) else { return }
        let entry = overlays.remove(at: index)
        if let rect = widget.lastWindowRect { invalidate(rect) }
        widgetWillDetach(widget)
        widget.ownerHost = nil
        widget.overlayDismissed()
        if let previous = entry.previousFocus, previous.host === self, focusedWidget == nil {
            focus(previous)
        }
    }

    /// Forgets focus, hover and capture that point into a subtree leaving the tree.
    func widgetWillDetach(_ widget: Widget) {
        if let focused = focusedWidget, focused.isDescendant(of: widget) { focus(nil) }
        if let hovered = hoveredWidget, hovered.isDescendant(of: widget) { hoveredWidget = nil }
        if let captured = capturedWidget, captured.isDescendant(of: widget) { capturedWidget = nil }
        if let owner = tooltipOwner, owner.isDescendant(of: widget) { hideTooltip() }
        for key in tickers.keys where tickers[key]?.widget.isDescendant(of: widget) == true {
            tickers[key] = nil
        }
    }
}

/// An overlay shown by a ``WidgetHost``.
@MainActor
final class OverlayEntry {
    let widget: Widget
    let position: Point
    let dismissOnOutsideClick: Bool
    weak var previousFocus: Widget?

    init(widget: Widget, position: Point, dismissOnOutsideClick: Bool, previousFocus: Widget?) {
        self.widget = widget
        self.position = position
        self.dismissOnOutsideClick = dismissOnOutsideClick
        self.previousFocus = previousFocus
    }
}

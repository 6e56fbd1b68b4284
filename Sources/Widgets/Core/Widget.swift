/// The base class of every node in the retained widget tree.
///
/// **Layout** follows Flutter's protocol: a parent calls ``layout(_:_:)`` on each child with
/// ``BoxConstraints`` (constraints go down), the child answers with its size (sizes go up), and
/// the parent positions it with ``place(_:at:)``. A child that is clean and gets the same
/// constraints as last time returns its cached size without running ``performLayout(_:_:)``.
///
/// **Dirty flags**: a property setter compares, assigns, and calls ``setNeedsPaint()`` when only
/// the look changed (damaging the widget's window rectangle) or ``setNeedsLayout()`` when the
/// size may change (marking the path to the root for relayout).
///
/// **Events** arrive in local coordinates; a handler returns `true` when it consumed the event,
/// otherwise the host offers it to the parent. A widget that consumes a mouse down captures the
/// mouse until the button goes up.
///
/// Subclasses override `performLayout`, `paint`, the event handlers, and `cursor(at:)`.
@MainActor
open class Widget {
    /// The parent, or `nil` for a root (the host's root or an overlay).
    public private(set) weak var parent: Widget?
    /// The children, back to front (the last one is on top for hit testing).
    public private(set) var children: [Widget] = []
    /// Set on a root widget by its host.
    weak var ownerHost: WidgetHost?

    /// Position and size in the parent's coordinate space, set by layout.
    public internal(set) var frame: Rect = .zero
    /// Whether the widget must run ``performLayout(_:_:)`` at the next layout pass.
    public private(set) var needsLayout = true
    /// How many times ``performLayout(_:_:)`` ran (diagnostics and tests).
    public private(set) var layoutCount = 0
    private var lastConstraints: BoxConstraints?
    /// The window rectangle at the last damage pass; `nil` before the first.
    var lastWindowRect: Rect?
    /// Damage the new window rectangle after the next layout (content changed).
    var repaintAfterLayout = true

    /// Creates a widget with no children.
    public init() {}

    // MARK: - Properties

    /// The share of a ``Stack``'s leftover main-axis space given to this widget (0: sized by content).
    public var flex: Double = 0 {
        didSet { if flex != oldValue { parent?.setNeedsLayout() } }
    }

    /// A hidden widget takes no space, is not painted and is not hit. Hiding the widget that
    /// has the keyboard (or holds it) gives the keyboard to the text home: typing must not go
    /// into something no one sees.
    public var isHidden = false {
        didSet {
            guard isHidden != oldValue else { return }
            setNeedsPaint()
            setNeedsLayout()
            if isHidden, let host, let focused = host.focusedWidget, focused.isDescendant(of: self) { host.focusShownWidget() }
        }
    }

    /// Whether neither the widget nor any of its ancestors is hidden.
    public var isShown: Bool {
        var node: Widget? = self
        while let widget = node {
            if widget.isHidden { return false }
            node = widget.parent
        }
        return true
    }

    /// Fill painted behind the widget's content.
    public var backgroundColor: Color? {
        didSet { if backgroundColor != oldValue { setNeedsPaint() } }
    }

    /// Whether children are clipped to the widget's bounds when painting and hit testing.
    public var clipsChildren = false {
        didSet { if clipsChildren != oldValue { setNeedsPaint() } }
    }

    /// Text shown in a tooltip overlay after the pointer rests on the widget.
    public var tooltip: String?

    /// Whether the widget takes keyboard focus (Tab traversal, clicks).
    open var isFocusable: Bool { false }

    /// Whether the widget wants committed text and IME composition while focused.
    open var acceptsTextInput: Bool { false }

    /// Whether typed text that the focused widget does not take comes here (with the keyboard):
    /// the chat's input line (``WidgetHost/textHome``).
    public var isTextHome = false

    /// Whether a click here, on nothing that takes the keyboard, gives the keyboard back to the
    /// text home (the messages: typing goes on in the input line, not in a list clicked before).
    public var clickReturnsKeyboard = false

    /// The size from the last layout.
    public var size: Size { frame.size }
    /// `(0, 0, width, height)`: the widget in its own coordinates.
    public var bounds: Rect { Rect(origin: .zero, size: frame.size) }

    /// The host the widget is attached to, found through the root. O(depth).
    public var host: WidgetHost? {
        var node = self
        while let up = node.parent { node = up }
        return node.ownerHost
    }

    /// Whether the widget has keyboard focus.
    public var isFocused: Bool { host?.focusedWidget === self }

    /// The widget's rectangle in window coordinates. O(depth).
    public var windowFrame: Rect {
        var rect = frame
        var node = parent
        while let up = node {
            rect = rect.offsetBy(up.frame.origin)
            node = up.parent
        }
        return rect
    }

    /// Converts a local point to window coordinates.
    public func convertToWindow(_ point: Point) -> Point { point + windowFrame.origin }

    /// Converts a window point to local coordinates.
    public func convertFromWindow(_ point: Point) -> Point { point - windowFrame.origin }

    /// Whether `self` is `other` or one of its descendants.
    public func isDescendant(of other: Widget) -> Bool {
        var node: Widget? = self
        while let n = node {
            if n === other { return true }
            node = n.parent
        }
        return false
    }

    // MARK: - Tree

    /// Appends a child on top of the others.
    public func addChild(_ child: Widget) {
        insertChild(child, at: children.count)
    }

    /// Inserts a child at `index` in the back-to-front order.
    public func insertChild(_ child: Widget, at index: Int) {
        child.removeFromParent()
        child.parent = self
        child.lastWindowRect = nil
        child.repaintAfterLayout = true
        children.insert(child, at: index)
        setNeedsLayout()
    }

    /// Moves `child` above its siblings (painted after them, hit before them) without
    /// detaching it: its focus and hover stay. Does nothing for a widget that is not a child.
    public func bringToFront(_ child: Widget) {
        guard let index = children.firstIndex(where: { $0 === child }), index != children.count - 1 else { return }
        children.remove(at: index)
        children.append(child)
        child.setNeedsPaint()
    }

    /// Removes the widget from its parent (damaging the area it covered).
    public func removeFromParent() {
        guard let parent else { return }
        setNeedsPaint()
        host?.widgetWillDetach(self)
        parent.children.removeAll { $0 === self }
        self.parent = nil
        parent.setNeedsLayout()
    }

    /// Removes every child.
    public func removeAllChildren() {
        for child in children { child.removeFromParent() }
    }

    // MARK: - Dirty flags

    /// Marks the widget's look as changed: its window rectangle is damaged. Layout is untouched.
    public func setNeedsPaint() {
        invalidate(bounds)
    }

    /// Damages part of the widget, in local coordinates (e.g. only the caret).
    public func invalidate(_ localRect: Rect) {
        guard lastWindowRect != nil, let host else { return }
        host.invalidate(localRect.offsetBy(windowFrame.origin))
    }

    /// Marks the widget's size or content as changed: it and its ancestors lay out again at the
    /// next pass (siblings keep their cached layout), and its old and new areas are repainted.
    /// With `repaint: false` only the layout runs again: a widget that works out its own damage
    /// (in ``prepareToPaint()``) says so when its window rectangle stays the same.
    public func setNeedsLayout(repaint: Bool = true) {
        if repaint {
            setNeedsPaint()
            repaintAfterLayout = true
        }
        var node: Widget? = self
        while let n = node, !n.needsLayout || n === self {
            n.needsLayout = true
            node = n.parent
        }
        host?.scheduleLayout()
    }

    /// Marks this widget and everything under it for layout, however the constraints come:
    /// sizes that came from measured text may differ at a new output scale (see
    /// ``WidgetHost/handle(_:)``'s `resize`).
    func setNeedsLayoutThroughout() {
        needsLayout = true
        repaintAfterLayout = true
        for child in children { child.setNeedsLayoutThroughout() }
    }

    // MARK: - Layout

    /// Lays the widget out within `constraints` and returns its size; skipped (returning the
    /// cached size) when the widget is clean and the constraints equal the last ones.
    @discardableResult
    public final func layout(_ constraints: BoxConstraints, _ context: LayoutContext) -> Size {
        if !needsLayout, lastConstraints == constraints { return frame.size }
        let newSize: Size
        if isHidden {
            newSize = constraints.smallest
        } else {
            layoutCount += 1
            newSize = constraints.constrain(performLayout(constraints, context))
        }
        frame.size = newSize
        lastConstraints = constraints
        needsLayout = false
        return newSize
    }

    /// Computes the widget's size and lays out and places its children. The default lays every
    /// child out with the loosened constraints at the origin and takes the largest child's size.
    open func performLayout(_ constraints: BoxConstraints, _ context: LayoutContext) -> Size {
        var size = constraints.smallest
        for child in children {
            let childSize = child.layout(constraints.loosened, context)
            place(child, at: .zero)
            size.width = max(size.width, childSize.width)
            size.height = max(size.height, childSize.height)
        }
        return size
    }

    /// Positions a child (in this widget's coordinates). Call from ``performLayout(_:_:)``.
    public final func place(_ child: Widget, at origin: Point) {
        precondition(child.parent === self, "place(_:at:) takes a child of this widget")
        child.frame.origin = origin
    }

    // MARK: - Painting

    /// Draws the widget's own content in local coordinates; children are painted afterwards by
    /// the host. The default fills ``backgroundColor``.
    open func paint(_ context: inout PaintContext) {
        if let backgroundColor { context.fill(bounds, backgroundColor) }
    }

    /// Draws over the children (e.g. a focus ring or a divider). The default draws nothing.
    /// It must not draw over a descendant's area that the descendant scrolls with
    /// ``WidgetHost/scroll(_:by:below:)``.
    open func paintOverlay(_ context: inout PaintContext) {}

    /// Runs before every paint pass, after layout, for widgets registered with
    /// ``WidgetHost/preparesBeforePaint(_:)``: the place to compare what is on screen with the
    /// widget's state and damage (or scroll) only what differs. The default does nothing.
    open func prepareToPaint() {}

    /// Paints the widget and its subtree, skipping what lies outside the clip.
    final func paintTree(_ context: inout PaintContext) {
        guard !isHidden else { return }
        let savedOrigin = context.origin
        let windowRect = frame.offsetBy(savedOrigin)
        lastWindowRect = windowRect
        context.origin = windowRect.origin
        defer { context.origin = savedOrigin }
        let visible = context.clip.intersects(windowRect)
        if visible { paint(&context) }
        guard visible || !clipsChildren else { return }
        let savedClip = context.clip
        if clipsChildren { context.pushClip(bounds) }
        for child in children { child.paintTree(&context) }
        if clipsChildren { context.popClip(restoring: savedClip) }
        if visible { paintOverlay(&context) }
    }

    // MARK: - Hit testing

    /// The deepest widget under `point` (local coordinates), testing the topmost child first,
    /// or `nil` when the point is outside. Override to make parts transparent or to claim
    /// points for the widget itself (e.g. a divider).
    open func hitTest(_ point: Point) -> Widget? {
        guard !isHidden else { return nil }
        let inside = bounds.contains(point)
        if clipsChildren && !inside { return nil }
        for child in children.reversed() {
            if let hit = child.hitTest(point - child.frame.origin) { return hit }
        }
        return inside ? self : nil
    }

    // MARK: - Events (return true when consumed)

    /// A button went down over the widget. Consuming it captures the mouse until release.
    open func mouseDown(_ event: MouseEvent) -> Bool { false }
    /// The pointer moved while this widget holds the capture.
    open func mouseDragged(_ event: MouseEvent) {}
    /// The captured button went up.
    open func mouseUp(_ event: MouseEvent) {}
    /// The pointer moved over the widget with no capture.
    open func mouseMoved(_ event: MouseEvent) {}
    /// The pointer entered the widget (it became the hovered widget).
    open func mouseEntered() {}
    /// The pointer left the widget.
    open func mouseExited() {}
    /// Wheel or touchpad scrolling over the widget.
    open func scrollWheel(_ event: WheelEvent) -> Bool { false }
    /// A pinch over the widget (zoom by ``MagnifyEvent/factor``).
    open func magnify(_ event: MagnifyEvent) -> Bool { false }
    /// A key went down while the widget (or a descendant) has focus.
    open func keyDown(_ event: KeyEvent) -> Bool { false }
    /// Committed text while the widget has focus.
    open func textInput(_ text: String) -> Bool { false }
    /// IME composition changed while the widget has focus.
    open func textEditing(_ composition: TextComposition) -> Bool { false }
    /// Keyboard focus arrived (`true`) or left (`false`).
    open func focusChanged(_ focused: Bool) {}
    /// The cursor to show over the local `point`; `nil` defers to the parent.
    open func cursor(at point: Point) -> CursorShape? { nil }
    /// The host's time reached a tick requested with ``WidgetHost/requestTick(for:at:)``.
    /// Return the next time to be woken, or `nil`.
    open func tick(_ time: FrameTime) -> FrameTime? { nil }
    /// The host removed this widget from its overlay layer (outside click, Escape, or a call to
    /// ``WidgetHost/dismissOverlay(_:)``).
    open func overlayDismissed() {}
    /// Where the IME candidate window should go (local coordinates), for text-input widgets.
    open var textInputRect: Rect? { nil }
}

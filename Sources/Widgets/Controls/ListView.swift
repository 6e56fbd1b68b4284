/// A scrolling list of one-line rows with single selection (the buffer list, the nick list).
///
/// Rows are not widgets: only the visible ones are laid out (through the shared text cache)
/// and painted, so the list scales to thousands of rows. Keyboard: ↑/↓, Home/End,
/// Page Up/Down move the selection; Enter activates. Clicking selects; a double click activates.
public final class ListView: Widget {
    /// The rows' content.
    public var items: [StyledText] {
        didSet {
            guard items != oldValue else { return }
            if let selectedIndex, selectedIndex >= items.count { self.selectedIndex = items.isEmpty ? nil : items.count - 1 }
            if hoveredRow.map({ $0 >= items.count }) == true { hoveredRow = nil }
            scrollOffset = clampScroll(scrollOffset)
            setNeedsPaint()
        }
    }
    /// Fixed row height; `nil` derives it from the first item's font.
    public var rowHeight: Double? { didSet { if rowHeight != oldValue { setNeedsLayout() } } }
    /// Space around each row's text.
    public var rowPadding = EdgeInsets(horizontal: 8, vertical: 3) { didSet { if rowPadding != oldValue { setNeedsLayout() } } }
    /// The selected row.
    public private(set) var selectedIndex: Int?
    /// Called when the user changes the selection.
    public var onSelectionChanged: ((Int?) -> Void)?
    /// Called when the user activates a row (Enter, double click).
    public var onActivate: ((Int) -> Void)?
    /// Selection colour while the list has focus.
    public var selectionColor = Theme.standard.accent { didSet { if selectionColor != oldValue { setNeedsPaint() } } }
    /// Selection colour while it does not.
    public var inactiveSelectionColor = Theme.standard.inactiveSelection { didSet { if inactiveSelectionColor != oldValue { setNeedsPaint() } } }
    /// Hovered row colour.
    public var hoverColor = Theme.standard.surfaceHover { didSet { if hoverColor != oldValue { setNeedsPaint() } } }
    /// Pixels per wheel unit.
    public var pixelsPerWheelUnit = 48.0
    /// The row under the pointer.
    public private(set) var hoveredRow: Int?
    /// The row height from the last layout.
    public private(set) var resolvedRowHeight = 20.0

    /// The content y shown at the top of the list, clamped to the rows.
    public var scrollOffset = 0.0 {
        didSet {
            let clamped = clampScroll(scrollOffset)
            if clamped != scrollOffset { scrollOffset = clamped; return }
            if scrollOffset != oldValue { setNeedsPaint() }
        }
    }

    /// Creates a list.
    public init(items: [StyledText] = []) {
        self.items = items
        super.init()
    }

    public override var isFocusable: Bool { true }

    /// The total height of the rows.
    public var contentHeight: Double { Double(items.count) * resolvedRowHeight }

    private func clampScroll(_ value: Double) -> Double {
        max(0, min(value, contentHeight - size.height))
    }

    /// A row's rectangle in local coordinates (scrolling included).
    public func rowRect(_ index: Int) -> Rect {
        Rect(x: 0, y: Double(index) * resolvedRowHeight - scrollOffset, width: size.width, height: resolvedRowHeight)
    }

    /// The row at a local point, if any.
    public func row(at point: Point) -> Int? {
        guard bounds.contains(point), resolvedRowHeight > 0 else { return nil }
        let index = Int(((point.y + scrollOffset) / resolvedRowHeight).rounded(.down))
        return items.indices.contains(index) ? index : nil
    }

    /// Selects a row (or nothing), repainting only the rows that changed and scrolling it into
    /// view. `notify` calls ``onSelectionChanged``.
    public func select(_ index: Int?, notify: Bool = false) {
        let clamped = index.map { min(max(0, $0), items.count - 1) }.flatMap { items.isEmpty ? nil : $0 }
        guard clamped != selectedIndex else { return }
        if let old = selectedIndex { invalidate(rowRect(old)) }
        selectedIndex = clamped
        if let clamped {
            invalidate(rowRect(clamped))
            scrollRowIntoView(clamped)
        }
        if notify { onSelectionChanged?(clamped) }
    }

    /// Scrolls the least distance that shows row `index` entirely.
    public func scrollRowIntoView(_ index: Int) {
        let top = Double(index) * resolvedRowHeight
        if top < scrollOffset { scrollOffset = top }
        if top + resolvedRowHeight > scrollOffset + size.height { scrollOffset = top + resolvedRowHeight - size.height }
    }

    public override func performLayout(_ constraints: BoxConstraints, _ context: LayoutContext) -> Size {
        let font = items.first?.spans.first?.attributes.font ?? Theme.standard.font
        resolvedRowHeight = rowHeight ?? (context.measurer.lineMetrics(font).lineHeight + rowPadding.vertical)
        let natural = Size(width: constraints.maxWidth.isFinite ? constraints.maxWidth : 200,
                           height: constraints.maxHeight.isFinite ? constraints.maxHeight : contentHeight)
        frame.size = constraints.constrain(natural)
        scrollOffset = clampScroll(scrollOffset)
        return frame.size
    }

    public override func paint(_ context: inout PaintContext) {
        super.paint(&context)
        guard resolvedRowHeight > 0, !items.isEmpty else { return }
        let saved = context.clip
        context.pushClip(bounds)
        let first = max(0, Int((scrollOffset / resolvedRowHeight).rounded(.down)))
        let last = min(items.count - 1, Int(((scrollOffset + size.height) / resolvedRowHeight).rounded(.down)))
        if first <= last {
            for index in first...last where context.isVisible(rowRect(index)) {
                let rect = rowRect(index)
                if index == selectedIndex {
                    context.fill(rect, context.focusedWidget === self ? selectionColor : inactiveSelectionColor)
                } else if index == hoveredRow {
                    context.fill(rect, hoverColor)
                }
                let layout = context.layoutText(items[index], maxWidth: nil)
                let y = rect.minY + (resolvedRowHeight - layout.size.height) / 2
                context.drawText(layout, at: Point(x: rowPadding.left, y: y))
            }
        }
        context.popClip(restoring: saved)
    }

    public override func focusChanged(_ focused: Bool) {
        if let selectedIndex { invalidate(rowRect(selectedIndex)) }
    }

    public override func keyDown(_ event: KeyEvent) -> Bool {
        guard event.modifiers.isDisjoint(with: [.ctrl, .alt, .gui]), !items.isEmpty else { return false }
        let page = max(1, Int((size.height / resolvedRowHeight).rounded(.down)) - 1)
        let current = selectedIndex
        switch event.key {
        case .up: select(current.map { $0 - 1 } ?? items.count - 1, notify: true)
        case .down: select(current.map { $0 + 1 } ?? 0, notify: true)
        case .home: select(0, notify: true)
        case .end: select(items.count - 1, notify: true)
        case .pageUp: select((current ?? 0) - page, notify: true)
        case .pageDown: select((current ?? 0) + page, notify: true)
        case .enter:
            guard let current else { return false }
            onActivate?(current)
        default: return false
        }
        return true
    }

    public override func mouseDown(_ event: MouseEvent) -> Bool {
        guard event.button == .left, let index = row(at: event.position) else { return false }
        select(index, notify: true)
        if event.clickCount == 2 { onActivate?(index) }
        return true
    }

    public override func mouseMoved(_ event: MouseEvent) {
        setHovered(row(at: event.position))
    }

    public override func mouseExited() { setHovered(nil) }

    private func setHovered(_ index: Int?) {
        guard index != hoveredRow else { return }
        if let old = hoveredRow { invalidate(rowRect(old)) }
        hoveredRow = index
        if let index { invalidate(rowRect(index)) }
    }

    public override func scrollWheel(_ event: WheelEvent) -> Bool {
        let before = scrollOffset
        scrollOffset -= event.dy * pixelsPerWheelUnit
        return scrollOffset != before || contentHeight > size.height
    }
}

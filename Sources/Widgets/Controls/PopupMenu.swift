/// A context menu shown in the host's overlay layer. ↑/↓ move the highlight (skipping
/// disabled items, wrapping), Enter or Space choose, Escape or a click outside close it.
///
/// ```swift
/// let menu = PopupMenu([MenuItem("Query") { … }, MenuItem("Whois") { … }])
/// menu.show(in: host, at: clickPoint)
/// ```
public final class PopupMenu: Widget {
    /// The entries.
    public var items: [MenuItem] { didSet { setNeedsLayout() } }
    /// The highlighted entry.
    public private(set) var highlightedIndex: Int?
    /// The font.
    public var font = Theme.standard.font { didSet { if font != oldValue { setNeedsLayout() } } }
    /// Text colour.
    public var textColor = Theme.standard.text
    /// Disabled text colour.
    public var disabledColor = Theme.standard.mutedText
    /// Highlight colour.
    public var highlightColor = Theme.standard.accent
    /// Called when the menu closes, whether or not an item was chosen.
    public var onDismiss: (() -> Void)?
    private let rowPadding = EdgeInsets(horizontal: 12, vertical: 4)
    private let inset = 4.0
    private var rowHeight = 20.0
    private var titleLayouts: [TextLayout] = []

    /// Creates a menu in `theme`'s font and colours.
    public init(_ items: [MenuItem], theme: Theme = .standard) {
        self.items = items
        super.init()
        font = theme.font
        textColor = theme.text
        disabledColor = theme.mutedText
        highlightColor = theme.accent
        backgroundColor = theme.surface
    }

    public override var isFocusable: Bool { true }

    /// Shows the menu in `host`'s overlay layer at a window point, taking keyboard focus.
    public func show(in host: WidgetHost, at point: Point) {
        highlightedIndex = nil
        host.showOverlay(self, at: point, dismissOnOutsideClick: true, takesFocus: true)
    }

    /// Closes the menu.
    public func dismiss() {
        host?.dismissOverlay(self)
    }

    public override func overlayDismissed() { onDismiss?() }

    /// A row's rectangle in local coordinates.
    public func rowRect(_ index: Int) -> Rect {
        Rect(x: 0, y: inset + Double(index) * rowHeight, width: size.width, height: rowHeight)
    }

    private func row(at point: Point) -> Int? {
        guard bounds.contains(point) else { return nil }
        let index = Int(((point.y - inset) / rowHeight).rounded(.down))
        return items.indices.contains(index) && point.y >= inset ? index : nil
    }

    public override func performLayout(_ constraints: BoxConstraints, _ context: LayoutContext) -> Size {
        titleLayouts = items.map { context.layoutText(StyledText($0.title, attributes: TextAttributes(font: font)), maxWidth: nil) }
        rowHeight = context.measurer.lineMetrics(font).lineHeight + rowPadding.vertical
        let width = max(120, (titleLayouts.map(\.size.width).max() ?? 0) + rowPadding.horizontal)
        return Size(width: width, height: Double(items.count) * rowHeight + 2 * inset)
    }

    public override func paint(_ context: inout PaintContext) {
        super.paint(&context)
        context.stroke(bounds, width: 1, Theme.standard.border)
        for (index, item) in items.enumerated() where index < titleLayouts.count {
            let rect = rowRect(index)
            if index == highlightedIndex { context.fill(rect, highlightColor) }
            let styled = StyledText(item.title, attributes: TextAttributes(font: font, foreground: item.isEnabled ? textColor : disabledColor))
            if let layout = titleLayouts[index].restyled(styled) {
                context.drawText(layout, at: Point(x: rowPadding.left, y: rect.minY + rowPadding.top))
            }
        }
    }

    private func highlight(_ index: Int?) {
        guard index != highlightedIndex else { return }
        if let old = highlightedIndex { invalidate(rowRect(old)) }
        highlightedIndex = index
        if let index { invalidate(rowRect(index)) }
    }

    private func step(_ delta: Int) {
        guard items.contains(where: \.isEnabled) else { return }
        var index = highlightedIndex ?? (delta > 0 ? -1 : items.count)
        repeat {
            index = (index + delta + items.count) % items.count
        } while !items[index].isEnabled
        highlight(index)
    }

    /// Closes the menu and runs the item's action (if enabled).
    public func activate(_ index: Int) {
        guard items.indices.contains(index), items[index].isEnabled else { return }
        let action = items[index].action
        dismiss()
        action()
    }

    public override func keyDown(_ event: KeyEvent) -> Bool {
        switch event.key {
        case .up: step(-1)
        case .down: step(1)
        case .home: highlight(nil); step(1)
        case .end: highlight(nil); step(-1)
        case .enter, .space:
            if let highlightedIndex { activate(highlightedIndex) }
        case .escape: dismiss()
        default: return false
        }
        return true
    }

    public override func mouseMoved(_ event: MouseEvent) {
        highlight(row(at: event.position).flatMap { items[$0].isEnabled ? $0 : nil })
    }

    public override func mouseDown(_ event: MouseEvent) -> Bool { true }

    public override func mouseDragged(_ event: MouseEvent) { mouseMoved(event) }

    public override func mouseUp(_ event: MouseEvent) {
        if let index = row(at: event.position) { activate(index) }
    }

    public override func cursor(at point: Point) -> CursorShape? { .arrow }
}

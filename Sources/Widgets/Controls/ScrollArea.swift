/// A window onto a taller child: the child is laid out as tall as it wants at the area's width
/// and shown from ``offset`` down, clipped; the wheel and Page Up / Page Down (from a focused
/// descendant that leaves them, as a text field does) move it, and ``reveal(_:)`` brings a
/// descendant into view (the focused field of a form). A thin bar at the right edge shows
/// where the view is when the child does not fit.
public final class ScrollArea: Widget {
    /// The scrolled child.
    public let content: Widget
    /// How far the content is scrolled up, from 0 to ``maxOffset``.
    public private(set) var offset = 0.0
    /// Points moved per wheel notch.
    public var lineStep = 40.0
    /// Space kept above and below a revealed widget.
    public var revealMargin = 8.0
    /// The scroll bar's colour.
    public var barColor = Theme.standard.mutedText.withAlpha(0x80) { didSet { if barColor != oldValue { setNeedsPaint() } } }

    /// An area showing `content`.
    public init(_ content: Widget) {
        self.content = content
        super.init()
        clipsChildren = true
        addChild(content)
    }

    /// The largest offset: the content's height past the area's.
    public var maxOffset: Double { max(0, content.size.height - size.height) }

    /// Scrolls to `offset`, kept within 0 … ``maxOffset``.
    public func scroll(to newOffset: Double) {
        let clamped = min(max(0, newOffset), maxOffset).rounded()
        guard clamped != offset else { return }
        offset = clamped
        setNeedsLayout()
    }

    /// Scrolls the least that shows `widget` (a descendant of the content) whole, or its top
    /// when it is taller than the area. Uses the last layout's geometry.
    public func reveal(_ widget: Widget) {
        guard widget.isDescendant(of: content), widget !== content else { return }
        let top = widget.windowFrame.minY - content.windowFrame.minY
        let bottom = top + widget.size.height
        if top - revealMargin < offset || bottom - top + 2 * revealMargin > size.height {
            scroll(to: top - revealMargin)
        } else if bottom + revealMargin > offset + size.height {
            scroll(to: bottom + revealMargin - size.height)
        }
    }

    public override func performLayout(_ constraints: BoxConstraints, _ context: LayoutContext) -> Size {
        let width = constraints.maxWidth.isFinite ? constraints.maxWidth : constraints.minWidth
        let contentSize = content.layout(BoxConstraints(minWidth: width, maxWidth: width, minHeight: 0, maxHeight: .infinity), context)
        let height = constraints.maxHeight.isFinite ? constraints.maxHeight : contentSize.height
        // The content may have shrunk (another section shown): the offset stays within it.
        offset = min(offset, max(0, contentSize.height - height))
        place(content, at: Point(x: 0, y: -offset))
        return Size(width: width, height: height)
    }

    public override func paintOverlay(_ context: inout PaintContext) {
        guard content.size.height > size.height, size.height > 0 else { return }
        let visible = size.height / content.size.height
        let thumb = max(24, size.height * visible)
        let y = (size.height - thumb) * (maxOffset > 0 ? offset / maxOffset : 0)
        context.fillRounded(Rect(x: size.width - 5, y: y, width: 4, height: thumb), radius: 2, barColor)
    }

    public override func scrollWheel(_ event: WheelEvent) -> Bool {
        guard maxOffset > 0 else { return false }
        scroll(to: offset - event.dy * (event.isNotched ? lineStep : 1))
        return true
    }

    public override func keyDown(_ event: KeyEvent) -> Bool {
        guard event.modifiers.isEmpty else { return false }
        switch event.key {
        case .pageUp: scroll(to: offset - size.height * 0.9)
        case .pageDown: scroll(to: offset + size.height * 0.9)
        default: return false
        }
        return true
    }
}

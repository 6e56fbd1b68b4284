/// Scrolling by moving pixels: a widget whose content moves as a whole (the message list when
/// a line arrives) asks the backend to move what is already on screen and damages only what
/// it uncovers, instead of repainting its whole area.
extension WidgetHost {
    /// Registers `widget` so that its ``Widget/prepareToPaint()`` runs before every paint pass
    /// while it is attached to this host. Idempotent.
    public func preparesBeforePaint(_ widget: Widget) {
        paintPreparers[ObjectIdentifier(widget)] = WeakWidget(widget)
    }

    /// Asks for a paint pass even though nothing is damaged yet (a registered widget will work
    /// out its damage in ``Widget/prepareToPaint()``).
    public func requestPaintPass() {
        paintPassRequested = true
    }

    /// Runs the registered widgets' preparation; forgets the ones that left the host.
    func preparePaintPass() {
        for (key, entry) in paintPreparers {
            guard let widget = entry.widget, widget.host === self else {
                paintPreparers[key] = nil
                continue
            }
            widget.prepareToPaint()
        }
        paintPassRequested = false   // requests made while preparing are served by this pass
    }

    /// Moves the pixels on screen inside `rect` (window coordinates) by `dy` at the next paint
    /// pass, before anything is repainted, for `widget`, whose own painting inside `rect` moved
    /// by exactly `dy`. The host keeps everything else right: damage already pending inside
    /// `rect` is damaged again where its stale pixels land, the strip the move uncovers is
    /// damaged, and so is every widget painted after `widget` (its descendants, later siblings
    /// and overlays) that overlaps `rect`, where it is and where its pixels land.
    ///
    /// Returns `false`, doing nothing, when the backend cannot move pixels
    /// (``allowsPixelScrolling``), when `dy` is not a whole number of output pixels, or when it
    /// moves everything out of `rect`: the caller then damages the area instead. A pass whose
    /// damage covers `rect` anyway drops the move.
    @discardableResult
    public func scroll(_ rect: Rect, by dy: Double, below widget: Widget) -> Bool {
        let rect = rect.intersection(windowBounds)
        let pixels = dy * scale
        guard allowsPixelScrolling, dy != 0, !rect.isEmpty, abs(dy) < rect.height,
              abs(pixels - pixels.rounded()) < 1e-6 else { return false }
        for pending in damage.rects where pending.intersects(rect) {
            damage.add(pending.intersection(rect).offsetBy(dx: 0, dy: dy).intersection(rect))
        }
        let uncovered = dy < 0 ? Rect(x: rect.minX, y: rect.maxY + dy, width: rect.width, height: -dy)
                               : Rect(x: rect.minX, y: rect.minY, width: rect.width, height: dy)
        damage.add(uncovered)
        var passed = false
        func visit(_ node: Widget) {
            if node === widget { passed = true }
            else if passed, !node.isHidden, let area = node.lastWindowRect, area.intersects(rect) {
                let inside = area.intersection(rect)
                damage.add(inside)
                damage.add(inside.offsetBy(dx: 0, dy: dy).intersection(rect))
            }
            for child in node.children { visit(child) }
        }
        visit(root)
        passed = true
        for entry in overlays { visit(entry.widget) }
        pendingScrolls.append((rect, dy))
        return true
    }
}

/// A weak reference to a widget.
@MainActor
struct WeakWidget {
    weak var widget: Widget?
    init(_ widget: Widget) { self.widget = widget }
}

import ScrollPhysics

/// Input: wheel notches, touchpad deltas, touch drags, mouse clicks and drags (selection,
/// scroll bar, pill) and the list's keys. Every new scroll input, touch or click stops a running
/// motion in the same frame.
extension MessageListView {
    // MARK: - Wheel and touchpad

    func handleWheel(_ event: WheelEvent) -> Bool {
        guard event.dy != 0, dataSource != nil else { return false }
        viewport.settle()
        let now = self.now
        viewport.clock = now
        if event.isNotched {
            // A notch adds to the running animation's goal; a running fling stops, a running
            // animation hands on its velocity. Past an edge the goal is the edge.
            let distance = -event.dy * WheelAnimation.notchDistance(viewportHeight: viewportHeight)
            viewport.animate(by: distance)
        } else {
            // Deltas apply 1:1 (a running motion stops where it is); momentum follows them.
            let delta = -event.dy * pixelsPerPreciseUnit
            viewport.scrolling { $0.touchpadScroll(by: delta, viewport, now: now) }
            noteScrollActivity()
            viewport.settle()
        }
        viewport.checkNeedOlder()
        scheduleWake()
        return true
    }

    // MARK: - Mouse and touch

    func handlePress(_ event: MouseEvent) -> Bool {
        viewport.settle()
        let now = self.now
        viewport.clock = now
        let point = event.position
        if event.isTouch {
            if isPillVisible, let pill = pillRect(), pill.contains(point) {
                jumpToBottom()
                return true
            }
            viewport.scrolling { $0.beginTouch(at: point.y, viewport, now: now) }   // a running motion stops
            scheduleWake()
            return true
        }
        if event.button == .right { return showRowMenu(at: point) }
        if event.button == .middle, let onMiddleClick {
            onMiddleClick()
            return true
        }
        guard event.button == .left else { return false }
        viewport.stopMotion(springBack: true)
        defer { scheduleWake() }
        if isPillVisible, let pill = pillRect(), pill.contains(point) {
            jumpToBottom()
            return true
        }
        if let bar = scrollBarGeometry(), bar.hitArea.contains(point) {
            noteScrollActivity()
            if bar.thumb.contains(point) {
                viewport.scrolling { $0.beginThumbDrag(grab: point.y - bar.thumb.minY) }
            } else {
                scrollAnimated(by: (point.y < bar.thumb.minY ? -0.9 : 0.9) * viewportHeight)
            }
            return true
        }
        let start = selectionPoint(at: point)
        selection = ListSelection(anchor: start, focus: start)
        isSelecting = true
        setNeedsPaint()
        return true
    }

    /// The data source's menu for the row under `point`, shown where the pointer is.
    func showRowMenu(at point: Point) -> Bool {
        guard let dataSource, let host, rowCount > 0 else { return false }
        let at = selectionPoint(at: point)
        guard let layout = cachedLayout(at.row) else { return false }
        var items: [MenuItem] = []
        if let spot = hotspot(at: point) { items = dataSource.menu(forHotspot: spot.id, row: spot.row) }
        if items.isEmpty { items = dataSource.menu(forRowAt: at.row, character: at.character, layout: layout) }
        guard !items.isEmpty else { return false }
        PopupMenu(items, theme: theme).show(in: host, at: convertToWindow(point))
        return true
    }

    func handleDrag(_ event: MouseEvent) {
        let point = event.position
        let now = self.now
        if scroll.isTouching {
            if viewport.scrolling({ $0.moveTouch(to: point.y, viewport, now: now) }) {   // past the slop
                noteScrollActivity()
                viewport.settle()
                viewport.checkNeedOlder()
            }
        } else if scroll.isThumbDragging, let bar = scrollBarGeometry() {
            viewport.scrolling { $0.dragThumb(pointerAt: point.y, on: bar, viewport) }
            noteScrollActivity()
            viewport.settle()
            viewport.checkNeedOlder()
        } else if isSelecting, var current = selection {
            current.focus = selectionPoint(at: point)
            if current != selection {
                selection = current
                setNeedsPaint()
            }
        }
        scheduleWake()
    }

    func handleRelease(_ event: MouseEvent) {
        let now = self.now
        if let end = viewport.scrolling({ $0.endTouch(viewport, now: now) }) {   // a drag flings on
            if end == .tap, selection != nil {
                selection = nil   // a tap clears the selection
                setNeedsPaint()
            }
        } else if scroll.isThumbDragging {
            viewport.scrolling { $0.endThumbDrag() }
            noteScrollActivity()
        } else if isSelecting {
            isSelecting = false
            // What the mouse selected is the PRIMARY selection, as anywhere on X11.
            if let selection, !selection.isEmpty, let text = selectedText { host?.clipboard.setPrimaryText(text) }
            if let click = selection, click.isEmpty {
                selection = nil
                setNeedsPaint()
                let row = click.anchor.row
                if let spot = hotspot(at: event.position) {
                    if dataSource?.activateHotspot(spot.id, row: spot.row, modifiers: event.modifiers) == true {
                        rowChanged(at: spot.row)
                    }
                } else if row < rowCount, let layout = cachedLayout(row),
                   dataSource?.activateRow(at: row, character: click.anchor.character, layout: layout,
                                           modifiers: event.modifiers) == true {
                    rowChanged(at: row)
                }
            }
        }
        viewport.settle()
        scheduleWake()
    }

    func handleHover(_ event: MouseEvent) {
        bar.isHovering = scrollBarGeometry()?.hitArea.contains(event.position) ?? false
        noteScrollActivity()
        scheduleWake()
        updateTooltip(at: bar.isHovering ? nil : event.position)
    }

    /// Asks the data source what to say about the row part under `point` (who reacted, on a
    /// reaction chip) and makes it the list's tooltip, which the host shows by the pointer
    /// after its delay; a different text hides the one shown, so the next rest shows the new one.
    func updateTooltip(at point: Point?) {
        var text: String?
        if let point, let dataSource, rowCount > 0, paintY + point.y < contentHeight, paintY + point.y >= 0 {
            let at = selectionPoint(at: point)
            if let layout = cachedLayout(at.row) {
                text = dataSource.tooltip(forRowAt: at.row, character: at.character, layout: layout)
            }
        }
        guard text != tooltip else { return }
        tooltip = text
        host?.hideTooltip()
    }

    func handleExit() {
        bar.isHovering = false
        scheduleWake()
    }

    func cursorShape(at point: Point) -> CursorShape {
        if isPillVisible, let pill = pillRect(), pill.contains(point) { return .hand }
        if let bar = scrollBarGeometry(), bar.hitArea.contains(point) { return .arrow }
        if linkAttributes(at: point) != nil || hotspot(at: point) != nil { return .hand }
        return .ibeam
    }

    // MARK: - Keys

    /// The list's keys, for the chat window to forward while the input line has focus:
    /// PageUp/PageDown scroll 90 % of the viewport (animated), Ctrl+Home/Ctrl+End go to the
    /// oldest loaded row / the bottom (pinning), Ctrl+C copies the selection. Plain Home/End
    /// are not consumed (they belong to the input line). Returns whether the key was used.
    public func handleKey(_ event: KeyEvent) -> Bool {
        let mods = event.modifiers
        let ctrl = mods.contains(.ctrl) && !mods.contains(.alt) && !mods.contains(.gui)
        switch event.key {
        case .pageUp where mods.isEmpty || mods == [.shift]:
            scrollAnimated(by: -0.9 * viewportHeight)
            return true
        case .pageDown where mods.isEmpty || mods == [.shift]:
            scrollAnimated(by: 0.9 * viewportHeight)
            return true
        case .home where ctrl:
            scrollToOldest()
            return true
        case .end where ctrl:
            jumpToBottom()
            return true
        case .character("c") where ctrl:
            return copySelection()
        default:
            return false
        }
    }
}

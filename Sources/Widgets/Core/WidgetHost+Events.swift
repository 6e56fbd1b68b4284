extension WidgetHost {
    /// Routes one input event into the tree. Layout runs first if pending, so handlers see
    /// current geometry.
    ///
    /// - Mouse events go to the deepest widget under the pointer (overlays first, topmost child
    ///   first), bubbling to parents until one consumes it; the widget consuming a button press
    ///   captures the mouse until release and receives the moves in between as drags.
    /// - Keys go to the focused widget and bubble up; an unconsumed Tab / Shift+Tab moves focus
    ///   and an unconsumed Escape dismisses the topmost overlay.
    /// - A single finger is treated like the left mouse button, with ``MouseEvent/isTouch`` set
    ///   so that a kinetic list can scroll on a touch drag where a mouse drag selects.
    /// - A resize to another output scale (a zoom) lays every widget out again: text measures
    ///   differently there.
    public func handle(_ event: InputEvent) {
        layoutIfNeeded()
        // A widget hidden with an ancestor, or before it was attached, may still hold the keyboard.
        focusShownWidget()
        switch event {
        case .mouseMove(let e): mouseMove(e)
        case .mouseDown(let e): mouseDown(e)
        case .mouseUp(let e): mouseUp(e)
        case .mouseLeave:
            mousePosition = nil
            hideTooltip()
            if capturedWidget == nil { setHovered(nil) }
            cursor = .arrow
        case .wheel(let e):
            hideTooltip()
            var node = hitWidget(at: e.position)
            while let widget = node {
                var local = e
                local.position = widget.convertFromWindow(e.position)
                if widget.scrollWheel(local) { break }
                node = widget.parent
            }
        case .magnify(let e):
            hideTooltip()
            var node = hitWidget(at: e.position)
            while let widget = node {
                var local = e
                local.position = widget.convertFromWindow(e.position)
                if widget.magnify(local) { break }
                node = widget.parent
            }
        case .fingerDown(let t):
            guard primaryFinger == nil else { return }
            primaryFinger = t.fingerID
            mouseMove(MouseEvent(position: t.position, isTouch: true))
            mouseDown(MouseEvent(position: t.position, isTouch: true))
        case .fingerMove(let t):
            if t.fingerID == primaryFinger { mouseMove(MouseEvent(position: t.position, isTouch: true)) }
        case .fingerUp(let t):
            guard t.fingerID == primaryFinger else { return }
            primaryFinger = nil
            mouseUp(MouseEvent(position: t.position, isTouch: true))
        case .keyDown(let e):
            dropsShortcutText = false
            if keyDown(e) { keyTakenAsShortcut(e) }
        case .keyUp:
            // The text of a key press comes before its release: nothing later is dropped.
            dropsShortcutText = false
        case .textInput(let text):
            // Matching the text against the key cannot work: Ctrl+Shift+= sends "+", the
            // keypad's keys are named, and layouts differ. The press's own text is the next one.
            let isShortcutText = dropsShortcutText
            dropsShortcutText = false
            if !isShortcutText { type(text) }
        case .textEditing(let composition): _ = focusedWidget?.textEditing(composition)
        case .resize(let newSize, let newScale):
            if newScale != scale {
                scale = newScale
                // Text measures differently at another scale: every widget lays out again, also
                // those whose constraints stay the same (the text cache keys layouts by scale).
                root.setNeedsLayoutThroughout()
                for entry in overlays { entry.widget.setNeedsLayoutThroughout() }
                scheduleLayout()
                invalidateAll()
            }
            layout(size: newSize)
        case .focusGained:
            isWindowFocused = true
            focusedWidget?.focusChanged(true)
        case .focusLost:
            isWindowFocused = false
            hideTooltip()
            focusedWidget?.focusChanged(false)
        case .fileDropped(let path):
            onFileDrop?(path)
        }
        layoutIfNeeded()
    }

    /// A key press was taken as a shortcut before or by a widget (the window's zoom keys, a
    /// binding): with Ctrl, Alt or Super, or a named key (the keypad's), the text the same
    /// press sends is not typed, whatever it is. Shift alone is typing, and a plain key's
    /// text (Space, a letter) is typed wherever its key went.
    public func keyTakenAsShortcut(_ e: KeyEvent) {
        let named = if case .named = e.key { true } else { false }
        dropsShortcutText = named || !e.modifiers.isDisjoint(with: [.ctrl, .alt, .gui])
    }

    /// Typed text goes to the focused widget, or, when it does not take text (or nothing has
    /// the keyboard), to ``textHome``, which takes the keyboard with it: nothing typed vanishes.
    private func type(_ text: String) {
        if let focused = focusedWidget, focused.textInput(text) { return }
        guard let home = textHome, home !== focusedWidget, overlays.isEmpty else { return }
        focus(home)
        _ = home.textInput(text)
    }

    /// The deepest widget at a window point: overlays first (topmost first), then the root.
    public func hitWidget(at point: Point) -> Widget? {
        for entry in overlays.reversed() {
            if let hit = entry.widget.hitTest(point - entry.widget.frame.origin) { return hit }
        }
        return root.hitTest(point)
    }

    private func mouseMove(_ e: MouseEvent) {
        mousePosition = e.position
        if let captured = capturedWidget {
            var local = e
            local.position = captured.convertFromWindow(e.position)
            captured.mouseDragged(local)
            cursor = captured.cursor(at: local.position) ?? cursor
            return
        }
        let target = hitWidget(at: e.position)
        setHovered(target)
        if let target {
            var local = e
            local.position = target.convertFromWindow(e.position)
            target.mouseMoved(local)
        }
        updateCursor(at: e.position)
        updateTooltip(for: target)
    }

    private func mouseDown(_ e: MouseEvent) {
        mousePosition = e.position
        hideTooltip()
        if let top = overlays.last, top.dismissOnOutsideClick,
           !top.widget.frame.contains(e.position) {
            dismissOverlay(top.widget)
            return
        }
        let target = hitWidget(at: e.position)
        var node = target
        var returnsKeyboard = false
        while let widget = node, !widget.isFocusable {
            returnsKeyboard = returnsKeyboard || widget.clickReturnsKeyboard
            node = widget.parent
        }
        if let focusable = node {
            focus(focusable)
        } else if returnsKeyboard, overlays.isEmpty, let home = textHome {
            // A click in the messages: typing goes on in the input line, as in other chat
            // clients, not in a list clicked long before.
            focus(home)
        }
        node = target
        while let widget = node {
            var local = e
            local.position = widget.convertFromWindow(e.position)
            if widget.mouseDown(local) {
                if widget.host === self { capturedWidget = widget }
                break
            }
            node = widget.parent
        }
        updateCursor(at: e.position)
    }

    private func mouseUp(_ e: MouseEvent) {
        mousePosition = e.position
        guard let captured = capturedWidget else { return }
        capturedWidget = nil
        var local = e
        local.position = captured.convertFromWindow(e.position)
        captured.mouseUp(local)
        layoutIfNeeded()
        setHovered(hitWidget(at: e.position))
        updateCursor(at: e.position)
    }

    /// Whether a widget consumed the key.
    private func keyDown(_ e: KeyEvent) -> Bool {
        hideTooltip()
        var node = focusedWidget ?? overlays.last?.widget
        while let widget = node {
            if widget.keyDown(e) { return true }
            node = widget.parent
        }
        if e.key == .tab && e.modifiers.isDisjoint(with: [.ctrl, .alt, .gui]) {
            if e.modifiers.contains(.shift) { focusPrevious() } else { focusNext() }
        } else if e.key == .escape, let top = overlays.last, top.dismissOnOutsideClick {
            dismissOverlay(top.widget)
        }
        return false
    }

    private func setHovered(_ widget: Widget?) {
        guard widget !== hoveredWidget else { return }
        let old = hoveredWidget
        hoveredWidget = widget
        old?.mouseExited()
        widget?.mouseEntered()
    }

    private func updateCursor(at point: Point) {
        var node = capturedWidget ?? hoveredWidget
        while let widget = node {
            if let shape = widget.cursor(at: widget.convertFromWindow(point)) {
                cursor = shape
                return
            }
            node = widget.parent
        }
        cursor = .arrow
    }

    // MARK: - Tooltips

    private func updateTooltip(for target: Widget?) {
        var node = target
        while let widget = node, widget.tooltip == nil { node = widget.parent }
        guard node !== tooltipOwner else { return }
        hideTooltip()
        tooltipOwner = node
        if node != nil { tooltipDue = now + tooltipDelay }
    }

    func showTooltip() {
        tooltipDue = nil
        guard let owner = tooltipOwner, let text = owner.tooltip, owner.host === self,
              let position = mousePosition, tooltipWidget == nil else { return }
        let tip = Tooltip(text: text)
        tooltipWidget = tip
        showOverlay(tip, at: position + Point(x: 12, y: 20), dismissOnOutsideClick: false, takesFocus: false)
    }

    /// Hides the tooltip if one is shown and stops the pending delay.
    public func hideTooltip() {
        tooltipDue = nil
        if let tip = tooltipWidget {
            tooltipWidget = nil
            dismissOverlay(tip)
        }
        tooltipOwner = nil
    }

    /// The tooltip currently shown, if any.
    public var visibleTooltip: Tooltip? { tooltipWidget }
}

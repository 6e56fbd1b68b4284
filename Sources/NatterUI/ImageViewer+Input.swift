import Glibc
import Widgets

/// The viewer's input: keys, the pointer (drag, backdrop click, menu), the wheel and pinches.
/// Every event is taken: the chat under the viewer gets none.
extension ImageViewer {
    /// The viewport's centre, where the keys zoom around.
    var viewportCentre: Point { Point(x: viewportRect.midX, y: viewportRect.midY) }

    /// A viewer point in the viewport's coordinates (those of the state).
    func inViewport(_ point: Point) -> Point { point - viewportRect.origin }

    func handleKey(_ event: KeyEvent) -> Bool {
        // Shortcuts with Ctrl, Alt or Super are the window's (quit, zoom of the interface).
        guard event.modifiers.isDisjoint(with: [.ctrl, .alt, .gui]) else { return false }
        let now = self.now
        switch event.key {
        case .escape: close(); return true
        case .character("0"), .character("f"), .character("F"): state.fit(now: now)
        case .character("1"): state.actualSize(around: inViewport(viewportCentre), now: now)
        case .character("+"), .character("="), .named("Keypad +"):
            state.zoom(by: ImageViewState.zoomStep, around: inViewport(viewportCentre), now: now)
        case .character("-"), .named("Keypad -"):
            state.zoom(by: 1 / ImageViewState.zoomStep, around: inViewport(viewportCentre), now: now)
        case .left: state.pan(by: Point(x: -Self.arrowStep, y: 0), now: now)
        case .right: state.pan(by: Point(x: Self.arrowStep, y: 0), now: now)
        case .up: state.pan(by: Point(x: 0, y: -Self.arrowStep), now: now)
        case .down: state.pan(by: Point(x: 0, y: Self.arrowStep), now: now)
        default: return true
        }
        changed()
        return true
    }

    func handlePress(_ event: MouseEvent) -> Bool {
        let now = self.now
        switch event.button {
        case .right:
            openMenu(at: convertToWindow(event.position))
        case .left where event.clickCount == 2 && imageRect.contains(event.position):
            // A double click goes between the whole image and its pixels under the pointer.
            if state.isFitted { state.actualSize(around: inViewport(event.position), now: now) } else { state.fit(now: now) }
            backdropPress = nil
            changed()
        case .left:
            if imageRect.contains(event.position) || state.isAnimating(at: now) {
                // A press on a moving image catches it, as on the list.
                state.beginDrag(at: inViewport(event.position), now: now)
                backdropPress = nil
            } else if viewportRect.contains(event.position) {
                backdropPress = event.position
            }
            changed()
        default: break
        }
        return true
    }

    func handleDrag(_ event: MouseEvent) {
        if let press = backdropPress, hypot(event.position.x - press.x, event.position.y - press.y) > 4 { backdropPress = nil }
        guard state.isDragging else { return }
        state.dragMoved(to: inViewport(event.position), now: now)
        changed()
    }

    func handleRelease(_ event: MouseEvent) {
        if let press = backdropPress {
            backdropPress = nil
            if !imageRect.contains(press), viewportRect.contains(event.position) { close() }
            return
        }
        guard state.isDragging else { return }
        state.endDrag(now: now)
        changed()
    }

    func handleWheel(_ event: WheelEvent) -> Bool {
        let now = self.now
        if event.modifiers.contains(.ctrl) {
            guard event.dy != 0 else { return true }
            state.zoom(by: pow(ImageViewState.zoomStep, event.dy), around: inViewport(event.position), now: now)
        } else {
            // A notch pans a step; a touchpad's deltas are pixels. The wheel turned away from
            // the user shows what is above, as in the list.
            let step = event.isNotched ? Self.notchStep : 1
            state.pan(by: Point(x: event.dx * step, y: -event.dy * step), now: now)
        }
        changed()
        return true
    }

    func handleMagnify(_ event: MagnifyEvent) -> Bool {
        state.magnify(by: event.factor, around: inViewport(event.position), now: now)
        changed()
        return true
    }

    /// The right-click menu at window point `point`.
    func openMenu(at point: Point) {
        guard let host else { return }
        state.stop(now: now)
        let url = thumbnail.imageURL
        let menu = PopupMenu([
            MenuItem("Copy link") { [weak self] in self?.onCopyLink?(url) },
            MenuItem("Save image as…", isEnabled: onSaveAs != nil) { [weak self] in self?.onSaveAs?() },
            MenuItem("Open in browser") { [weak self] in self?.onOpenLink?(url) },
        ], theme: theme.base)
        menu.onDismiss = { [weak self, weak menu] in
            if let self, self.menu === menu { self.menu = nil }
        }
        self.menu = menu
        menu.show(in: host, at: point)
    }
}

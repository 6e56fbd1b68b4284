import CSDL2
import Widgets

/// Turns SDL events into the toolkit's `InputEvent`s, in logical window coordinates.
public enum SDLEventTranslator {
    /// The input event for `event`, or nil for events the toolkit does not take (window
    /// expose, quit, user events, …). `windowSize` is the logical size (for finger positions,
    /// which SDL gives as fractions of the window) and `scale` the pixel density;
    /// `contentScale` is how many window units a logical pixel covers (the desktop's scale and
    /// the zoom, `AppWindow.contentScale`), which mouse positions are divided by.
    public static func translate(_ event: SDL_Event, windowSize: Size, scale: Double, contentScale: Double = 1) -> InputEvent? {
        func point(_ x: Int32, _ y: Int32) -> Point { Point(x: Double(x) / contentScale, y: Double(y) / contentScale) }
        switch SDL_EventType(event.type) {
        case SDL_MOUSEMOTION:
            let m = event.motion
            return .mouseMove(MouseEvent(position: point(m.x, m.y),
                                         button: buttonHeld(m.state), clickCount: 0, modifiers: modifiers()))
        case SDL_MOUSEBUTTONDOWN, SDL_MOUSEBUTTONUP:
            let b = event.button
            let mouse = MouseEvent(position: point(b.x, b.y), button: button(b.button),
                                   clickCount: Int(b.clicks), modifiers: modifiers())
            return event.type == SDL_MOUSEBUTTONDOWN.rawValue ? .mouseDown(mouse) : .mouseUp(mouse)
        case SDL_MOUSEWHEEL:
            let w = event.wheel
            let flip: Float = w.direction == SDL_MOUSEWHEEL_FLIPPED.rawValue ? -1 : 1
            let dx = Double(w.preciseX * flip), dy = Double(w.preciseY * flip)
            // Notched wheels report whole steps; smooth (touchpad) scrolling reports fractions.
            let notched = dx == dx.rounded() && dy == dy.rounded()
            return .wheel(WheelEvent(position: point(w.mouseX, w.mouseY),
                                     dx: dx, dy: dy, isNotched: notched, modifiers: modifiers()))
        case SDL_FINGERDOWN, SDL_FINGERMOTION, SDL_FINGERUP:
            let f = event.tfinger
            let touch = TouchEvent(fingerID: f.fingerId,
                                   position: Point(x: Double(f.x) * windowSize.width, y: Double(f.y) * windowSize.height))
            switch SDL_EventType(event.type) {
            case SDL_FINGERDOWN: return .fingerDown(touch)
            case SDL_FINGERMOTION: return .fingerMove(touch)
            default: return .fingerUp(touch)
            }
        case SDL_MULTIGESTURE:
            let g = event.mgesture
            guard g.numFingers >= 2, g.dDist != 0 else { return nil }
            return .magnify(MagnifyEvent(position: Point(x: Double(g.x) * windowSize.width, y: Double(g.y) * windowSize.height),
                                         factor: pinchFactor(distanceChange: Double(g.dDist))))
        case SDL_KEYDOWN, SDL_KEYUP:
            let k = event.key
            let key = KeyEvent(self.key(k.keysym.sym), modifiers: modifiers(UInt32(k.keysym.mod)),
                               isRepeat: k.repeat != 0)
            return event.type == SDL_KEYDOWN.rawValue ? .keyDown(key) : .keyUp(key)
        case SDL_TEXTINPUT:
            var text = event.text.text
            return .textInput(string(fromCArray: &text))
        case SDL_TEXTEDITING:
            var edit = event.edit
            let text = string(fromCArray: &edit.text)
            return .textEditing(TextComposition(text: text, cursor: Int(edit.start)))
        case SDL_WINDOWEVENT:
            switch SDL_WindowEventID(UInt32(event.window.event)) {
            case SDL_WINDOWEVENT_FOCUS_GAINED: return .focusGained
            case SDL_WINDOWEVENT_FOCUS_LOST: return .focusLost
            case SDL_WINDOWEVENT_LEAVE: return .mouseLeave
            case SDL_WINDOWEVENT_SIZE_CHANGED: return .resize(windowSize, scale: scale)
            default: return nil
            }
        case SDL_DROPFILE:
            // SDL hands over the path's memory: it is freed here, once copied.
            guard let file = event.drop.file else { return nil }
            defer { SDL_free(file) }
            return .fileDropped(String(cString: file))
        default:
            return nil
        }
    }

    /// The zoom of a pinch whose fingers' distance changed by `change` (a fraction of the
    /// screen's size, SDL's `dDist`): SDL does not say how far apart the fingers are, so they
    /// are taken to be a quarter of the screen apart, a two-finger pinch's usual span; the
    /// factor is kept within 0.5…2 per event.
    public static func pinchFactor(distanceChange change: Double) -> Double {
        guard change.isFinite else { return 1 }
        return min(max(1 + change / 0.25, 0.5), 2)
    }

    /// The toolkit key for an SDL key code.
    public static func key(_ sym: SDL_Keycode) -> Key {
        switch sym {
        case Int32(SDLK_LEFT.rawValue): return .left
        case Int32(SDLK_RIGHT.rawValue): return .right
        case Int32(SDLK_UP.rawValue): return .up
        case Int32(SDLK_DOWN.rawValue): return .down
        case Int32(SDLK_HOME.rawValue): return .home
        case Int32(SDLK_END.rawValue): return .end
        case Int32(SDLK_PAGEUP.rawValue): return .pageUp
        case Int32(SDLK_PAGEDOWN.rawValue): return .pageDown
        case Int32(SDLK_BACKSPACE.rawValue): return .backspace
        case Int32(SDLK_DELETE.rawValue): return .delete
        case Int32(SDLK_RETURN.rawValue), Int32(SDLK_KP_ENTER.rawValue): return .enter
        case Int32(SDLK_TAB.rawValue): return .tab
        case Int32(SDLK_ESCAPE.rawValue): return .escape
        case Int32(SDLK_SPACE.rawValue): return .space
        case Int32(SDLK_INSERT.rawValue): return .insert
        case Int32(SDLK_F1.rawValue)...Int32(SDLK_F12.rawValue): return .function(Int(sym - Int32(SDLK_F1.rawValue)) + 1)
        case 33...126: return .character(Character(UnicodeScalar(UInt8(sym))))
        default: return .named(String(cString: SDL_GetKeyName(sym)))
        }
    }

    static func modifiers(_ mod: UInt32 = SDL_GetModState().rawValue) -> Modifiers {
        var result: Modifiers = []
        if mod & KMOD_SHIFT.rawValue != 0 { result.insert(.shift) }
        if mod & KMOD_CTRL.rawValue != 0 { result.insert(.ctrl) }
        if mod & KMOD_ALT.rawValue != 0 { result.insert(.alt) }
        if mod & KMOD_GUI.rawValue != 0 { result.insert(.gui) }
        return result
    }

    private static func button(_ index: UInt8) -> MouseButton {
        switch Int32(index) {
        case SDL_BUTTON_LEFT: return .left
        case SDL_BUTTON_MIDDLE: return .middle
        case SDL_BUTTON_RIGHT: return .right
        default: return .other(Int(index))
        }
    }

    private static func buttonHeld(_ state: UInt32) -> MouseButton {
        if state & 1 != 0 { return .left }
        if state & 4 != 0 { return .right }
        if state & 2 != 0 { return .middle }
        return .left
    }

    /// A NUL-terminated string from one of SDL's fixed-size `char` arrays.
    private static func string<T>(fromCArray array: inout T) -> String {
        withUnsafeBytes(of: &array) { bytes in
            let count = bytes.firstIndex(of: 0) ?? bytes.count
            return String(decoding: bytes.prefix(count), as: UTF8.self)
        }
    }
}

import Widgets
import CSDL2

/// A key press with SDL's key name ("Q", "Return", "Page Up", …) and the modifiers held.
public struct KeyPress: Hashable, Sendable {
    /// SDL's name of the key (`SDL_GetKeyName`).
    public var name: String
    public var ctrl: Bool
    public var shift: Bool
    public var alt: Bool
    public var gui: Bool

    public init(name: String, ctrl: Bool = false, shift: Bool = false, alt: Bool = false, gui: Bool = false) {
        self.name = name; self.ctrl = ctrl; self.shift = shift; self.alt = alt; self.gui = gui
    }

    init(_ keysym: SDL_Keysym) {
        let mod = UInt32(keysym.mod)
        self.init(name: String(cString: SDL_GetKeyName(keysym.sym)),
                  ctrl: mod & KMOD_CTRL.rawValue != 0, shift: mod & KMOD_SHIFT.rawValue != 0,
                  alt: mod & KMOD_ALT.rawValue != 0, gui: mod & KMOD_GUI.rawValue != 0)
    }
}

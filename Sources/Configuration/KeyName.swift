import Widgets

/// Key names as scenarios and key bindings write them: SDL's key names with modifiers joined
/// by `+`, e.g. `Return`, `Tab`, `PageUp`, `Ctrl+K`, `Alt+2`, `Ctrl+Shift+Z`.
public enum KeyName {
    /// What is wrong with a key name, in words for a config or scenario error.
    public struct Problem: Error, Sendable {
        public var text: String
    }

    /// The key event for `text`.
    public static func parse(_ text: String) throws(Problem) -> KeyEvent {
        var parts = text.split(separator: "+", omittingEmptySubsequences: false).map(String.init)
        // "Ctrl++" means Ctrl and the plus key.
        if text.hasSuffix("++") { parts = Array(parts.dropLast(2)) + ["+"] }
        guard let keyName = parts.last, !keyName.isEmpty else { throw .init(text: "`\(text)` names no key") }
        var modifiers: Modifiers = []
        for modifier in parts.dropLast() {
            switch modifier.lowercased() {
            case "ctrl", "control": modifiers.insert(.ctrl)
            case "shift": modifiers.insert(.shift)
            case "alt": modifiers.insert(.alt)
            case "super", "gui", "meta": modifiers.insert(.gui)
            default: throw .init(text: "unknown modifier `\(modifier)` in `\(text)`")
            }
        }
        guard let key = key(keyName) else { throw .init(text: "unknown key `\(keyName)`") }
        return KeyEvent(key, modifiers: modifiers)
    }

    static func key(_ name: String) -> Key? {
        switch name.lowercased() {
        case "left": return .left
        case "right": return .right
        case "up": return .up
        case "down": return .down
        case "home": return .home
        case "end": return .end
        case "pageup", "page up", "prior": return .pageUp
        case "pagedown", "page down", "next": return .pageDown
        case "backspace": return .backspace
        case "delete", "del": return .delete
        case "return", "enter", "keypad enter": return .enter
        case "tab": return .tab
        case "escape", "esc": return .escape
        case "space": return .space
        case "insert": return .insert
        default: break
        }
        let lower = name.lowercased()
        if lower.hasPrefix("f"), let n = Int(lower.dropFirst()), (1...24).contains(n) { return .function(n) }
        if name.count == 1, let c = name.first, !c.isWhitespace { return .character(Character(c.lowercased())) }
        return nil
    }
}

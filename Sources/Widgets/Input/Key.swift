/// A key, independent of the keyboard layout's text output (text arrives separately as
/// ``InputEvent/textInput(_:)``). The backend maps SDL keycodes (not scancodes) to these.
public enum Key: Hashable, Sendable {
    /// Arrow keys.
    case left, right, up, down
    /// Navigation keys.
    case home, end, pageUp, pageDown
    /// Editing and control keys (Enter includes the keypad Enter).
    case backspace, delete, enter, tab, escape, space, insert
    /// F1…F24.
    case function(Int)
    /// A key that produces a character in the current layout, lower-cased (`"a"`, `"1"`, `"/"`),
    /// used for shortcuts such as Ctrl+A.
    case character(Character)
    /// Any other key, by its SDL key name.
    case named(String)
}

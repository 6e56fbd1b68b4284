import Widgets

/// The configurable keys: an action name (as the config file writes it) to a key.
public struct KeyBindings: Sendable {
    /// The app's actions that can be bound.
    public static let appActions = ["next_buffer", "previous_buffer", "close_buffer", "quit", "jump_to_newest", "jump_to_oldest",
                                    "jump_to_unread", "find", "mentions", "quick_switcher", "filter_nicks", "toggle_nick_list",
                                    "zoom_in", "zoom_out", "zoom_reset", "key_help"]
    /// Everything `[keys]` can bind: the app's actions and the input line's editing commands.
    public static let actions = appActions + EditingCommand.allCases.map(\.rawValue)

    /// Which keys edit the input line (`[keys] editing`): the platform's, or readline's, whose
    /// Ctrl+W, Ctrl+U, Ctrl+K, … then come before the app's actions on the same keys.
    public var editing: EditingKeys = .standard

    /// The editing commands' keys: the keymap's, with the user's own over them.
    public var editingBindings: [EditingCommand: KeyEvent] {
        var result = editing.bindings
        for command in EditingCommand.allCases {
            if let key = bindings[command.rawValue] { result[command] = key }
        }
        return result
    }

    public var bindings: [String: KeyEvent] = [
        "next_buffer": KeyEvent(.pageDown, modifiers: [.ctrl]),
        "previous_buffer": KeyEvent(.pageUp, modifiers: [.ctrl]),
        "close_buffer": KeyEvent(.character("w"), modifiers: [.ctrl]),
        "quit": KeyEvent(.character("q"), modifiers: [.ctrl]),
        "jump_to_newest": KeyEvent(.end, modifiers: [.ctrl]),
        "jump_to_oldest": KeyEvent(.home, modifiers: [.ctrl]),
        "jump_to_unread": KeyEvent(.character("u"), modifiers: [.alt]),
        "find": KeyEvent(.character("f"), modifiers: [.ctrl]),
        "mentions": KeyEvent(.character("m"), modifiers: [.ctrl]),
        // Ctrl+K is also mIRC's colour key: the colour code stays on Ctrl+Shift+K, and comes
        // back to Ctrl+K when the switcher is bound elsewhere.
        "quick_switcher": KeyEvent(.character("k"), modifiers: [.ctrl]),
        "filter_nicks": KeyEvent(.character("n"), modifiers: [.alt]),
        "toggle_nick_list": KeyEvent(.function(8)),
        "zoom_in": KeyEvent(.character("="), modifiers: [.ctrl]),
        "zoom_out": KeyEvent(.character("-"), modifiers: [.ctrl]),
        "zoom_reset": KeyEvent(.character("0"), modifiers: [.ctrl]),
        "key_help": KeyEvent(.function(1)),
    ]

    public init() {}

    /// Binds `action` to `event`.
    public mutating func bind(_ action: String, to event: KeyEvent) { bindings[action] = event }

    /// The action bound to `event`, if any.
    public func action(for event: KeyEvent) -> String? {
        bindings.first { $0.value.key == event.key && $0.value.modifiers == event.modifiers }?.key
    }
}

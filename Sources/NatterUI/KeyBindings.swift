import Widgets

/// The configurable keys: the app's actions and the input line's editing commands, each by its
/// name in the config file, in tables of their own, with a defined precedence where two want
/// the same key (``owner(of:)``):
///
/// 1. a key the user bound (`[keys]`) wins over a default: `yank = "Ctrl+Q"` takes Ctrl+Q from
///    quit, `quit = "Ctrl+W"` takes Ctrl+W from readline's word deletion;
/// 2. between defaults, the editing keymap's command wins over the app's action: readline's
///    Ctrl+W, Ctrl+K edit the line instead of closing the buffer or opening the switcher, as
///    `[keys] editing = "readline"` says;
/// 3. between two of the user's, likewise the editing command; then the first in
///    ``appActions`` or ``EditingCommand`` order, never a dictionary's.
///
/// The loser of a key is shadowed: the key does not run it anywhere, and the key help says so.
public struct KeyBindings: Sendable {
    /// The app's actions that can be bound.
    public static let appActions = ["next_buffer", "previous_buffer", "close_buffer", "quit", "jump_to_newest", "jump_to_oldest",
                                    "jump_to_unread", "find", "mentions", "quick_switcher", "filter_nicks", "toggle_nick_list",
                                    "toggle_buffer_list", "zoom_in", "zoom_out", "zoom_reset", "key_help", "settings"]
    /// Everything `[keys]` can bind: the app's actions and the input line's editing commands.
    public static let actions = appActions + EditingCommand.allCases.map(\.rawValue)

    /// The app's actions' default keys.
    public static let defaults: [String: KeyEvent] = [
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
        // F9 shows and hides a side pane in GNOME's applications; readline's Alt+B (word_back)
        // and the app's Ctrl+B (bold) rule out B.
        "toggle_buffer_list": KeyEvent(.function(9)),
        "zoom_in": KeyEvent(.character("="), modifiers: [.ctrl]),
        "zoom_out": KeyEvent(.character("-"), modifiers: [.ctrl]),
        "zoom_reset": KeyEvent(.character("0"), modifiers: [.ctrl]),
        "key_help": KeyEvent(.function(1)),
        // Ctrl+, opens the preferences in GNOME's and most editors' applications.
        "settings": KeyEvent(.character(","), modifiers: [.ctrl]),
    ]

    /// Which keys edit the input line (`[keys] editing`): the platform's, or readline's, whose
    /// Ctrl+W, Ctrl+U, Ctrl+K, … then come before the app's default actions on the same keys.
    public var editing: EditingKeys = .standard

    /// The keys the user bound (`[keys]`), by action or editing command name.
    public private(set) var userKeys: [String: KeyEvent] = [:]

    public init() {}

    /// Binds `action` (an app action or an editing command) to `event`, as the user's own.
    public mutating func bind(_ action: String, to event: KeyEvent) { userKeys[action] = event }

    /// The app actions' keys: the user's over the defaults (shadowed or not).
    public var bindings: [String: KeyEvent] { Self.defaults.merging(userKeys.filter { Self.defaults[$0.key] != nil }) { $1 } }

    /// The editing commands' keys: the user's over the keymap's (shadowed or not).
    public var editingKeys: [EditingCommand: KeyEvent] {
        var result = editing.bindings
        for command in EditingCommand.allCases {
            if let key = userKeys[command.rawValue] { result[command] = key }
        }
        return result
    }

    /// What a key runs: an app action or an editing command of the input line.
    public enum Owner: Hashable, Sendable {
        case action(String)
        case editing(EditingCommand)
    }

    /// What `event` runs, by the precedence above; nil when nothing is bound to it.
    public func owner(of event: KeyEvent) -> Owner? {
        let app = bindings, edit = editingKeys
        func same(_ key: KeyEvent?) -> Bool { key.map { $0.key == event.key && $0.modifiers == event.modifiers } ?? false }
        // Ranks: 0 the user's editing command, 1 the user's action, 2 the keymap's command, 3
        // the default action; ties go to the first in the declared order.
        var best: (rank: Int, owner: Owner)?
        func consider(_ rank: Int, _ owner: Owner) {
            if best.map({ rank < $0.rank }) ?? true { best = (rank, owner) }
        }
        for command in EditingCommand.allCases where same(edit[command]) {
            consider(userKeys[command.rawValue] != nil ? 0 : 2, .editing(command))
        }
        for action in Self.appActions where same(app[action]) {
            consider(userKeys[action] != nil ? 1 : 3, .action(action))
        }
        return best?.owner
    }

    /// The app action `event` runs, if any (nil where an editing command has the key).
    public func action(for event: KeyEvent) -> String? {
        if case .action(let action) = owner(of: event) { return action }
        return nil
    }

    /// The editing commands the input line runs, each on a key it owns.
    public var editingBindings: [EditingCommand: KeyEvent] {
        editingKeys.filter { owner(of: $0.value) == .editing($0.key) }
    }

    /// What takes the key of app action `action` instead of it, if anything does.
    public func shadow(of action: String) -> Owner? {
        guard let key = bindings[action], let owner = owner(of: key), owner != .action(action) else { return nil }
        return owner
    }

    /// What takes the key of editing command `command` instead of it, if anything does.
    public func shadow(of command: EditingCommand) -> Owner? {
        guard let key = editingKeys[command], let owner = owner(of: key), owner != .editing(command) else { return nil }
        return owner
    }
}

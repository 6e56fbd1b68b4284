import Widgets

/// What F1 and `/keys` show: every key Natter answers to, the configurable ones with the key
/// they are bound to now (the user's `[keys]` overrides included, and marked), then the fixed
/// ones.
public enum KeyHelp {
    /// One line of the help.
    public struct Entry: Hashable, Sendable {
        /// The key as the config writes it (`Ctrl+PageDown`), or several keys.
        public var keys: String
        /// What it does.
        public var what: String
        /// Whether the user bound it to another key than the default.
        public var isChanged: Bool
        /// The action's name in `[keys]`, nil for fixed keys.
        public var action: String?
        /// Whether another binding takes the key (readline's Ctrl+W over close_buffer): the key
        /// does not do this, and ``what`` says what it does instead.
        public var isShadowed = false
    }

    /// What each configurable action does, in the order shown.
    public static let actions: [(action: String, what: String)] = [
        ("next_buffer", "next buffer"), ("previous_buffer", "previous buffer"),
        ("quick_switcher", "switch to a buffer by name"), ("jump_to_unread", "first unread message"),
        ("jump_to_newest", "newest message"), ("jump_to_oldest", "oldest message (loads history)"),
        ("find", "find in this buffer and its logs"), ("mentions", "every highlight and private message"),
        ("filter_nicks", "filter the nick list"), ("toggle_nick_list", "show or hide the nick list"),
        ("toggle_buffer_list", "show or hide the buffer list"),
        ("close_buffer", "close this buffer"), ("zoom_in", "zoom in (everything larger)"), ("zoom_out", "zoom out"),
        ("zoom_reset", "zoom back to 100 %"), ("key_help", "this help"), ("settings", "the settings screen"),
        ("quit", "quit"),
    ]

    /// Keys that cannot be rebound.
    public static let fixed: [(keys: String, what: String)] = [
        ("Enter", "send"), ("Shift+Enter", "new line in the message"), ("Tab  Shift+Tab", "complete a nick, channel or command"),
        ("Up  Down", "messages sent before"), ("Alt+Up  Alt+Down", "reply to a message; move a network"),
        ("Alt+1 … Alt+9  Alt+0", "buffer 1 to 10"), ("PageUp  PageDown", "scroll a page"),
        ("Ctrl+B  Ctrl+I  Ctrl+U", "bold, italic, underline"), ("Ctrl+Shift+K  Ctrl+O", "colour, plain"),
        ("Ctrl+C  Ctrl+V  Ctrl+A", "copy, paste, select all"), ("F3  Shift+F3", "next, previous match"),
        ("Escape", "close the find bar, a reply, a menu"),
        ("Tab  Enter  Escape", "settings: next, save, put back, close"),
    ]

    /// The configurable actions with their keys in `bindings`, then the input line's editing
    /// commands that have a key (readline's, or the user's). One whose key another binding
    /// takes (``KeyBindings/owner(of:)``) is marked shadowed and says what the key does.
    public static func bound(_ bindings: KeyBindings) -> [Entry] {
        let defaults = KeyBindings.defaults, all = bindings.bindings
        let app = actions.map { action, what in
            let event = all[action]
            var entry = Entry(keys: event.map(name) ?? "(none)", what: what,
                              isChanged: event.map { !same($0, defaults[action]) } ?? true, action: action)
            if let owner = bindings.shadow(of: action) { entry.shadow(by: owner) }
            return entry
        }
        let keymap = bindings.editing.bindings, editing = bindings.editingKeys
        let commands = EditingCommand.allCases.compactMap { command -> Entry? in
            guard let event = editing[command] else { return nil }
            var entry = Entry(keys: name(event), what: command.what, isChanged: !same(event, keymap[command]), action: command.rawValue)
            if let owner = bindings.shadow(of: command) { entry.shadow(by: owner) }
            return entry
        }
        return app + commands
    }

    /// The keys nobody rebinds, as with the standard editing keys.
    public static var fixedEntries: [Entry] { fixedEntries(KeyBindings()) }

    /// The keys nobody rebinds; those the input line's editing keys take first (readline's
    /// Ctrl+U and Ctrl+A) say so.
    public static func fixedEntries(_ bindings: KeyBindings) -> [Entry] {
        let editing = bindings.editingBindings
        return fixed.map { keys, what in
            var entry = Entry(keys: keys, what: what, isChanged: false, action: nil)
            let taken = keys.split(separator: "  ").compactMap { key in
                EditingCommand.allCases.first { editing[$0].map(name) == String(key) }.map { (String(key), $0) }
            }
            if !taken.isEmpty {
                entry.isShadowed = true
                entry.what += " (" + taken.map { "\($0.0) is the input line's: \($0.1.what)" }.joined(separator: "; ") + ")"
            }
            return entry
        }
    }

    /// What the user reads for an action or command.
    static func what(_ owner: KeyBindings.Owner) -> String {
        switch owner {
        case .action(let action): actions.first { $0.action == action }?.what ?? action
        case .editing(let command): command.what
        }
    }

    /// `event` as the config writes keys: modifiers, then the key (`Ctrl+Shift+K`, `F8`).
    public static func name(_ event: KeyEvent) -> String {
        var parts: [String] = []
        if event.modifiers.contains(.ctrl) { parts.append("Ctrl") }
        if event.modifiers.contains(.alt) { parts.append("Alt") }
        if event.modifiers.contains(.shift) { parts.append("Shift") }
        if event.modifiers.contains(.gui) { parts.append("Super") }
        let key: String
        switch event.key {
        case .left: key = "Left"
        case .right: key = "Right"
        case .up: key = "Up"
        case .down: key = "Down"
        case .home: key = "Home"
        case .end: key = "End"
        case .pageUp: key = "PageUp"
        case .pageDown: key = "PageDown"
        case .backspace: key = "Backspace"
        case .delete: key = "Delete"
        case .enter: key = "Enter"
        case .tab: key = "Tab"
        case .escape: key = "Escape"
        case .space: key = "Space"
        case .insert: key = "Insert"
        case .function(let n): key = "F\(n)"
        case .character(let c): key = String(c).uppercased()
        case .named(let name): key = name
        }
        parts.append(key)
        return parts.joined(separator: "+")
    }

    private static func same(_ a: KeyEvent, _ b: KeyEvent?) -> Bool {
        guard let b else { return false }
        return a.key == b.key && a.modifiers == b.modifiers
    }
}

extension KeyHelp.Entry {
    /// Marks the entry as shadowed by `owner`, which its key runs instead.
    mutating func shadow(by owner: KeyBindings.Owner) {
        isShadowed = true
        switch owner {
        case .editing: what += " (the key is the input line's: \(KeyHelp.what(owner)))"
        case .action: what += " (the key is taken by: \(KeyHelp.what(owner)))"
        }
    }
}

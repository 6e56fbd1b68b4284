import FoundationEssentials

/// What the window looked like when Natter last quit: its size (in the window system's units),
/// the panes' widths, whether the nick list was hidden, the open buffer and the zoom. Kept in `$XDG_STATE_HOME/natter/window.json`
/// (`~/.local/state/natter/window.json`); a missing or unreadable file means the defaults.
struct WindowState: Codable, Equatable {
    var width: Int
    var height: Int
    var sidebarWidth: Double
    var nickListWidth: Double
    var nickListCollapsed: Bool
    /// The open buffer as `NETWORK/NAME` (NAME empty for the server buffer).
    var buffer: String?
    /// The user's zoom (Ctrl+= / Ctrl+−), nil in files from before it existed (100 %).
    var zoom: Double?

    static let defaults = WindowState(width: 1100, height: 720, sidebarWidth: 190, nickListWidth: 160,
                                      nickListCollapsed: false, buffer: nil)

    static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") { return state + "/natter/window.json" }
        return (environment["HOME"] ?? FileManager.default.homeDirectoryForCurrentUser.path) + "/.local/state/natter/window.json"
    }

    /// The saved state, or nil (first start, or a file this version cannot read).
    static func load(path: String) -> WindowState? {
        guard let data = FileManager.default.contents(atPath: path),
              let state = try? JSONDecoder().decode(WindowState.self, from: data),
              (320...16384).contains(state.width), (240...16384).contains(state.height) else { return nil }
        return state
    }

    /// Writes the state; failures are ignored (the next start uses the defaults).
    func save(path: String) {
        let url = URL(fileURLWithPath: path)
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        if let data = try? encoder.encode(self) { try? data.write(to: url, options: .atomic) }
    }
}

import FoundationEssentials

/// What the window looked like when Natter last quit: its size (in the window system's units),
/// the panes' widths, whether the user hid the nick list or the buffer list, the open buffer
/// and the zoom. Kept in `$XDG_STATE_HOME/natter/window.json`
/// (`~/.local/state/natter/window.json`); a missing or unreadable file means the defaults.
public struct WindowState: Codable, Equatable, Sendable {
    public var width: Int
    public var height: Int
    public var sidebarWidth: Double
    public var nickListWidth: Double
    public var nickListCollapsed: Bool
    /// Whether the user hid the buffer list; nil in files from before it could be (shown).
    public var bufferListCollapsed: Bool?
    /// The open buffer as `NETWORK/NAME` (NAME empty for the server buffer).
    public var buffer: String?
    /// The user's zoom (Ctrl+= / Ctrl+−), nil in files from before it existed (100 %).
    public var zoom: Double?

    /// A state with these sizes, the buffer shown (`NETWORK/NAME`) and the zoom.
    public init(width: Int, height: Int, sidebarWidth: Double, nickListWidth: Double, nickListCollapsed: Bool,
                bufferListCollapsed: Bool? = nil, buffer: String?, zoom: Double? = nil) {
        self.width = width
        self.height = height
        self.sidebarWidth = sidebarWidth
        self.nickListWidth = nickListWidth
        self.nickListCollapsed = nickListCollapsed
        self.bufferListCollapsed = bufferListCollapsed
        self.buffer = buffer
        self.zoom = zoom
    }

    /// The size and panes of a first start.
    public static let defaults = WindowState(width: 1100, height: 720, sidebarWidth: 190, nickListWidth: 160,
                                      nickListCollapsed: false, buffer: nil)

    /// `$XDG_STATE_HOME/natter/window.json`, or `~/.local/state/natter/window.json`.
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") { return state + "/natter/window.json" }
        return (environment["HOME"] ?? FileManager.default.homeDirectoryForCurrentUser.path) + "/.local/state/natter/window.json"
    }

    /// The saved state, or nil (first start, or a file this version cannot read).
    public static func load(path: String) -> WindowState? {
        guard let data = FileManager.default.contents(atPath: path),
              let state = try? JSONDecoder().decode(WindowState.self, from: data),
              (320...16384).contains(state.width), (240...16384).contains(state.height) else { return nil }
        return state
    }

    /// Writes the state; failures are ignored (the next start uses the defaults).
    public func save(path: String) {
        let url = URL(fileURLWithPath: path)
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        if let data = try? encoder.encode(self) { try? data.write(to: url, options: .atomic) }
    }
}

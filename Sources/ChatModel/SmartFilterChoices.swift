import FoundationEssentials

/// Where `/filter` turned the smart filter on or off, by channel, kept between runs in
/// `$XDG_STATE_HOME/natter/filters.json`.
///
/// The state folder rather than config.toml: the choice is made with a command, as a window's
/// size is, and writing it into the user's own file would rewrite their layout and comments
/// each time. What `[filter] smart` says stays the default of every other channel.
public struct SmartFilterChoices: Sendable, Hashable {
    /// The choices, by channel.
    public private(set) var channels: [BufferID: Bool] = [:]
    /// The file the choices are kept in (nil: not kept, as in tests and scenarios).
    public var path: String?

    /// No choices, kept nowhere.
    public init() {}

    /// The file's form: each channel by its network and folded name.
    private struct Stored: Codable {
        struct Channel: Codable {
            var network: String
            var channel: String
            var on: Bool
        }
        var version = 1
        var channels: [Channel]
    }

    /// `$XDG_STATE_HOME/natter/filters.json`, or `~/.local/state/natter/filters.json`.
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") { return state + "/natter/filters.json" }
        return (environment["HOME"] ?? FileManager.default.homeDirectoryForCurrentUser.path) + "/.local/state/natter/filters.json"
    }

    /// The choices kept at `path` (and kept there from now on); none when the file is missing
    /// or does not read.
    public static func load(path: String) -> SmartFilterChoices {
        var choices = SmartFilterChoices()
        choices.path = path
        guard let data = FileManager.default.contents(atPath: path),
              let stored = try? JSONDecoder().decode(Stored.self, from: data), stored.version == 1 else { return choices }
        for entry in stored.channels { choices.channels[BufferID(network: entry.network, name: entry.channel)] = entry.on }
        return choices
    }

    /// The choice made for `id`, if any.
    public func choice(for id: BufferID) -> Bool? { channels[id] }

    /// Records the choice for `id` and writes the file, whole, to a temporary file renamed over
    /// the old one (a crash leaves the old file, never half of one).
    mutating func set(_ on: Bool, for id: BufferID) throws {
        channels[id] = on
        guard let path else { return }
        let entries = channels.sorted { ($0.key.network, $0.key.name) < ($1.key.network, $1.key.name) }
            .map { Stored.Channel(network: $0.key.network, channel: $0.key.name, on: $0.value) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let data = try encoder.encode(Stored(channels: entries))
        let url = URL(fileURLWithPath: path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        try data.write(to: url, options: .atomic)
    }
}

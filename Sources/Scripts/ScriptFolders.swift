/// Where scripts are found and where what they keep goes.
public struct ScriptFolders: Sendable, Hashable {
    /// The scripts' folder (`$XDG_DATA_HOME/natter/scripts`); its `autoload` folder holds those
    /// loaded at start.
    public var scripts: String
    /// Where each script's store is kept (`$XDG_STATE_HOME/natter/scripts`).
    public var state: String

    public init(scripts: String, state: String) {
        self.scripts = scripts
        self.state = state
    }

    /// The folders the XDG variables in `environment` name, or their defaults under `HOME`.
    public static func standard(environment: [String: String]) -> ScriptFolders {
        let home = environment["HOME"] ?? "/"
        func folder(_ variable: String, _ fallback: String) -> String {
            if let value = environment[variable], value.hasPrefix("/") { return value }
            return home + "/" + fallback
        }
        return ScriptFolders(scripts: folder("XDG_DATA_HOME", ".local/share") + "/natter/scripts",
                             state: folder("XDG_STATE_HOME", ".local/state") + "/natter/scripts")
    }

    /// The autoload folder.
    public var autoload: String { scripts + "/autoload" }
}

/// Scripts' own settings, kept in the configuration file (`[scripts.NAME]` tables) beside the
/// rest, so `/set scripts.NAME.KEY` and the settings screen's Scripts section show and change
/// them. The app gives the model one (``ChatModel/scriptSettings``), implemented by the
/// configuration over its file; the scripts module declares what each script reads.
///
/// Used on the UI thread only.
public protocol ScriptSettingsStore: AnyObject {
    /// Declares script `script`'s settings (its `natter.setting` calls, in order): from now on
    /// `/set` and the screen show them, and a value typed for one is checked by its kind.
    /// Declaring again replaces what was declared.
    func declare(script: String, settings: [ScriptSettingSpec])
    /// The script is gone (unloaded): its settings are no longer shown; the file keeps their
    /// values.
    func forget(script: String)
    /// The values the file gives script `script` (`[scripts.NAME]`), declared or not.
    func values(of script: String) -> [String: ScriptSettingValue]
    /// The script's own change of one of its settings: written into the file as `/set` writes.
    func set(_ value: ScriptSettingValue, key: String, of script: String) -> Result<Void, SettingRefusal>
    /// What the user lets script `script` do beyond the sandbox (`[scripts.NAME] permissions`).
    func permissions(of script: String) -> Set<ScriptPermission>
    /// Called with the full names (`theme.font_size`, `scripts.urllog.max`) of the settings
    /// whose values changed, by `/set`, the screen or a new reading of the file.
    var onSettingsChanged: (([String]) -> Void)? { get set }
}

/// A setting a script declares: its key, what it takes, its default and what it does.
public struct ScriptSettingSpec: Sendable, Hashable {
    public var key: String
    /// `.bool`, `.integer(range)`, `.number(range)`, `.text`, `.choice(words)` or `.list`.
    public var kind: SettingKind
    public var defaultValue: ScriptSettingValue
    public var summary: String

    public init(key: String, kind: SettingKind, defaultValue: ScriptSettingValue, summary: String) {
        self.key = key
        self.kind = kind
        self.defaultValue = defaultValue
        self.summary = summary
    }
}

/// A script setting's value, as the file holds it.
public enum ScriptSettingValue: Sendable, Hashable {
    case bool(Bool)
    case integer(Int)
    case number(Double)
    case text(String)
    case list([String])
}

/// What a script may do beyond its sandbox, when the user grants it.
public enum ScriptPermission: String, Sendable, Hashable, CaseIterable {
    /// Read and write files (`natter.read_file`, `natter.write_file`).
    case files
    /// Run programs (`natter.run`).
    case processes
}

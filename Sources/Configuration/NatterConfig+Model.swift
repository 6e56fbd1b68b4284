import ChatModel
import FoundationEssentials

extension NatterConfig {
    /// The ignore list of `[ignores] masks`, without the entries that lapsed before `now`
    /// (the reader checked every entry: one that cannot be read stopped the start with its
    /// line, so none is left out silently here).
    public func ignores(at now: Date) -> IgnoreList {
        (try? IgnoreList(configured: ignoreMasks, now: now)) ?? IgnoreList()
    }

    /// The model's settings from this configuration at `now`: what the app starts with (the
    /// tests that restart the model from a saved file build it the same way).
    public func modelSettings(at now: Date) -> ModelSettings {
        var settings = ModelSettings(scrollbackCap: scrollbackLines, trimBatch: trimBatch,
                                     highlights: HighlightRules(keywords: highlightKeywords, masks: highlightMasks),
                                     ignores: ignores(at: now), quitMessage: quitMessage,
                                     passwordTargets: Set(passwordTargets.map { $0.lowercased() }))
        // Checked when read: a template that does not parse never gets this far.
        if let banMask, let template = try? BanMaskTemplate(banMask) { settings.banMask = template }
        settings.networkBanMasks = networkBanMasks.compactMapValues { try? BanMaskTemplate($0) }
        return settings
    }

    /// Where conversations are logged (`[logging]`): nil when logging is off, else `folder`
    /// (`~/` the home folder), else the data folder's `natter/logs`.
    public func logRoot(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL? {
        guard logging else { return nil }
        guard let folder = logFolder else { return LogStore.defaultRoot(environment: environment) }
        if folder.hasPrefix("~/") {
            let home = environment["HOME"] ?? FileManager.default.homeDirectoryForCurrentUser.path
            return URL(fileURLWithPath: home).appendingPathComponent(String(folder.dropFirst(2)))
        }
        return URL(fileURLWithPath: folder)
    }
}

/// What differs between the configuration Natter runs with and a new one (config.toml edited
/// while it runs, `/set`, the settings screen): the groups of settings that changed, the
/// networks added, removed and changed, and the settings that only a new start can apply.
/// Pure, so that what a reload does is decided (and tested) apart from doing it; two equal
/// configurations give no changes at all (``isEmpty``), which makes applying one twice a no-op.
public struct ConfigChanges: Equatable, Sendable {
    /// A group of settings applied together when any of it changed.
    public enum Setting: String, CaseIterable, Hashable, Sendable {
        /// Both themes: colours, font size, timestamps, readable colours, appearance.
        case theme
        /// `[keys]`.
        case keys
        /// `[highlights]`.
        case highlights
        /// `[ignores]`.
        case ignores
        /// `[notifications.buffers]`.
        case notifyLevels
        /// `[notifications] enabled`, `urgent` and `sound`.
        case notifications
        /// `[spelling]`: the default language and the buffers' own.
        case spelling
        /// `[aliases]`.
        case aliases
        /// `[completion] suffix`.
        case completion
        /// `[typing] send`.
        case typing
        /// `[ctcp]`: what is answered, and the VERSION reply.
        case ctcp
        /// `[messages] quit`.
        case quitMessage
        /// `[filter]`: the smart filter and its minutes.
        case smartFilter
        /// `[scrollback]`: lines kept and dropped at once.
        case scrollback
        /// `[privacy] password_targets`.
        case passwordTargets
        /// `[bans] mask` and the networks' `ban_mask`.
        case banMasks
        /// `[display] scale`: how large the window draws.
        case scale
        /// `[input] history`: the sent lines each buffer keeps.
        case history
        /// `[previews]`, the networks' `previews` and `[previews.buffers]`.
        case previews
        /// `[scripts.NAME]`: the scripts' own settings and their permissions (the scripts read
        /// them from the settings store, told by its `onSettingsChanged`).
        case scripts
    }

    /// The settings that changed and apply at once.
    public var settings: Set<Setting> = []
    /// The settings that changed but take effect at the next start, by their keys in the file
    /// (`theme.font`, `display.renderer`, …).
    public var needRestart: [String] = []
    /// Networks in the new configuration only (a renamed one is removed and added).
    public var added: [NatterConfig.Network] = []
    /// Names of the networks in the old configuration only.
    public var removed: [String] = []
    /// Networks whose address, TLS or login changed: their link must be made again.
    public var reconnect: [NatterConfig.Network] = []
    /// Networks changed otherwise (channels, friends, `on_connect`, …): applied to the running
    /// network, which stays connected.
    public var inPlace: [NatterConfig.Network] = []

    /// Nothing changed.
    public var isEmpty: Bool {
        settings.isEmpty && needRestart.isEmpty && added.isEmpty && removed.isEmpty && reconnect.isEmpty && inPlace.isEmpty
    }

    /// No changes.
    public init() {}

    /// What changed from `old` to `new`. Networks are matched by name, in the new order.
    public init(from old: NatterConfig, to new: NatterConfig) {
        func changed<Value: Equatable>(_ value: (NatterConfig) -> Value) -> Bool { value(old) != value(new) }
        // The families are compared on their own: they need the window's fonts made again.
        var theme = new.theme
        (theme.font, theme.monoFont) = (old.theme.font, old.theme.monoFont)
        if theme != old.theme { settings.insert(.theme) }
        if old.theme.font != new.theme.font { needRestart.append("theme.font") }
        if old.theme.monoFont != new.theme.monoFont { needRestart.append("theme.mono_font") }
        if changed(\.renderer) { needRestart.append("display.renderer") }
        if changed(\.logging) { needRestart.append("logging.enabled") }
        if changed(\.logFolder) { needRestart.append("logging.folder") }
        let groups: [(Setting, Bool)] = [
            (.keys, changed(\.keys)),
            (.highlights, changed(\.highlightKeywords) || changed(\.highlightMasks)),
            (.ignores, changed(\.ignoreMasks)),
            (.notifyLevels, changed(\.notifyLevels) || changed(\.networkNotifyLevels)),
            (.notifications, changed(\.notifications) || changed(\.urgentHint) || changed(\.notificationSound)),
            (.spelling, changed(\.spellLanguage) || changed(\.spellBuffers)),
            (.aliases, changed(\.aliases)),
            (.completion, changed(\.completionSuffix)),
            (.typing, changed(\.sendTyping)),
            (.ctcp, changed(\.ctcpAnswered) || changed(\.ctcpVersion)),
            (.quitMessage, changed(\.quitMessage)),
            (.smartFilter, changed(\.smartFilter) || changed(\.smartFilterMinutes)),
            (.scrollback, changed(\.scrollbackLines) || changed(\.trimBatch)),
            (.passwordTargets, changed(\.passwordTargets)),
            (.banMasks, changed(\.banMask) || changed(\.networkBanMasks)),
            (.scale, changed(\.scale)),
            (.history, changed(\.inputHistoryLines)),
            (.scripts, changed(\.scripts) || changed(\.scriptPermissions)),
            (.previews, changed(\.previews)),
        ]
        for (setting, isChanged) in groups where isChanged { settings.insert(setting) }

        let before = Dictionary(old.networks.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let names = Set(new.networks.map(\.name))
        removed = old.networks.map(\.name).filter { !names.contains($0) }
        for network in new.networks {
            guard let previous = before[network.name] else {
                added.append(network)
                continue
            }
            if network.needsReconnect(from: previous) {
                reconnect.append(network)
            } else if network != previous {
                inPlace.append(network)
            }
        }
    }
}

extension NatterConfig.Network {
    /// Whether going from `old` to this network takes a new link: its address (host, port),
    /// its TLS (on or off, the certificate's check, the pinned fingerprint, the client
    /// certificate and key) or its login (nick, user, real name, password, SASL) changed.
    /// Everything else applies to the link as it is.
    public func needsReconnect(from old: NatterConfig.Network) -> Bool {
        host != old.host || port != old.port
            || tls != old.tls || verifyCertificate != old.verifyCertificate || tlsFingerprint != old.tlsFingerprint
            || clientCertificate != old.clientCertificate || clientKey != old.clientKey
            || nick != old.nick || user != old.user || realName != old.realName || password != old.password
            || sasl != old.sasl
    }
}

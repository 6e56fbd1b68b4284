import ChatModel

/// A setting of one buffer, kept in a table of the file keyed by `"NETWORK/BUFFER"`
/// (`[notifications.buffers]`, `[spelling.buffers]`).
struct BufferSetting: Sendable {
    let info: SettingInfo
    /// The table that holds it, dotted (`notifications.buffers`).
    let table: String
    /// Reads the value for the buffer keyed `key` (as written) into the configuration.
    let read: @Sendable (TOMLValue, inout NatterConfig, String) throws(SettingRefusal) -> Void
    /// The value the configuration holds for the buffer keyed `key` (nil: none of its own).
    let show: @Sendable (NatterConfig, String) -> String?
}

extension SettingsCatalog {
    /// The buffers' own settings.
    static let buffer: [BufferSetting] = [
        BufferSetting(
            info: SettingInfo(key: "notify", scope: .buffer, kind: .choice(NotifyLevel.allCases.map(\.rawValue)),
                              section: .notifications,
                              summary: "What the buffer counts and notifies: all, mentions, none (muted, drawn dimmed)",
                              defaultText: "mentions (all in a private conversation)"),
            table: "notifications.buffers",
            read: { value, config, key throws(SettingRefusal) in
                guard key.contains("/"), let text = value.string, let level = NotifyLevel(rawValue: text.lowercased()) else {
                    throw SettingRefusal("takes \"NETWORK/BUFFER\" = \"all\", \"mentions\" or \"none\"")
                }
                config.notifyLevels[key.lowercased()] = level
            },
            show: { config, key in config.notifyLevels[key.lowercased()]?.rawValue }),
        BufferSetting(
            info: SettingInfo(key: "previews", scope: .buffer, kind: .choice(PreviewMode.allCases.map(\.rawValue)),
                              section: .appearance, summary: "The buffer's own link previews: off, links, all",
                              defaultText: "the network's previews"),
            table: "previews.buffers",
            read: { value, config, key throws(SettingRefusal) in
                guard key.contains("/"), let text = value.string, let mode = PreviewMode(rawValue: text.lowercased()) else {
                    throw SettingRefusal("takes \"NETWORK/BUFFER\" = \"off\", \"links\" or \"all\"")
                }
                config.previews.bufferModes[key.lowercased()] = mode
            },
            show: { config, key in config.previews.bufferModes[key.lowercased()]?.rawValue }),
        BufferSetting(
            info: SettingInfo(key: "spelling", scope: .buffer, kind: .text, section: .input,
                              summary: "The buffer's own spelling language, or off", defaultText: "spelling.language"),
            table: "spelling.buffers",
            read: { value, config, key throws(SettingRefusal) in
                guard key.contains("/"), let language = value.string else {
                    throw SettingRefusal("takes NETWORK/BUFFER = \"LANGUAGE\" (or \"off\")")
                }
                config.spellBuffers[key] = language.lowercased() == "off" ? "" : language
            },
            show: { config, key in
                config.spellBuffers.first { $0.key.lowercased() == key.lowercased() }.map { $0.value.isEmpty ? "off" : $0.value }
            }),
    ]
}

import ChatModel
import IRCSession
import NatterUI
import Widgets

/// Every setting config.toml knows, in the reference's order: the global ones
/// (``global``), a network's (``network``, in each `[[networks]]` table) and a buffer's
/// (``buffer``, in tables keyed `"NETWORK/BUFFER"`). `[aliases]` is not a setting but the
/// user's own commands (`/alias`); its keys are names the user makes up. `[scripts.NAME]`
/// tables are the scripts' own, whatever keys they declare (read apart, `ConfigReader+Scripts`).
public enum SettingsCatalog {
    /// The settings `/set`, the settings screen and the reference list, in order.
    public static var infos: [SettingInfo] { global.map(\.info) + network.map(\.info) + buffer.map(\.info) }

    /// The tables of the file whose keys are the user's own, not settings.
    static let freeTables = ["aliases", "scripts"]

    /// The global settings, by section.
    static let global: [Setting<NatterConfig>] = {
        let defaults = NatterConfig()
        return (appearance + colours + display + notifications + input + logging + keys + other).map { setting in
            setting.info.defaultText.isEmpty ? setting.defaulting(to: setting.show(defaults)) : setting
        }
    }()

    // MARK: Appearance

    private static let appearance: [Setting<NatterConfig>] = [
        .choice("theme.appearance", .global, .appearance, "Light or dark: auto follows the desktop's preference",
                \.theme.appearance),
        .text("theme.font", .global, .appearance, "The font family of the interface and the messages", default: "",
              check: { $0.trimmingBlanks.isEmpty ? "must name a font family" : nil }, \.theme.font),
        .text("theme.mono_font", .global, .appearance, "The font family of code, tables and the MOTD", default: "",
              check: { $0.trimmingBlanks.isEmpty ? "must name a font family" : nil }, \.theme.monoFont),
        .number("theme.font_size", .global, .appearance, "The messages' text size in points (the zoom scales it)",
                default: "", 6...72, refusal: "must be between 6 and 72", \.theme.fontSize),
        .text("theme.timestamp_format", .global, .appearance,
              "Timestamps in strftime's directives (%H %M %S %I %p %l %k %y %Y %m %d %e %b %a %j %Z %z %%)", default: "",
              check: timestampRefusal, \.theme.timestampFormat),
        .flag("theme.readable_colours", .global, .appearance,
              "mIRC colours lightened or darkened to 3:1 on what they are drawn on (false: the raw palette)",
              default: "", \.theme.readableColours),
    ]

    private static let colours = themeColours("dark", \.theme.darkColors) + themeColours("light", \.theme.lightColors)

    private static let display: [Setting<NatterConfig>] = [
        .flag("filter.smart", .global, .appearance,
              "Channels hide joins, parts, quits and nick changes of people who have not spoken lately (/filter per channel)",
              default: "", \.smartFilter),
        .whole("filter.minutes", .global, .appearance, "How many minutes after speaking those rows still show",
               default: "", 1...1440, refusal: "must be a whole number from 1 to 1440", \.smartFilterMinutes),
        .choice("display.renderer", .global, .appearance,
                "The window's renderer: auto (software where GL would be software too), software, accelerated (at the next start)",
                \.renderer),
        Setting(info: SettingInfo(key: "display.scale", scope: .global, kind: .number(0...4), section: .appearance,
                                  summary: "How large to draw: 0 follows the desktop's scale, else 0.5 to 4 (at the next start)",
                                  defaultText: "0"),
                read: { value, config throws(SettingRefusal) in
                    let scale = try SettingValueReader.number(value)
                    guard scale == 0 || NatterConfig.scales.contains(scale) else {
                        throw SettingRefusal("must be 0 (the desktop's scale) or between 0.5 and 4")
                    }
                    config.scale = scale == 0 ? nil : scale
                },
                show: { SettingText.number($0.scale ?? 0) }),
    ]

    /// `theme.NAME.KEY` for each colour of ``ThemeColors/keys``, and `nick_colors`.
    private static func themeColours(_ name: String, _ path: any WritableKeyPath<NatterConfig, ThemeColors> & Sendable)
        -> [Setting<NatterConfig>] {
        let theme = name == "dark" ? ChatTheme.dark : ChatTheme.light
        let colours = ThemeColors.keys.keys.sorted().map { key in
            let builtIn = theme[keyPath: ThemeColors.keys[key]!].hexText
            return Setting<NatterConfig>(
                info: SettingInfo(key: "theme.\(name).\(key)", scope: .global, kind: .colour, section: .appearance,
                                  summary: "The \(name) theme's \(key.replacing("_", with: " ")) colour",
                                  defaultText: builtIn),
                read: { value, config throws(SettingRefusal) in
                    let text = try SettingValueReader.string(value)
                    guard let color = Color(hex: text) else { throw SettingRefusal("must be a colour written #RRGGBB (or #RRGGBBAA), not \(text)") }
                    config[keyPath: path].colors[key] = color
                },
                show: { $0[keyPath: path].colors[key]?.hexText ?? builtIn })
        }
        let builtInNicks = SettingValueReader.showList(theme.nickColors.map(\.hexText))
        let nicks = Setting<NatterConfig>(
            info: SettingInfo(key: "theme.\(name).nick_colors", scope: .global, kind: .list, section: .appearance,
                              summary: "The \(name) theme's nick colours, #RRGGBB each", defaultText: builtInNicks),
            read: { value, config throws(SettingRefusal) in
                var colours: [Color] = []
                for text in try SettingValueReader.strings(value) {
                    guard let color = Color(hex: text) else { throw SettingRefusal("must be colours written #RRGGBB (or #RRGGBBAA), not \(text)") }
                    colours.append(color)
                }
                guard !colours.isEmpty else { throw SettingRefusal("must name at least one colour") }
                config[keyPath: path].nickColors = colours
            },
            show: { $0[keyPath: path].nickColors.map { SettingValueReader.showList($0.map(\.hexText)) } ?? builtInNicks })
        return colours + [nicks]
    }

    // MARK: Notifications

    private static let notifications: [Setting<NatterConfig>] = [
        .flag("notifications.enabled", .global, .notifications, "Desktop notifications of highlights and private messages",
              default: "", \.notifications),
        .flag("notifications.urgent", .global, .notifications, "A highlight or private message marks the window urgent",
              default: "", \.urgentHint),
        .flag("notifications.sound", .global, .notifications, "Notifications play the desktop's new-message sound",
              default: "", \.notificationSound),
        .list("highlights.keywords", .global, .notifications, "Words that highlight a message, besides your nick",
              default: "", \.highlightKeywords),
        .list("highlights.masks", .global, .notifications, "Senders (nick!user@host masks) whose every message highlights",
              default: "", \.highlightMasks),
    ]

    // MARK: Input

    private static let input: [Setting<NatterConfig>] = [
        Setting(info: SettingInfo(key: "spelling.language", scope: .global, kind: .text, section: .input,
                                  summary: "The input line's spelling language (an Enchant dictionary such as en_US), or off",
                                  defaultText: "en_US"),
                read: { value, config throws(SettingRefusal) in
                    let language = try SettingValueReader.string(value)
                    config.spellLanguage = language.lowercased() == "off" ? "" : language
                },
                show: { $0.spellLanguage.isEmpty ? "off" : $0.spellLanguage }),
        .text("completion.suffix", .global, .input, "What Tab puts after a nick completed at the start of the line",
              default: "", \.completionSuffix),
        .flag("typing.send", .global, .input, "Tell others when you type (+typing)", default: "", \.sendTyping),
        .whole("input.history", .global, .input, "How many sent lines each buffer keeps for ↑ and ↓",
               default: "", 0...10_000, refusal: "must be a whole number from 0 to 10000", \.inputHistoryLines),
    ]

    // MARK: Logging

    private static let logging: [Setting<NatterConfig>] = [
        .flag("logging.enabled", .global, .logging, "Keep every conversation in day files (at the next start)",
              default: "", \.logging),
        .optionalText("logging.folder", .global, .logging,
                      "Where the logs are kept (at the next start); an absolute path, or ~/ for the home folder",
                      default: "$XDG_DATA_HOME/natter/logs (~/.local/share/natter/logs)",
                      check: { $0.hasPrefix("/") || $0.hasPrefix("~/") ? nil : "must be an absolute path (/…) or start with ~/" },
                      \.logFolder),
    ]

    // MARK: Keys

    private static let keys: [Setting<NatterConfig>] = {
        let editing = Setting<NatterConfig>(
            info: SettingInfo(key: "keys.editing", scope: .global, kind: .choice(EditingKeys.allCases.map(\.rawValue)),
                              section: .keys,
                              summary: "The input line's keys: standard, or readline's (Ctrl+W, Ctrl+U, Ctrl+K, Alt+B, …)",
                              defaultText: "standard"),
            read: { value, config throws(SettingRefusal) in
                let name = try SettingValueReader.string(value)
                guard EditingKeys(rawValue: name) != nil else { throw SettingRefusal("must be \"standard\" or \"readline\"") }
                config.keys["editing"] = name
            },
            show: { $0.keys["editing"] ?? "standard" })
        let actions = KeyBindings.actions.map { action in
            let summary = KeyHelp.actions.first { $0.action == action }?.what
                ?? EditingCommand(rawValue: action)?.what ?? action
            return Setting<NatterConfig>(
                info: SettingInfo(key: "keys.\(action)", scope: .global, kind: .key, section: .keys,
                                  summary: summary.prefix(1).uppercased() + summary.dropFirst(), defaultText: defaultKey(action)),
                read: { value, config throws(SettingRefusal) in
                    let name = try SettingValueReader.string(value)
                    do throws(KeyName.Problem) { _ = try KeyName.parse(name) } catch { throw SettingRefusal(error.text) }
                    config.keys[action] = name
                },
                show: { config in
                    if let name = config.keys[action] { return name }
                    return currentDefaultKey(action, editing: EditingKeys(rawValue: config.keys["editing"] ?? "") ?? .standard)
                })
        }
        return [editing] + actions
    }()

    /// The key `action` has when `[keys]` leaves it alone, in words for the reference.
    private static func defaultKey(_ action: String) -> String {
        if let event = KeyBindings.defaults[action] { return KeyHelp.name(event) }
        guard let command = EditingCommand(rawValue: action) else { return "none" }
        let standard = EditingKeys.standard.bindings[command].map(KeyHelp.name)
        let readline = EditingKeys.readline.bindings[command].map(KeyHelp.name)
        switch (standard, readline) {
        case (let standard?, let readline?) where standard == readline: return standard
        case (let standard?, let readline?): return "\(standard) (readline: \(readline))"
        case (let standard?, nil): return standard
        case (nil, let readline?): return "none (readline: \(readline))"
        case (nil, nil): return "none"
        }
    }

    /// The key `action` has with the `editing` keymap when `[keys]` leaves it alone.
    static func currentDefaultKey(_ action: String, editing: EditingKeys) -> String {
        if let event = KeyBindings.defaults[action] { return KeyHelp.name(event) }
        guard let command = EditingCommand(rawValue: action), let event = editing.bindings[command] else { return "" }
        return KeyHelp.name(event)
    }

    // MARK: Other

    private static let previews: [Setting<NatterConfig>] = [
        .choice("previews.show", .global, .appearance,
                "Link previews under messages: off, links (cards without images) or all (cards and images)",
                \.previews.mode),
        .list("previews.deny_hosts", .global, .appearance, "Hosts never previewed (with their subdomains)", default: "",
              check: { hosts in hosts.first { $0.isEmpty || $0.contains("/") || $0.contains(" ") }.map { "\($0) is not a host name" } },
              \.previews.deniedHosts),
        .flag("previews.allow_private_addresses", .global, .appearance,
              "Fetch previews of links to loopback and local-network addresses (false: a link cannot probe your network)",
              default: "", \.previews.allowsPrivateAddresses),
        .whole("previews.cache_mb", .global, .appearance, "How much disk the preview cache may take, in MiB",
               default: "", 0...100_000, refusal: "must be a whole number from 0 to 100000", \.previewCacheMiB),
    ]

    private static let other: [Setting<NatterConfig>] = previews + [
        .whole("scrollback.lines", .global, .other, "Lines kept in memory per buffer (older ones are read from the logs)",
               default: "", 100...1_000_000, refusal: "must be between 100 and 1000000", \.scrollbackLines),
        .whole("scrollback.trim_batch", .global, .other, "How many lines go at once when a buffer is over its lines",
               default: "", 1...1_000_000, refusal: "must be between 1 and scrollback.lines", \.trimBatch),
        .list("ignores.masks", .global, .other,
              "Ignored senders: MASK [LEVELS] [-network NAME] [-until TIME] each (/ignore and /unignore keep it)",
              default: "", check: { masks in
                  do throws(IgnoreConfigError) { _ = try IgnoreList(configured: masks, now: .distantPast); return nil } catch {
                      return "entry \(error.index + 1), \(error)"
                  }
              }, \.ignoreMasks),
        .optionalText("bans.mask", .global, .other,
                      "The form of a ban by nick: *!*@$host, *!$user@$host, $nick!*@*, *!*@*.$domain",
                      default: "*!*@$host", check: banMaskRefusal, \.banMask),
        Setting(info: SettingInfo(key: "ctcp.answer", scope: .global, kind: .list, section: .other,
                                  summary: "Which CTCP requests strangers get answers to: version, ping, time, clientinfo",
                                  defaultText: "version, ping, time, clientinfo"),
                read: { value, config throws(SettingRefusal) in
                    let known: Set<String> = ["VERSION", "PING", "TIME", "CLIENTINFO"]
                    let chosen = Set(try SettingValueReader.strings(value).map { $0.uppercased() })
                    if let bad = chosen.subtracting(known).first {
                        throw SettingRefusal("\(bad) is not one of version, ping, time, clientinfo")
                    }
                    config.ctcpAnswered = chosen
                },
                show: { config in
                    SettingValueReader.showList(["VERSION", "PING", "TIME", "CLIENTINFO"]
                        .filter(config.ctcpAnswered.contains).map { $0.lowercased() })
                }),
        .text("ctcp.version", .global, .other, "What a CTCP VERSION is answered", default: "Natter and its version",
              \.ctcpVersion),
        .text("messages.quit", .global, .other, "What QUIT says: on /quit, /disconnect, /reconnect and when Natter closes",
              default: "", \.quitMessage),
        .list("privacy.password_targets", .global, .other,
              "Nicks whose lines are masked as NickServ's are (NickServ and its kind, bitlbee: always)",
              default: "", \.passwordTargets),
    ]

    /// Why `format` is not a timestamp format (nil: it is one).
    @Sendable static func timestampRefusal(_ format: String) -> String? {
        do throws(TimestampFormat.UnknownDirective) { _ = try TimestampFormat(checking: format); return nil } catch {
            return error.description
        }
    }

    /// Why `text` is not a ban mask template (nil: it is one).
    @Sendable static func banMaskRefusal(_ text: String) -> String? {
        do { _ = try BanMaskTemplate(text); return nil } catch { return error.description }
    }
}

extension Color {
    /// `#RRGGBB`, as the config writes colours (`#RRGGBBAA` when translucent).
    var hexText: String {
        let digits = Array("0123456789ABCDEF")
        return "#" + (a == 255 ? [r, g, b] : [r, g, b, a]).map { String([digits[Int($0 >> 4)], digits[Int($0 & 15)]]) }.joined()
    }
}

/// Where a setting applies: the whole client, one network, one buffer, or one script (a
/// script's key is `NAME.KEY`, written in the file's `[scripts.NAME]` table).
public enum SettingScope: String, Hashable, Sendable {
    case global, network, buffer, script
}

/// What values a setting takes: how `/set` reads what is typed, and which control the settings
/// screen gives it. Values travel as text in the form `/set` takes (``SettingValue/text``).
public enum SettingKind: Hashable, Sendable {
    /// `true` or `false` (`on`/`off`, `yes`/`no` are read too).
    case bool
    /// A whole number within the range.
    case integer(ClosedRange<Int>)
    /// A number within the range.
    case number(ClosedRange<Double>)
    /// Any text (checked by the setting itself where it has a form, such as a timestamp format).
    case text
    /// One of these words.
    case choice([String])
    /// A list of texts, typed separated by commas (`natter, swift`) or as a TOML array
    /// (`["a,b", "c"]`) when an item holds a comma.
    case list
    /// A colour written `#RRGGBB` (`#RRGGBBAA` when translucent).
    case colour
    /// A key or chord by name (`Ctrl+PageDown`).
    case key
    /// A password: it can be set, never shown.
    case secret
}

/// Where the settings screen shows a setting: one section each, in this order.
public enum SettingSection: String, CaseIterable, Hashable, Sendable {
    case networks, appearance, notifications, input, logging, keys, other, scripts

    /// The section's title on the screen.
    public var title: String {
        switch self {
        case .networks: "Networks"
        case .appearance: "Appearance"
        case .notifications: "Notifications"
        case .input: "Input"
        case .logging: "Logging"
        case .keys: "Keys"
        case .other: "Other"
        case .scripts: "Scripts"
        }
    }
}

/// One setting the configuration knows: its name, what it takes, its default and what it does.
/// The configuration's catalog of these is the one source of the config reader's keys, `/set`,
/// the settings screen and the settings reference (docs/SETTINGS.md).
public struct SettingInfo: Hashable, Sendable {
    /// The name within its scope, as the file nests it: `theme.font_size` (global), `nick` or
    /// `sasl.account` (a network's), `notify` (a buffer's), `urllog.max` (script urllog's).
    public let key: String
    public let scope: SettingScope
    public let kind: SettingKind
    public let section: SettingSection
    /// What it does, in one line.
    public let summary: String
    /// The value when the file does not say, as `/set` would type it, or in words where it
    /// follows another setting ("the nick").
    public let defaultText: String

    /// A setting with these properties.
    public init(key: String, scope: SettingScope, kind: SettingKind, section: SettingSection, summary: String,
                defaultText: String) {
        self.key = key
        self.scope = scope
        self.kind = kind
        self.section = section
        self.summary = summary
        self.defaultText = defaultText
    }
}

/// One setting where it applies: a global one, a network's, or a buffer's.
public struct SettingAddress: Hashable, Sendable {
    public let info: SettingInfo
    /// The network of a network's or a buffer's setting, as configured.
    public let network: String?
    /// The buffer of a buffer's setting (its name; the network is ``network``).
    public let buffer: String?

    /// `info` for `network` and `buffer` (nil where its scope has none).
    public init(_ info: SettingInfo, network: String? = nil, buffer: String? = nil) {
        self.info = info
        self.network = network
        self.buffer = buffer
    }

    /// The full name `/set` takes anywhere: `theme.font_size`, `networks.Libera.nick`,
    /// `buffers.Libera/#natter.notify`, `scripts.urllog.max`.
    public var name: String {
        switch info.scope {
        case .global: info.key
        case .network: "networks.\(network ?? "").\(info.key)"
        case .buffer: "buffers.\(network ?? "")/\(buffer ?? "").\(info.key)"
        case .script: "scripts.\(info.key)"
        }
    }
}

/// A setting's value now.
public struct SettingValue: Hashable, Sendable {
    public let address: SettingAddress
    /// The value as `/set` takes it (a secret's is hidden: "(set)" or empty).
    public let text: String
    /// Whether the file leaves it to its default.
    public let isDefault: Bool

    /// `text` at `address`.
    public init(address: SettingAddress, text: String, isDefault: Bool) {
        self.address = address
        self.text = text
        self.isDefault = isDefault
    }
}

/// Why a setting was not found or not changed, in words for the user.
public struct SettingRefusal: Error, Hashable, Sendable, CustomStringConvertible {
    public let description: String
    /// A refusal that says `description`.
    public init(_ description: String) { self.description = description }
}

import FoundationEssentials
import ChatModel
import IRCSession

/// Natter's settings, read from `$XDG_CONFIG_HOME/natter/config.toml`:
///
/// ```toml
/// [[networks]]
/// name = "Libera"
/// host = "irc.libera.chat"          # port 6697 with TLS (the default), 6667 without
/// nick = "me"
/// alternative_nicks = ["me_", "me__"]
/// channels = ["#natter", "#secret key"]   # a key after a space ("#c keyring:NAME": the
///                                         # keyring's item NAME holds it)
/// friends = ["alice", "bob"]               # watched with MONITOR (/monitor +nick adds)
/// autoconnect = true                     # false: added, connected by /connect
/// password_command = "pass irc/libera"   # server password from a command (never stored);
///                                         # fetched while the window opens, not before
/// # password = { keyring = "libera" }     # or from the desktop's keyring (Secret Service):
///                                         # secret-tool store --label=libera \
///                                         #   xdg:schema chat.natter.Password key libera
/// tls_fingerprint = "sha256:AB:CD:…"       # accept exactly this certificate (self-signed servers)
/// sasl_fail = "disconnect"                # SASL not offered or failed: disconnect (default),
///                                         # continue unauthenticated, or reconnect
/// sasl_timeout = 15                       # seconds before an unanswered login counts as failed
/// on_connect = ["/mode $nick +x", "/msg HostServ on"]   # run once registered, in order,
///                                         # before the channels are joined ($nick, $network)
/// remember_channels = true                # channels joined and parted by hand are added to
///                                         # and taken from `channels` (with their keys)
/// ban_mask = "*!$user@$host"              # this network's form of a ban by nick ([bans] mask)
/// notify = "none"                         # its buffers' level where they have none of their own
/// [networks.sasl]
/// mechanism = "plain"                     # plain, external, scram-sha-256
/// account = "me"
/// password_command = "pass irc/libera-sasl"
///
/// [theme]
/// font = "DejaVu Sans"
/// mono_font = "DejaVu Sans Mono"
/// font_size = 14
/// timestamp_format = "%H:%M"              # strftime: %H %M %S %I %p %l %k %y %Y %m %d %e
///                                         # %b %a %j %Z %z %% ("%l:%M %p": 3:07 PM); a
///                                         # format without % reads HH, mm, ss as %H %M %S
/// appearance = "auto"                     # auto (the desktop's light or dark preference),
///                                         # dark, light
/// readable_colours = true                 # mIRC colours lightened or darkened to 3:1
///                                         # on what they are drawn on (false: the raw palette)
/// [theme.light]                           # colours of either theme, #RRGGBB: background,
/// accent = "#3D5AFE"                      # surface, text, dim_text, accent, link, alert,
/// nick_colors = ["#B3261E", "#1565C0"]    # border, selection, error, highlight_row,
///                                         # sidebar, search_match; and nick_colors
///
/// [scrollback]
/// lines = 10000
/// trim_batch = 500
///
/// [highlights]
/// keywords = ["natter"]
/// masks = []
///
/// [ignores]                               # kept by /ignore and /unignore: MASK [LEVELS]
/// masks = ["spammer!*@*",                 # [-network NAME] [-until UTC time]; MASK is
///          "$a:troll JOINS PARTS -network Libera"]   # nick!user@host or $a:account
///
/// [bans]                                  # /ban NICK, /kickban, /quiet and /unban by nick,
/// mask = "*!*@$host"                      # the nick list's ban: the default; or *!$user@$host,
///                                         # $nick!*@*, *!*@*.$domain (a WHO asks first when
///                                         # the host is not known)
///
/// [aliases]                               # your own commands (/alias NAME EXPANSION adds):
/// j2 = "join"                             # $1…$9 the words typed after it, $2- the rest,
/// greet = "/msg $1 hello $1; /me waves"   # $* all, $nick, $channel, $network; ; between
///                                         # commands; without $ words go at the end
///
/// [previews]                              # link cards and images under messages:
/// show = "all"                            # off, links (cards without images) or all; a
///                                         # network's `previews` and [previews.buffers]
///                                         # ("Libera/#busy" = "off") choose their own
/// deny_hosts = ["example.com"]            # never previewed (with their subdomains)
/// allow_private_addresses = false         # links to loopback and LAN addresses: not fetched
/// cache_mb = 200                          # the disk cache's bound
///
/// [notifications.buffers]                 # per buffer (/notify all|mentions|none sets it):
/// "Libera/#busy" = "none"                 # muted: counts and notifies nothing, drawn dimmed
///
/// [notifications]
/// enabled = true                          # desktop notifications
/// urgent = true                           # mark the window urgent
/// sound = true                            # the desktop's new-message sound (false: silent)
///
/// [completion]
/// suffix = ": "
///
/// [privacy]
/// password_targets = ["mybot"]           # lines to them are masked like NickServ's
///                                         # (NickServ and its kind, bitlbee: always)
///
/// [messages]
/// quit = "Leaving"                        # said on /quit, /disconnect, /reconnect and when
///                                         # Natter closes (peers see it, not "Connection closed")
///
/// [filter]                                # the smart filter, as HexChat's and WeeChat's
/// smart = false                           # channels hide joins, parts, quits and nick changes
///                                         # of people who have not spoken lately (/filter
///                                         # turns it on or off per channel, kept between runs)
/// minutes = 10                            # how long after speaking they still show (1–1440)
///
/// [spelling]                              # the input line, through Enchant
/// language = "en_US"                      # "off" turns it off
/// buffers = { "Libera/#deutsch" = "de_DE", "Libera/#code" = "off" }
///
/// [typing]
/// send = true                             # tell others when you type (+typing)
///
/// [ctcp]                                  # what strangers learn by asking
/// answer = ["ping", "time"]               # of version, ping, time, clientinfo (all by default)
/// version = "Natter"                      # the VERSION reply
///
/// [display]
/// renderer = "auto"                       # auto (software where GL would be software too),
///                                         # software, accelerated; NATTER_RENDERER overrides
/// scale = 1.5                             # draw 1.5× (0, the default: the desktop's scale,
///                                         # from GDK_SCALE, QT_SCALE_FACTOR or Xft.dpi)
///
/// [keys]                                  # next_buffer, previous_buffer, close_buffer, quit,
/// next_buffer = "Ctrl+PageDown"           # jump_to_newest, jump_to_oldest, jump_to_unread,
///                                         # find, mentions, quick_switcher,
///                                         # filter_nicks, toggle_nick_list,
///                                         # toggle_buffer_list, zoom_in,
///                                         # zoom_out, zoom_reset, key_help,
///                                         # settings
/// editing = "readline"                    # the input line's keys: standard (the default)
///                                         # or readline (Ctrl+W, Ctrl+U, Ctrl+K, Ctrl+Y,
///                                         # Ctrl+A, Ctrl+E, Alt+B, Alt+F, Alt+D,
///                                         # Alt+Backspace); each command rebindable:
/// delete_word_before = "Ctrl+W"           # delete_word_part_before, delete_word_after,
///                                         # delete_to_line_start, delete_to_line_end, yank,
///                                         # line_start, line_end, word_back, word_forward
///                                         # (a key bound here wins over any default; of
///                                         # two defaults, readline's wins over the app's)
///
/// [scripts.urllog]                        # a script's own settings (natter.setting declares
/// max = 50                                # them): true/false, numbers, text, lists of text;
/// permissions = ["files"]                 # and what you let it do beyond its sandbox:
///                                         # "files" (read and write), "processes" (run programs)
/// ```
public struct NatterConfig: Hashable, Sendable {
    public var networks: [Network] = []
    /// `[scripts.NAME]`: each script's values by key, loaded or not (`permissions` aside).
    public var scripts: [String: [String: ScriptSettingValue]] = [:]
    /// `[scripts.NAME] permissions`: what the user lets each script do beyond its sandbox.
    public var scriptPermissions: [String: Set<ScriptPermission>] = [:]
    public var theme = ThemeSettings()
    public var scrollbackLines = 10_000
    public var trimBatch = 500
    public var highlightKeywords: [String] = []
    public var highlightMasks: [String] = []
    /// The `[ignores]` entries as written (checked when read): ``ignores(at:)`` builds the list.
    public var ignoreMasks: [String] = []
    /// Buffers' own notification levels (`[notifications.buffers]`: `"network/#channel" =
    /// "all" | "mentions" | "none"`), by that key in lower case.
    public var notifyLevels: [String: NotifyLevel] = [:]
    /// Networks' own levels (`notify` of a `[[networks]]` table), by lower-cased name.
    public var networkNotifyLevels: [String: NotifyLevel] = [:]
    /// `[previews]`, the networks' `previews` and `[previews.buffers]`: which links show
    /// previews, which hosts never, whether private addresses may be fetched, the cache's size.
    public var previews = PreviewSettings()
    /// `[previews] cache_mb`: the disk cache's bound in MiB.
    public var previewCacheMiB: Int {
        get { previews.cacheBytes >> 20 }
        set { previews.cacheBytes = newValue << 20 }
    }
    /// The user's own commands (`[aliases]`: `name = "expansion"`), by name.
    public var aliases: [String: String] = [:]
    /// The form of a ban by nick (`[bans] mask`; nil: `*!*@$host`), and the networks' own
    /// (`ban_mask` of a `[[networks]]` table, by lower-cased name); checked when read.
    public var banMask: String?
    public var networkBanMasks: [String: String] = [:]
    public var notifications = true
    /// Whether a notification asks for the desktop's new-message sound (`[notifications] sound`).
    public var notificationSound = true
    /// Whether a highlight or private message marks the window urgent (taskbar hint).
    public var urgentHint = true
    /// The input line's spelling language (`[spelling] language`; empty: off), and the
    /// buffers with their own (`[spelling.buffers]`, `NETWORK/BUFFER` = language).
    public var spellLanguage = "en_US"
    public var spellBuffers: [String: String] = [:]
    /// Whether others are told when we type (`+typing`).
    public var sendTyping = true
    /// Which CTCP requests are answered (`[ctcp] answer`), and what VERSION says (`version`).
    public var ctcpAnswered: Set<String> = ["VERSION", "PING", "TIME", "CLIENTINFO"]
    public var ctcpVersion = "Natter \(NatterVersion.string)"
    /// Which renderer draws the window (`[display] renderer`; `NATTER_RENDERER` overrides it).
    public var renderer = Renderer.auto
    /// How large to draw (`[display] scale`); nil follows the desktop (`DesktopScale`).
    public var scale: Double?
    /// The scales `[display] scale` takes besides 0: those the window draws at (the app's
    /// tests check that this is `DesktopScale.range`, which the configuration cannot see
    /// without linking SDL).
    public static let scales = 0.5...4.0
    public var completionSuffix = ": "
    /// Whom else passwords are typed to (`[privacy] password_targets`).
    public var passwordTargets: [String] = []
    /// What QUIT says (`[messages] quit`).
    public var quitMessage = "Leaving"
    /// Whether channels hide the joins, parts, quits and nick changes of people who have not
    /// spoken lately, unless `/filter` chose otherwise there (`[filter] smart`).
    public var smartFilter = false
    /// How many minutes after speaking those rows still show (`[filter] minutes`).
    public var smartFilterMinutes = 10
    /// How many sent lines each buffer keeps for ↑ and ↓ (`[input] history`).
    public var inputHistoryLines = 100
    /// Whether conversations are logged (`[logging] enabled`), and where (`folder`; nil: the
    /// data folder's `natter/logs`).
    public var logging = true
    public var logFolder: String?
    /// Key bindings by action name (`next_buffer`, …) as key names (`Ctrl+PageDown`).
    public var keys: [String: String] = [:]

    public init() {}

    /// `[display] renderer`: the window's renderer as the user names it. The app turns it into
    /// the SDL side's `RendererChoice`, whose cases it names one for one (its tests check).
    public enum Renderer: String, Hashable, Sendable, CaseIterable {
        case auto, software, accelerated
    }

    /// One network to connect to.
    public struct Network: Hashable, Sendable {
        public var name: String
        public var host: String
        public var port: Int
        public var tls: Bool
        public var verifyCertificate: Bool
        public var nick: String
        public var alternativeNicks: [String]
        public var user: String
        public var realName: String
        public var channels: [(name: String, key: String?)]
        public var password: Secret?
        public var sasl: SASL?
        public var clientCertificate: String?
        public var clientKey: String?
        public var autoConnect: Bool
        /// Nicks to watch with MONITOR (the sidebar's friends); `/monitor +nick` adds to it.
        public var friends: [String] = []
        /// The server certificate's SHA-256 to accept, and only it (`tls_fingerprint`).
        public var tlsFingerprint: [UInt8]?
        /// What to do when SASL is configured and does not succeed (`sasl_fail`).
        public var saslFailure: SASLFailurePolicy = .disconnect
        /// Seconds a SASL login may take before it is aborted and counts as failed (`sasl_timeout`).
        public var saslTimeout: Double = 15
        /// Command lines run once registered, before the channels are joined (`on_connect`).
        public var onConnect: [String] = []
        /// Whether channels joined and parted by hand are added to and taken from `channels`
        /// (`remember_channels`).
        public var rememberChannels = true

        /// A network with these settings; `name` is the key of its buffers and its link.
        public init(name: String, host: String, port: Int, tls: Bool, verifyCertificate: Bool, nick: String,
                    alternativeNicks: [String], user: String, realName: String, channels: [(name: String, key: String?)],
                    password: Secret?, sasl: SASL?, clientCertificate: String?, clientKey: String?, autoConnect: Bool,
                    friends: [String] = [], tlsFingerprint: [UInt8]? = nil, saslFailure: SASLFailurePolicy = .disconnect,
                    saslTimeout: Double = 15) {
            self.name = name
            self.host = host
            self.port = port
            self.tls = tls
            self.verifyCertificate = verifyCertificate
            self.nick = nick
            self.alternativeNicks = alternativeNicks
            self.user = user
            self.realName = realName
            self.channels = channels
            self.password = password
            self.sasl = sasl
            self.clientCertificate = clientCertificate
            self.clientKey = clientKey
            self.autoConnect = autoConnect
            self.friends = friends
            self.tlsFingerprint = tlsFingerprint
            self.saslFailure = saslFailure
            self.saslTimeout = saslTimeout
        }

        public static func == (a: Network, b: Network) -> Bool {
            a.name == b.name && a.host == b.host && a.port == b.port && a.tls == b.tls
                && a.verifyCertificate == b.verifyCertificate && a.nick == b.nick
                && a.alternativeNicks == b.alternativeNicks && a.user == b.user && a.realName == b.realName
                && a.channels.map(\.name) == b.channels.map(\.name) && a.channels.map(\.key) == b.channels.map(\.key)
                && a.password == b.password && a.sasl == b.sasl && a.clientCertificate == b.clientCertificate
                && a.clientKey == b.clientKey && a.autoConnect == b.autoConnect && a.friends == b.friends
                && a.tlsFingerprint == b.tlsFingerprint && a.saslFailure == b.saslFailure
                && a.saslTimeout == b.saslTimeout && a.onConnect == b.onConnect
                && a.rememberChannels == b.rememberChannels
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(name)
            hasher.combine(host)
            hasher.combine(port)
        }

        /// Whether the network is named by its server's address rather than by a name someone
        /// gave it (`--server`, an irc:// link, the first-run form, or a config naming it so;
        /// "host (2)" for a second one): it is shown by the name its server announces.
        public var isNamedAfterServer: Bool {
            name == host || name == "\(host):\(port)" || name.hasPrefix(host + " (")
        }
    }

    /// SASL settings of a network.
    public struct SASL: Hashable, Sendable {
        public enum Mechanism: String, Hashable, Sendable, CaseIterable {
            case plain, external, scramSHA256 = "scram-sha-256"
        }
        public var mechanism: Mechanism
        public var account: String
        public var password: Secret?

        /// SASL with `mechanism` as `account`.
        public init(mechanism: Mechanism, account: String, password: Secret?) {
            self.mechanism = mechanism
            self.account = account
            self.password = password
        }
    }

    /// A password: written in the file, printed by a command when needed, or kept in the
    /// desktop's keyring (the Secret Service) under a name.
    public enum Secret: Hashable, Sendable, CustomStringConvertible {
        case literal(String)
        case command(String)
        case keyring(String)

        /// Never shows the password itself.
        public var description: String {
            switch self {
            case .literal: return "(password from the config file)"
            case .command(let command): return "(password from `\(command)`)"
            case .keyring(let name): return "(password \(name) from the keyring)"
            }
        }
    }

    /// Fonts and formats of the interface.
    public struct ThemeSettings: Hashable, Sendable {
        public var font = "DejaVu Sans"
        public var monoFont = "DejaVu Sans Mono"
        public var fontSize = 14.0
        /// strftime's directives (NatterUI's `TimestampFormat`), checked when read.
        public var timestampFormat = "%H:%M"
        /// Whether mIRC colours are made readable on the theme (`readable_colours`).
        public var readableColours = true
        /// Light or dark (`appearance`): the desktop's preference by default.
        public var appearance = Appearance.auto
        /// The user's colours for each theme (`[theme.dark]`, `[theme.light]`).
        public var darkColors = ThemeColors()
        public var lightColors = ThemeColors()
    }
}

import Configuration
import Testing

/// `ConfigChanges`: what a reload of config.toml has to do, decided from two configurations
/// read from text as the app reads them.
struct ConfigChangesTests {
    private let base = """
        [[networks]]
        name = "Libera"
        host = "irc.libera.chat"
        nick = "me"
        channels = ["#natter"]

        [[networks]]
        name = "OFTC"
        host = "irc.oftc.net"
        nick = "me"

        [theme]
        font_size = 14
        """

    private func changes(_ old: String, _ new: String) throws -> ConfigChanges {
        ConfigChanges(from: try ConfigLoader.parse(old, file: "c.toml"), to: try ConfigLoader.parse(new, file: "c.toml"))
    }

    @Test func theSameConfigurationChangesNothing() throws {
        let same = try changes(base, base)
        #expect(same.isEmpty)
        #expect(same == ConfigChanges())
        // Comments and layout are not settings.
        #expect(try changes(base, "# mine\n" + base.replacingOccurrences(of: "nick = \"me\"", with: "nick   =   \"me\"   # me")).isEmpty)
    }

    @Test func eachGroupOfSettingsIsNamed() throws {
        let cases: [(String, ConfigChanges.Setting)] = [
            ("[theme.dark]\naccent = \"#FF0000\"\n", .theme),
            ("[keys]\nnext_buffer = \"Ctrl+N\"\n", .keys),
            ("[highlights]\nkeywords = [\"natter\"]\n", .highlights),
            ("[ignores]\nmasks = [\"spam!*@*\"]\n", .ignores),
            ("[notifications.buffers]\n\"Libera/#natter\" = \"none\"\n", .notifyLevels),
            ("[notifications]\nurgent = false\n", .notifications),
            ("[notifications]\nsound = false\n", .notifications),
            ("[input]\nhistory = 5\n", .history),
            ("[spelling]\nlanguage = \"off\"\n", .spelling),
            ("[aliases]\nj2 = \"join\"\n", .aliases),
            ("[completion]\nsuffix = \", \"\n", .completion),
            ("[typing]\nsend = false\n", .typing),
            ("[ctcp]\nversion = \"mine\"\n", .ctcp),
            ("[messages]\nquit = \"bye\"\n", .quitMessage),
            ("[filter]\nsmart = true\n", .smartFilter),
            ("[scrollback]\nlines = 500\n", .scrollback),
            ("[privacy]\npassword_targets = [\"bot\"]\n", .passwordTargets),
            ("[bans]\nmask = \"*!$user@$host\"\n", .banMasks),
        ]
        for (text, setting) in cases {
            let found = try changes(base, base + "\n" + text)
            #expect(found.settings == [setting], "\(text)")
            #expect(found.added.isEmpty && found.removed.isEmpty && found.reconnect.isEmpty && found.inPlace.isEmpty)
        }
        let size = try changes(base, base.replacingOccurrences(of: "font_size = 14", with: "font_size = 16"))
        #expect(size.settings == [.theme] && size.needRestart.isEmpty)
    }

    @Test func fontFamiliesAndTheRendererWaitForTheNextStart() throws {
        let found = try changes(base, base + "\nfont = \"Noto Sans\"\nmono_font = \"Noto Sans Mono\"\n"
                                + "[display]\nrenderer = \"software\"\nscale = 2\n[logging]\nenabled = false\nfolder = \"/srv\"\n")
        #expect(found.needRestart == ["theme.font", "theme.mono_font", "display.renderer", "logging.enabled", "logging.folder"])
        // The scale applies at once: the window draws at any scale it is given.
        #expect(found.settings == [.scale])
        #expect(!found.isEmpty)
    }

    @Test func networksAddedRemovedAndRenamed() throws {
        let added = try changes(base, base.replacingOccurrences(of: "[theme]", with: """
            [[networks]]
            name = "Local"
            host = "127.0.0.1"
            nick = "me"

            [theme]
            """))
        #expect(added.added.map(\.name) == ["Local"])
        #expect(added.removed.isEmpty && added.reconnect.isEmpty && added.inPlace.isEmpty && added.settings.isEmpty)

        let removed = try changes(base, base.replacingOccurrences(of: "[[networks]]\nname = \"OFTC\"\nhost = \"irc.oftc.net\"\nnick = \"me\"\n", with: ""))
        #expect(removed.removed == ["OFTC"] && removed.added.isEmpty)

        let renamed = try changes(base, base.replacingOccurrences(of: "name = \"OFTC\"", with: "name = \"oftc\""))
        #expect(renamed.removed == ["OFTC"] && renamed.added.map(\.name) == ["oftc"])
        #expect(renamed.reconnect.isEmpty && renamed.inPlace.isEmpty)
    }

    @Test(arguments: [
        "port = 7000", "tls = false", "verify_certificate = false", "tls_fingerprint = \"sha256:" + Array(repeating: "AB", count: 32).joined(separator: ":") + "\"",
        "client_certificate = \"/c.pem\"\nclient_key = \"/k.pem\"", "user = \"someone\"", "realname = \"Some One\"",
        "password = \"secret\"", "password_command = \"pass irc\"",
    ])
    func addressTLSAndLoginReconnect(line: String) throws {
        let new = base.replacingOccurrences(of: "host = \"irc.oftc.net\"", with: "host = \"irc.oftc.net\"\n" + line)
        let found = try changes(base, new)
        #expect(found.reconnect.map(\.name) == ["OFTC"], "\(line)")
        #expect(found.inPlace.isEmpty && found.added.isEmpty && found.removed.isEmpty, "\(line)")
    }

    @Test func aNewHostNickOrSASLReconnects() throws {
        #expect(try changes(base, base.replacingOccurrences(of: "irc.oftc.net", with: "irc.eu.oftc.net")).reconnect.map(\.name) == ["OFTC"])
        let nick = try changes(base, base.replacingOccurrences(of: "irc.libera.chat\"\nnick = \"me\"",
                                                               with: "irc.libera.chat\"\nnick = \"other\""))
        #expect(nick.reconnect.map(\.name) == ["Libera"])
        let sasl = try changes(base, base.replacingOccurrences(of: "[[networks]]\nname = \"OFTC\"", with: """
            [networks.sasl]
            mechanism = "plain"
            account = "me"
            password = "pw"

            [[networks]]
            name = "OFTC"
            """))
        #expect(sasl.reconnect.map(\.name) == ["Libera"] && sasl.inPlace.isEmpty)
    }

    @Test(arguments: [
        "channels = [\"#other\"]", "friends = [\"alice\"]", "on_connect = [\"/mode $nick +x\"]", "remember_channels = false",
        "autoconnect = false", "alternative_nicks = [\"me_\"]", "sasl_fail = \"continue\"", "sasl_timeout = 30",
    ])
    func everythingElseAppliesInPlace(line: String) throws {
        let new = base.replacingOccurrences(of: "host = \"irc.oftc.net\"", with: "host = \"irc.oftc.net\"\n" + line)
        let found = try changes(base, new)
        #expect(found.inPlace.map(\.name) == ["OFTC"], "\(line)")
        #expect(found.reconnect.isEmpty && found.settings.isEmpty, "\(line)")
    }

    @Test func aNetworksBanMaskIsABanMaskChange() throws {
        let found = try changes(base, base.replacingOccurrences(of: "host = \"irc.oftc.net\"", with: "host = \"irc.oftc.net\"\nban_mask = \"$nick!*@*\""))
        #expect(found.settings == [.banMasks])
        #expect(found.inPlace.isEmpty && found.reconnect.isEmpty)
    }
}

@testable import Configuration
import Testing

struct ConfigTests {
    let full = """
        # My networks
        [[networks]]
        name = "Libera"
        host = "irc.libera.chat"
        nick = "me"
        alternative_nicks = ["me_", "me2"]
        channels = ["#natter", "#secret hunter2"]
        password_command = "pass irc/libera"
        [networks.sasl]
        mechanism = "scram-sha-256"
        account = "me"
        password_command = "pass irc/libera-sasl"

        [[networks]]
        name = "Local"
        host = "127.0.0.1"
        port = 6667
        tls = false

        [theme]
        font_size = 15
        timestamp_format = "HH:mm:ss"
        readable_colours = false

        [scrollback]
        lines = 20000
        trim_batch = 1000

        [highlights]
        keywords = ["natter", "swift"]

        [ignores]
        masks = ["spam!*@*"]

        [notifications]
        enabled = false
        urgent = true

        [completion]
        suffix = ", "

        [messages]
        quit = "back to the terminal"

        [keys]
        next_buffer = "Alt+Right"
        editing = "readline"
        yank = "Ctrl+Alt+Y"
        """

    @Test func aFullFileIsRead() throws {
        let config = try ConfigLoader.parse(full, file: "config.toml")
        #expect(config.networks.count == 2)
        let libera = config.networks[0]
        #expect(libera.host == "irc.libera.chat" && libera.port == 6697 && libera.tls && libera.verifyCertificate)
        #expect(libera.alternativeNicks == ["me_", "me2"])
        #expect(libera.channels.map(\.name) == ["#natter", "#secret"] && libera.channels[1].key == "hunter2")
        #expect(libera.password == .command("pass irc/libera"))
        #expect(libera.sasl?.mechanism == .scramSHA256 && libera.sasl?.password == .command("pass irc/libera-sasl"))
        #expect(config.networks[1].port == 6667 && !config.networks[1].tls && config.networks[1].nick.isEmpty == false)
        #expect(config.theme.fontSize == 15 && config.theme.timestampFormat == "HH:mm:ss")
        #expect(!config.theme.readableColours)
        #expect(config.scrollbackLines == 20000 && config.trimBatch == 1000)
        #expect(config.highlightKeywords == ["natter", "swift"] && config.ignoreMasks == ["spam!*@*"])
        #expect(!config.notifications && config.urgentHint && config.completionSuffix == ", " && config.keys["next_buffer"] == "Alt+Right")
        #expect(config.keys["editing"] == "readline" && config.keys["yank"] == "Ctrl+Alt+Y")
        #expect(config.quitMessage == "back to the terminal")
        #expect(try ConfigLoader.parse("", file: "config.toml").quitMessage == "Leaving")
    }

    @Test func theCTCPChoiceIsRead() throws {
        let config = try ConfigLoader.parse("[ctcp]\nanswer = [\"ping\", \"Time\"]\nversion = \"an IRC client\"\n", file: "c.toml")
        #expect(config.ctcpAnswered == ["PING", "TIME"])
        #expect(config.ctcpVersion == "an IRC client")
        #expect(throws: ConfigError.self) { try ConfigLoader.parse("[ctcp]\nanswer = [\"finger\"]\n", file: "c.toml") }
    }

    @Test func pinsAndTheSASLPolicyAreRead() throws {
        let text = "[[networks]]\nhost = \"h\"\nsasl_fail = \"reconnect\"\nsasl_timeout = 30\ntls_fingerprint = \"sha256:"
            + (0..<32).map { _ in "0A" }.joined(separator: ":") + "\"\n"
        let config = try ConfigLoader.parse(text, file: "c.toml")
        #expect(config.networks[0].tlsFingerprint == Array(repeating: 10, count: 32))
        #expect(config.networks[0].saslFailure == .reconnect)
        #expect(config.networks[0].saslTimeout == 30)
        let plain = try ConfigLoader.parse("[[networks]]\nhost = \"h\"\n", file: "c.toml")
        #expect(plain.networks[0].saslFailure == .disconnect && plain.networks[0].tlsFingerprint == nil)
        #expect(plain.networks[0].saslTimeout == 15)
        let setup = try NetworkSetup(config.networks[0])
        #expect(setup.session.saslTimeout == 30 && setup.session.saslFailure == .reconnect)
    }

    @Test func theScaleIsReadAndZeroMeansTheDesktops() throws {
        #expect(try ConfigLoader.parse("[display]\nscale = 1.5\n", file: "c.toml").scale == 1.5)
        #expect(try ConfigLoader.parse("[display]\nscale = 2\n", file: "c.toml").scale == 2)
        #expect(try ConfigLoader.parse("[display]\nscale = 0\n", file: "c.toml").scale == nil)
        #expect(try ConfigLoader.parse("[display]\nrenderer = \"software\"\n", file: "c.toml").scale == nil)
    }

    @Test func secretsNeverPrintThemselves() {
        #expect("\(NatterConfig.Secret.literal("hunter2"))".contains("hunter2") == false)
    }

    @Test(arguments: [
        ("[[networks]]\nhost = \"h\"\nport = \"6667\"\n", 3, "networks[0].port", "whole number"),
        ("[[networks]]\nhost = \"h\"\n\n[[networks]]\nhost = \"x\"\nprot = 1\n", 6, "networks[1].prot", "unknown setting"),
        ("[[networks]]\nnick = \"me\"\n", 1, "networks[0].host", "is required"),
        ("[[networks]]\nhost = \"h\"\nnick = \"9lives\"\n", 3, "networks[0].nick", "not a valid nick"),
        ("[[networks]]\nhost = \"h\"\n[networks.sasl]\naccount = \"me\"\n", 3, "networks[0].sasl", "needs password_command"),
        ("[theme]\nfont_size = 200\n", 2, "theme.font_size", "between 6 and 72"),
        ("[theme]\nfont_size = 12\ntimestamp_format = \"%l:%M %Q\"\n", 3, "theme.timestamp_format", "%Q is not a timestamp directive"),
        ("[keys]\nquit = \"Ctrl+Banana\"\n", 2, "keys.quit", "unknown key"),
        ("[keys]\nediting = \"emacs\"\n", 2, "keys.editing", "\"standard\" or \"readline\""),
        ("[display]\nscale = 8\n", 2, "display.scale", "between 0.5 and 4"),
        ("[colours]\nx = 1\n", 1, "colours", "unknown setting"),
        ("[[networks]]\nhost = \"h\"\nchannels = [\"natter\"]\n", 3, "networks[0].channels", "not a channel"),
        ("[[networks]]\nhost = \"h\"\ntls_fingerprint = \"sha256:AB:CD\"\n", 3, "networks[0].tls_fingerprint", "64 hex digits"),
        ("[[networks]]\nhost = \"h\"\ntls = false\ntls_fingerprint = \"\(String(repeating: "ab", count: 32))\"\n", 4,
         "networks[0].tls_fingerprint", "needs tls = true"),
        ("[[networks]]\nhost = \"h\"\nsasl_fail = \"ignore\"\n", 3, "networks[0].sasl_fail", "disconnect, continue, reconnect"),
        ("[[networks]]\nhost = \"h\"\nsasl_timeout = 0\n", 3, "networks[0].sasl_timeout", "between 1 and 300"),
        ("[[networks]]\nhost = \"h\"\nsasl_timeout = \"15\"\n", 3, "networks[0].sasl_timeout", "must be a number"),
    ])
    func errorsNameTheFileTheLineAndTheKey(text: String, line: Int, key: String, message: String) {
        do {
            _ = try ConfigLoader.parse(text, file: "/home/me/.config/natter/config.toml")
            Issue.record("accepted: \(text)")
        } catch {
            #expect(error.file == "/home/me/.config/natter/config.toml")
            #expect(error.line == line, "line \(String(describing: error.line)) for \(key)")
            #expect(error.key == key)
            #expect(error.message.contains(message), "\(error)")
            #expect(error.description.hasPrefix("/home/me/.config/natter/config.toml:\(line): \(key): "))
        }
    }

    /// strftime's directives are read and kept as written; the default is the 24-hour clock.
    @Test func aTwelveHourTimestampFormatIsRead() throws {
        let config = try ConfigLoader.parse("[theme]\ntimestamp_format = \"%l:%M:%S %p %%\"\n", file: "c.toml")
        #expect(config.theme.timestampFormat == "%l:%M:%S %p %%")
        #expect(try ConfigLoader.parse("", file: "c.toml").theme.timestampFormat == "%H:%M")
    }

    @Test func aSyntaxErrorNamesItsLine() {
        do {
            _ = try ConfigLoader.parse("[theme]\nfont = \"DejaVu\n", file: "c.toml")
            Issue.record("accepted")
        } catch {
            #expect(error.line == 2)
        }
    }
}

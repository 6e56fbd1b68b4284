@testable import Configuration
import Foundation
import IRCSession
import Testing

/// Editing the configuration in place: a file with comments everywhere, changed key by key,
/// differs from what the user wrote only where the change is, and still reads as TOML.
struct TOMLEditorTests {
    static let commented = """
        # Natter's configuration, written by hand.
        nick_colours = true   # colour nicks

        # Networks, in the order they connect.
        [[networks]]
        name = "libera"   # the big one
        host = "irc.libera.chat"
          channels = [
            "#natter",  # ours
            "#swift",
          ]

        # A second network.
        [[networks]]
        name = 'oftc'
        host = "irc.oftc.net"
        [networks.sasl]
        mechanism = "PLAIN"

        # How it looks.
        [theme]
        appearance = "dark" # or light
        # font size in points
        font_size = 14

        """

    /// The lines of `after` that are not in `before`, and those of `before` gone from `after`.
    func difference(_ before: String, _ after: String) -> (added: [String], removed: [String]) {
        let diff = after.split(separator: "\n", omittingEmptySubsequences: false)
            .difference(from: before.split(separator: "\n", omittingEmptySubsequences: false))
        var added: [(Int, String)] = [], removed: [(Int, String)] = []
        for change in diff {
            switch change {
            case .insert(let offset, let line, _): added.append((offset, String(line)))
            case .remove(let offset, let line, _): removed.append((offset, String(line)))
            }
        }
        // In the order of the file (the difference lists removals last line first).
        return (added.sorted { $0.0 < $1.0 }.map(\.1), removed.sorted { $0.0 < $1.0 }.map(\.1))
    }

    @Test func aChangedValueChangesOnlyItself() throws {
        var editor = try TOMLEditor(Self.commented)
        try editor.set("appearance", .string("light"), in: .named("theme"))
        try editor.set("font_size", .integer(16), in: .named("theme"))
        try editor.set("nick_colours", .boolean(false))
        let change = difference(Self.commented, editor.text)
        #expect(change.removed == ["nick_colours = true   # colour nicks", "appearance = \"dark\" # or light", "font_size = 14"])
        #expect(change.added == ["nick_colours = false   # colour nicks", "appearance = \"light\" # or light", "font_size = 16"])
    }

    @Test func aValueSpanningLinesIsReplacedWhole() throws {
        var editor = try TOMLEditor(Self.commented)
        try editor.set("channels", .array([.string("#natter"), .string("#swift"), .string("#irc")]), in: .element(0, of: "networks"))
        #expect(editor.text.contains("  channels = [\"#natter\", \"#swift\", \"#irc\"]\n\n# A second network."))
        #expect(!editor.text.contains("# ours"))
        let table = try TOMLTable(parsing: editor.text)
        #expect(table["networks"]?.array?[0].table?["channels"]?.array?.count == 3)
    }

    @Test func aNewKeyGoesAfterItsTablesLastKeyWithItsIndent() throws {
        var editor = try TOMLEditor(Self.commented)
        try editor.set("nick", .string("me"), in: .element(0, of: "networks"))
        try editor.set("port", .integer(6697), in: .element(1, of: "networks"))
        let change = difference(Self.commented, editor.text)
        #expect(change.removed.isEmpty)
        #expect(change.added == ["  nick = \"me\"", "port = 6697"])
        #expect(editor.text.contains("    \"#swift\",\n  ]\n  nick = \"me\"\n\n# A second network."))
        #expect(editor.text.contains("host = \"irc.oftc.net\"\nport = 6697\n[networks.sasl]"))
        let networks = try TOMLTable(parsing: editor.text)["networks"]?.array
        #expect(networks?[1].table?["port"]?.int == 6697)
        #expect(networks?[1].table?["sasl"]?.table?["port"] == nil)
    }

    @Test func aKeyOfTheTopLevelGoesBeforeTheFirstTableAndItsComments() throws {
        var editor = try TOMLEditor("# top\n\n# Networks\n[[networks]]\nname = \"a\"\n")
        try editor.set("quit_message", .string("bye \"all\""))
        #expect(editor.text == "# top\n\nquit_message = \"bye \\\"all\\\"\"\n# Networks\n[[networks]]\nname = \"a\"\n")
        #expect(try TOMLTable(parsing: editor.text)["quit_message"]?.string == "bye \"all\"")
    }

    @Test func aMissingTableIsAddedAtTheEnd() throws {
        var editor = try TOMLEditor("nick = \"me\"")   // no line end at the end
        try editor.set("level", .string("mentions"), in: .named("notifications.libera"))
        #expect(editor.text == "nick = \"me\"\n\n[notifications.libera]\nlevel = \"mentions\"\n")
        var empty = try TOMLEditor("")
        try empty.set("nick", .string("me"))
        #expect(empty.text == "nick = \"me\"\n")
        #expect(throws: TOMLEditError.self) { try empty.set("nick", .string("x"), in: .element(3, of: "networks")) }
    }

    @Test func dottedKeysAreFoundWhereTheyAreWritten() throws {
        var editor = try TOMLEditor("theme.appearance = \"dark\"\n[[networks]]\nname = \"a\"\n")
        try editor.set("appearance", .string("light"), in: .named("theme"))
        #expect(editor.text == "theme.appearance = \"light\"\n[[networks]]\nname = \"a\"\n")
    }

    /// The keys inside an inline table are part of its value: not found as keys of the table
    /// around it, and a new key goes after the whole line.
    @Test func inlineTablesAreValues() throws {
        var editor = try TOMLEditor("[[networks]]\nname = \"a\"\npassword = { keyring = \"k\", user = \"u\" }\n")
        try editor.set("keyring", .string("other"), in: .element(0, of: "networks"))
        #expect(editor.text == "[[networks]]\nname = \"a\"\npassword = { keyring = \"k\", user = \"u\" }\nkeyring = \"other\"\n")
        try editor.set("password", .inlineTable([.init("keyring", .string("new"))]), in: .element(0, of: "networks"))
        #expect(editor.text.contains("password = { keyring = \"new\" }\n"))
        // Its keys cannot be set one by one: a [networks.password] table would define it twice.
        let before = editor.text
        #expect(throws: TOMLEditError.self) { try editor.set("keyring", .string("inner"), in: .named("networks.password")) }
        #expect(editor.text == before)
    }

    @Test func aRemovedKeyTakesItsLineAndItsComment() throws {
        var editor = try TOMLEditor(Self.commented)
        #expect(try editor.remove("appearance", in: .named("theme")))
        #expect(try !editor.remove("appearance", in: .named("theme")))
        let change = difference(Self.commented, editor.text)
        #expect(change.removed == ["appearance = \"dark\" # or light"])
        #expect(change.added.isEmpty)
    }

    @Test func anElementAddedThenRemovedLeavesTheFileAsItWas() throws {
        var editor = try TOMLEditor(Self.commented)
        #expect(editor.count(of: "networks") == 2)
        try editor.append(to: "networks", [("name", .string("local")), ("port", .integer(6667)),
                                           ("password", .inlineTable([.init("keyring", .string("natter/local"))]))])
        #expect(editor.count(of: "networks") == 3)
        // After the last element and its sub-table, before the comment of what follows.
        #expect(editor.text.contains("""
            mechanism = "PLAIN"

            [[networks]]
            name = "local"
            port = 6667
            password = { keyring = "natter/local" }

            # How it looks.
            """))
        let table = try TOMLTable(parsing: editor.text)
        #expect(table["networks"]?.array?[2].table?["password"]?.table?["keyring"]?.string == "natter/local")
        try editor.remove(element: 2, of: "networks")
        #expect(editor.text == Self.commented)
    }

    @Test func anElementRemovedTakesItsCommentsAndSubTables() throws {
        var editor = try TOMLEditor(Self.commented)
        try editor.remove(element: 1, of: "networks")
        #expect(!editor.text.contains("oftc") && !editor.text.contains("A second network") && !editor.text.contains("PLAIN"))
        #expect(editor.text.contains("    \"#swift\",\n  ]\n\n# How it looks.\n[theme]"))
        #expect(throws: TOMLEditError.self) { try editor.remove(element: 1, of: "networks") }
        // The first of several.
        var first = try TOMLEditor(Self.commented)
        try first.remove(element: 0, of: "networks")
        #expect(first.text.hasPrefix("# Natter's configuration, written by hand.\nnick_colours = true   # colour nicks\n\n# A second network.\n[[networks]]\nname = 'oftc'"))
    }

    @Test func lineEndsOfTheFileAreKept() throws {
        var editor = try TOMLEditor("a = 1\r\n[t]\r\nb = 2\r\n")
        try editor.set("c", .integer(3), in: .named("t"))
        try editor.set("a", .integer(9))
        try editor.append(to: "n", [("x", .boolean(true))])
        #expect(editor.text == "a = 9\r\n[t]\r\nb = 2\r\nc = 3\r\n\r\n[[n]]\r\nx = true\r\n")
    }

    @Test func anEditThatWouldBreakTheFileIsRefusedAndChangesNothing() throws {
        var editor = try TOMLEditor(Self.commented)
        // `theme` is a table: a value of that name beside it would define it twice.
        #expect(throws: TOMLEditError.self) { try editor.set("theme", .string("dark")) }
        #expect(editor.text == Self.commented)
        #expect(throws: TOMLEditError.self) { try TOMLEditor("a = ") }
    }

    @Test func theFileIsReplacedWholeWithItsPermissions() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("natter-editor-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("natter/config.toml").path
        try ConfigFile.edit(path) { (editor: inout TOMLEditor) throws(TOMLEditError) in try editor.set("nick", .string("me")) }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "nick = \"me\"\n")
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int == 0o600)
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: path)
        try ConfigFile.edit(path) { (editor: inout TOMLEditor) throws(TOMLEditError) in try editor.set("nick", .string("you")) }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "nick = \"you\"\n")
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int == 0o640)
        // A refused edit leaves the file as it was, and no temporary file behind.
        #expect(throws: ConfigFileError.self) {
            try ConfigFile.edit(path) { (editor: inout TOMLEditor) throws(TOMLEditError) in try editor.set("n", .integer(1), in: .element(0, of: "x")) }
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "nick = \"you\"\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("natter").path) == ["config.toml"])
    }
}

/// `[aliases]`: read with their names checked (a built-in cannot be replaced), and kept by
/// `/alias` through the in-place editor.
struct AliasConfigTests {
    @Test func aliasesAreRead() throws {
        let config = try ConfigLoader.parse("[aliases]\ngreet = \"/msg $1 hello\"\nJ2 = \"/join\"\n", file: "c.toml")
        #expect(config.aliases == ["greet": "/msg $1 hello", "J2": "/join"])
    }

    @Test func anAliasNamedLikeABuiltInIsAnErrorWithItsLine() {
        do {
            _ = try ConfigLoader.parse("# mine\n[aliases]\nok = \"/join\"\nj = \"/part\"\n", file: "c.toml")
            Issue.record("read")
        } catch {
            #expect("\(error)".contains("c.toml:4"), "\(error)")
            #expect("\(error)".contains("aliases.j"), "\(error)")
            #expect("\(error)".contains("/j is one of Natter's commands"), "\(error)")
        }
        #expect(throws: ConfigError.self) { try ConfigLoader.parse("[aliases]\nx = \"\"\n", file: "c.toml") }
        // Two spellings of one command: which would win is not for the reader to guess.
        #expect(throws: ConfigError.self) { try ConfigLoader.parse("[aliases]\nGreet = \"/a\"\ngreet = \"/b\"\n", file: "c.toml") }
        #expect(throws: ConfigError.self) { try ConfigLoader.parse("[aliases]\nx = 3\n", file: "c.toml") }
    }

    @Test func anAliasDefinedAndRemovedLeavesTheRestOfTheFileAlone() throws {
        let original = "# my config\n[theme]\nfont_size = 14 # big\n"
        var editor = try TOMLEditor(original)
        try editor.set("greet", .string("/msg $1 \"hi\""), in: .named("aliases"))
        #expect(editor.text == original + "\n[aliases]\ngreet = \"/msg $1 \\\"hi\\\"\"\n")
        #expect(try ConfigLoader.parse(editor.text, file: "c.toml").aliases == ["greet": "/msg $1 \"hi\""])
        try editor.remove("greet", in: .named("aliases"))
        #expect(editor.text == original + "\n[aliases]\n")
    }
}

/// `on_connect` in a network's table: command lines, each starting with `/`.
struct OnConnectConfigTests {
    @Test func onConnectIsRead() throws {
        let config = try ConfigLoader.parse("[[networks]]\nhost = \"h\"\nnick = \"n\"\non_connect = [\"/mode $nick +x\"]\n", file: "c.toml")
        #expect(config.networks.first?.onConnect == ["/mode $nick +x"])
        #expect(throws: ConfigError.self) {
            try ConfigLoader.parse("[[networks]]\nhost = \"h\"\nnick = \"n\"\non_connect = [\"mode +x\"]\n", file: "c.toml")
        }
    }
}

/// Natter's own changes to the file: made in the order asked, off the caller's thread, what
/// failed said.
struct ConfigEditQueueTests {
    @Test func editsAreMadeInOrderAndFailuresAreKept() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("natter-queue-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("config.toml").path
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try "# mine\n[[networks]]\nname = \"A\"\nhost = \"a.example\"\nchannels = []\n[[networks]]\nhost = \"b.example\"\n"
            .write(toFile: path, atomically: true, encoding: .utf8)
        let queue = ConfigEditQueue(path: path)
        for k in 0..<50 {
            queue.edit("step \(k)") { editor throws(TOMLEditError) in
                let index = editor.element(of: "networks", whereKey: "name", is: "b.example", orElse: "host")!
                try editor.set("port", .integer(6600 + k), in: .element(index, of: "networks"))
            }
        }
        queue.edit("the impossible") { editor throws(TOMLEditError) in throw TOMLEditError("no such network") }
        queue.edit("the last") { editor throws(TOMLEditError) in try editor.set("channels", .array([.string("#a")]), in: .element(0, of: "networks")) }
        queue.waitUntilIdle()
        #expect(queue.finished == 52)
        #expect(try String(contentsOfFile: path, encoding: .utf8)
                == "# mine\n[[networks]]\nname = \"A\"\nhost = \"a.example\"\nchannels = [\"#a\"]\n[[networks]]\nhost = \"b.example\"\nport = 6649\n")
        #expect(queue.takeFailures() == ["the impossible is kept for this run only: cannot write \(path): no such network"])
        #expect(queue.takeFailures().isEmpty)

        // A value the reader would refuse is not written, and says why.
        queue.edit("the channel #") { editor throws(TOMLEditError) in
            try editor.set("channels", .array([.string("#")]), in: .element(0, of: "networks"))
        }
        queue.waitUntilIdle()
        #expect(try String(contentsOfFile: path, encoding: .utf8).contains("channels = [\"#a\"]"))
        #expect(queue.takeFailures().first?.contains("would not read back") == true)
        // A file that does not read (the user is mending it) is not touched.
        try "# mine\n[[networks]]\nname = \"A\"\n".write(toFile: path, atomically: true, encoding: .utf8)
        queue.edit("anything") { editor throws(TOMLEditError) in try editor.set("nick", .string("x")) }
        queue.waitUntilIdle()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "# mine\n[[networks]]\nname = \"A\"\n")
        #expect(queue.takeFailures().first?.contains("left as it is until it reads again") == true)
    }

    /// A config.toml that is a link (a dotfiles manager's) stays one: the file it points at changes.
    @Test func aLinkedFileStaysALink() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("natter-link-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("dotfiles"), withIntermediateDirectories: true)
        let target = folder.appendingPathComponent("dotfiles/natter.toml").path
        try "nick = \"me\"\n".write(toFile: target, atomically: true, encoding: .utf8)
        let link = folder.appendingPathComponent("config.toml").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "dotfiles/natter.toml")
        try ConfigFile.edit(link) { (editor: inout TOMLEditor) throws(TOMLEditError) in try editor.set("nick", .string("you")) }
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "dotfiles/natter.toml")
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "nick = \"you\"\n")
    }
}

/// The channels joined and parted by hand go into the file as changes to the list it has then:
/// what the user added there meanwhile stays.
struct ChannelChangesConfigTests {
    @Test func changesApplyToTheListAsTheFileHasIt() throws {
        // The user added #hand while Natter ran; Natter joined #new, parted #old, keyed #k.
        var editor = try TOMLEditor("""
            [[networks]]
            name = "Libera"
            host = "irc.libera.chat"
            channels = ["#Old", "#hand", "#k"]   # mine

            """)
        try ConfigWriter.applyChannelChanges([.added(ChannelKey("#new")), .removed("#old"), .keyed(ChannelKey("#k", key: "pw")),
                                              .added(ChannelKey("#HAND"))], network: "Libera", in: &editor)
        #expect(editor.text.contains("channels = [\"#hand\", \"#k pw\", \"#new\"]   # mine"), "\(editor.text)")
        // A network named by its host, without channels yet.
        var bare = try TOMLEditor("[[networks]]\nhost = \"h.example\"\n")
        try ConfigWriter.applyChannelChanges([.added(ChannelKey("#a"))], network: "h.example", in: &bare)
        #expect(bare.text == "[[networks]]\nhost = \"h.example\"\nchannels = [\"#a\"]\n")
        #expect(throws: TOMLEditError.self) { try ConfigWriter.applyChannelChanges([.removed("#a")], network: "Nowhere", in: &bare) }
    }
}

/// `[notifications.buffers]`: levels read and checked; /notify writes a key with dots in it.
struct NotifyLevelConfigTests {
    @Test func levelsAreReadAndWritten() throws {
        let config = try ConfigLoader.parse("[notifications.buffers]\n\"Libera/#Busy\" = \"none\"\n\"irc.oftc.net/#x\" = \"All\"\n", file: "c.toml")
        #expect(config.notifyLevels == ["libera/#busy": .none, "irc.oftc.net/#x": .all])
        #expect(throws: ConfigError.self) { try ConfigLoader.parse("[notifications.buffers]\n\"#x\" = \"none\"\n", file: "c.toml") }
        #expect(throws: ConfigError.self) { try ConfigLoader.parse("[notifications.buffers]\n\"L/#x\" = \"loud\"\n", file: "c.toml") }
        var editor = try TOMLEditor("[notifications]\nenabled = true\n")
        try editor.set("irc.oftc.net/#x", .string("none"), in: .named("notifications.buffers"))
        try editor.set("irc.oftc.net/#x", .string("all"), in: .named("notifications.buffers"))
        #expect(editor.text == "[notifications]\nenabled = true\n\n[notifications.buffers]\n\"irc.oftc.net/#x\" = \"all\"\n")
    }
}

@testable import Configuration
import ChatModel
import Foundation
import Testing

/// The settings store over a real file: `/set`'s and the settings screen's changes land in the
/// file in place, the rest of it byte for byte as the user wrote it; refusals keep the file.
final class SettingsStoreTests {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("natter-set-\(UUID().uuidString)")
    var path: String { dir.appendingPathComponent("config.toml").path }
    var applied: [NatterConfig] = []

    /// A file as a person writes one: comments everywhere, odd spacing, a CRLF-free mix of
    /// quoting styles, blank lines, tables out of the usual order.
    static let commented = """
        # Natter — my settings. Edited by hand; Natter must keep all of this.

        [theme]            # how it looks
        font_size = 14     # points
          # indented comment line
        timestamp_format = '%H:%M'   # literal string, single quotes

        # The networks I use
        [[networks]]
        name = "Libera"      # main
        host = "irc.libera.chat"
        nick = "me"
        channels = [
            "#natter",   # the project
            "#swift",
        ]

        # work
        [[networks]]
        name = "Work"
        host = "irc.example.org"
        port = 6697
        nick = "me"

        [highlights]
        keywords = ["natter"]   # my words

        # trailing comment at the end of the file
        """

    init() throws {
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try Self.commented.write(toFile: path, atomically: true, encoding: .utf8)
    }

    deinit { try? FileManager.default.removeItem(at: dir) }

    func store() throws -> ConfigSettingsStore {
        let store = ConfigSettingsStore(path: path, config: try ConfigLoader.load(path: path))
        store.onChange = { [unowned self] in self.applied.append($0) }
        return store
    }

    func address(_ store: ConfigSettingsStore, _ name: String, in context: BufferID? = nil) throws -> SettingAddress {
        try store.address(of: name, in: context).get()
    }

    func file() throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    @Test func changesTouchOnlyTheirValues() throws {
        let store = try store()
        #expect(try store.set("16", at: address(store, "theme.font_size")).get().text == "16")
        #expect(try store.set("%H:%M:%S", at: address(store, "theme.timestamp_format")).get().text == "%H:%M:%S")
        #expect(try store.set("otherme", at: address(store, "nick", in: BufferID(network: "Work", name: ""))).get().text == "otherme")
        #expect(try store.set("natter, swift", at: address(store, "highlights.keywords")).get().text == "natter, swift")
        var expected = Self.commented
        expected = expected.replacingOccurrences(of: "font_size = 14     # points", with: "font_size = 16     # points")
        expected = expected.replacingOccurrences(of: "timestamp_format = '%H:%M'", with: "timestamp_format = \"%H:%M:%S\"")
        expected = expected.replacingOccurrences(of: "port = 6697\nnick = \"me\"", with: "port = 6697\nnick = \"otherme\"")
        expected = expected.replacingOccurrences(of: "keywords = [\"natter\"]", with: "keywords = [\"natter\", \"swift\"]")
        #expect(try file() == expected)
        #expect(applied.count == 4)
        #expect(applied.last?.theme.fontSize == 16)
        #expect(applied.last?.networks[1].nick == "otherme" && applied.last?.networks[0].nick == "me")
    }

    @Test func aResetTakesTheLineOutAndTheDefaultApplies() throws {
        let store = try store()
        let value = try store.reset(address(store, "theme.font_size")).get()
        #expect(value.isDefault && value.text == "14")
        #expect(try file() == Self.commented.replacingOccurrences(of: "font_size = 14     # points\n", with: ""))
    }

    @Test func newKeysGoUnderTheirTableOrANewOne() throws {
        let store = try store()
        _ = try store.set("false", at: address(store, "typing.send")).get()
        _ = try store.set("ctrl+shift+p", at: address(store, "keys.quick_switcher")).get()
        // plain needs a password: the change is refused and the file keeps what it had.
        let refused = store.set("plain", at: try address(store, "networks.Libera.sasl.mechanism"))
        #expect(throws: SettingRefusal("networks[0].sasl plain needs password_command (or password)")) { try refused.get() }
        #expect(try file().contains("[networks.sasl]") == false)
        _ = try store.set("keyring:libera", at: address(store, "networks.Libera.sasl.password")).get()
        _ = try store.set("plain", at: address(store, "networks.Libera.sasl.mechanism")).get()
        _ = try store.set("mentions", at: address(store, "notify", in: BufferID(network: "Libera", name: "#Busy"))).get()
        let text = try file()
        let sasl = "\n[networks.sasl]\npassword = { keyring = \"libera\" }\nmechanism = \"plain\"\n"
        #expect(text.replacingOccurrences(of: sasl, with: "").hasPrefix(Self.commented))
        #expect(text.contains("[typing]\nsend = false\n"))
        #expect(text.contains("[keys]\nquick_switcher = \"ctrl+shift+p\"\n"))
        #expect(text.contains("\n[networks.sasl]\npassword = { keyring = \"libera\" }\nmechanism = \"plain\"\n"))
        #expect(text.contains("[notifications.buffers]\n\"Libera/#Busy\" = \"mentions\"\n"))
        let config = try ConfigLoader.parse(text, file: "c")
        #expect(config.networks[0].sasl == NatterConfig.SASL(mechanism: .plain, account: "me", password: .keyring("libera")))
        #expect(config.notifyLevels["libera/#busy"] == .mentions)
        // The sub-table sits inside the first network, not after the second.
        let saslAt = try #require(text.range(of: "[networks.sasl]")).lowerBound
        let workAt = try #require(text.range(of: "name = \"Work\"")).lowerBound
        #expect(saslAt < workAt)
    }

    @Test func refusedValuesSayWhyAndLeaveTheFile() throws {
        let store = try store()
        func refusal(_ text: String, _ name: String) throws -> String? { store.refusal(of: text, at: try address(store, name)) }
        #expect(try refusal("huge", "theme.font_size") == "must be a number from 6 to 72")
        #expect(try refusal("100", "theme.font_size") == "must be between 6 and 72")
        #expect(try refusal("%Q", "theme.timestamp_format")?.contains("%Q") == true)
        #expect(try refusal("maybe", "typing.send") == "must be true or false (on or off)")
        #expect(try refusal("purple", "theme.appearance") == "must be one of auto, dark, light")
        #expect(try refusal("#12345", "theme.dark.accent")?.contains("#RRGGBB") == true)
        #expect(try refusal("Ctrl+Nope", "keys.find")?.contains("unknown key") == true)
        // Another setting's rule: the reader's words, naming it.
        #expect(try refusal("200", "scrollback.lines") == nil, "an unwritten trim batch follows")
        _ = try store.set("300", at: address(store, "scrollback.trim_batch")).get()
        #expect(try refusal("200", "scrollback.lines") == "scrollback.trim_batch must be between 1 and scrollback.lines")
        // A key another action has.
        #expect(try refusal("Ctrl+F", "keys.mentions") == "Ctrl+F is the key of find (keys.find): give that another key first")
        #expect(try refusal("Ctrl+J", "keys.mentions") == nil)
        #expect(try refusal("9 nick", "networks.Libera.nick") == "is not a valid nick")
        #expect(try refusal("natter", "networks.Libera.channels")?.contains("is not a channel") == true)
        let before = try file()
        #expect(throws: SettingRefusal.self) { try store.set("100", at: try self.address(store, "theme.font_size")).get() }
        #expect(try file() == before)
        #expect(applied.count == 1)
        // A password is never echoed, even when it is mistyped.
        #expect(try refusal("\"hunter2", "networks.Libera.password") == "a password in quotes must end with its quote")
    }

    @Test func namesReadNaturallyWhereTheyAreTyped() throws {
        let store = try store()
        let work = BufferID(network: "work", name: "#ops")
        #expect(try address(store, "nick", in: work).name == "networks.Work.nick")
        #expect(try address(store, "NETWORKS.libera.NICK").name == "networks.Libera.nick")
        #expect(try address(store, "notify", in: work).name == "buffers.Work/#ops.notify")
        #expect(try address(store, "buffers.Libera/#a.b.spelling").buffer == "#a.b")
        guard case .failure(let refusal) = store.address(of: "nick", in: nil) else { Issue.record("a network key needs a network"); return }
        #expect(refusal.description.contains("networks.NAME.nick"))
        guard case .failure = store.address(of: "theme.nope", in: nil) else { Issue.record("unknown key found"); return }
        #expect(store.values(matching: "font").map(\.address.name) == ["theme.font", "theme.mono_font", "theme.font_size"])
        #expect(store.values(matching: "").contains { $0.address.name == "networks.Work.port" && !$0.isDefault && $0.text == "6697" })
        #expect(store.values(matching: "").contains { $0.address.name == "networks.Libera.port" && $0.isDefault && $0.text == "6697" })
    }

    @Test func networksMoveWholeWithTheirComments() throws {
        let store = try store()
        try store.moveNetwork("Work", to: 0).get()
        let text = try file()
        let libera = """
            # The networks I use
            [[networks]]
            name = "Libera"      # main
            host = "irc.libera.chat"
            nick = "me"
            channels = [
                "#natter",   # the project
                "#swift",
            ]
            """
        let work = """
            # work
            [[networks]]
            name = "Work"
            host = "irc.example.org"
            port = 6697
            nick = "me"
            """
        #expect(text == Self.commented.replacingOccurrences(of: libera + "\n\n" + work, with: work + "\n\n" + libera))
        #expect(applied.last?.networks.map(\.name) == ["Work", "Libera"])
    }

    @Test func renamesAndHostsKeepTheirNetworkInView() throws {
        let store = try store()
        #expect(try store.set("LiberaChat", at: address(store, "networks.Libera.name")).get().address.name == "networks.LiberaChat.name")
        try "[[networks]]\nhost = \"irc.a.example\"\n".write(toFile: path, atomically: true, encoding: .utf8)
        store.refresh()
        let moved = try store.set("irc.b.example", at: address(store, "networks.irc.a.example.host")).get()
        #expect(moved.text == "irc.b.example" && moved.address.network == "irc.a.example")
        #expect(try file() == "[[networks]]\nhost = \"irc.b.example\"\nname = \"irc.a.example\"\n")
    }

    @Test func namesWithBlanksAndNetworksOutsideTheFile() throws {
        try "[[networks]]\nname = \"My Net\"\nhost = \"h.example\"\n".write(toFile: path, atomically: true, encoding: .utf8)
        let store = try store()
        #expect(try address(store, "networks.\"My Net\".nick").network == "My Net")
        #expect(try address(store, "notify", in: BufferID(network: "bnc:3", name: "#c")).name == "buffers.bnc:3/#c.notify")
        #expect(try address(store, "buffers.bnc:3/#c.notify").network == "bnc:3")
        guard case .failure(let refusal) = store.address(of: "nick", in: BufferID(network: "bnc:3", name: "#c")) else {
            Issue.record("a network outside the file has no settings"); return
        }
        #expect(refusal.description.contains("not in config.toml"))
    }

    @Test func aMissingFileIsNotWrittenAsOneKey() throws {
        let store = try store()
        try FileManager.default.removeItem(atPath: path)
        let refused = store.set("16", at: try address(store, "theme.font_size"))
        #expect(throws: SettingRefusal.self) { try refused.get() }
        #expect(!FileManager.default.fileExists(atPath: path) && applied.isEmpty)
    }

    @Test func saslIsTurnedOffAndAResetOfNothingWritesNothing() throws {
        let store = try store()
        _ = try store.set("keyring:l", at: address(store, "networks.Libera.sasl.password")).get()
        #expect(try store.value(at: address(store, "networks.Libera.sasl.mechanism")).text == "plain")
        #expect(try store.set("none", at: address(store, "networks.Libera.sasl.mechanism")).get().text == "none")
        #expect(try file() == Self.commented)
        let changes = applied.count
        _ = try store.reset(address(store, "typing.send")).get()
        #expect(applied.count == changes)
        #expect(try file() == Self.commented)
    }

    @Test func textsKeepWhatMattersAtTheirEnds() throws {
        let store = try store()
        #expect(try store.value(at: address(store, "completion.suffix")).text == "\": \"")
        #expect(try store.set("\": \"", at: address(store, "completion.suffix")).get().text == "\": \"")
        #expect(try store.set("bob ", at: address(store, "networks.Libera.user")).get().text == "bob")
        #expect(store.config.completionSuffix == ": ")
    }

    @Test func theFilesLastCommentsStayAtItsEnd() throws {
        try "[[networks]]\nhost = \"a.example\"\n\n[[networks]]\nhost = \"b.example\"\n[networks.sasl]\nmechanism = \"external\"\n\n# end of file\n"
            .write(toFile: path, atomically: true, encoding: .utf8)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        var editor = try TOMLEditor(text)
        try editor.move(element: 1, of: "networks", to: 0)
        #expect(editor.text == "[[networks]]\nhost = \"b.example\"\n[networks.sasl]\nmechanism = \"external\"\n\n[[networks]]\nhost = \"a.example\"\n\n# end of file\n")
    }

    /// Every global setting takes the value it shows (its default here) and reads it back: the
    /// writer and the reader agree on every key of the catalog.
    @Test func everySettingTakesWhatItShows() throws {
        let store = try store()
        var checked = 0
        for value in store.values(matching: "") where value.address.info.kind != .secret && !value.text.isEmpty {
            let after = try store.set(value.text, at: value.address).get()
            #expect(after.text == value.text, "\(value.address.name)")
            checked += 1
        }
        #expect(checked > 90)
        _ = try ConfigLoader.load(path: path)
    }

    /// docs/SETTINGS.md is the catalog's reference (`make docs` writes it).
    @Test func theReferenceIsTheCatalogs() throws {
        let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../docs/SETTINGS.md").standardized
        let generated = SettingsReference.markdown()
        if ProcessInfo.processInfo.environment["NATTER_WRITE_DOCS"] == "1" {
            try generated.write(to: docs, atomically: true, encoding: .utf8)
        }
        let written = try String(contentsOf: docs, encoding: .utf8)
        #expect(written == generated, "docs/SETTINGS.md is not the catalog's: run make docs")
    }
}

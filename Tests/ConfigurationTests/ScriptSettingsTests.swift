@testable import Configuration
import ChatModel
import Foundation
import IRCProtocol
import IRCSession
import Testing

/// Scripts' settings in config.toml (`[scripts.NAME]`) through the store: checked, changed by
/// `/set` and by the scripts themselves in place, listed and completed, the changes named.
final class ScriptSettingsTests {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("natter-scriptset-\(UUID().uuidString)")
    var path: String { dir.appendingPathComponent("config.toml").path }
    let model = ChatModel(settings: ModelSettings())
    let now = SessionTime(monotonic: 0, wall: Date(timeIntervalSince1970: 1_700_000_000))
    let server = BufferID(network: "Libera", name: "")
    var store: ConfigSettingsStore!
    /// What the store told the scripts changed, one list per call.
    var changed: [[String]] = []

    /// One script's table, commented, beside a network.
    static let file = ScriptSettingsReadingTests.file

    init() throws {
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try Self.file.write(toFile: path, atomically: true, encoding: .utf8)
        store = ConfigSettingsStore(path: path, config: try ConfigLoader.load(path: path))
        store.onSettingsChanged = { [unowned self] in self.changed.append($0) }
        model.settingsStore = store
        model.scriptSettings = store
        model.addNetwork(name: "Libera", configuration: SessionConfiguration(nick: "me", user: "me", realName: "Me"))
    }

    deinit { try? FileManager.default.removeItem(at: dir) }

    /// urllog's declarations, as its `natter.setting` calls make them.
    func declareURLLog() {
        store.declare(script: "urllog", settings: [
            ScriptSettingSpec(key: "max", kind: .integer(1...100), defaultValue: .integer(50), summary: "Links kept per buffer"),
            ScriptSettingSpec(key: "ignore", kind: .list, defaultValue: .list([]), summary: "Nicks whose links are not kept"),
            ScriptSettingSpec(key: "show", kind: .bool, defaultValue: .bool(true), summary: "Say each link kept"),
            ScriptSettingSpec(key: "style", kind: .choice(["short", "Long"]), defaultValue: .text("short"), summary: "How links are listed"),
            ScriptSettingSpec(key: "ratio", kind: .number(0...1), defaultValue: .number(0.5), summary: "A fraction"),
        ])
    }

    func run(_ line: String) -> [String] {
        let buffer = model.buffer(server)!
        let before = buffer.lines.count
        Commands(model: model).run(line: line, in: server, now: now)
        return buffer.lines.dropFirst(before).map(\.text)
    }

    func file() throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    // MARK: The store for the scripts

    @Test func valuesAndPermissionsAreTheFiles() {
        declareURLLog()
        #expect(store.values(of: "urllog") == ["max": .integer(20), "ignore": .list(["bot"]), "colour": .text("blue")])
        #expect(store.values(of: "unknown").isEmpty)
        #expect(store.permissions(of: "urllog") == [.files])
        #expect(store.permissions(of: "unknown").isEmpty)
    }

    @Test func aScriptsOwnWriteIsCheckedWrittenInPlaceAndNamed() throws {
        declareURLLog()
        #expect(throws: Never.self) { try self.store.set(.integer(42), key: "max", of: "urllog").get() }
        #expect(try file().contains("max = 42          # links kept"))
        #expect(store.values(of: "urllog")["max"] == .integer(42))
        #expect(changed == [["scripts.urllog.max"]])
        // A key the script did not write before goes into its table.
        #expect(throws: Never.self) { try self.store.set(.text("Long"), key: "style", of: "urllog").get() }
        #expect(try file().hasSuffix("permissions = [\"files\"]\nstyle = \"Long\""))
        // Checked by the kind declared; permissions are never a script's to change.
        #expect(throws: SettingRefusal.self) { try self.store.set(.integer(500), key: "max", of: "urllog").get() }
        #expect(throws: SettingRefusal.self) { try self.store.set(.text("x"), key: "show", of: "urllog").get() }
        #expect(throws: SettingRefusal.self) { try self.store.set(.list(["processes"]), key: "permissions", of: "urllog").get() }
        #expect(store.permissions(of: "urllog") == [.files])
        #expect(store.values(of: "urllog")["max"] == .integer(42))
    }

    @Test func aNumberWrittenWholeReadsAsANumber() throws {
        declareURLLog()
        #expect(run("/set scripts.urllog.ratio 1") == ["scripts.urllog.ratio = 1 (was 0.5)"])
        #expect(try file().contains("ratio = 1.0"))
        #expect(store.values(of: "urllog")["ratio"] == .number(1))
        // Written by hand without a fraction.
        try (Self.file + "\nratio = 0\n").write(toFile: path, atomically: true, encoding: .utf8)
        store.refresh()
        #expect(store.config.scripts["urllog"]?["ratio"] == .integer(0))
        #expect(store.values(of: "urllog")["ratio"] == .number(0))
    }

    // MARK: /set

    @Test func aDeclaredSettingIsCheckedWrittenInPlaceAndReadBack() throws {
        declareURLLog()
        #expect(run("/set scripts.urllog.max 30") == ["scripts.urllog.max = 30 (was 20)"])
        #expect(try file().contains("max = 30          # links kept"))
        #expect(try ConfigLoader.load(path: path).scripts["urllog"]?["max"] == .integer(30))
        #expect(run("/set scripts.urllog.max 300") == ["scripts.urllog.max stays 30: must be a whole number from 1 to 100"])
        #expect(run("/set scripts.urllog.show maybe") == ["scripts.urllog.show stays true: must be true or false (on or off)"])
        #expect(run("/set scripts.urllog.style long") == ["scripts.urllog.style = Long (was short)"])
        #expect(run("/set scripts.urllog.style tall") == ["scripts.urllog.style stays Long: must be one of short, Long"])
        #expect(run("/set scripts.urllog.ignore bot, spam") == ["scripts.urllog.ignore = bot, spam (was bot)"])
        #expect(run("/set scripts.urllog.show off") == ["scripts.urllog.show = false (was true)"])
        #expect(store.values(of: "urllog")["show"] == .bool(false))
        #expect(run("/set scripts.urllog.nope 1") == ["script urllog has no setting nope (its settings: max, ignore, show, style, ratio, permissions)"])
        #expect(run("/set scripts.urllog.max") == ["scripts.urllog.max = 30",
                                                   "  Links kept per buffer; a whole number from 1 to 100; default: 50"])
        #expect(try file().hasPrefix("[[networks]]\nname = \"Libera\"") && file().contains("# my scripts\n[scripts.urllog]\n"))
    }

    @Test func theDefaultTakesTheValueOut() throws {
        declareURLLog()
        #expect(run("/set -default scripts.urllog.max") == ["scripts.urllog.max = 50 (the default)"])
        #expect(try !file().contains("max ="))
        #expect(store.values(of: "urllog")["max"] == nil)
        #expect(changed == [["scripts.urllog.max"]])
    }

    @Test func anUndeclaredKeyIsKeptListedAndSetAsItLooks() throws {
        #expect(run("/set scripts.urllog.colour") == ["scripts.urllog.colour = blue",
                                                      "  Not declared by a loaded script: kept as written; text; default: none"])
        // A script not loaded yet: its values can be written before.
        #expect(run("/set scripts.later.count 5") == ["scripts.later.count = 5 (was (none))"])
        #expect(run("/set scripts.later.on true") == ["scripts.later.on = true (was (none))"])
        #expect(run("/set scripts.later.name Ada Lovelace") == ["scripts.later.name = Ada Lovelace (was (none))"])
        let text = try file()
        #expect(text.hasSuffix("[scripts.later]\ncount = 5\non = true\nname = \"Ada Lovelace\"\n"))
        #expect(store.values(of: "later") == ["count": .integer(5), "on": .bool(true), "name": .text("Ada Lovelace")])
        let listed = run("/set scripts.")
        #expect(listed.contains("scripts.urllog.colour = blue  (default: none)"))
        #expect(listed.contains("scripts.later.count = 5  (default: none)"))
    }

    @Test func permissionsAreSetByTheirWordsWhetherOrNotDeclared() throws {
        #expect(run("/set scripts.urllog.permissions files, processes") == ["scripts.urllog.permissions = files, processes (was files)"])
        #expect(store.permissions(of: "urllog") == [.files, .processes])
        #expect(try file().contains("permissions = [\"files\", \"processes\"]"))
        #expect(run("/set scripts.urllog.permissions files, network")
            == ["scripts.urllog.permissions stays files, processes: network is not a permission: write files, processes, both, or nothing"])
        #expect(run("/set scripts.fresh.permissions processes") == ["scripts.fresh.permissions = processes (was (none))"])
        #expect(store.permissions(of: "fresh") == [.processes])
        #expect(run("/set -default scripts.fresh.permissions") == ["scripts.fresh.permissions = (none) (the default)"])
        #expect(store.permissions(of: "fresh").isEmpty)
    }

    @Test func declaredSettingsAreListedAndCompletedBesideTheRest() {
        declareURLLog()
        let all = run("/set")
        #expect(all.contains("theme.font_size = 14"))
        #expect(all.contains("scripts.urllog.max = 20  (default: 50)"))
        #expect(all.contains("scripts.urllog.show = true"))
        #expect(all.contains("scripts.urllog.permissions = files  (default: none)"))
        let found = run("/set links")
        #expect(found.first == "Settings with \"links\" (6); /set KEY VALUE changes one, /set -default KEY resets it:")
        let names = model.argumentCompletions(of: "set", after: [], in: server) ?? []
        #expect(names.contains("scripts.urllog.max") && names.contains("scripts.urllog.colour") && names.contains("scripts.urllog.permissions"))
        #expect(model.argumentCompletions(of: "set", after: ["scripts.urllog.show"], in: server) == ["true", "false"])
        #expect(model.argumentCompletions(of: "set", after: ["scripts.urllog.style"], in: server) == ["short", "Long"])
    }

    @Test func aForgottenScriptsDeclarationsAreNoLongerShownAndItsValuesStay() throws {
        declareURLLog()
        #expect(store.settings.contains { $0.key == "urllog.show" })
        store.forget(script: "urllog")
        #expect(!store.settings.contains { $0.key == "urllog.show" })
        #expect(!run("/set scripts.").contains { $0.hasPrefix("scripts.urllog.show") })
        // What the file holds stays, shown as any key no loaded script declares.
        #expect(store.settings.first { $0.key == "urllog.max" }?.summary == "Not declared by a loaded script: kept as written")
        #expect(try file().contains("max = 20"))
        #expect(store.values(of: "urllog")["max"] == .integer(20))
    }

    // MARK: Changes named

    @Test func aReadingOfTheFileNamesEverySettingThatChanged() throws {
        declareURLLog()
        let edited = Self.file.replacing("max = 20", with: "max = 25").replacing("colour = \"blue\"", with: "shade = 3")
            .replacing("nick = \"me\"", with: "nick = \"you\"") + "\n[theme]\nfont_size = 16\n[scripts.new]\nx = 1\n"
        try edited.write(toFile: path, atomically: true, encoding: .utf8)
        store.reloaded(try ConfigLoader.parse(edited, file: path), text: edited)
        #expect(changed == [["networks.Libera.nick", "networks.Libera.user", "networks.Libera.realname",
                             "scripts.new.permissions", "scripts.new.x", "scripts.urllog.colour", "scripts.urllog.max",
                             "scripts.urllog.shade", "theme.font_size"].sorted()])
        // Read again unchanged: nothing to tell.
        store.reloaded(try ConfigLoader.parse(edited, file: path), text: edited)
        #expect(changed.count == 1)
    }

    @Test func setAndTheOldHookBothHearOfAChange() throws {
        var applied: [NatterConfig] = []
        store.onChange = { applied.append($0) }
        #expect(run("/set theme.font_size 16") == ["theme.font_size = 16 (was 14)"])
        #expect(changed == [["theme.font_size"]])
        #expect(applied.count == 1 && applied.last?.theme.fontSize == 16)
        #expect(run("/set networks.Libera.nick you").first == "networks.Libera.nick = you (was me)")
        #expect(changed.last?.contains("networks.Libera.nick") == true)
    }
}

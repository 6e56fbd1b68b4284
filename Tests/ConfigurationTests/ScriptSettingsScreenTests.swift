@testable import Configuration
import ChatModel
import Foundation
import IRCSession
@testable import NatterUI
import Testing
import Widgets

/// The settings screen's Scripts section over the real store of a file: a script's declared
/// settings as rows with their controls, the keys of its table no script declares, its
/// permissions as two switches that write the file.
@MainActor
struct ScriptSettingsScreenTests {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("natter-scriptscreen-\(UUID().uuidString)")
    var path: String { dir.appendingPathComponent("config.toml").path }
    let chat = ChatStack.headless()
    let host: WidgetHost
    let store: ConfigSettingsStore

    init() throws {
        host = WidgetHost(root: chat.screen, size: Size(width: 1000, height: 640), measurer: ScriptsEvenMeasurer(), clipboard: MemoryClipboard())
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let path = dir.appendingPathComponent("config.toml").path
        try """
            [[networks]]
            name = "Libera"
            host = "irc.libera.chat"
            nick = "me"

            [scripts.urllog]   # the links script
            max = 20
            note = "kept"
            """.write(toFile: path, atomically: true, encoding: .utf8)
        store = ConfigSettingsStore(path: path, config: try ConfigLoader.load(path: path))
        chat.model.settingsStore = store
        chat.model.scriptSettings = store
        chat.model.addNetwork(name: "Libera", configuration: SessionConfiguration(nick: "me", user: "me", realName: "me"))
        chat.controller.show(BufferID(network: "Libera", name: ""))
        chat.controller.sync()
        host.layoutIfNeeded()
    }

    var view: SettingsView { chat.controller.settings.view! }
    func file() throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    func open() {
        chat.controller.submit("/settings scripts")
        host.layoutIfNeeded()
    }

    @Test func declaredSettingsAreRowsWithTheirControlsAndPermissionsSwitchesWriteTheFile() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        store.declare(script: "urllog", settings: [
            ScriptSettingSpec(key: "max", kind: .integer(1...100), defaultValue: .integer(50), summary: "Links kept per buffer"),
            ScriptSettingSpec(key: "show", kind: .bool, defaultValue: .bool(true), summary: "Say each link kept"),
            ScriptSettingSpec(key: "style", kind: .choice(["short", "long"]), defaultValue: .text("short"), summary: "How links are listed"),
        ])
        open()
        #expect(chat.controller.settings.isOpen && view.section == .scripts)
        #expect(view.rows.map(\.address.name) == ["scripts.urllog.max", "scripts.urllog.show", "scripts.urllog.style", "scripts.urllog.note"])
        #expect(view.notes.contains("Script urllog"))
        let max = try #require(view.rows.first)
        #expect(max.field?.text == "20" && max.toggle == nil)
        let show = view.rows[1], style = view.rows[2]
        #expect(show.toggle?.isOn == true && style.choice != nil)

        // The bool's switch writes the script's table.
        show.toggle?.toggle()
        #expect(try file().contains("[scripts.urllog]   # the links script\nmax = 20\nnote = \"kept\"\nshow = false"))
        #expect(store.values(of: "urllog")["show"] == .bool(false))

        // The permissions: off until granted; a switch writes the list, the other keeps it.
        let permissions = try #require(view.permissionRows.first)
        #expect(view.permissionRows.count == 1 && !permissions.filesToggle.isOn && !permissions.processesToggle.isOn)
        permissions.processesToggle.toggle()
        #expect(try file().contains("permissions = [\"processes\"]"))
        #expect(store.permissions(of: "urllog") == [.processes])
        permissions.filesToggle.toggle()
        #expect(store.permissions(of: "urllog") == [.files, .processes])
        permissions.processesToggle.toggle()
        #expect(try file().contains("permissions = [\"files\"]"))
        #expect(store.permissions(of: "urllog") == [.files] && permissions.filesToggle.isOn && !permissions.processesToggle.isOn)
    }

    @Test func aScriptForgottenLeavesWhatItsTableHoldsAndNoScriptsSaysHowToHaveSome() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        store.declare(script: "urllog", settings: [
            ScriptSettingSpec(key: "show", kind: .bool, defaultValue: .bool(true), summary: "Say each link kept"),
        ])
        store.declare(script: "greeter", settings: [
            ScriptSettingSpec(key: "text", kind: .text, defaultValue: .text("hi"), summary: "What to say"),
        ])
        open()
        #expect(view.rows.map(\.address.name) == ["scripts.greeter.text", "scripts.urllog.show", "scripts.urllog.max", "scripts.urllog.note"])
        #expect(view.permissionRows.map(\.address.name) == ["scripts.greeter.permissions", "scripts.urllog.permissions"])
        store.forget(script: "greeter")
        store.forget(script: "urllog")
        chat.controller.settings.settingsChanged()
        #expect(view.rows.map(\.address.name) == ["scripts.urllog.max", "scripts.urllog.note"])

        // A file with no scripts' tables: the section says how scripts get settings.
        try "[[networks]]\nname = \"Libera\"\nhost = \"irc.libera.chat\"\n".write(toFile: path, atomically: true, encoding: .utf8)
        store.refresh()
        chat.controller.settings.settingsChanged()
        #expect(view.rows.isEmpty && view.permissionRows.isEmpty)
        #expect(view.notes.contains { $0.contains("natter.setting(KEY") && $0.contains("natter/scripts/") })
    }
}

/// Text measured as 0.6 of the font size per character: enough for layout, no fonts needed.
private struct ScriptsEvenMeasurer: TextMeasurer {
    func lineMetrics(_ font: FontSpec) -> LineMetrics {
        LineMetrics(ascent: font.size * 0.8, descent: font.size * 0.2, lineHeight: font.size * 1.2)
    }
    func width(of text: Substring, font: FontSpec) -> Double { Double(text.count) * font.size * 0.6 }
}

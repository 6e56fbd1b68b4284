@testable import Configuration
import ChatModel
import Foundation
import IRCSession
@testable import NatterUI
import Testing
import Widgets

/// The settings screen over the real store of a heavily commented file, driven as a person
/// does (a field given the keyboard, Ctrl+A, typing, Enter; a refused value typed and left),
/// with `/set` typed in the input line between: the file afterwards differs from the original
/// only in the values changed, comments, spacing, quoting and order kept.
@MainActor
struct SettingsScreenRoundTripTests {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("natter-screen-\(UUID().uuidString)")
    var path: String { dir.appendingPathComponent("config.toml").path }
    let chat = ChatStack.headless()
    let host: WidgetHost
    /// The configurations the store applied, in order.
    final class Applied { var configs: [NatterConfig] = [] }
    let applied = Applied()

    init() throws {
        host = WidgetHost(root: chat.screen, size: Size(width: 1000, height: 640), measurer: EvenMeasurer(), clipboard: MemoryClipboard())
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try SettingsStoreTests.commented.write(toFile: path, atomically: true, encoding: .utf8)
        let store = ConfigSettingsStore(path: path, config: try ConfigLoader.load(path: path))
        store.onChange = { [applied] in applied.configs.append($0) }
        chat.model.settingsStore = store
        for name in ["Libera", "Work"] {
            chat.model.addNetwork(name: name, configuration: SessionConfiguration(nick: "me", user: "me", realName: "me"))
        }
        chat.controller.show(BufferID(network: "Libera", name: ""))
        chat.controller.sync()
        host.layoutIfNeeded()
        host.focus(chat.screen.input)
    }

    var view: SettingsView { chat.controller.settings.view! }
    func file() throws -> String { try String(contentsOfFile: path, encoding: .utf8) }
    func press(_ key: Key, _ modifiers: Modifiers = []) {
        host.handle(.keyDown(KeyEvent(key, modifiers: modifiers)))
        host.handle(.keyUp(KeyEvent(key, modifiers: modifiers)))
        host.layoutIfNeeded()
    }

    /// Gives the keyboard to setting `name`'s field, as a click in it does, and types `text`
    /// over what it holds.
    func type(_ text: String, into name: String) throws -> SettingRow {
        let row = try #require(view.rows.first { $0.address.name == name }, "\(name) on the screen")
        host.focus(row.control)
        press(.character("a"), [.ctrl])
        host.handle(.textInput(text))
        return row
    }

    @Test func aCommentedFileChangedBySetAndByTheScreenDiffersOnlyInTheChangedValues() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        chat.controller.submit("/set theme.font_size 16")
        #expect(try file().contains("font_size = 16     # points"), "/set wrote its value in place")

        chat.controller.submit("/settings appearance")
        host.layoutIfNeeded()
        #expect(chat.controller.settings.isOpen)
        // A refused value says why, and neither Enter nor leaving the field writes it.
        let size = try type("99", into: "theme.font_size")
        #expect(size.refusal == "must be between 6 and 72")
        press(.enter)
        press(.tab)
        #expect(try file().contains("font_size = 16     # points"))
        // A value typed and saved with Enter.
        let format = try type("%H:%M:%S", into: "theme.timestamp_format")
        press(.enter)
        #expect(format.refusal == nil && format.value.text == "%H:%M:%S")

        press(.pageDown, [.ctrl])                        // the next section
        #expect(view.section == .notifications)
        _ = try type("natter, swift", into: "highlights.keywords")
        press(.tab)                                      // leaving the field saves it

        // Work's nick: its line in Networks opens its settings.
        chat.controller.submit("/settings networks")
        let list = try #require(chat.controller.settings.networkList)
        #expect(list.names == ["Libera", "Work"])
        list.onChoose?("Work")
        host.layoutIfNeeded()
        let nick = try type("otherme", into: "networks.Work.nick")
        press(.enter)
        #expect(nick.value.text == "otherme")
        press(.escape)
        #expect(!chat.controller.settings.isOpen)

        var expected = SettingsStoreTests.commented
        expected = expected.replacingOccurrences(of: "font_size = 14     # points", with: "font_size = 16     # points")
        expected = expected.replacingOccurrences(of: "timestamp_format = '%H:%M'", with: "timestamp_format = \"%H:%M:%S\"")
        expected = expected.replacingOccurrences(of: "keywords = [\"natter\"]", with: "keywords = [\"natter\", \"swift\"]")
        expected = expected.replacingOccurrences(of: "port = 6697\nnick = \"me\"", with: "port = 6697\nnick = \"otherme\"")
        #expect(try file() == expected)
        #expect(applied.configs.count == 4, "each change applied once: no refused one, no second save of a field left")
        #expect(applied.configs.last?.theme.timestampFormat == "%H:%M:%S" && applied.configs.last?.networks[1].nick == "otherme")
    }

    /// The real store answers a saved name with the network's new name: the screen's other rows
    /// of that network follow it, and the next one saved lands in the same table.
    @Test func aNetworkRenamedOnTheScreenKeepsItsOtherRows() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let settings: SettingsPresenter = chat.controller.settings
        chat.controller.submit("/settings networks")
        settings.networkList?.onChoose?("Work")
        host.layoutIfNeeded()
        _ = try type("Office", into: "networks.Work.name")
        press(.enter)
        #expect(settings.chosenNetwork == "Office" && settings.networkList?.names == ["Libera", "Office"])
        #expect(view.rows.contains { $0.address.name == "networks.Office.nick" } && !view.rows.contains { $0.address.network == "Work" })
        let nick = try type("otherme", into: "networks.Office.nick")
        press(.enter)
        #expect(nick.refusal == nil && nick.value.text == "otherme")
        let office = try #require(try file().components(separatedBy: "[[networks]]").first { $0.contains("name = \"Office\"") })
        #expect(office.contains("nick = \"otherme\"") && office.contains("irc.example.org"))
    }
}

/// Text measured as 0.6 of the font size per character: enough for layout, no fonts needed.
private struct EvenMeasurer: TextMeasurer {
    func lineMetrics(_ font: FontSpec) -> LineMetrics {
        LineMetrics(ascent: font.size * 0.8, descent: font.size * 0.2, lineHeight: font.size * 1.2)
    }
    func width(of text: Substring, font: FontSpec) -> Double { Double(text.count) * font.size * 0.6 }
}

@testable import Configuration
import ChatModel
import Foundation
import IRCProtocol
import IRCSession
import Testing

/// `/set` typed in a buffer, over the model and the real store of a file: what the buffer is
/// told, what the file holds after, what Tab offers.
final class SetCommandTests {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("natter-setcmd-\(UUID().uuidString)")
    var path: String { dir.appendingPathComponent("config.toml").path }
    let model = ChatModel(settings: ModelSettings())
    let now = SessionTime(monotonic: 0, wall: Date(timeIntervalSince1970: 1_700_000_000))
    let server = BufferID(network: "Libera", name: "")
    let channel = BufferID(network: "Libera", name: "#natter")
    var store: ConfigSettingsStore!

    init() throws {
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try """
            # mine
            [[networks]]
            name = "Libera"
            host = "irc.libera.chat"
            nick = "me"   # the usual
            """.write(toFile: path, atomically: true, encoding: .utf8)
        store = ConfigSettingsStore(path: path, config: try ConfigLoader.load(path: path))
        model.settingsStore = store
        model.addNetwork(name: "Libera", configuration: SessionConfiguration(nick: "me", user: "me", realName: "Me"))
        _ = model.openQuery("ada", network: "Libera")
        model.deliver(.connected(now: now), network: "Libera")
        for line in [":srv 001 me :Welcome", ":srv 376 me :End of MOTD", ":me!u@h JOIN #natter"] {
            model.deliver(.received(try IRCMessage(parsing: line), now: now), network: "Libera")
        }
    }

    deinit { try? FileManager.default.removeItem(at: dir) }

    func run(_ line: String, in id: BufferID? = nil) -> [String] {
        let buffer = model.buffer(id ?? channel)!
        let before = buffer.lines.count
        Commands(model: model).run(line: line, in: id ?? channel, now: now)
        return buffer.lines.dropFirst(before).map(\.text)
    }

    @Test func aValueIsChangedSavedAndSaid() throws {
        #expect(run("/set theme.font_size 16") == ["theme.font_size = 16 (was 14)"])
        #expect(run("/set nick otherme") == ["networks.Libera.nick = otherme (was me)"])
        #expect(run("/set notify none") == ["buffers.Libera/#natter.notify = none (was mentions (all in a private conversation))"])
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains("nick = \"otherme\"   # the usual"))
        #expect(text.contains("[theme]\nfont_size = 16\n"))
        #expect(text.contains("\"Libera/#natter\" = \"none\""))
        #expect(run("/set -default theme.font_size") == ["theme.font_size = 14 (the default)"])
        #expect(try String(contentsOfFile: path, encoding: .utf8).contains("font_size") == false)
    }

    /// `notify` is the buffer's in a channel or query and the network's in its server buffer.
    @Test func notifyIsTheBuffersOrTheNetworks() throws {
        #expect(run("/set notify none", in: server) == ["networks.Libera.notify = none (was (none))"])
        #expect(try String(contentsOfFile: path, encoding: .utf8).contains("notify = \"none\""))
        #expect(store.config.networkNotifyLevels == ["libera": .none])
        #expect(run("/set notify all") == ["buffers.Libera/#natter.notify = all (was mentions (all in a private conversation))"])
    }

    @Test func aRefusalSaysWhyAndWhatStays() {
        #expect(run("/set theme.font_size 200") == ["theme.font_size stays 14: must be between 6 and 72"])
        #expect(model.buffer(channel)!.lines.last?.kind == .error)
        #expect(run("/set theme.nope 1") == ["there is no setting theme.nope (/set alone lists them all)"])
    }

    @Test func oneSettingIsDescribedAndAWordFilters() {
        #expect(run("/set typing.send") == ["typing.send = true (the default)",
                                            "  Tell others when you type (+typing); true or false; default: true"])
        let found = run("/set font")
        #expect(found.first == "Settings with \"font\" (3); /set KEY VALUE changes one, /set -default KEY resets it:")
        #expect(Array(found.dropFirst()) == ["theme.font = DejaVu Sans", "theme.mono_font = DejaVu Sans Mono", "theme.font_size = 14"])
        let all = run("/set")
        #expect(all.count > 100 && all.contains("networks.Libera.nick = me  (default: your login name)"))
    }

    @Test func tabOffersKeysThenValues() {
        let keys = model.argumentCompletions(of: "set", after: [], in: channel) ?? []
        #expect(keys.contains("theme.appearance") && keys.contains("networks.Libera.sasl.mechanism") && keys.contains("nick"))
        #expect(keys.contains("notify") && keys.contains("buffers.Libera/#natter.notify") && keys.contains("buffers.Libera/ada.notify"))
        #expect(keys.first == "-default")
        #expect(model.argumentCompletions(of: "set", after: ["theme.appearance"], in: channel) == ["auto", "dark", "light"])
        #expect(model.argumentCompletions(of: "set", after: ["typing.send"], in: channel) == ["true", "false"])
        #expect(model.argumentCompletions(of: "set", after: ["-default"], in: channel)?.contains("-default") == false)
        #expect(model.argumentCompletions(of: "join", after: [], in: channel) == nil)
        // In the server buffer, `notify` is the network's.
        #expect(model.argumentCompletions(of: "set", after: [], in: server)?.contains("notify") == true)
        #expect(model.argumentCompletions(of: "set", after: ["notify"], in: server) == ["all", "mentions", "none"])
    }
}

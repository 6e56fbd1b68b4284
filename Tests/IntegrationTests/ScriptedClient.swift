import ChatModel
import Connections
import Foundation
import IRCSession
import Scripts

/// Scripts' settings as a test gives them: the values the configuration file would hold, in
/// memory; a script's own `natter.set` changes them there.
final class MemoryScriptSettings: ScriptSettingsStore {
    var stored: [String: [String: ScriptSettingValue]]
    var declared: [String: [ScriptSettingSpec]] = [:]
    var onSettingsChanged: (([String]) -> Void)?

    init(_ values: [String: [String: ScriptSettingValue]] = [:]) { stored = values }

    func declare(script: String, settings: [ScriptSettingSpec]) { declared[script] = settings }
    func forget(script: String) { declared[script] = nil }
    func values(of script: String) -> [String: ScriptSettingValue] { stored[script] ?? [:] }
    func set(_ value: ScriptSettingValue, key: String, of script: String) -> Result<Void, SettingRefusal> {
        stored[script, default: [:]][key] = value
        onSettingsChanged?(["scripts.\(script).\(key)"])
        return .success(())
    }
    func permissions(of script: String) -> Set<ScriptPermission> { [] }
}

/// The whole client as the app builds it, with the user's scripts: a ``LiveClient`` whose
/// frames also run the script manager (its timers and the actions its scripts asked for), the
/// scripts copied from `Assets/scripts` into a scripts folder of its own, with the settings
/// given.
@MainActor
final class ScriptedClient {
    let client: LiveClient
    let settings: MemoryScriptSettings
    let folder: URL
    private(set) var manager: ScriptManager

    /// Where the example scripts are, found from this file.
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Assets/scripts")

    init(nick: String, channels: [String] = [], scripts: [String],
         settings values: [String: [String: ScriptSettingValue]] = [:]) throws {
        client = LiveClient(nick: nick, channels: channels)
        settings = MemoryScriptSettings(values)
        client.model.scriptSettings = settings
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("natter-scripts-\(UUID().uuidString)")
        for sub in ["scripts", "state"] {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent(sub), withIntermediateDirectories: true)
        }
        for name in scripts {
            try FileManager.default.copyItem(at: Self.examples.appendingPathComponent("\(name).lua"),
                                             to: folder.appendingPathComponent("scripts/\(name).lua"))
        }
        manager = Self.manager(for: client.model, in: folder)
        client.eachFrame = { [unowned self] in self.manager.service(now: SessionClock.now()) }
        for name in scripts { try load(name) }
    }

    private static func manager(for model: ChatModel, in folder: URL) -> ScriptManager {
        // Not watched: the scripts' files do not change here.
        ScriptManager(model: model, folders: ScriptFolders(scripts: folder.appendingPathComponent("scripts").path,
                                                           state: folder.appendingPathComponent("state").path), watch: false)
    }

    /// Loads the script `name` from the scripts folder, failing the test when it does not load.
    func load(_ name: String) throws {
        if case .failure(let failure) = manager.load(name) {
            throw IntegrationFailure("\(name).lua does not load: \(failure)")
        }
    }

    /// As if Natter started again: a new manager over the same folders, loading `scripts`.
    func restart(loading scripts: [String]) throws {
        manager.stop()
        manager = Self.manager(for: client.model, in: folder)
        for name in scripts { try load(name) }
    }

    /// Types `line` in buffer `name` ("" for the server buffer), as the input line would.
    func type(_ line: String, in name: String) throws {
        guard let buffer = client.network.buffer(named: name) ?? (name.isEmpty ? client.serverBuffer : nil) else {
            throw IntegrationFailure("no buffer \(name)\n\(client.dump())")
        }
        Commands(model: client.model).run(line: line, in: buffer.id, now: SessionClock.now())
    }

    /// The informational lines (what scripts print) of buffer `name`.
    func notes(in name: String) -> [String] {
        let buffer = name.isEmpty ? client.serverBuffer : client.buffer(name)
        return (buffer?.lines ?? []).filter { $0.kind == .info }.map(\.text)
    }

    func close() {
        manager.stop()
        client.close()
        try? FileManager.default.removeItem(at: folder)
    }
}

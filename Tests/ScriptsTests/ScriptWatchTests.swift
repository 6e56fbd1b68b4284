import ChatModel
import Foundation
import IRCSession
import Scripts
import Synchronization
import Testing

/// The real watcher: a loaded script's file saved again is loaded again, and a timer wakes the
/// loop when it is due. Waits (up to seconds) for behaviour, never measures speed.
struct ScriptWatchTests {
    final class Wakes: Sendable {
        let count = Mutex(0)
        func wake() { count.withLock { $0 += 1 } }
        var value: Int { count.withLock { $0 } }
    }

    let model = ChatModel(settings: ModelSettings())
    let folder = NSTemporaryDirectory() + "natter-script-watch-\(UUID().uuidString)"
    let wakes = Wakes()

    init() {
        model.addNetwork(name: "Test", configuration: SessionConfiguration(nick: "me", user: "me", realName: "Me"))
    }

    func manager() -> ScriptManager {
        let wakes = self.wakes
        return ScriptManager(model: model, folders: ScriptFolders(scripts: folder + "/scripts", state: folder + "/state"),
                             wakeUp: { wakes.wake() })
    }

    func serverLines() -> [String] { model.buffer(BufferID(network: "Test", name: ""))?.lines.map(\.text) ?? [] }

    /// Services the manager until `done` holds, for up to five seconds.
    func service(_ manager: ScriptManager, until done: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(5)
        while Date() < deadline {
            manager.service(now: SessionTime(monotonic: 0, wall: Date()))
            if done() { return true }
            usleep(20_000)
        }
        return false
    }

    @Test func savingALoadedScriptReloadsIt() throws {
        let manager = manager()
        defer { manager.stop(); try? FileManager.default.removeItem(atPath: folder) }
        // The folders are made for the user: the scripts go there.
        #expect(FileManager.default.fileExists(atPath: folder + "/scripts/autoload"))
        let path = folder + "/scripts/live.lua"
        try "natter.print('Test', '', 'version 1')".write(toFile: path, atomically: false, encoding: .utf8)
        _ = manager.load("live")
        #expect(service(manager) { serverLines().contains("version 1") })
        try "natter.print('Test', '', 'version 2')".write(toFile: path, atomically: false, encoding: .utf8)
        #expect(service(manager) { serverLines().contains("version 2") })
        #expect(serverLines().contains("script live reloaded: its file changed"))
        #expect(manager.loadedScripts == ["live"])
    }

    @Test func aTimerWakesTheLoopWhenItIsDue() throws {
        let manager = manager()
        defer { manager.stop(); try? FileManager.default.removeItem(atPath: folder) }
        try "natter.timer(0.3, function() natter.print('Test', '', 'rang') end)".write(toFile: folder + "/scripts/alarm.lua",
                                                                                         atomically: false, encoding: .utf8)
        _ = manager.load("alarm")
        manager.service(now: SessionTime(monotonic: 0, wall: Date()))
        // The loop is serviced only when woken, as the app's is: the alarm must wake it.
        let deadline = Date().addingTimeInterval(5)
        var seen = wakes.value
        while !serverLines().contains("rang"), Date() < deadline {
            usleep(10_000)
            if wakes.value != seen {
                seen = wakes.value
                manager.service(now: SessionTime(monotonic: 0, wall: Date()))
            }
        }
        #expect(serverLines().contains("rang"))
        #expect(!serverLines().contains("script alarm reloaded: its file changed"))
    }
}

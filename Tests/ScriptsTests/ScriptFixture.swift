import ChatModel
import Foundation
import IRCProtocol
import IRCSession
import Scripting
import Scripts

/// A model with one registered network, `Test`, in `#natter` with ada, and a scripts folder of
/// its own in a temp dir; what the model sends is recorded. Time is virtual: `advance` moves it.
final class ScriptFixture {
    let model = ChatModel(settings: ModelSettings())
    var now = SessionTime(monotonic: 100, wall: Date(timeIntervalSince1970: 1_700_000_000))
    let server = BufferID(network: "Test", name: "")
    let channel = BufferID(network: "Test", name: "#natter")
    let folder: String
    var sent: [String] = []
    private(set) var manager: ScriptManager!

    init(limits: LuaScript.Limits = .init()) {
        folder = NSTemporaryDirectory() + "natter-scripts-\(UUID().uuidString)"
        try! FileManager.default.createDirectory(atPath: folder + "/scripts/autoload", withIntermediateDirectories: true)
        model.addNetwork(name: "Test", configuration: SessionConfiguration(nick: "me", user: "me", realName: "Me"))
        model.linkRequests = { [unowned self] _, request in
            if case .send(let lines, _) = request { self.sent += lines.map { $0.serialized() } }
        }
        let clock = { [unowned self] in self.now.monotonic }
        manager = ScriptManager(model: model, folders: ScriptFolders(scripts: folder + "/scripts", state: folder + "/state"),
                                limits: limits, clock: clock, watch: false)
        model.deliver(.connected(now: now), network: "Test")
        for line in [":srv 001 me :Welcome", ":srv 005 me CHANTYPES=# PREFIX=(ov)@+ CASEMAPPING=rfc1459 NETWORK=TestNet :are supported",
                     ":srv 376 me :End of MOTD", ":me!u@h JOIN #natter", ":srv 353 me = #natter :@me ada", ":srv 366 me #natter :End"] {
            receive(line)
        }
        sent = []
    }

    deinit {
        manager.stop()
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Writes `source` as `scripts/NAME.lua`.
    @discardableResult
    func write(_ name: String, _ source: String, autoload: Bool = false) -> String {
        let path = folder + "/scripts/" + (autoload ? "autoload/" : "") + name + ".lua"
        try! source.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// Writes and loads a script; fails the test when it does not load.
    func load(_ name: String, _ source: String) throws {
        write(name, source)
        if case .failure(let failure) = manager.load(name) { throw failure }
    }

    func receive(_ line: String) {
        model.deliver(.received(try! IRCMessage(parsing: line), now: now), network: "Test")
    }

    func service() { manager.service(now: now) }

    func advance(_ seconds: Double) {
        now = SessionTime(monotonic: now.monotonic + seconds, wall: now.wall.addingTimeInterval(seconds))
    }

    func type(_ line: String, in id: BufferID? = nil) {
        Commands(model: model).run(line: line, in: id ?? channel, now: now)
    }

    /// The texts of the lines in a buffer.
    func texts(in id: BufferID) -> [String] { model.buffer(id)?.lines.map(\.text) ?? [] }
}

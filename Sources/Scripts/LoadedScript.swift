import ChatModel
import Scripting

/// One script that is loaded: its Lua state, what its header says, what it hooks, and how
/// often it was stopped.
final class LoadedScript {
    let name: String
    /// The file it was read from.
    let path: String
    let header: ScriptHeader
    let lua: LuaScript
    let store: ScriptStore
    /// Its hooks, commands and timers by the id `natter.unhook` takes.
    var hooks: [Int: ScriptHook] = [:]
    var nextHookID = 1
    /// Calls stopped by the time or memory bound; at ``ScriptManager/stopsAllowed`` it goes.
    var stops = 0
    /// The settings it declared (`natter.setting`), in order.
    var declared: [ScriptSettingSpec] = []
    /// Its settings' values for the run where no configuration keeps them (a session without
    /// a config file, tests).
    var memorySettings: [String: ScriptSettingValue] = [:]
    /// Set once it is to be unloaded: nothing of it is called any more.
    var isLeaving = false

    init(name: String, path: String, header: ScriptHeader, lua: LuaScript, store: ScriptStore) {
        self.name = name
        self.path = path
        self.header = header
        self.lua = lua
        self.store = store
    }

    /// Adds a hook and returns its id.
    func add(_ hook: ScriptHook) -> Int {
        let id = nextHookID
        nextHookID += 1
        hooks[id] = hook
        return id
    }

    /// The file's name without its folder, as errors name it.
    var fileName: String { Self.fileName(of: path) }

    static func fileName(of path: String) -> String {
        String(path[(path.lastIndex(of: "/").map(path.index(after:)) ?? path.startIndex)...])
    }
}

/// What a script hooked.
enum ScriptHook {
    case message(LuaFunction)
    case rawIn(LuaFunction)
    case rawOut(LuaFunction)
    case send(LuaFunction)
    case command(ScriptCommandInfo, LuaFunction, complete: LuaValue)
    /// Due at `due` (the manager's monotonic seconds), then every `interval` when repeating.
    case timer(LuaFunction, interval: Double, repeating: Bool, due: Double)
    case event(String, LuaFunction)

    var set: ScriptHookSet {
        switch self {
        case .message: [.arriving, .received]
        case .rawIn: .received
        case .rawOut: .sending
        case .send: .sendingOwn
        case .event: .events
        case .command, .timer: []
        }
    }
}

import ChatModel
import Scripting

/// The `natter` table a script sees: hooks, actions, reads, settings and its store
/// (docs/SCRIPTING.md). Each function checks its arguments and raises a Lua error with a clear
/// message on a mistake; actions are queued for the manager, reads answer at once.
enum ScriptAPI {
    /// The commands a script may not take (Natter's own, their other names, `/script`).
    static var builtIn: Set<String> {
        Set(ChatCommandParser.commandNames).union(ChatCommandParser.aliases.keys)
    }

    /// Registers every function in `script`'s state. The closures hold the script and the
    /// manager weakly: the script's state owns them.
    static func install(in script: LoadedScript, manager: ScriptManager) {
        let api = Installer(script: script, manager: manager)
        api.hooks()
        api.actions()
        api.reads()
        api.settings()
        api.permitted()
    }

    /// A buffer kind's name in the API.
    static func name(of kind: BufferKind) -> String {
        switch kind {
        case .server: "server"
        case .channel: "channel"
        case .query: "query"
        case .channelList: "channel_list"
        case .mentions: "mentions"
        }
    }
}

/// Registers the functions of one script.
struct Installer {
    weak var script: LoadedScript?
    weak var manager: ScriptManager?

    init(script: LoadedScript, manager: ScriptManager) {
        self.script = script
        self.manager = manager
    }

    /// Registers `natter.NAME` (or `natter.TABLE.NAME` for a dotted name), whose body gets the
    /// script, the manager and its checked arguments.
    func define(_ name: String, _ body: @escaping (LoadedScript, ScriptManager, ScriptArguments) throws -> [LuaValue]) {
        let parts = name.split(separator: ".")
        let table = (["natter"] + parts.dropLast().map(String.init)).joined(separator: ".")
        let weakScript = WeakBox(script), weakManager = WeakBox(manager)
        script?.lua.register(String(parts.last!), in: table) { values in
            guard let script = weakScript.value, let manager = weakManager.value, !script.isLeaving else {
                throw ScriptAPIError("natter.\(name): the script is being unloaded")
            }
            return try body(script, manager, ScriptArguments(name, values))
        }
    }

    /// Registers a global function (Lua's own `print`).
    func global(_ name: String, _ body: @escaping (LoadedScript, ScriptManager, ScriptArguments) throws -> [LuaValue]) {
        let weakScript = WeakBox(script), weakManager = WeakBox(manager)
        script?.lua.register(name, in: nil) { values in
            guard let script = weakScript.value, let manager = weakManager.value, !script.isLeaving else { return [] }
            return try body(script, manager, ScriptArguments(name, values))
        }
    }

    /// `natter.on_message`, `on_raw_in`, `on_raw_out`, `on_send`, `command`, `timer`, `on`, `unhook`.
    func hooks() {
        func hook(_ name: String, _ make: @escaping (LuaFunction) -> ScriptHook) {
            define(name) { script, manager, arguments in
                let id = script.add(make(try arguments.function(0, "callback")))
                manager.updateHooked()
                return [.integer(Int64(id))]
            }
        }
        hook("on_message") { .message($0) }
        hook("on_raw_in") { .rawIn($0) }
        hook("on_raw_out") { .rawOut($0) }
        hook("on_send") { .send($0) }
        define("on") { script, manager, arguments in
            let event = try arguments.string(0, "event")
            guard ScriptAPI.events.contains(event) else {
                throw arguments.fail("no event \"\(event)\"; events are " + ScriptAPI.events.sorted().joined(separator: ", "))
            }
            let id = script.add(.event(event, try arguments.function(1, "callback")))
            manager.updateHooked()
            return [.integer(Int64(id))]
        }
        define("command") { script, manager, arguments in
            let name = try arguments.string(0, "name").lowercased()
            let function = try arguments.function(1, "callback")
            let options = try arguments.table(2, "options")?.fields ?? [:]
            guard !name.isEmpty, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) else {
                throw arguments.fail("a command's name holds letters, digits, '-' and '_' only, not \"\(name)\"")
            }
            guard !ScriptAPI.builtIn.contains(name) else { throw arguments.fail("/\(name) is one of Natter's own commands") }
            if let owner = manager.commandOwner(name), owner !== script {
                throw arguments.fail("/\(name) is already the command of script \(owner.name)")
            }
            if manager.model.aliases.expansion(of: name) != nil {
                throw arguments.fail("/\(name) is one of your aliases (/unalias \(name) first)")
            }
            let info = ScriptCommandInfo(name: name, usage: options["usage"]?.stringValue ?? "/\(name)",
                                         help: options["help"]?.stringValue ?? "a command of script \(script.name)", script: script.name)
            // A command made again replaces the old one (a script that sets itself up twice).
            for (id, hook) in script.hooks { if case .command(let old, _, _) = hook, old.name == name { script.hooks[id] = nil } }
            let id = script.add(.command(info, function, complete: options["complete"] ?? .nil))
            return [.integer(Int64(id))]
        }
        define("timer") { script, manager, arguments in
            let seconds = try arguments.number(0, "seconds")
            guard seconds.isFinite, seconds >= 0.01 else { throw arguments.fail("a timer waits at least 0.01 seconds") }
            let function = try arguments.function(1, "callback")
            let repeating = try arguments.bool(2, "repeating", default: false)
            let id = script.add(.timer(function, interval: seconds, repeating: repeating, due: manager.clock() + seconds))
            manager.scheduleAlarm()
            return [.integer(Int64(id))]
        }
        define("unhook") { script, manager, arguments in
            // Not a whole number within Int (NaN, 1e300, 0.5): no hook has it (Int() would trap).
            let removed = Int(exactly: try arguments.number(0, "id")).map { script.hooks.removeValue(forKey: $0) != nil } ?? false
            manager.updateHooked()
            return [.bool(removed)]
        }
    }
}

extension ScriptAPI {
    /// The events `natter.on` knows.
    static let events: Set<String> = ["buffer_opened", "buffer_closed", "buffer_switched", "connected", "disconnected",
                                      "nick", "join", "part", "quit", "kick", "config", "stopped"]
}

/// A weak reference a closure can hold.
final class WeakBox<Value: AnyObject> {
    weak var value: Value?
    init(_ value: Value?) { self.value = value }
}

extension ScriptManager {
    /// The script that has command `name`.
    func commandOwner(_ name: String) -> LoadedScript? {
        scripts.first { script in
            !script.isLeaving && script.hooks.values.contains { if case .command(let info, _, _) = $0 { info.name == name } else { false } }
        }
    }
}

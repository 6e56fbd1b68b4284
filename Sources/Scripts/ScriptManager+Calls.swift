import ChatModel
import Scripting

extension ScriptManager {
    /// Calls `function` of `script` within its bounds. Nil when the script is leaving, or the
    /// call failed: a Lua error is reported; a stop by a bound is counted and told to the
    /// script, and the last one allowed unloads it.
    @discardableResult
    func call(_ script: LoadedScript, _ function: LuaFunction, _ arguments: [LuaValue], network: String? = nil,
              results: LuaScript.Results = .firstScalar) -> [LuaValue]? {
        invoke(script, network: network) { lua throws(LuaScriptError) in try lua.call(function, arguments, results: results) }
    }

    /// The same with one argument, a table given as a record (a message hook's, built once per
    /// message and pushed without a dictionary); its answer is its first plain value.
    @discardableResult
    func call(_ script: LoadedScript, _ function: LuaFunction, record: LuaRecord, network: String?) -> [LuaValue]? {
        invoke(script, network: network) { lua throws(LuaScriptError) in try lua.call(function, record: record, results: .firstScalar) }
    }

    private func invoke(_ script: LoadedScript, network: String?,
                        _ body: (LuaScript) throws(LuaScriptError) -> [LuaValue]) -> [LuaValue]? {
        guard !script.isLeaving, !script.lua.isBusy else { return nil }
        running += 1
        defer {
            running -= 1
            if running == 0 { tellHeldEvents() }
        }
        do {
            return try body(script.lua)
        } catch {
            failed(script, error, network: network)
            return nil
        }
    }

    /// What to do about a call of `script` that failed.
    func failed(_ script: LoadedScript, _ error: LuaScriptError, network: String?) {
        switch error.kind {
        case .timeLimit, .memoryLimit:
            script.stops += 1
            let reason = error.kind == .timeLimit ? "time" : "memory"
            if script.stops >= Self.stopsAllowed {
                ask(.report("script \(script.name) unloaded: stopped \(script.stops) times by its \(reason) bound "
                            + "(last: \(error)); /script load \(script.name) loads it again", network: network))
                // At once, this instance (a later load of the same name is another script).
                unload(script)
            } else {
                ask(.report("script \(script.name) stopped by its \(reason) bound (\(script.stops) of \(Self.stopsAllowed)): \(error)",
                            network: network))
                tellStopped(script, reason: reason)
            }
        default:
            ask(.report("script \(script.name): \(error)", network: network))
        }
    }

    /// The script's "stopped" hooks, told of a stop (with a fresh budget of their own).
    private func tellStopped(_ script: LoadedScript, reason: String) {
        let event: LuaValue = .fields(["reason": .string(reason), "count": .integer(Int64(script.stops))])
        for (owner, function) in lists.events["stopped"] ?? [] where owner === script {
            call(script, function, [event])
        }
    }
}

/// What went wrong loading or calling a script: the script's file name, the line Lua names (when
/// it names one) and Lua's message without that place. `description` reads `file:line: message`.
public struct LuaScriptError: Error, Equatable, CustomStringConvertible {
    /// Which kind of failure: callers treat a script that ran out of time or memory differently
    /// from one with a bug.
    public enum Kind: Equatable, Sendable {
        /// The source does not compile (or is a binary chunk, which is refused).
        case syntax
        /// A Lua error while running: `error()`, a bad operation, or a Swift function's error.
        case runtime
        /// The call ran past its time budget and was stopped.
        case timeLimit
        /// The script asked for more memory than its bound.
        case memoryLimit
        /// `call` named a global that is not a function.
        case noSuchFunction
        /// `call` was made while the script was running (from one of its Swift functions).
        case busy
    }

    public let kind: Kind
    /// The script's file name, as given to `LuaScript`.
    public let script: String
    /// The line in the script, when Lua's message names one.
    public let line: Int?
    /// Lua's message, without the leading `file:line:`.
    public let message: String

    public init(kind: Kind, script: String, line: Int?, message: String) {
        self.kind = kind
        self.script = script
        self.line = line
        self.message = message
    }

    /// An error from Lua's message, which starts with `script:line: ` when Lua knows the place.
    init(kind: Kind, script: String, luaMessage: String) {
        let prefix = script + ":"
        if luaMessage.hasPrefix(prefix) {
            let rest = luaMessage.dropFirst(prefix.count)
            let digits = rest.prefix(while: \.isASCII).prefix(while: \.isNumber)
            if !digits.isEmpty, let line = Int(digits), rest.dropFirst(digits.count).hasPrefix(":") {
                let message = rest.dropFirst(digits.count + 1).drop(while: { $0 == " " })
                self.init(kind: kind, script: script, line: line, message: String(message))
                return
            }
        }
        self.init(kind: kind, script: script, line: nil, message: luaMessage)
    }

    public var description: String {
        if let line { return "\(script):\(line): \(message)" }
        return "\(script): \(message)"
    }
}

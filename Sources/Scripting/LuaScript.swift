import CLua

/// One user script in a Lua 5.4 state of its own: a sandbox with a curated library, a time
/// budget per call and a bound on its memory. Errors come back as `LuaScriptError`s; a Lua
/// error never unwinds through Swift.
///
/// Made from the script's text, which is compiled but not run; the owner registers the Swift
/// functions the script may call (`register`), then runs the script's body (`run`) and later
/// calls its functions by name (`call`). Used from one thread. Functions registered must not
/// hold the script strongly (that would be a cycle: the script owns them).
public final class LuaScript {
    /// The bounds a script runs within.
    public struct Limits: Sendable {
        /// How long one call (or the script's body) may run before it is stopped.
        public var timeBudget: Duration
        /// How many bytes the state may hold.
        public var memoryBytes: Int

        public init(timeBudget: Duration = .milliseconds(50), memoryBytes: Int = 64 << 20) {
            self.timeBudget = timeBudget
            self.memoryBytes = memoryBytes
        }
    }

    /// The script's file name, which errors name.
    public let fileName: String
    /// The bounds each run and call is held to.
    public let limits: Limits
    private let state: OpaquePointer
    private let context: LuaContext
    /// The time budget in nanoseconds, worked out once.
    private lazy var budgetNanoseconds: UInt64 = {
        let parts = limits.timeBudget.components
        return UInt64(max(0, parts.seconds)) * 1_000_000_000 + UInt64(max(0, parts.attoseconds) / 1_000_000_000)
    }()
    /// The compiled body until `run` runs it.
    private var bodyLoaded = true
    private var isRunning = false

    /// Compiles `source` (text only: a binary chunk is refused) in a new sandboxed state.
    public convenience init(source: String, fileName: String, limits: Limits = Limits()) throws(LuaScriptError) {
        try self.init(source: source, fileName: fileName, limits: limits,
                      context: LuaContext(memoryLimit: limits.memoryBytes, timeBudget: limits.timeBudget))
    }

    /// The same, with the context given: tests keep it to read its byte count after the script
    /// is gone.
    init(source: String, fileName: String, limits: Limits, context: LuaContext) throws(LuaScriptError) {
        guard let state = lua_newstate(countingAllocator, Unmanaged.passUnretained(context).toOpaque()) else {
            throw LuaScriptError(kind: .memoryLimit, script: fileName, line: nil, message: "no memory for a Lua state")
        }
        self.state = state
        self.context = context
        context.state = state
        self.fileName = fileName
        self.limits = limits
        LuaSandbox.open(in: state)
        // Generational collection: a hook's garbage (a message's table, once per message) dies
        // young, and is collected without going over the old objects each cycle.
        _ = natter_lua_gc_generational(state)
        lua_sethook(state, deadlineHook, LUA_MASKCOUNT, instructionsPerClockCheck)
        var source = source
        let status = source.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                luaL_loadbufferx(state, chars.baseAddress, chars.count, "@" + fileName, "t")
            }
        }
        if status != LUA_OK {
            let message = Self.message(at: -1, of: state)
            lua_settop(state, 0)
            bodyLoaded = false
            throw LuaScriptError(kind: .syntax, script: fileName, luaMessage: message)
        }
    }

    deinit {
        context.state = nil
        lua_close(state)
    }

    /// Bytes the script's state holds now.
    public var memoryInUse: Int { context.bytesInUse }

    /// Makes `function` callable from the script as `table.name` (a global table, made when
    /// missing; a dotted `table` such as `natter.store` names tables within tables), or as the
    /// global `name` when `table` is nil. Its arguments come as values; what it throws reaches
    /// the script as a Lua error at the line that called it.
    public func register(_ name: String, in table: String? = nil,
                         _ function: @escaping ([LuaValue]) throws -> [LuaValue]) {
        context.functions.append(function)
        _ = lua_checkstack(state, 4)
        let top = lua_gettop(state)
        // Raw reads and writes throughout: the script may have given its globals a metatable,
        // and a metamethod's error out here, outside a protected call, would end the process.
        lua_rawgeti(state, natter_lua_registryindex(), lua_Integer(LUA_RIDX_GLOBALS))
        pushTable(table)
        pushString(name, on: state)
        lua_pushinteger(state, lua_Integer(context.functions.count - 1))
        lua_pushcclosure(state, swiftFunctionEntry, 1)
        lua_rawset(state, -3)
        lua_settop(state, top)
    }

    /// Sets the global table `table`'s field `name` to `value` (made when missing; dotted as
    /// in ``register(_:in:_:)``).
    public func setField(_ name: String, in table: String, to value: LuaValue) {
        _ = lua_checkstack(state, 4)
        let top = lua_gettop(state)
        lua_rawgeti(state, natter_lua_registryindex(), lua_Integer(LUA_RIDX_GLOBALS))
        pushTable(table)
        pushString(name, on: state)
        value.push(on: state)
        lua_rawset(state, -3)
        lua_settop(state, top)
    }

    /// Pushes the table the dotted path `table` names from the globals (the globals for nil),
    /// making the tables that are missing; replaces the globals pushed before it.
    private func pushTable(_ table: String?) {
        for part in table?.split(separator: ".") ?? [] {
            pushString(String(part), on: state)
            lua_rawget(state, -2)
            if lua_type(state, -1) != LUA_TTABLE {
                lua_settop(state, -2)
                lua_createtable(state, 0, 4)
                pushString(String(part), on: state)
                lua_pushvalue(state, -2)
                lua_rawset(state, -4)
            }
            lua_rotate(state, -2, 1)
            lua_settop(state, -2)
        }
    }

    /// Runs the script's body (once; later runs do nothing), within the time budget.
    public func run() throws(LuaScriptError) {
        // From a Swift function the script called: the call under way keeps its bounds.
        guard !isRunning else {
            throw LuaScriptError(kind: .busy, script: fileName, line: nil, message: "the body run while the script runs")
        }
        guard bodyLoaded else { return }
        bodyLoaded = false
        _ = try protectedCall(arguments: 0, base: lua_gettop(state) - 1)
    }

    /// Calls the global function `name` with `arguments` and returns its results.
    @discardableResult
    public func call(_ name: String, _ arguments: [LuaValue] = []) throws(LuaScriptError) -> [LuaValue] {
        guard !isRunning else {
            throw LuaScriptError(kind: .busy, script: fileName, line: nil, message: "\(name) called while the script runs")
        }
        let base = lua_gettop(state)
        guard lua_checkstack(state, Int32(clamping: arguments.count) + 2) != 0 else {
            throw LuaScriptError(kind: .runtime, script: fileName, line: nil, message: "too many arguments")
        }
        lua_rawgeti(state, natter_lua_registryindex(), lua_Integer(LUA_RIDX_GLOBALS))
        pushString(name, on: state)
        lua_rawget(state, -2)
        lua_rotate(state, -2, 1)
        lua_settop(state, -2)
        guard lua_type(state, -1) == LUA_TFUNCTION else {
            lua_settop(state, base)
            throw LuaScriptError(kind: .noSuchFunction, script: fileName, line: nil, message: "no function named \(name)")
        }
        for argument in arguments { argument.push(on: state) }
        return try protectedCall(arguments: Int32(arguments.count), base: base)
    }

    /// What of a call's results is read into Swift.
    public enum Results: Sendable {
        /// All of them, tables whole (within ``LuaValue/readBudget``).
        case all
        /// The first only, and only when it is nil, a boolean, a number or a string (a hook's
        /// answer: a huge table returned by mistake costs nothing to skip).
        case firstScalar
    }

    /// Calls `function` (one of this script's) with `arguments` and returns its results.
    @discardableResult
    public func call(_ function: LuaFunction, _ arguments: [LuaValue] = [], results: Results = .all) throws(LuaScriptError) -> [LuaValue] {
        try call(function, count: arguments.count, results: results) { state in
            for argument in arguments { argument.push(on: state) }
        }
    }

    /// Calls `function` (one of this script's) with one argument, the table `record`, and
    /// returns its results.
    @discardableResult
    public func call(_ function: LuaFunction, record: LuaRecord, results: Results = .all) throws(LuaScriptError) -> [LuaValue] {
        try call(function, count: 1, results: results) { state in record.push(on: state) }
    }

    /// Calls `function` with the `count` arguments `pushArguments` pushes.
    private func call(_ function: LuaFunction, count: Int, results: Results,
                      _ pushArguments: (OpaquePointer) -> Void) throws(LuaScriptError) -> [LuaValue] {
        guard !isRunning else {
            throw LuaScriptError(kind: .busy, script: fileName, line: nil, message: "a callback called while the script runs")
        }
        guard function.context === context else {
            throw LuaScriptError(kind: .noSuchFunction, script: fileName, line: nil, message: "a function of another script")
        }
        let base = lua_gettop(state)
        guard lua_checkstack(state, Int32(clamping: count) + 2) != 0 else {
            throw LuaScriptError(kind: .runtime, script: fileName, line: nil, message: "too many arguments")
        }
        function.push(on: state)
        pushArguments(state)
        return try protectedCall(arguments: Int32(count), base: base, results: results)
    }

    /// Whether the script's code is running now (a Swift function it called is on the stack).
    public var isBusy: Bool { isRunning }

    /// Calls the function under the `arguments` on the stack, with the bounds in force, and
    /// returns its results; the stack is back to `base` after.
    private func protectedCall(arguments: Int32, base: Int32, results: Results = .all) throws(LuaScriptError) -> [LuaValue] {
        isRunning = true
        context.timedOut = false
        context.deadline = monotonicNanoseconds() &+ budgetNanoseconds
        context.limitsMemory = true
        let status = lua_pcallk(state, arguments, LUA_MULTRET, 0, 0, nil)
        context.limitsMemory = false
        context.deadline = nil
        isRunning = false
        defer { lua_settop(state, base) }
        if context.timedOut {
            lua_sethook(state, deadlineHook, LUA_MASKCOUNT, instructionsPerClockCheck)
        }
        guard status == LUA_OK else {
            let message = Self.message(at: -1, of: state)
            if context.timedOut {
                throw LuaScriptError(kind: .timeLimit, script: fileName, luaMessage: message)
            }
            if status == LUA_ERRMEM {
                throw LuaScriptError(kind: .memoryLimit, script: fileName, line: nil,
                                     message: "\(message): over its bound of \(Self.describe(bytes: limits.memoryBytes))")
            }
            throw LuaScriptError(kind: .runtime, script: fileName, luaMessage: message)
        }
        let top = lua_gettop(state)
        guard top > base else { return [] }
        switch results {
        case .all: return (base + 1...top).map { LuaValue.read(from: state, at: $0) }
        case .firstScalar:
            switch lua_type(state, base + 1) {
            case LUA_TBOOLEAN, LUA_TNUMBER, LUA_TSTRING: return [LuaValue.read(from: state, at: base + 1)]
            default: return [.nil]
            }
        }
    }

    /// An error value as text: a string or number as it is, anything else by its type (never
    /// through `__tostring`, which would run the script's code out here).
    private static func message(at index: Int32, of state: OpaquePointer) -> String {
        switch lua_type(state, index) {
        case LUA_TSTRING, LUA_TNUMBER: return readString(from: state, at: index)
        case let type: return "(error object is a \(String(cString: lua_typename(state, type))) value)"
        }
    }

    static func describe(bytes: Int) -> String {
        if bytes >= 1 << 20 && bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes >= 1 << 10 && bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return "\(bytes) bytes"
    }
}

import CLua
import Glibc

/// What a `lua_State`'s C callbacks (the allocator, the count hook, the Swift functions' entry)
/// need of their `LuaScript`. It is the allocator's `ud`, which Lua hands back through
/// `lua_getallocf`, so no global table maps states to owners. The script owns it and closes the
/// state before letting it go; it refers to nothing back, so there is no cycle.
final class LuaContext {
    /// Bytes the state holds now, counted by the allocator. Unchecked for exclusivity: the
    /// allocator runs for every Lua object, on the script's one thread, and never while
    /// another access is under way.
    @exclusivity(unchecked) var bytesInUse = 0
    /// The state, while it is open: functions handed to Swift release their references in it.
    var state: OpaquePointer?
    /// The memory bound, in bytes.
    let memoryLimit: Int
    /// Whether the memory bound is enforced. Only while the script's own code runs: a refusal
    /// raises a Lua error, and Swift's own pushes (arguments, results, messages) happen outside
    /// any protected call, where such an error would end the process.
    @exclusivity(unchecked) var limitsMemory = false

    /// The time budget of one call.
    let timeBudget: Duration
    /// When the running call is out of time; nil while no call runs.
    /// In nanoseconds of the monotonic clock (``monotonicNanoseconds()``): a plain integer,
    /// read and compared at every call and every thousand instructions, where Swift's
    /// `ContinuousClock` arithmetic (128-bit durations) cost a measurable share of a hook.
    var deadline: UInt64?
    /// Set by the hook when it stopped a call, so the error it raised is told from others.
    var timedOut = false

    /// The Swift functions the script can call, by the index each Lua closure keeps as upvalue.
    var functions: [([LuaValue]) throws -> [LuaValue]] = []

    init(memoryLimit: Int, timeBudget: Duration) {
        self.memoryLimit = memoryLimit
        self.timeBudget = timeBudget
    }

    /// The context of `state`.
    static func of(_ state: OpaquePointer) -> LuaContext {
        var userData: UnsafeMutableRawPointer?
        _ = lua_getallocf(state, &userData)
        return Unmanaged<LuaContext>.fromOpaque(userData!).takeUnretainedValue()
    }
}

/// Instructions between two looks at the clock: often enough that a call stops within a
/// millisecond or so of its deadline, rarely enough to cost nothing measurable.
let instructionsPerClockCheck: Int32 = 1000

/// Lua's allocator: `realloc` and `free`, counted, refusing growth past the bound while it holds.
/// A refusal is not an error here: Lua raises "not enough memory" itself.
let countingAllocator: lua_Alloc = { userData, pointer, oldSize, newSize in
    // The state holds its context for as long as it lives: no retain is needed to use it.
    Unmanaged<LuaContext>.fromOpaque(userData!)._withUnsafeGuaranteedRef { context in
        // With no block, oldSize is the kind of object being made, not a size.
        let old = pointer == nil ? 0 : Int(oldSize)
        if newSize == 0 {
            free(pointer)
            context.bytesInUse -= old
            return nil
        }
        if context.limitsMemory && Int(newSize) > old && context.bytesInUse - old + Int(newSize) > context.memoryLimit {
            return nil
        }
        guard let block = realloc(pointer, Int(newSize)) else { return nil }
        context.bytesInUse += Int(newSize) - old
        return block
    }
}

/// The count hook: past the deadline it raises "took longer than N ms" where the script is.
/// The longjmp of `lua_error` leaves only this closure's frame, which holds nothing to release
/// by then: the work that makes Swift values is done in `stopIfLate`, which has returned.
let deadlineHook: lua_Hook = { state, _ in
    guard let state, stopIfLate(state) else { return }
    _ = lua_error(state)
}

/// Whether the running call is out of time; if so, its error message is pushed and the hook is
/// made to fire at every instruction, so that a script catching the error with `pcall` is
/// stopped again at once, wherever it goes next.
@inline(never)
private func stopIfLate(_ state: OpaquePointer) -> Bool {
    let context = LuaContext.of(state)
    guard let deadline = context.deadline, monotonicNanoseconds() >= deadline else { return false }
    context.timedOut = true
    lua_sethook(state, deadlineHook, LUA_MASKCOUNT, 1)
    let limits = context.limitsMemory
    context.limitsMemory = false
    luaL_where(state, 0)
    let milliseconds = context.timeBudget.components.seconds * 1000
        + context.timeBudget.components.attoseconds / 1_000_000_000_000_000
    pushString("took longer than \(milliseconds) ms", on: state)
    lua_concat(state, 2)
    context.limitsMemory = limits
    return true
}

/// The entry of every Swift function the script calls; its upvalue is the function's index in
/// the context. A Swift error becomes a Lua error at the caller's line, raised here after
/// `callSwiftFunction` has returned and released what it made.
let swiftFunctionEntry: lua_CFunction = { state in
    guard let state else { return 0 }
    let results = callSwiftFunction(state)
    return results >= 0 ? results : lua_error(state)
}

/// Calls the Swift function, pushes its results and returns their count; or pushes its error's
/// message and returns -1.
@inline(never)
private func callSwiftFunction(_ state: OpaquePointer) -> Int32 {
    let context = LuaContext.of(state)
    let limits = context.limitsMemory
    context.limitsMemory = false
    defer { context.limitsMemory = limits }
    let index = Int(lua_tointegerx(state, natter_lua_upvalueindex(1), nil))
    let count = lua_gettop(state)
    let arguments = count > 0 ? (1...count).map { LuaValue.read(from: state, at: $0) } : []
    do {
        let results = try context.functions[index](arguments)
        guard lua_checkstack(state, Int32(clamping: results.count) + 1) != 0 else {
            pushString("too many results", on: state)
            return -1
        }
        for result in results { result.push(on: state) }
        return Int32(results.count)
    } catch {
        luaL_where(state, 1)
        pushString(String(describing: error), on: state)
        lua_concat(state, 2)
        return -1
    }
}

/// The monotonic clock in nanoseconds.
@inline(__always)
func monotonicNanoseconds() -> UInt64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return UInt64(now.tv_sec) &* 1_000_000_000 &+ UInt64(now.tv_nsec)
}

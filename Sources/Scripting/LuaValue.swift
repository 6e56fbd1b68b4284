import CLua

/// A value passed between Swift and a script: what a call takes and gives back.
///
/// Lua strings are bytes; they come to Swift as UTF-8 (bytes that are not UTF-8 are repaired
/// to U+FFFD) and go to Lua as the string's UTF-8 bytes, NUL bytes included. A Lua table comes
/// back as its sequence (keys 1…n) and its string-keyed fields; other keys are left out, and so
/// are coroutines and userdata (read as `nil`). A function comes as a ``LuaFunction`` its own
/// script can call later.
public enum LuaValue: Equatable {
    case `nil`
    case bool(Bool)
    case integer(Int64)
    case number(Double)
    case string(String)
    /// A table: its sequence `array` (Lua's `t[1]`, `t[2]`, …) and its `fields` with string keys.
    case table(array: [LuaValue], fields: [String: LuaValue])
    /// A function of the script (the same function read twice is two references to it).
    case function(LuaFunction)

    public static func == (a: LuaValue, b: LuaValue) -> Bool {
        switch (a, b) {
        case (.nil, .nil): true
        case (.bool(let x), .bool(let y)): x == y
        case (.integer(let x), .integer(let y)): x == y
        case (.number(let x), .number(let y)): x == y
        case (.string(let x), .string(let y)): x == y
        case (.table(let xs, let xf), .table(let ys, let yf)): xs == ys && xf == yf
        case (.function(let x), .function(let y)): x === y
        default: false
        }
    }

    /// A table that is only a sequence.
    public static func array(_ values: [LuaValue]) -> LuaValue { .table(array: values, fields: [:]) }
    /// A table that only has string keys.
    public static func fields(_ fields: [String: LuaValue]) -> LuaValue { .table(array: [], fields: fields) }

    /// The string, when this is one.
    public var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }
}

/// A table of string-keyed fields given in order, for an argument made often (a message
/// hook's table, once per message): pushed field by field, without the hashing that building
/// a `LuaValue.fields` dictionary costs in Swift. A key given twice keeps its last value.
public struct LuaRecord {
    /// A field's value: a value, or a table of strings given as Swift's own dictionary (a
    /// message's tags), pushed without first being made a `LuaValue` dictionary.
    public enum Field {
        case value(LuaValue)
        case strings([String: String])
    }

    public var fields: [(key: String, value: Field)]

    public init(capacity: Int = 0) {
        fields = []
        fields.reserveCapacity(capacity)
    }

    /// Adds a field (nil values are left out, as Lua does).
    public mutating func add(_ key: String, _ value: LuaValue) { fields.append((key, .value(value))) }

    /// Adds a field whose value is a table of these strings by their keys.
    public mutating func add(_ key: String, strings: [String: String]) { fields.append((key, .strings(strings))) }

    /// Pushes the table; the caller has made room for one slot (see ``LuaValue/push(on:)``).
    func push(on state: OpaquePointer) {
        _ = lua_checkstack(state, 4)
        lua_createtable(state, 0, Int32(clamping: fields.count))
        for (key, field) in fields {
            pushString(key, on: state)
            switch field {
            case .value(let element): element.push(on: state)
            case .strings(let strings):
                lua_createtable(state, 0, Int32(clamping: strings.count))
                for (name, text) in strings {
                    pushString(name, on: state)
                    pushString(text, on: state)
                    lua_rawset(state, -3)
                }
            }
            lua_rawset(state, -3)
        }
    }
}

/// Tables deeper than this come back cut (their deeper tables as `nil`): a table that contains
/// itself would otherwise never end.
let maximumTableDepth = 32

extension LuaValue {
    /// Pushes the value on `state`'s stack. The caller has made room for one slot and, for
    /// tables, lifted the memory bound (nothing here may raise a Lua error).
    func push(on state: OpaquePointer) {
        switch self {
        case .nil: lua_pushnil(state)
        case .bool(let flag): lua_pushboolean(state, flag ? 1 : 0)
        case .integer(let value): lua_pushinteger(state, value)
        case .number(let value): lua_pushnumber(state, value)
        case .string(let text): pushString(text, on: state)
        case .function(let function): function.push(on: state)
        case .table(let array, let fields):
            _ = lua_checkstack(state, 3)
            lua_createtable(state, Int32(clamping: array.count), Int32(clamping: fields.count))
            for (index, element) in array.enumerated() {
                element.push(on: state)
                lua_rawseti(state, -2, lua_Integer(index + 1))
            }
            for (key, element) in fields {
                pushString(key, on: state)
                element.push(on: state)
                lua_rawset(state, -3)
            }
        }
    }

    /// How much of a script's values is read into Swift at most: the copy runs outside the
    /// script's bounds (no hook, Swift's memory), so a small table that reads as a huge one
    /// (a table shared at every level, a length Lua's border search makes up) is cut here.
    public static let readBudget = 100_000
    /// And the bytes of strings it copies at most (one string shared a hundred times in a
    /// table would otherwise be copied a hundred times, outside the memory bound): past it, a
    /// string reads as nil.
    public static let readBytes = 16 << 20

    /// Reads the value at `index` of `state`'s stack without changing the stack: at most
    /// ``readBudget`` values and ``readBytes`` of strings in all; a table met a second time
    /// reads as nil.
    static func read(from state: OpaquePointer, at index: Int32) -> LuaValue {
        var budget = ReadBudget(remaining: readBudget, bytes: readBytes)
        return read(from: state, at: index, depth: 0, budget: &budget)
    }

    /// What a read may still take, and the tables it took.
    struct ReadBudget {
        var remaining: Int
        var bytes: Int
        var seen: Set<UnsafeRawPointer> = []
    }

    private static func read(from state: OpaquePointer, at index: Int32, depth: Int, budget: inout ReadBudget) -> LuaValue {
        guard budget.remaining > 0 else { return .nil }
        budget.remaining -= 1
        switch lua_type(state, index) {
        case LUA_TBOOLEAN: return .bool(lua_toboolean(state, index) != 0)
        case LUA_TNUMBER:
            if lua_isinteger(state, index) != 0 { return .integer(lua_tointegerx(state, index, nil)) }
            return .number(lua_tonumberx(state, index, nil))
        case LUA_TSTRING:
            var length = 0
            _ = lua_tolstring(state, index, &length)
            guard length <= budget.bytes else { return .nil }
            budget.bytes -= length
            return .string(readString(from: state, at: index))
        case LUA_TTABLE:
            guard depth < maximumTableDepth, lua_checkstack(state, 3) != 0,
                  let identity = lua_topointer(state, index), budget.seen.insert(identity).inserted else { return .nil }
            return readTable(from: state, at: lua_absindex(state, index), depth: depth, budget: &budget)
        case LUA_TFUNCTION: return .function(LuaFunction.read(from: state, at: index))
        default: return .nil
        }
    }

    private static func readTable(from state: OpaquePointer, at table: Int32, depth: Int, budget: inout ReadBudget) -> LuaValue {
        var array: [LuaValue] = []
        // The sequence up to its first nil: `rawlen` is any border, and one far out can be
        // made with a few keys.
        var position: lua_Integer = 1
        while budget.remaining > 0 {
            guard lua_rawgeti(state, table, position) != LUA_TNIL else {
                lua_settop(state, -2)
                break
            }
            array.append(read(from: state, at: -1, depth: depth + 1, budget: &budget))
            lua_settop(state, -2)
            position += 1
        }
        var fields: [String: LuaValue] = [:]
        lua_pushnil(state)
        while lua_next(state, table) != 0 {
            guard budget.remaining > 0 else {
                lua_settop(state, -3)   // the key and the value: lua_next is not asked again
                break
            }
            // Only string keys are read as strings: lua_tolstring on a number key would turn it
            // into a string in place and lose lua_next's place.
            if lua_type(state, -2) == LUA_TSTRING {
                fields[readString(from: state, at: -2)] = read(from: state, at: -1, depth: depth + 1, budget: &budget)
            }
            lua_settop(state, -2)
        }
        return .table(array: array, fields: fields)
    }
}

/// Pushes `text`'s UTF-8 bytes, NUL bytes included.
func pushString(_ text: String, on state: OpaquePointer) {
    var text = text
    text.withUTF8 { bytes in
        _ = bytes.withMemoryRebound(to: CChar.self) { chars in
            lua_pushlstring(state, chars.baseAddress, chars.count)
        }
    }
}

/// The string (or number, as Lua writes it) at `index`, its bytes read as UTF-8.
func readString(from state: OpaquePointer, at index: Int32) -> String {
    var length = 0
    guard let chars = lua_tolstring(state, index, &length) else { return "" }
    return String(decoding: UnsafeRawBufferPointer(start: chars, count: length), as: UTF8.self)
}

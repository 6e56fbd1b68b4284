import CLua

/// A value passed between Swift and a script: what a call takes and gives back.
///
/// Lua strings are bytes; they come to Swift as UTF-8 (bytes that are not UTF-8 are repaired
/// to U+FFFD) and go to Lua as the string's UTF-8 bytes, NUL bytes included. A Lua table comes
/// back as its sequence (keys 1…n) and its string-keyed fields; other keys are left out, and so
/// are functions, coroutines and userdata (read as `nil`).
public enum LuaValue: Equatable, Sendable {
    case `nil`
    case bool(Bool)
    case integer(Int64)
    case number(Double)
    case string(String)
    /// A table: its sequence `array` (Lua's `t[1]`, `t[2]`, …) and its `fields` with string keys.
    case table(array: [LuaValue], fields: [String: LuaValue])

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

    /// Reads the value at `index` of `state`'s stack without changing the stack.
    static func read(from state: OpaquePointer, at index: Int32, depth: Int = 0) -> LuaValue {
        switch lua_type(state, index) {
        case LUA_TBOOLEAN: return .bool(lua_toboolean(state, index) != 0)
        case LUA_TNUMBER:
            if lua_isinteger(state, index) != 0 { return .integer(lua_tointegerx(state, index, nil)) }
            return .number(lua_tonumberx(state, index, nil))
        case LUA_TSTRING: return .string(readString(from: state, at: index))
        case LUA_TTABLE:
            guard depth < maximumTableDepth, lua_checkstack(state, 3) != 0 else { return .nil }
            return readTable(from: state, at: lua_absindex(state, index), depth: depth)
        default: return .nil
        }
    }

    private static func readTable(from state: OpaquePointer, at table: Int32, depth: Int) -> LuaValue {
        var array: [LuaValue] = []
        let length = lua_rawlen(state, table)
        if length > 0 {
            for position in 1...length {
                lua_rawgeti(state, table, lua_Integer(position))
                array.append(read(from: state, at: -1, depth: depth + 1))
                lua_settop(state, -2)
            }
        }
        var fields: [String: LuaValue] = [:]
        lua_pushnil(state)
        while lua_next(state, table) != 0 {
            // Only string keys are read as strings: lua_tolstring on a number key would turn it
            // into a string in place and lose lua_next's place.
            if lua_type(state, -2) == LUA_TSTRING {
                fields[readString(from: state, at: -2)] = read(from: state, at: -1, depth: depth + 1)
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

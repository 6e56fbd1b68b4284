import CLua

/// The library a script sees. Each standard library is opened on its own (never
/// `luaL_openlibs`): base, string, table, math and utf8; `os` with only its clock and dates.
/// No io, package/require, debug, or anything that reads files, runs programs or reaches
/// outside the state. The prelude then narrows what stays of the base library.
enum LuaSandbox {
    /// Globals the base library defines that a script must not have.
    static let removedGlobals = ["dofile", "loadfile", "print"]

    /// Lua run once in each new state, before the script. It closes what opening libraries one
    /// by one cannot: `load` keeps text chunks only (binary chunks can break the interpreter);
    /// `collectgarbage` keeps the options that only collect or count (the others tune or stop the
    /// collector for every later call); `setmetatable` refuses `__gc`, because finalizers run
    /// with hooks off, where the time bound cannot stop them; `string.dump` goes with binary
    /// chunks; and the C functions a script could keep busy forever without memory are bounded
    /// or done in Lua (pattern matching with heavy backtracking stays a known gap: it is bounded
    /// in depth, not in time).
    static let prelude = """
        local rawload, select, type, rawget, error, tostring = load, select, type, rawget, error, tostring
        load = function(chunk, name, mode, ...)
            if select("#", ...) > 0 then return rawload(chunk, name, "t", ...) end
            return rawload(chunk, name, "t")
        end
        local gc = collectgarbage
        collectgarbage = function(option, ...)
            option = option or "collect"
            if option == "collect" or option == "count" or option == "step" then return gc(option, ...) end
            error("collectgarbage option " .. tostring(option) .. " is not allowed", 2)
        end
        local rawsetmetatable = setmetatable
        setmetatable = function(object, metatable)
            if type(metatable) == "table" and rawget(metatable, "__gc") ~= nil then
                error("a metatable with __gc is not allowed", 2)
            end
            return rawsetmetatable(object, metatable)
        end
        string.dump = nil
        -- C functions run with no hook: those whose work a script can make endless without
        -- memory (an empty string repeated, a move over a made-up range, shifts over a length
        -- the border search makes up) are bounded here, or done in Lua where the hook reaches.
        local rep, move, tointeger, maxinteger = string.rep, table.move, math.tointeger, math.maxinteger
        string.rep = function(s, n, sep)
            local count = tointeger(n)
            if count and count > 10000000 then error("string.rep: more than 10000000 repetitions", 2) end
            return rep(s, n, sep)
        end
        table.move = function(a1, f, e, t, a2)
            local first, last = tointeger(f), tointeger(e)
            if first and last and last - first > 10000000 then error("table.move: more than 10000000 elements", 2) end
            return move(a1, f, e, t, a2)
        end
        table.insert = function(t, ...)
            local count = select("#", ...)
            if count == 1 then t[#t + 1] = ...; return end
            if count ~= 2 then error("wrong number of arguments to 'insert'", 2) end
            local position, value = ...
            local size = #t
            position = tointeger(position) or error("bad argument #2 to 'insert' (number has no integer representation)", 2)
            if position < 1 or position > size + 1 then error("bad argument #2 to 'insert' (position out of bounds)", 2) end
            for i = size, position, -1 do t[i + 1] = t[i] end
            t[position] = value
        end
        table.remove = function(t, position)
            local size = #t
            if position == nil then position = size end
            position = tointeger(position) or error("bad argument #2 to 'remove' (number has no integer representation)", 2)
            if size == 0 and (position == 0 or position == size) then return t[position] end
            if size + 1 == position then local value = t[position]; t[position] = nil; return value end
            if position < 1 or position > size + 1 then error("bad argument #2 to 'remove' (position out of bounds)", 2) end
            local value = t[position]
            for i = position, size - 1 do t[i] = t[i + 1] end
            t[size] = nil
            return value
        end
        """

    private static let libraries: [(String, lua_CFunction)] = [
        ("_G", luaopen_base), ("string", luaopen_string), ("table", luaopen_table),
        ("math", luaopen_math), ("utf8", luaopen_utf8),
    ]

    /// Opens the library in `state`, which has no script yet; nothing here runs script code.
    static func open(in state: OpaquePointer) {
        for (name, opener) in libraries {
            luaL_requiref(state, name, opener, 1)
            lua_settop(state, -2)
        }
        // os as a table of three: the full library is opened aside and never made global.
        luaL_requiref(state, "os", luaopen_os, 0)
        lua_createtable(state, 0, 3)
        for name in ["time", "date", "clock"] {
            lua_getfield(state, -2, name)
            lua_setfield(state, -2, name)
        }
        lua_setglobal(state, "os")
        lua_settop(state, -2)
        for name in removedGlobals {
            lua_pushnil(state)
            lua_setglobal(state, name)
        }
        let status = luaL_loadbufferx(state, prelude, prelude.utf8.count, "=prelude", "t")
        precondition(status == LUA_OK, "the sandbox's prelude does not compile")
        precondition(lua_pcallk(state, 0, 0, 0, 0, nil) == LUA_OK, "the sandbox's prelude failed")
    }
}

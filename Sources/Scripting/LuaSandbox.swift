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
    /// chunks.
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

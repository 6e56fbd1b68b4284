@testable import Scripting
import Testing

/// What a script can reach: the curated library and nothing that touches files, programs or the
/// interpreter itself.
struct LuaSandboxTests {
    private func script(_ source: String, limits: LuaScript.Limits = .init()) throws -> LuaScript {
        let script = try LuaScript(source: source, fileName: "sandbox.lua", limits: limits)
        try script.run()
        return script
    }

    @Test func forbiddenNamesAreNil() throws {
        let forbidden = ["io", "package", "require", "debug", "dofile", "loadfile", "print", "string.dump",
                         "os.execute", "os.remove", "os.rename", "os.exit", "os.getenv", "os.tmpname", "os.setlocale"]
        let script = try script("""
            function lookup(path)
                local value = _ENV
                for part in string.gmatch(path, "[^.]+") do
                    value = value[part]
                    if value == nil then return nil end
                end
                return type(value)
            end
            """)
        for name in forbidden {
            #expect(try script.call("lookup", [.string(name)]) == [.nil], "\(name) is reachable")
        }
        // What stays is there (so the lookup above can tell).
        for name in ["os.time", "os.date", "os.clock", "string.rep", "table.concat", "math.floor", "utf8.char",
                     "load", "pcall", "setmetatable", "collectgarbage"] {
            #expect(try script.call("lookup", [.string(name)]) == [.string("function")], "\(name) is missing")
        }
    }

    @Test func aBinaryChunkIsRefused() throws {
        // The signature of a compiled chunk: Lua refuses it in text mode, at load and through `load`.
        let binary = "\u{1B}Lua\u{54}\u{00}"
        #expect(throws: LuaScriptError.self) { try LuaScript(source: binary, fileName: "binary.lua") }
        let script = try script("""
            function tryBinary(chunk) local f, message = load(chunk, "x", "b"); return f == nil, message end
            """)
        let results = try script.call("tryBinary", [.string(binary)])
        #expect(results.first == .bool(true))
        #expect(results.last?.stringValue?.contains("binary") == true)
    }

    @Test func textLoadWorksInTheSandbox() throws {
        let script = try script("""
            function compute() return load("return 6 * 7")(), load("return io")() end
            """)
        #expect(try script.call("compute") == [.integer(42), .nil])
    }

    @Test func collectgarbageKeepsOnlyHarmlessOptions() throws {
        let script = try script("""
            function gc(option) local ok, message = pcall(collectgarbage, option); return ok end
            """)
        #expect(try script.call("gc", [.string("collect")]) == [.bool(true)])
        #expect(try script.call("gc", [.string("count")]) == [.bool(true)])
        #expect(try script.call("gc", [.string("stop")]) == [.bool(false)])
        #expect(try script.call("gc", [.string("generational")]) == [.bool(false)])
    }

    @Test func aFinalizerCannotBeSet() throws {
        // Finalizers run with hooks off, out of the time bound's reach (this one is harmless, so
        // that the test fails rather than hangs if one is let through).
        let script = try script("""
            function finalizer() setmetatable({}, {__gc = function() end}) end
            function plain() return getmetatable(setmetatable({}, {__index = {x = 1}})) ~= nil end
            """)
        #expect(throws: LuaScriptError.self) { try script.call("finalizer") }
        #expect(try script.call("plain") == [.bool(true)])
    }

    @Test func stringRepBombsStopAtTheMemoryBound() throws {
        let script = try script("""
            function bomb() local s = string.rep("x", 1 << 20); for i = 1, 40 do s = s .. s end; return #s end
            function rep() return #string.rep("natter", 1 << 23) end
            function small() return #string.rep("x", 10) end
            """, limits: .init(timeBudget: .seconds(10), memoryBytes: 8 << 20))
        for name in ["bomb", "rep"] {
            let error = try #require(throws: LuaScriptError.self) { try script.call(name) }
            #expect(error.kind == .memoryLimit)
            #expect(error.description.contains("8 MiB"))
        }
        #expect(try script.call("small") == [.integer(10)])
    }
}

/// The C functions a script could keep busy without allocating: bounded, or done in Lua where
/// the time bound reaches (table.insert and table.remove, which keep their meaning).
struct LuaEndlessCTests {
    @Test func emptyRepetitionsAndMadeUpRangesAreRefusedOrStopped() throws {
        let script = try LuaScript(source: """
            function rep() return string.rep("", math.maxinteger) end
            function move() return table.move({}, 1, math.maxinteger - 1, 2) end
            function ordinary()
                local t = {1, 2, 3}
                table.insert(t, 2, "b"); table.insert(t, "end")
                local removed = table.remove(t, 1)
                return table.concat(t, ","), removed, table.remove(t), #t, string.rep("ab", 3, "-"),
                       table.concat(table.move({1, 2, 3}, 1, 3, 2), ",")
            end
            """, fileName: "c.lua", limits: LuaScript.Limits(timeBudget: .milliseconds(200)))
        try script.run()
        for name in ["rep", "move"] {
            #expect(throws: LuaScriptError.self) { try script.call(name) }
        }
        #expect(try script.call("ordinary") == [.string("b,2,3,end"), .integer(1), .string("end"), .integer(3),
                                                .string("ab-ab-ab"), .string("1,1,2,3")])
    }
}

import Scripting
import Testing

/// Values both ways, Swift functions called from Lua, and errors with their place.
struct LuaCallTests {
    @Test func valuesGoInAndComeBackOut() throws {
        let script = try LuaScript(source: "function echo(...) return ... end", fileName: "echo.lua")
        try script.run()
        let values: [LuaValue] = [.nil, .bool(true), .bool(false), .integer(-7), .integer(.max), .number(2.5),
                                  .string(""), .string("héllo wörld ✓"), .string("nul\u{0}in\u{0}side")]
        #expect(try script.call("echo", values) == values)
        let table = LuaValue.table(array: [.integer(1), .string("two"), .array([.bool(true)])],
                                   fields: ["nick": .string("ada"), "nested": .fields(["deep": .number(0.5)])])
        #expect(try script.call("echo", [table]) == [table])
    }

    @Test func luaSeesTheValuesAsItsOwn() throws {
        let script = try LuaScript(source: """
            function describe(text, count, ratio, flag, list)
                return #text, math.type(count), math.type(ratio), flag == true, #list, list[2], text:byte(4)
            end
            function build() return {10, 20, name = "x", [7] = "gap", [true] = 1} end
            """, fileName: "describe.lua")
        try script.run()
        let results = try script.call("describe", [.string("a\u{0}b✓"), .integer(3), .number(3), .bool(true),
                                                   .array([.string("p"), .string("q")])])
        #expect(results == [.integer(6), .string("integer"), .string("float"), .bool(true), .integer(2),
                            .string("q"), .integer(0xE2)])
        // Keys that are neither the sequence nor strings are left out.
        #expect(try script.call("build") == [.table(array: [.integer(10), .integer(20)], fields: ["name": .string("x")])])
    }

    /// One big string many times in a table is copied into Swift up to the byte budget (16 MiB:
    /// four of 4 MiB), the rest read as nil: the copy is outside the script's memory bound.
    @Test func stringsAreReadWithinAByteBudget() throws {
        let script = try LuaScript(source: """
            function many()
                local big = string.rep("x", 4 * 1024 * 1024)
                local t = {}
                for i = 1, 150 do t[i] = big end
                return t
            end
            """, fileName: "many.lua", limits: .init(timeBudget: .seconds(5)))
        try script.run()
        guard case .table(let array, _)? = try script.call("many").first else { Issue.record("no table"); return }
        #expect(array.count == 150)
        #expect(array.filter { $0 != .nil }.count == LuaValue.readBytes / (4 << 20))
    }

    @Test func aTableContainingItselfComesBackCut() throws {
        let script = try LuaScript(source: "function loop() local t = {}; t.me = t; return t end", fileName: "loop.lua")
        try script.run()
        var value = try #require(try script.call("loop").first)
        var depth = 0
        while case .table(_, let fields) = value, let inner = fields["me"] {
            value = inner
            depth += 1
        }
        #expect(value == .nil)
        #expect(depth == 1, "a table met again reads as nil")
    }

    /// A small table that would read as a huge one comes back cut, quickly: shared at every
    /// level (2^40 paths through 40 tables), or with a length Lua's border search makes up.
    @Test func aValueThatWouldExplodeComesBackCut() throws {
        let script = try LuaScript(source: """
            function shared() local t = {} for i = 1, 40 do t = {t, t} end return t end
            function sparse() local t = {} for i = 0, 61 do t[1 << i] = true end return t end
            function long() local t = {} for i = 1, 300000 do t[i] = i end return t end
            """, fileName: "bombs.lua")
        try script.run()
        func count(_ value: LuaValue) -> Int {
            guard case .table(let array, let fields) = value else { return 1 }
            return 1 + array.map(count).reduce(0, +) + fields.values.map(count).reduce(0, +)
        }
        #expect(count(try #require(try script.call("shared").first)) <= 81)
        #expect(try script.call("sparse") == [.table(array: [.bool(true), .bool(true)], fields: [:])])
        #expect(count(try #require(try script.call("long").first)) <= LuaValue.readBudget)
    }

    /// `run` from a Swift function the script called is refused: the call under way keeps its
    /// bounds.
    @Test func theBodyIsNotRunFromInsideACall() throws {
        final class Holder { weak var script: LuaScript?; var said: [String] = [] }
        let holder = Holder()
        let script = try LuaScript(source: "natter.body()", fileName: "body.lua")
        holder.script = script
        script.register("body", in: "natter") { [holder] _ in
            do { try holder.script?.run() } catch { holder.said.append((error as? LuaScriptError)?.message ?? "\(error)") }
            return []
        }
        try script.run()
        #expect(holder.said == ["the body run while the script runs"])
    }

    @Test func aSwiftFunctionIsCalledFromLua() throws {
        final class Collected { var lines: [String] = [] }
        let collected = Collected()
        let script = try LuaScript(source: """
            natter.print("loaded")
            function greet(nick) natter.print("hello " .. nick); return natter.shout(nick) end
            """, fileName: "greet.lua")
        script.register("print", in: "natter") { [collected] arguments in
            collected.lines.append(arguments.first?.stringValue ?? "?")
            return []
        }
        script.register("shout", in: "natter") { arguments in
            [.string((arguments.first?.stringValue ?? "").uppercased()), .integer(Int64(arguments.count))]
        }
        try script.run()
        #expect(try script.call("greet", [.string("ada")]) == [.string("ADA"), .integer(1)])
        #expect(collected.lines == ["loaded", "hello ada"])
    }

    @Test func aSwiftErrorReachesTheScriptAsALuaError() throws {
        struct Refused: Error, CustomStringConvertible { var description: String { "no such channel" } }
        let script = try LuaScript(source: """
            function careful()
                local ok, message = pcall(natter.join, "#nowhere")
                return ok, message
            end
            function careless()
                natter.join("#nowhere")
            end
            """, fileName: "join.lua")
        script.register("join", in: "natter") { _ in throw Refused() }
        try script.run()
        #expect(try script.call("careful") == [.bool(false), .string("no such channel")])
        let error = try #require(throws: LuaScriptError.self) { try script.call("careless") }
        #expect(error.kind == .runtime)
        #expect(error.description == "join.lua:6: no such channel")
    }

    @Test func errorsNameTheFileAndLine() throws {
        let syntax = try #require(throws: LuaScriptError.self) {
            try LuaScript(source: "-- name: broken\n\nlocal x = = 1\n", fileName: "broken.lua")
        }
        #expect(syntax.kind == .syntax)
        #expect(syntax.script == "broken.lua")
        #expect(syntax.line == 3)
        #expect(syntax.description.hasPrefix("broken.lua:3: unexpected symbol near '='"))

        let script = try LuaScript(source: """
            function fail()
                error("it broke")
            end
            function arithmetic() return {} + 1 end
            function table() error({code = 1}) end
            """, fileName: "fail.lua")
        try script.run()
        let raised = try #require(throws: LuaScriptError.self) { try script.call("fail") }
        #expect(raised == LuaScriptError(kind: .runtime, script: "fail.lua", line: 2, message: "it broke"))
        let bad = try #require(throws: LuaScriptError.self) { try script.call("arithmetic") }
        #expect(bad.line == 4)
        #expect(bad.message.contains("attempt to perform arithmetic"))
        let object = try #require(throws: LuaScriptError.self) { try script.call("table") }
        #expect(object.message == "(error object is a table value)")
        let missing = try #require(throws: LuaScriptError.self) { try script.call("nothing") }
        #expect(missing.kind == .noSuchFunction)
    }

    @Test func aRuntimeErrorInTheBody() throws {
        let script = try LuaScript(source: "local a = nil\nreturn a.b", fileName: "body.lua")
        let error = try #require(throws: LuaScriptError.self) { try script.run() }
        #expect(error.kind == .runtime)
        #expect(error.line == 2)
    }

    @Test func aCallFromInsideTheScriptIsRefused() throws {
        final class Holder { weak var script: LuaScript? }
        let holder = Holder()
        let script = try LuaScript(source: "function outer() return natter.again() end function inner() end",
                                   fileName: "again.lua")
        holder.script = script
        script.register("again", in: "natter") { [holder] _ in
            do { try holder.script?.call("inner") } catch { return [.string((error as? LuaScriptError)?.message ?? "\(error)")] }
            return []
        }
        try script.run()
        #expect(try script.call("outer") == [.string("inner called while the script runs")])
    }
}

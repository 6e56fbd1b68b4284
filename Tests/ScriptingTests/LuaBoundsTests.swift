@testable import Scripting
import Testing

/// The time and memory bounds: a call that runs past either is stopped with an error saying so,
/// and the script still answers the next call.
struct LuaBoundsTests {
    @Test func anEndlessLoopStopsAfterItsBudget() throws {
        let script = try LuaScript(source: """
            function spin() while true do end end
            function answer() return 42 end
            """, fileName: "spin.lua", limits: .init(timeBudget: .milliseconds(20)))
        try script.run()
        let error = try #require(throws: LuaScriptError.self) { try script.call("spin") }
        #expect(error.kind == .timeLimit)
        #expect(error.message == "took longer than 20 ms")
        #expect(error.line == 1)
        #expect(error.description == "spin.lua:1: took longer than 20 ms")
        #expect(try script.call("answer") == [.integer(42)])
    }

    @Test func catchingTheTimeoutDoesNotKeepALoopGoing() throws {
        let script = try LuaScript(source: """
            function stubborn()
                while true do pcall(function() while true do end end) end
            end
            function answer() return "still here" end
            """, fileName: "stubborn.lua", limits: .init(timeBudget: .milliseconds(20)))
        try script.run()
        let error = try #require(throws: LuaScriptError.self) { try script.call("stubborn") }
        #expect(error.kind == .timeLimit)
        #expect(try script.call("answer") == [.string("still here")])
    }

    @Test func theBodyHasABudgetToo() throws {
        let script = try LuaScript(source: "while true do end", fileName: "body.lua",
                                   limits: .init(timeBudget: .milliseconds(10)))
        let error = try #require(throws: LuaScriptError.self) { try script.run() }
        #expect(error.kind == .timeLimit)
    }

    @Test func memoryGrowingWithoutEndStopsAtTheBoundAndTheStateStaysUsable() throws {
        let script = try LuaScript(source: """
            hoard = {}
            function grow() local t = {}; for i = 1, math.maxinteger do t[i] = {i} end end
            function keep() for i = 1, math.maxinteger do hoard[i] = string.rep("y", 100) .. i end end
            function release() hoard = {}; collectgarbage() end
            function small() return table.concat({"a", "b", "c"}, "-") end
            """, fileName: "hog.lua", limits: .init(timeBudget: .seconds(30), memoryBytes: 4 << 20))
        try script.run()
        let error = try #require(throws: LuaScriptError.self) { try script.call("grow") }
        #expect(error.kind == .memoryLimit)
        #expect(error.description == "hog.lua: not enough memory: over its bound of 4 MiB")
        #expect(script.memoryInUse <= 4 << 20)
        #expect(try script.call("small") == [.string("a-b-c")])
        // Memory the script holds on to stays taken until it lets go.
        #expect(throws: LuaScriptError.self) { try script.call("keep") }
        try script.call("release")
        #expect(try script.call("small") == [.string("a-b-c")])
    }

    @Test func aThousandStatesGiveBackAllTheirMemory() throws {
        for round in 0..<1000 {
            let context = LuaContext(memoryLimit: 1 << 20, timeBudget: .milliseconds(50))
            do {
                let script = try LuaScript(source: "t = {} function f(x) t[#t + 1] = x return #t end",
                                           fileName: "leak.lua", limits: .init(memoryBytes: 1 << 20), context: context)
                let payload = LuaSandboxProbe()
                script.register("hold", in: "natter") { [payload] _ in _ = payload; return [] }
                try script.run()
                try script.call("f", [.string("round \(round)")])
                #expect(context.bytesInUse > 0)
                // One that fails to compile is closed too.
                _ = try? LuaScript(source: "this is not lua", fileName: "bad.lua", limits: .init(memoryBytes: 1 << 20),
                                   context: LuaContext(memoryLimit: 1 << 20, timeBudget: .milliseconds(50)))
            }
            #expect(context.bytesInUse == 0)
            if context.bytesInUse != 0 { break }
        }
        #expect(LuaSandboxProbe.alive == 0)
    }

    @Test func aScriptThatFailsToCompileGivesBackItsMemory() {
        let context = LuaContext(memoryLimit: 1 << 20, timeBudget: .milliseconds(50))
        #expect(throws: LuaScriptError.self) {
            try LuaScript(source: "function (", fileName: "bad.lua", limits: .init(memoryBytes: 1 << 20), context: context)
        }
        #expect(context.bytesInUse == 0)
    }
}

/// Counts its live instances: a closure registered in a script holds one, so the count says
/// whether dropping the script dropped its closures. Only this file's one test makes them.
final class LuaSandboxProbe {
    nonisolated(unsafe) static var alive = 0
    init() { Self.alive += 1 }
    deinit { Self.alive -= 1 }
}

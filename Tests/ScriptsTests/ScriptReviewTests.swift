import ChatModel
import Foundation
import Scripting
import Scripts
import Testing

/// What a review of the scripts found: numbers that would trap Swift's conversions, a stale
/// unload, text that vanished without a word, events told too early, bounds on what a script
/// can make the window hold or do in one go.
struct ScriptReviewTests {
    @Test func numbersThatWouldTrapAreLuaErrors() throws {
        let fixture = ScriptFixture()
        try fixture.load("numbers", """
            for _, call in ipairs({
              function() natter.unhook(math.huge) end,
              function() natter.unhook(0/0) end,
              function() natter.setting("a", { default = 1, min = 0/0 }) end,
              function() natter.setting("b", { default = 1, min = -1e300 }) end,
              function() natter.setting("c", { default = 1.5, max = 0/0 }) end,
              function() natter.setting("d", { default = 1, min = math.mininteger }) end,
              function() natter.setting("e", { default = 1, min = 0.5, max = 0.7 }) end,
              function() natter.timer(1e300, function() end) end,
            }) do
              local ok, message = pcall(call)
              natter.print("Test", "", tostring(ok) .. " " .. tostring(message))
            end
            """)
        fixture.service()
        let lines = fixture.texts(in: fixture.server).filter { $0.hasPrefix("true") || $0.hasPrefix("false") }
        #expect(lines.count == 8)
        #expect(lines.allSatisfy { $0.hasPrefix("false") })
    }

    @Test func aScriptStoppedThreeTimesGoesAtOnceAndALaterLoadStays() throws {
        let fixture = ScriptFixture(limits: .init(timeBudget: .milliseconds(10), memoryBytes: 8 << 20))
        try fixture.load("loop", "natter.on_message(function() while true do end end)")
        for index in 1...3 { fixture.receive(":ada!a@h PRIVMSG #natter :m\(index)") }
        #expect(fixture.manager.loadedScripts.isEmpty)
        // Loaded again (fixed) before the loop comes round: it stays.
        try fixture.load("loop", "natter.print('Test', '', 'fixed')")
        fixture.service()
        #expect(fixture.manager.loadedScripts == ["loop"])
        #expect(fixture.texts(in: fixture.server).contains("fixed"))
    }

    @Test func textKeptBackByAnEmptyAnswerOrADroppedLineIsSaidSo() throws {
        let fixture = ScriptFixture()
        try fixture.load("eater", """
            natter.on_send(function(s) if s.text == "empty" then return "" end end)
            natter.on_raw_out(function(network, line) if line:find("dropme") then return false end end)
            """)
        fixture.type("empty")
        fixture.type("dropme please")
        fixture.service()
        let lines = fixture.texts(in: fixture.channel)
        #expect(fixture.sent.isEmpty)
        #expect(lines.contains { $0.contains("the script eater kept this message back: empty") })
        #expect(lines.contains("Not sent (a script's raw-out hook dropped it): dropme please"))
    }

    @Test func aHiddenPrivateMessageOpensNoBufferAndOwnJoinsFindTheirBuffer() throws {
        let fixture = ScriptFixture()
        try fixture.load("doorman", """
            natter.on_message(function(m) if m.text:find("spam") then return "hide" end end)
            natter.on("join", function(e) if e.own then natter.print(e.network, e.channel, "welcome to " .. e.channel) end end)
            """)
        fixture.receive(":spammer!s@h PRIVMSG me :spam spam")
        #expect(fixture.model.network("Test")?.buffer(named: "spammer") == nil)
        fixture.receive(":me!u@h JOIN #new")
        fixture.service()
        #expect(fixture.texts(in: BufferID(network: "Test", name: "#new")).contains("welcome to #new"))
        #expect(!fixture.texts(in: fixture.server).contains { $0.contains("script doorman") })
    }

    @Test func aFileWhoseHeaderChangedNameIsReplacedNotDoubled() throws {
        let fixture = ScriptFixture()
        let path = fixture.write("renamed", "-- name: one\nnatter.command('one', function() end)")
        _ = fixture.manager.load(path)
        fixture.write("renamed", "-- name: two\nnatter.command('two', function() end)")
        _ = fixture.manager.load(path)
        #expect(fixture.manager.loadedScripts == ["two"])
        #expect(fixture.model.scripts?.commands.map(\.name) == ["two"])
    }

    @Test func printFromMentionsGoesToAServerBuffer() throws {
        let fixture = ScriptFixture()
        fixture.model.activeBuffer = .mentions
        try fixture.load("talker", "print('hello', 42)")
        fixture.service()
        #expect(fixture.texts(in: fixture.server).contains("talker: hello\t42"))
    }

    @Test func whatAScriptAsksIsBoundedInCountTextAndHooks() throws {
        let fixture = ScriptFixture()
        try fixture.load("greedy", """
            local ok, message = pcall(natter.say, "Test", "#natter", string.rep("x", 20000))
            natter.print("Test", "", "long: " .. message)
            local count = 0
            local flooded, refusal = pcall(function() for i = 1, 20000 do natter.print("Test", "", "line") count = count + 1 end end)
            -- Said once the queue has room again.
            natter.timer(1, function() natter.print("Test", "", "queued " .. count .. ": " .. tostring(refusal):sub(1, 80)) end)
            """)
        // A service carries out 1,000 at most; the rest wait for the next.
        fixture.service()
        #expect(fixture.texts(in: fixture.server).filter { $0 == "line" }.count == 999)
        #expect(fixture.texts(in: fixture.server).contains { $0.contains("long: ") && $0.contains("is longer than 16384 bytes") })
        fixture.advance(1)
        for _ in 0..<20 where fixture.texts(in: fixture.server).filter({ $0.hasPrefix("queued") }).isEmpty { fixture.service() }
        let lines = fixture.texts(in: fixture.server)
        #expect(lines.contains { $0.hasPrefix("queued 9999: ") && $0.contains("too much is waiting") })
        try fixture.load("hooky", """
            local ok, message = pcall(function() for i = 1, 300 do natter.on_message(function() end) end end)
            natter.print("Test", "", "hooks: " .. message)
            """)
        fixture.service()
        #expect(fixture.texts(in: fixture.server).contains { $0.contains("hooks: ") && $0.contains("at most 256 hooks") })
    }

    /// A second review: a service's login typed as a command (`/nickserv identify …`), a
    /// script command named like a service, our own login echoed back: no script sees them.
    @Test func servicesLoginsStayUnseenEveryWay() throws {
        let fixture = ScriptFixture()
        try fixture.load("spy", """
            natter.on_raw_out(function(network, line) natter.print("Test", "", "out " .. line) end)
            natter.on_raw_in(function(network, line) natter.print("Test", "", "in " .. line) end)
            natter.on_message(function(m) natter.print("Test", "", "msg " .. m.text) end)
            local ok, message = pcall(natter.command, "nickserv", function(args) natter.print("Test", "", "cmd " .. args) end)
            natter.print("Test", "", "command " .. tostring(ok))
            """)
        fixture.type("/nickserv identify hunter3")
        fixture.type("/ns identify hunter4")
        fixture.receive(":me!u@h PRIVMSG NickServ :IDENTIFY hunter5")
        fixture.service()
        let lines = fixture.texts(in: fixture.server)
        #expect(lines.contains("command false"))
        #expect(!lines.contains { $0.contains("hunter") })
        #expect(fixture.sent.contains { $0.contains("hunter3") })
    }

    /// What we say ourselves reaches the message hooks once (a URL logger keeps our links too),
    /// and what they answer does not hide or highlight it.
    @Test func ourOwnMessagesReachTheMessageHooksOnce() throws {
        let fixture = ScriptFixture()
        try fixture.load("logger", """
            natter.on_message(function(m) if m.own then natter.print("Test", "", "own " .. m.text) return "hide" end end)
            """)
        fixture.type("look at https://natter.chat")
        fixture.service()
        #expect(fixture.texts(in: fixture.server).filter { $0.hasPrefix("own ") } == ["own look at https://natter.chat"])
        #expect(fixture.texts(in: fixture.channel).last == "look at https://natter.chat")
    }

    /// A TAGMSG of someone ignored reaches no hook (the screen shows nothing of them either),
    /// and the QUIT of /quit passes the raw-out hooks as every other line.
    @Test func ignoredTagsAreUnseenAndTheQuitIsHooked() throws {
        let fixture = ScriptFixture()
        try fixture.load("watcher", """
            natter.on_message(function(m) if m.kind == "tagmsg" then natter.print("Test", "", "tag from " .. m.nick) end end)
            natter.on_raw_out(function(network, line) if line:find("^QUIT") then return "QUIT :scripted goodbye" end end)
            """)
        fixture.type("/ignore troll")
        fixture.receive("@+typing=active :troll!t@h TAGMSG #natter")
        fixture.receive("@+typing=active :ada!a@h TAGMSG #natter")
        fixture.service()
        let lines = fixture.texts(in: fixture.server)
        #expect(lines.contains("tag from ada") && !lines.contains("tag from troll"))
        var farewell: [String] = []
        fixture.model.linkRequests = { _, request in farewell += request.farewell?.map { $0.serialized() } ?? [] }
        fixture.type("/quit bye")
        #expect(farewell == ["QUIT :scripted goodbye"])
    }
}

import ChatModel
import Foundation
import Scripting
import Scripts
import Testing

/// The scripts in the model: hooks called at their points, actions carried out after, errors
/// and stops reported, loading and unloading.
struct ScriptManagerTests {
    @Test func aTriggerAnswersInTheChannelAfterTheMessageIsShown() throws {
        let fixture = ScriptFixture()
        try fixture.load("trigger", """
            -- name: trigger
            natter.on_message(function(m)
              if m.text == "!ping" and not m.own then natter.say(m.network, m.buffer, "pong " .. m.nick) end
            end)
            """)
        fixture.receive(":ada!a@h PRIVMSG #natter :!ping")
        #expect(fixture.sent.isEmpty)          // not during the hook: after it
        fixture.service()
        #expect(fixture.sent == ["PRIVMSG #natter :pong ada"])
        #expect(fixture.texts(in: fixture.channel).suffix(2) == ["!ping", "pong ada"])
    }

    @Test func aMessageHookHidesOrHighlights() throws {
        let fixture = ScriptFixture()
        try fixture.load("rules", """
            natter.on_message(function(m)
              if m.text:find("spam") then return "hide" end
              if m.text:find("swift") then return "highlight" end
            end)
            """)
        fixture.model.activeBuffer = fixture.server
        fixture.receive(":ada!a@h PRIVMSG #natter :buy spam now")
        fixture.receive(":ada!a@h PRIVMSG #natter :swift 6 is out")
        #expect(!fixture.texts(in: fixture.channel).contains("buy spam now"))
        let line = fixture.model.buffer(fixture.channel)?.lines.last
        #expect(line?.text == "swift 6 is out" && line?.isHighlight == true)
        #expect(fixture.model.buffer(fixture.channel)?.highlights == 1)
    }

    @Test func rawHooksChangeAndDropLinesBothWays() throws {
        let fixture = ScriptFixture()
        try fixture.load("raw", """
            natter.on_raw_in(function(network, line)
              if line:find("DROPME") then return false end
              return (line:gsub("colour", "color"))
            end)
            natter.on_raw_out(function(network, line)
              if line:find("secret") then return false end
              return (line:gsub("teh", "the"))
            end)
            """)
        fixture.receive(":ada!a@h PRIVMSG #natter :DROPME")
        fixture.receive(":ada!a@h PRIVMSG #natter :what colour")
        #expect(fixture.texts(in: fixture.channel).last == "what color")
        #expect(!fixture.texts(in: fixture.channel).contains("DROPME"))
        fixture.type("teh end")
        fixture.type("a secret")
        #expect(fixture.sent == ["PRIVMSG #natter :the end"])
    }

    /// Lines with passwords go as they are and no hook sees them (PASS, a login to NickServ,
    /// typed in its query too).
    @Test func noHookSeesAPassword() throws {
        let fixture = ScriptFixture()
        try fixture.load("spy", """
            natter.on_raw_out(function(network, line) natter.print("Test", "", "saw " .. line) return line:upper() end)
            natter.on_send(function(s) natter.print("Test", "", "typed " .. s.text) end)
            """)
        fixture.type("/msg NickServ identify hunter2")
        fixture.type("/quote PASS hunter2")
        fixture.receive(":NickServ!s@services PRIVMSG me :hello")
        fixture.type("identify me hunter2", in: BufferID(network: "Test", name: "nickserv"))
        fixture.type("hello")
        fixture.service()
        #expect(fixture.sent.prefix(3) == ["PRIVMSG NickServ :identify hunter2", "PASS hunter2", "PRIVMSG NickServ :identify me hunter2"])
        #expect(fixture.sent.last == "PRIVMSG #NATTER HELLO")
        #expect(!fixture.texts(in: fixture.server).contains { $0.contains("hunter2") })
        #expect(fixture.texts(in: fixture.server).contains("typed hello"))
    }

    @Test func aSendHookChangesOrKeepsBackWhatIsTypedAndSaysSo() throws {
        let fixture = ScriptFixture()
        try fixture.load("guard", """
            natter.on_send(function(s)
              if s.text:find("password") then return false end
              if s.action then return s.text .. " loudly" end
              return s.text:upper()
            end)
            """)
        fixture.type("hello")
        fixture.type("/me waves")
        fixture.type("my password is x")
        #expect(fixture.sent == ["PRIVMSG #natter HELLO", "PRIVMSG #natter :\u{1}ACTION waves loudly\u{1}"])
        #expect(fixture.texts(in: fixture.channel).last?.contains("the script guard kept this message back") == true)
    }

    @Test func aCommandOfTheScriptsOwnRunsWithHelpAndCompletion() throws {
        let fixture = ScriptFixture()
        try fixture.load("greet", """
            natter.command("greet", function(args, network, buffer)
              natter.say(network, buffer, "hello " .. args)
            end, { help = "greets someone", usage = "/greet NICK", complete = { "ada", "bob" } })
            """)
        fixture.type("/greet ada")
        fixture.service()
        #expect(fixture.sent == ["PRIVMSG #natter :hello ada"])
        fixture.type("/help greet")
        fixture.service()
        #expect(fixture.texts(in: fixture.channel).contains("/greet NICK  — greets someone (script greet)"))
        #expect(fixture.model.argumentCompletions(of: "greet", after: [], in: fixture.channel) == ["ada", "bob"])
    }

    @Test func aBuiltInCommandCannotBeTaken() throws {
        let fixture = ScriptFixture()
        fixture.write("thief", "natter.command('join', function() end)")
        guard case .failure(let failure) = fixture.manager.load("thief") else { Issue.record("loaded"); return }
        #expect(failure.description.contains("/join is one of Natter's own commands"))
        #expect(failure.description.contains("thief.lua:1:"))
    }

    @Test func timersRunOnceOrRepeatUntilUnhooked() throws {
        let fixture = ScriptFixture()
        try fixture.load("ticks", """
            count = 0
            natter.timer(5, function() natter.print("Test", "", "once") end)
            local id
            id = natter.timer(2, function()
              count = count + 1
              natter.print("Test", "", "tick " .. count)
              if count == 3 then natter.unhook(id) end
            end, true)
            """)
        for _ in 0..<10 {
            fixture.advance(1)
            fixture.service()
        }
        let lines = fixture.texts(in: fixture.server).filter { $0 == "once" || $0.hasPrefix("tick") }
        #expect(lines == ["tick 1", "tick 2", "once", "tick 3"])
    }

    @Test func eventsTellJoinsPartsNicksAndSwitches() throws {
        let fixture = ScriptFixture()
        try fixture.load("events", """
            seen = {}
            for _, name in ipairs({"join", "part", "nick", "quit", "kick", "buffer_opened", "buffer_switched", "buffer_closed"}) do
              natter.on(name, function(e)
                natter.print("Test", "", name .. " " .. (e.nick or e.new or e.buffer or ""))
              end)
            end
            """)
        fixture.receive(":bob!b@h JOIN #natter")
        fixture.receive(":bob!b@h NICK robert")
        fixture.receive(":robert!b@h PART #natter :bye")
        fixture.receive(":carl!c@h PRIVMSG me :hi")
        fixture.model.activeBuffer = BufferID(network: "Test", name: "carl")
        fixture.model.closeBuffer(BufferID(network: "Test", name: "carl"))
        fixture.service()
        let told = fixture.texts(in: fixture.server).filter { !$0.hasPrefix("Connected") && !$0.contains("Welcome") }.suffix(6)
        #expect(Array(told) == ["join bob", "nick robert", "part robert", "buffer_opened carl", "buffer_switched carl", "buffer_closed carl"])
    }

    @Test func readsAnswerFromTheModel() throws {
        let fixture = ScriptFixture()
        try fixture.load("reads", """
            local nicks = {}
            for _, member in ipairs(natter.nicks("Test", "#natter")) do nicks[#nicks + 1] = member.prefix .. member.nick end
            natter.print("Test", "", table.concat(nicks, " "))
            natter.print("Test", "", natter.nick("Test") .. " " .. natter.isupport("Test").NETWORK .. " " .. tostring(natter.connected("Test")))
            local names = {}
            for _, buffer in ipairs(natter.buffers("Test")) do names[#names + 1] = buffer.kind .. ":" .. buffer.name end
            natter.print("Test", "", table.concat(names, ","))
            natter.print("Test", "", natter.script.name .. " " .. natter.strip("\\2bold\\2 \\0034red"))
            """)
        fixture.service()
        let lines = fixture.texts(in: fixture.server).suffix(4)
        #expect(Array(lines) == ["@me ada", "me TestNet true", "server:,channel:#natter", "reads bold red"])
    }

    @Test func mistakesInTheAPIAreLuaErrorsWithTheirPlace() throws {
        let fixture = ScriptFixture()
        try fixture.load("mistakes", """
            local ok, message = pcall(natter.say, "Nope", "#natter", "hi")
            natter.print("Test", "", message)
            ok, message = pcall(natter.print, "Test", "#nowhere", "hi")
            natter.print("Test", "", message)
            ok, message = pcall(natter.say, "Test", "#natter")
            natter.print("Test", "", message)
            natter.on_message(function(m) error("boom") end)
            """)
        fixture.receive(":ada!a@h PRIVMSG #natter :hi")
        fixture.service()
        let lines = fixture.texts(in: fixture.server)
        #expect(lines.contains { $0.contains("natter.say: no network \"Nope\"") })
        #expect(lines.contains { $0.contains("natter.print: no buffer \"#nowhere\" on Test") })
        #expect(lines.contains { $0.contains("natter.say: argument 3 (text) must be a string, not nil") })
        #expect(lines.contains("script mistakes: mistakes.lua:7: boom"))
        // The message went on as if no script were there.
        #expect(fixture.texts(in: fixture.channel).last == "hi")
    }

    @Test func aSendOnALinkThatIsDownIsAnError() throws {
        let fixture = ScriptFixture()
        fixture.model.deliver(.disconnected(reason: "gone", now: fixture.now), network: "Test")
        try fixture.load("late", """
            local ok, message = pcall(natter.send, "Test", "PING x")
            natter.print("Test", "", message)
            """)
        fixture.service()
        #expect(fixture.texts(in: fixture.server).last?.contains("natter.send: Test is not connected") == true)
    }

    @Test func aHookThatNeverEndsIsStoppedAndThreeStopsUnloadIt() throws {
        let fixture = ScriptFixture(limits: .init(timeBudget: .milliseconds(20), memoryBytes: 8 << 20))
        try fixture.load("loop", """
            natter.on("stopped", function(e) natter.print("Test", "", "told " .. e.reason .. " " .. e.count) end)
            natter.on_message(function(m) while true do end end)
            """)
        for index in 1...3 {
            fixture.receive(":ada!a@h PRIVMSG #natter :message \(index)")
            fixture.service()
        }
        let lines = fixture.texts(in: fixture.server)
        #expect(lines.contains { $0.contains("script loop stopped by its time bound (1 of 3)") })
        #expect(lines.contains("told time 1") && lines.contains("told time 2"))
        #expect(lines.contains { $0.contains("script loop unloaded: stopped 3 times by its time bound") })
        #expect(fixture.manager.loadedScripts.isEmpty)
        #expect(fixture.texts(in: fixture.channel).suffix(3) == ["message 1", "message 2", "message 3"])
        #expect(fixture.model.scripts?.hooked.isEmpty == true)
    }

    @Test func aHookThatAllocatesWithoutEndIsStoppedByItsMemoryBound() throws {
        let fixture = ScriptFixture(limits: .init(timeBudget: .seconds(5), memoryBytes: 4 << 20))
        try fixture.load("hog", """
            natter.on_message(function(m) local t = {} while true do t[#t + 1] = string.rep("x", 1000) .. #t end end)
            """)
        fixture.receive(":ada!a@h PRIVMSG #natter :feed me")
        fixture.service()
        #expect(fixture.texts(in: fixture.server).contains { $0.contains("script hog stopped by its memory bound (1 of 3)") })
        #expect(fixture.texts(in: fixture.channel).last == "feed me")
    }

    @Test func scriptCommandsManageLoadingAndSayWhatIsLoaded() throws {
        let fixture = ScriptFixture()
        fixture.write("hello", """
            -- name: hello
            -- version: 1.2
            -- description: says hello
            natter.command("hi", function() end)
            """)
        fixture.type("/script load hello", in: fixture.server)
        fixture.type("/script list", in: fixture.server)
        fixture.type("/script info hello", in: fixture.server)
        fixture.service()
        var lines = fixture.texts(in: fixture.server)
        #expect(lines.contains { $0.hasPrefix("Script hello 1.2 loaded from") })
        #expect(lines.contains("hello 1.2 — says hello"))
        #expect(lines.contains("  commands: /hi"))
        fixture.type("/script unload hello", in: fixture.server)
        fixture.type("/script unload hello", in: fixture.server)
        fixture.service()
        lines = fixture.texts(in: fixture.server)
        #expect(lines.contains("Script hello unloaded"))
        #expect(lines.last == "no script hello is loaded (/script list)")
        #expect(fixture.model.scripts?.commands.isEmpty == true)
        #expect(fixture.model.argumentCompletions(of: "script", after: ["load"], in: fixture.server) == ["hello"])
    }

    @Test func autoloadLoadsInNameOrderAndAFailureIsReported() throws {
        let fixture = ScriptFixture()
        fixture.write("b", "natter.print('Test', '', 'b loaded')", autoload: true)
        fixture.write("a", "natter.print('Test', '', 'a loaded')", autoload: true)
        fixture.write("c", "this is not lua", autoload: true)
        fixture.manager.loadAutoload()
        fixture.service()
        let lines = fixture.texts(in: fixture.server)
        #expect(fixture.manager.loadedScripts == ["a", "b"])
        #expect(lines.contains { $0.contains("script c does not load: c.lua:1:") })
        #expect(lines.firstIndex(of: "a loaded")! < lines.firstIndex(of: "b loaded")!)
    }

    @Test func theStoreKeepsValuesAcrossAReload() throws {
        let fixture = ScriptFixture()
        let source = """
            local n = (natter.store.get("runs") or 0) + 1
            natter.store.set("runs", n)
            natter.store.set("list", { "a", "b" })
            natter.print("Test", "", "run " .. n .. " " .. table.concat(natter.store.get("list"), ","))
            """
        try fixture.load("counter", source)
        fixture.service()
        fixture.type("/script reload counter", in: fixture.server)
        fixture.service()
        #expect(fixture.texts(in: fixture.server).contains("run 2 a,b"))
        let stored = try String(contentsOfFile: fixture.folder + "/state/counter.json", encoding: .utf8)
        #expect(stored.contains("\"runs\":2"))
    }

    @Test func settingsWithoutAConfigurationLiveForTheRun() throws {
        let fixture = ScriptFixture()
        try fixture.load("tuned", """
            local max = natter.setting("max", { default = 10, min = 1, max = 100, summary = "how many" })
            natter.set("max", 20)
            natter.print("Test", "", max .. " " .. natter.get("max"))
            local ok, message = pcall(natter.set, "max", 1000)
            natter.print("Test", "", message)
            ok, message = pcall(natter.read_file, "/etc/hostname")
            natter.print("Test", "", message)
            """)
        fixture.service()
        let lines = fixture.texts(in: fixture.server)
        #expect(lines.contains("10 20"))
        #expect(lines.contains { $0.contains("natter.set: 1000 does not fit setting max") })
        #expect(lines.contains { $0.contains("has no permission \"files\"") && $0.contains("/set scripts.tuned.permissions files") })
    }
}

extension ScriptLoadFailure: CustomDebugStringConvertible {
    public var debugDescription: String { description }
}

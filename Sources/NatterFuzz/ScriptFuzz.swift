import ChatModel
import Foundation
import IRCProtocol
import IRCSession
import Scripting
import Scripts

/// Scripts come from users' folders, so whatever a script does with the API must not bring
/// Natter down. The bytes choose a script: statements that call the `natter` functions (and
/// Lua's `print`) with arguments of every kind (wrong types, nils, NaN and huge numbers, huge
/// strings, networks and buffers that do not exist, nested and self-containing tables, hooks
/// that error, loop, allocate or answer oddly), all under `pcall` but maybe the last, so that
/// the body goes on after an error and the script loads. It is loaded into a `ScriptManager`
/// over a model with a registered network in a channel, and then the bytes left drive it:
/// messages, notices, actions and TAGMSGs arriving, joins, parts, nick changes, typed text and
/// commands, `/script` requests, the scripts' completions, time passing and `service`. The
/// bounds are made small so that a script that never ends costs little.
enum ScriptFuzz {
    /// Argument expressions, in Lua.
    static let values = [
        "nil", "true", "false", "0", "1", "-1", "0.5", "0/0", "1/0", "-1/0", "1e300", "-1e300", "math.maxinteger",
        "math.mininteger", "2^63", "\"\"", "\"Fuzz\"", "\"fuzz\"", "\"NoSuchNet\"", "\"#natter\"", "\"#NATTER\"",
        "\"#nowhere\"", "\"ada\"", "\"me\"", "\"hide\"", "\"highlight\"", "\"a\\0b\"", "\"\\255\\254\"", "\"~/x\"", "\"/tmp\"",
        "\"PRIVMSG #natter :hi\"", "\"\\r\\nQUIT\"", "string.rep(\"x\", 100000)", "string.rep(\"é\", 3000)", "{}",
        "{1, 2, {3, {4}}}", "{\"a\", \"b\"}", "{a = 1, b = {c = \"d\"}}", "T", "{T, T, T}", "{default = 1, min = 0/0, max = 1e300}",
        "{default = 5, min = 1e300}", "{default = \"x\", choices = {\"x\", \"y\"}}", "{default = {\"a\"}}", "{default = true}",
        "{default = 0.5, min = -1/0, max = 1/0}", "{help = \"h\", usage = \"/u\", complete = {\"w\", 1, T}}",
        "{complete = function() return {string.rep(\"z\", 10)} end}", "{complete = function() while true do end end}",
        "function() end", "function() error(\"boom\") end", "function() error({}) end", "function() while true do end end",
        "function() local t = {} while true do t[#t + 1] = string.rep(\"m\", 1000) end end",
        "function(m) return \"hide\" end", "function(m) return \"highlight\" end", "function() return false end",
        "function(a) return string.rep(\"y\", 10) end", "function(a) return T end", "function(...) return ... end",
        "function(m) if type(m) == \"table\" then natter.say(m.network, m.buffer, m.text or \"\") end end",
        "function() natter.print(\"Fuzz\", \"\", \"\\2bold\\3\" .. \"4red\") end", "function() natter.unload() end",
        "function() coroutine.yield() end", "natter", "print", "setmetatable({}, {__index = function() error(\"x\") end})",
        "coroutine.create(function() end)", "-0.0", "\"\\3\\2\\29\\31\\15\"",
    ]

    /// The functions called, with how many arguments each takes at most.
    static let functions: [(String, Int)] = [
        ("natter.on_message", 1), ("natter.on_raw_in", 1), ("natter.on_raw_out", 1), ("natter.on_send", 1),
        ("natter.command", 3), ("natter.timer", 3), ("natter.on", 2), ("natter.unhook", 1), ("natter.send", 2),
        ("natter.say", 3), ("natter.act", 3), ("natter.notice", 3), ("natter.print", 3), ("print", 3), ("natter.query", 2),
        ("natter.join", 3), ("natter.part", 3), ("natter.switch", 2), ("natter.notify", 4), ("natter.networks", 0),
        ("natter.buffers", 1), ("natter.current", 0), ("natter.nick", 1), ("natter.connected", 1), ("natter.nicks", 2),
        ("natter.isupport", 1), ("natter.caps", 1), ("natter.time", 0), ("natter.strip", 1), ("natter.setting", 2),
        ("natter.get", 1), ("natter.set", 2), ("natter.store.get", 1), ("natter.store.set", 2), ("natter.store.keys", 0),
        ("natter.read_file", 1), ("natter.write_file", 3), ("natter.run", 2),
    ]

    static let events = ["\"buffer_opened\"", "\"buffer_closed\"", "\"buffer_switched\"", "\"connected\"", "\"disconnected\"",
                         "\"nick\"", "\"join\"", "\"part\"", "\"quit\"", "\"kick\"", "\"config\"", "\"stopped\"", "\"nope\""]

    static let limits = LuaScript.Limits(timeBudget: .milliseconds(2), memoryBytes: 4 << 20)
    /// The folders, made once per process; each input's script is written over the last.
    static let folder: String = {
        let path = NSTemporaryDirectory() + "natter-fuzz-scripts-\(getpid())"
        try? FileManager.default.createDirectory(atPath: path + "/scripts", withIntermediateDirectories: true)
        return path
    }()

    static func run(_ data: [UInt8]) {
        var reader = SessionFuzz.Reader(bytes: data)
        let source = script(&reader)
        try? source.write(toFile: folder + "/scripts/fuzz.lua", atomically: false, encoding: .utf8)
        try? FileManager.default.removeItem(atPath: folder + "/state")

        let model = ChatModel(settings: ModelSettings(scrollbackCap: 200))
        model.addNetwork(name: "Fuzz", configuration: SessionConfiguration(nick: "me", user: "me", realName: "me"))
        model.linkRequests = { _, _ in }
        var clock = 100.0
        func now() -> SessionTime { SessionTime(monotonic: clock, wall: Date(timeIntervalSince1970: 1_700_000_000 + clock)) }
        let manager = ScriptManager(model: model, folders: ScriptFolders(scripts: folder + "/scripts", state: folder + "/state"),
                                    limits: limits, clock: { clock }, watch: false)
        defer { manager.stop() }
        model.deliver(.connected(now: now()), network: "Fuzz")
        func receive(_ line: String) {
            if let message = try? IRCMessage(parsing: line) { model.deliver(.received(message, now: now()), network: "Fuzz") }
        }
        for line in [":srv 001 me :Welcome", ":srv 005 me CHANTYPES=# PREFIX=(ov)@+ CASEMAPPING=rfc1459 :are supported",
                     ":srv 376 me :End", ":me!u@h JOIN #natter", ":srv 353 me = #natter :@me ada +bob", ":srv 366 me #natter :End"] {
            receive(line)
        }
        _ = manager.load("fuzz")
        manager.service(now: now())
        let channel = BufferID(network: "Fuzz", name: "#natter")
        let commands = Commands(model: model)
        while !reader.isAtEnd {
            let word = reader.word()
            switch reader.pick(14) {
            case 0: receive("@time=2026-01-01T00:00:00.000Z;msgid=m\(reader.number()) :ada!a@h PRIVMSG #natter :\(word) me")
            case 1: receive(":bob!b@h PRIVMSG me :\u{01}ACTION \(word)\u{01}")
            case 2: receive(":srv NOTICE \(["me", "#natter", "*"][reader.pick(3)]) :\(word)")
            case 3: receive("@+typing=active :ada!a@h TAGMSG \(["#natter", "me"][reader.pick(2)])")
            case 4: receive([":carol!c@h JOIN #natter", ":ada!a@h PART #natter :\(word)", ":bob!b@h NICK \(word)",
                             ":ada!a@h QUIT :\(word)", ":srv KICK #natter bob :\(word)", ":me!u@h PART #natter"][reader.pick(6)])
            case 5: commands.run(line: ["hello \(word)", "/me \(word)", "/fuzzcmd \(word)", "/x \(word)", "/help",
                                        "/script", "/script info fuzz", "/script reload fuzz", "/script unload fuzz",
                                        "/script load fuzz", "/script load /nonexistent/\(word)", "/set scripts.fuzz.k \(word)",
                                        "/query \(word)", "/close"][reader.pick(14)],
                                 in: [channel, model.network("Fuzz")?.serverBuffer.id ?? channel][reader.pick(2)], now: now())
            case 6: for info in manager.commands { _ = manager.completions(ofCommand: info.name, arguments: word) }
            case 7: clock += [0.005, 0.5, 5, 3600][reader.pick(4)]
            case 8: manager.service(now: now())
            case 9: _ = model.takeChanges()
            case 10: model.deliver(.disconnected(reason: word, now: now()), network: "Fuzz")
            case 11: model.deliver(.connected(now: now()), network: "Fuzz"); receive(":srv 001 me :Welcome")
            case 12: manager.happenedSwitch(to: channel)
            default: receive(":ada!a@h PRIVMSG #natter :\(String(decoding: reader.take(reader.pick(64)), as: UTF8.self))")
            }
        }
        manager.service(now: now())
    }

    /// The script the bytes choose (at most 40 statements).
    static func script(_ reader: inout SessionFuzz.Reader) -> String {
        var lines = ["-- name: fuzz", "T = {1, x = {}}", "T.self = T", "T.x.up = T"]
        let count = reader.pick(40) + 1
        for index in 0..<count {
            let (name, arity) = functions[reader.pick(functions.count)]
            var arguments: [String] = []
            for index in 0..<reader.pick(arity + 2) {
                if name == "natter.on" && index == 0 && reader.pick(2) == 0 {
                    arguments.append(events[reader.pick(events.count)])
                } else if name == "natter.command" && index == 0 && reader.pick(2) == 0 {
                    arguments.append(["\"fuzzcmd\"", "\"help\"", "\"x\"", "\"bad name\""][reader.pick(4)])
                } else {
                    arguments.append(values[reader.pick(values.count)])
                }
            }
            let list = arguments.joined(separator: ", ")
            // Under pcall but the last: an error in the body fails the load, and a script that
            // does not load hooks nothing for the rest to drive.
            switch reader.pick(5) {
            case 0 where index == count - 1: lines.append("\(name)(\(list))")
            case 1: lines.append("local ok, r = pcall(\(name)\(list.isEmpty ? "" : ", " + list)); if ok then T[#T + 1] = r end")
            default: lines.append("pcall(\(name)\(list.isEmpty ? "" : ", " + list))")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

extension ScriptManager {
    /// A buffer switch as the controller tells it.
    func happenedSwitch(to id: BufferID) { happened(.bufferSwitched(id)) }
}

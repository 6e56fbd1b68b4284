import ChatModel
import Foundation
import IRCProtocol
import IRCSession
import Scripts
import Testing

/// One ```lua block of docs/SCRIPTING.md: a whole script, and the line of the guide where its
/// text starts (what a failure names, so the reader of the guide finds it).
struct GuideExample: Sendable, CustomTestStringConvertible {
    let line: Int
    let source: String
    var testDescription: String { "docs/SCRIPTING.md:\(line)" }

    /// The guide, found from this file: the tests run from the package's folder or from
    /// elsewhere alike.
    static let guide = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs/SCRIPTING.md")

    /// Every ```lua block of `text`, in order; a block left open runs to the end.
    static func blocks(in text: String) -> [GuideExample] {
        var examples: [GuideExample] = []
        var open: (line: Int, lines: [Substring])?
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let fence = line.trimmingCharacters(in: .whitespaces)
            if var block = open {
                if fence == "```" {
                    examples.append(GuideExample(line: block.line, source: block.lines.joined(separator: "\n") + "\n"))
                    open = nil
                } else {
                    block.lines.append(line)
                    open = block
                }
            } else if fence == "```lua" {
                open = (index + 2, [])
            }
        }
        if let open { examples.append(GuideExample(line: open.line, source: open.lines.joined(separator: "\n") + "\n")) }
        return examples
    }

    static var all: [GuideExample] {
        blocks(in: (try? String(contentsOf: guide, encoding: .utf8)) ?? "")
    }
}

/// A model as the guide's examples expect it, with no server: network `Libera`, registered as
/// `me`, in `#natter` (as op, with bob and ada), a query with `bob`, `#natter` on screen; and
/// a script manager over folders of its own in a temporary folder.
@MainActor
final class GuideRig {
    let model: ChatModel
    let manager: ScriptManager
    let folder: URL
    /// Virtual time, for the timers too: seconds since the epoch.
    let clock = Clock()
    let channel = BufferID(network: "Libera", name: "#natter")

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("natter-guide-\(UUID().uuidString)")
        let scripts = folder.appendingPathComponent("scripts"), state = folder.appendingPathComponent("state")
        try FileManager.default.createDirectory(at: scripts, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
        model = ChatModel()
        model.addNetwork(name: "Libera", configuration: SessionConfiguration(nick: "me", user: "me", realName: "Me"))
        let clock = clock
        manager = ScriptManager(model: model, folders: ScriptFolders(scripts: scripts.path, state: state.path),
                                clock: { clock.seconds }, watch: false)
        model.deliver(.connected(now: now), network: "Libera")
        let caps = "message-tags echo-message server-time account-tag extended-join multi-prefix"
        for line in [":srv CAP * LS :\(caps)", ":srv CAP me ACK :\(caps)", ":srv 001 me :Welcome to Libera",
                     ":srv 005 me NETWORK=Libera CHANTYPES=# CASEMAPPING=rfc1459 PREFIX=(ov)@+ EXCEPTS :are supported",
                     ":srv 376 me :End of MOTD",
                     ":me!u@h JOIN #natter * :Me", ":srv 353 me = #natter :@me bob ada", ":srv 366 me #natter :End of NAMES",
                     ":bob!b@h PRIVMSG me :hi there"] {
            receive(line)
        }
        model.activeBuffer = channel
        _ = model.takeChanges()
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    final class Clock {
        var seconds = 1_700_000_000.0
    }

    var now: SessionTime { SessionTime(monotonic: clock.seconds, wall: Date(timeIntervalSince1970: clock.seconds)) }

    func receive(_ line: String) {
        clock.seconds += 1
        model.deliver(.received(try! IRCMessage(parsing: line), now: now), network: "Libera")
    }

    /// Runs what is due `seconds` later, as the app's loop does each frame.
    func service(after seconds: Double = 0) {
        clock.seconds += seconds
        manager.service(now: now)
    }

    func type(_ line: String, in id: BufferID? = nil) {
        clock.seconds += 1
        Commands(model: model).run(line: line, in: id ?? channel, now: now)
        service()
    }

    /// Every line of the network's buffers, with the buffer's name.
    var everything: [(buffer: String, line: ChatLine)] {
        model.network("Libera")!.buffers.flatMap { buffer in buffer.lines.map { (buffer.name, $0) } }
    }
}

/// The guide's promise: each example is a whole script that loads and runs as it is. Each
/// is loaded against the model above, then given what its hooks wait for (messages of each
/// kind, a typed line, events, its commands, time for its timers); any error it meets fails
/// the test with the guide's line.
@MainActor
struct ScriptingGuideTests {
    @Test func theGuideShowsEveryFunctionOfTheAPI() throws {
        let examples = GuideExample.all
        let code = examples.map(\.source).joined(separator: "\n")
        let functions = ["on_message", "on_raw_in", "on_raw_out", "on_send", "command", "timer", "on", "unhook",
                         "send", "say", "act", "notice", "print", "query", "join", "part", "switch", "notify",
                         "networks", "buffers", "current", "nick", "connected", "nicks", "isupport", "caps", "time",
                         "strip", "fold", "is_channel", "setting", "get", "set", "store.get", "store.set", "store.keys", "read_file",
                         "write_file", "run"]
        for function in functions {
            // Called, or handed to pcall.
            #expect(code.contains("natter.\(function)(") || code.contains("pcall(natter.\(function),"),
                    "no example calls natter.\(function)")
        }
        #expect(code.contains("natter.script."), "no example reads natter.script")
        for event in ["join", "connected", "disconnected", "config", "stopped"] {
            #expect(code.contains("natter.on(\"\(event)\""), "no example follows \(event)")
        }
        // Each example has a name of its own: loaded together, none would replace another.
        let names = examples.compactMap { example in
            example.source.split(separator: "\n").first { $0.hasPrefix("-- name:") }
                .map { $0.dropFirst("-- name:".count).trimmingCharacters(in: .whitespaces) }
        }
        #expect(names.count == examples.count, "an example without a name in its header")
        #expect(Set(names).count == names.count, "two examples share a name: \(names)")
    }

    @Test(arguments: GuideExample.all)
    func eachExampleLoadsAndRunsWithoutError(example: GuideExample) throws {
        let rig = try GuideRig()
        defer { rig.manager.stop() }
        let file = rig.folder.appendingPathComponent("scripts/guide-\(example.line).lua")
        try example.source.write(to: file, atomically: true, encoding: .utf8)
        let before = Set(rig.everything.map(\.line.id))
        let loaded = rig.manager.load(file.path)
        guard case .success(let name) = loaded else {
            Issue.record("docs/SCRIPTING.md:\(example.line): the example does not load: \(loaded)")
            return
        }
        rig.service()
        // What hooks wait for: each kind of message, in the channel and in the query, own and not.
        rig.receive(":bob!b@h PRIVMSG #natter :me: see https://example.org/page, urgent deploy")
        rig.receive(":bob!b@h PRIVMSG me :urgent: !dm please")
        rig.receive(":bob!b@h NOTICE #natter :a notice")
        rig.receive(":bob!b@h PRIVMSG #natter :\u{1}ACTION waves\u{1}")
        rig.receive("@+typing=active :bob!b@h TAGMSG #natter")
        rig.receive(":me!u@h PRIVMSG #natter :my own line")
        rig.receive(":srv 306 me :You have been marked as being away")
        rig.receive(":srv 305 me :You are no longer marked as being away")
        rig.service()
        rig.type("hello :shrug:")
        rig.type("/me waves back")
        // Events: joins, parts, a nick change, a kick, a switch of buffer.
        rig.receive(":carol!c@h JOIN #natter carol :Carol")
        rig.receive(":carol!c@h NICK carol2")
        rig.receive(":carol2!c@h PART #natter :bye")
        rig.receive(":ada!a@h KICK #natter bob :out")
        rig.model.activeBuffer = BufferID(network: "Libera", name: "bob")
        rig.model.activeBuffer = rig.channel
        rig.service()
        // Its commands, without arguments and with a nick, and Tab on their arguments.
        for command in rig.manager.commands where command.script == name {
            rig.type("/\(command.name)")
            rig.type("/\(command.name) bob")
            _ = rig.model.argumentCompletions(of: command.name, after: [], in: rig.channel)
        }
        // Time for its timers, several minutes of it.
        for _ in 0..<5 { rig.service(after: 61) }
        #expect(rig.manager.loadedScripts.contains(name), "docs/SCRIPTING.md:\(example.line): \(name) was unloaded")
        let problems = rig.everything.filter {
            !before.contains($0.line.id) && ($0.line.kind == .error || $0.line.text.hasPrefix("script "))
        }
        if !problems.isEmpty {
            Issue.record("""
                docs/SCRIPTING.md:\(example.line): the example \(name) met errors:
                \(problems.map { "  [\($0.buffer)] " + Self.inGuide($0.line.text) }.joined(separator: "\n"))
                """)
        }
    }

    /// An error's place in the example's file (`guide-LINE.lua:N`) as the guide's line.
    static func inGuide(_ text: String) -> String {
        text.replacing(/guide-(\d+)\.lua:(\d+)/) { match in
            "docs/SCRIPTING.md:\((Int(match.1) ?? 0) + (Int(match.2) ?? 1) - 1)"
        }
    }
}

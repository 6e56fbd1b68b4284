import ChatModel
import Foundation
import IRCProtocol
import IRCSession
import Scripts

/// Issue 34: what scripts cost a flood. The same 20,000 channel lines (Traffic) go through the
/// model as the app's network loop hands them over (parsed, then `ChatModel.deliver`; every 100
/// lines the changes are taken and the scripts serviced, as a frame would), into a fresh model
/// each run: with no scripts manager, with the manager and no script loaded (the hook points'
/// cost when nothing is hooked), and with one script whose `natter.on_message` hook does a
/// little work on every message. The target: the hooking script adds at most 2 µs a message.
/// The variants run interleaved, round after round, so that other processes' load falls on
/// each alike; each figure is the best round.
let scriptsBench = BenchSuite(id: "scripts", title: "Scripts: a flood through the model, with and without a hook") {
    let lines = Traffic.lines(count: 20_000, seed: 34).map { line in
        guard let message = try? IRCMessage(parsing: line) else { fatalError("natter-bench: bad line \(line)") }
        return message
    }
    let hook = """
        -- name: benchhook
        -- description: counts the messages that name natter (one find on each text)
        local count = 0
        natter.on_message(function(m)
          if m.text:find("natter", 1, true) then count = count + 1 end
        end)
        """
    var best: [ScriptBenchVariant: Double] = [:]
    for _ in 0..<8 {
        for variant in ScriptBenchVariant.allCases {
            let flood = ScriptFlood(variant: variant, hook: hook)
            let seconds = flood.deliver(lines)
            flood.close()
            best[variant] = min(best[variant] ?? .infinity, seconds)
        }
    }
    func perMessage(_ variant: ScriptBenchVariant) -> Double { best[variant]! / Double(lines.count) * 1e6 }
    let none = perMessage(.noManager), idle = perMessage(.noScript), hooked = perMessage(.messageHook)
    return [
        BenchFigure(name: "flood through the model (session, model; lines parsed before), no scripts manager", value: none,
                    unit: "µs/msg", target: nil),
        BenchFigure(name: "the same, scripts manager with no script loaded", value: idle, unit: "µs/msg", target: nil),
        BenchFigure(name: "the same, one script's on_message hook (a find on each text)", value: hooked,
                    unit: "µs/msg", target: nil),
        BenchFigure(name: "added by the manager with no script (hook points idle)", value: idle - none,
                    unit: "µs/msg", target: nil),
        BenchFigure(name: "added by the hooking script", value: hooked - idle, unit: "µs/msg", target: .atMost(2)),
    ]
}

enum ScriptBenchVariant: CaseIterable, Hashable {
    case noManager, noScript, messageHook
}

/// A model with one registered network in `#natter` (50 members), scrollback capped at 10,000
/// lines as the side-by-side flood keeps, and the scripts of a variant, in a temp folder.
private final class ScriptFlood {
    static let network = "BenchNet"
    let model = ChatModel(settings: ModelSettings(scrollbackCap: 10_000))
    let folder: String
    var manager: ScriptManager?
    let now = SessionTime(monotonic: 1, wall: Date(timeIntervalSince1970: 1_795_000_000))

    init(variant: ScriptBenchVariant, hook: String) {
        folder = FileManager.default.temporaryDirectory.path + "/natter-bench-scripts-\(UInt64.random(in: 0...UInt64.max))"
        try? FileManager.default.createDirectory(atPath: folder + "/scripts", withIntermediateDirectories: true)
        model.addNetwork(name: Self.network, configuration: SessionConfiguration(nick: "me", user: "me", realName: "me"))
        model.linkRequests = { _, _ in }
        if variant != .noManager {
            manager = ScriptManager(model: model, folders: ScriptFolders(scripts: folder + "/scripts", state: folder + "/state"),
                                    clock: { 1 }, watch: false)
        }
        if variant == .messageHook {
            try? hook.write(toFile: folder + "/scripts/benchhook.lua", atomically: true, encoding: .utf8)
            if case .failure(let failure) = manager!.load("benchhook") { fatalError("natter-bench: \(failure)") }
        }
        model.deliver(.connected(now: now), network: Self.network)
        let nicks = (0..<50).map { "user\($0)" }
        for line in [":srv 001 me :Welcome to the bench network",
                     ":srv 005 me CHANTYPES=# PREFIX=(ov)@+ CASEMAPPING=rfc1459 NETWORK=BenchNet :are supported",
                     ":srv 376 me :End of MOTD", ":me!me@host JOIN #natter",
                     ":srv 353 me = #natter :me @" + nicks.joined(separator: " "), ":srv 366 me #natter :End of /NAMES list."] {
            model.deliver(.received(try! IRCMessage(parsing: line), now: now), network: Self.network)
        }
        _ = model.takeChanges()
        manager?.service(now: now)
    }

    /// Delivers `messages` and returns the seconds it took.
    func deliver(_ messages: [IRCMessage]) -> Double {
        let clock = ContinuousClock()
        let start = clock.now
        for (index, message) in messages.enumerated() {
            model.deliver(.received(message, now: now), network: Self.network)
            if index % 100 == 99 {
                _ = model.takeChanges()
                manager?.service(now: now)
            }
        }
        let elapsed = clock.now - start
        guard let buffer = model.network(Self.network)?.buffer(named: "#natter"), buffer.lines.count >= 9_000 else {
            fatalError("natter-bench: the flood did not reach the channel")
        }
        if let manager, manager.loadedScripts != (manager.hooked.isEmpty ? [] : ["benchhook"]) {
            fatalError("natter-bench: the hooking script did not last the flood: \(manager.loadedScripts)")
        }
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    }

    func close() {
        manager?.stop()
        try? FileManager.default.removeItem(atPath: folder)
    }
}

import ChatModel
import Foundation
import IRCSession
import Scripting
import Scripts
import Testing

/// Numbers a script may pass where the API wants a whole number or a range: NaN, infinities
/// and numbers past Int's range used to reach Swift's conversions, which trap, and took
/// Natter down with the script (found with the fuzzer's "scripts" target, `make fuzz`:
/// Tests/FuzzRegressions/scripts-number-past-int, `natter-fuzz scripts FILE`, reaches
/// `natter.unhook(0/0)`). They are a Lua error now (ScriptReviewTests has more).
struct ScriptNumberEdgeTests {
    @Test func unhookOfNoWholeNumberIsAnErrorAndRemovesNothing() throws {
        let fixture = ScriptFixture()
        try fixture.load("ids", """
            local id = natter.on_message(function(m) end)
            for _, odd in ipairs({0/0, 1/0, -1/0, 1e300, -1e300, 2^63, 0.5}) do
              natter.print("Test", "", tostring(pcall(natter.unhook, odd)))
            end
            natter.print("Test", "", "real " .. tostring(natter.unhook(id)))
            """)
        fixture.service()
        #expect(Array(fixture.texts(in: fixture.server).suffix(8)) == Array(repeating: "false", count: 7) + ["real true"])
    }

    @Test func aSettingsRangeOfOddBoundsIsAnError() throws {
        let fixture = ScriptFixture()
        try fixture.load("ranges", """
            local cases = {
              {default = 1, min = 0/0}, {default = 1, max = 0/0},
              {default = 5, min = 1e300}, {default = 5, max = -1e300}, {default = 5, min = 1/0},
              {default = 0.5, min = 1/0}, {default = 0.5, max = -1/0},
            }
            for _, options in ipairs(cases) do
              local ok, message = pcall(natter.setting, "k", options)
              natter.print("Test", "", tostring(ok) .. " " .. tostring(message))
            end
            natter.print("Test", "", "wide " .. natter.setting("w", {default = 5, min = -1e14, max = 1e14}))
            natter.print("Test", "", "open " .. natter.setting("o", {default = 0.5, min = -1e14, max = 1e14}))
            """)
        fixture.service()
        let lines = Array(fixture.texts(in: fixture.server).suffix(9))
        #expect(lines[0].contains("options.min must be a number"), "\(lines[0])")
        #expect(lines[1].contains("options.max must be a number"), "\(lines[1])")
        for line in lines[2..<7] {
            #expect(line.hasPrefix("false ") && line.contains("options.m"), "\(line)")
        }
        #expect(lines[7] == "wide 5")
        #expect(lines[8] == "open 0.5")
    }

    /// The folder watcher's alarm for a timer due in a year (the longest allowed; 1e300
    /// seconds is an error).
    @Test func aTimerFarAheadDoesNotBreakTheAlarm() throws {
        let folder = NSTemporaryDirectory() + "natter-scripts-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/scripts", withIntermediateDirectories: true)
        try """
            local refused = not pcall(natter.timer, 1e300, function() end)
            natter.timer(365 * 86400, function() end)
            natter.timer(365 * 86400, function() end, true)
            natter.print("Test", "", refused and "set" or "not refused")
            """.write(toFile: folder + "/scripts/far.lua", atomically: true, encoding: .utf8)
        let model = ChatModel(settings: ModelSettings())
        model.addNetwork(name: "Test", configuration: SessionConfiguration(nick: "me", user: "me", realName: "Me"))
        let manager = ScriptManager(model: model, folders: ScriptFolders(scripts: folder + "/scripts", state: folder + "/state"),
                                    watch: true)
        defer { manager.stop() }
        if case .failure(let failure) = manager.load("far") { throw failure }
        manager.service(now: SessionTime(monotonic: 1, wall: Date()))
        #expect(manager.loadedScripts == ["far"])
        #expect(model.buffer(BufferID(network: "Test", name: ""))?.lines.last?.text == "set")
    }

    /// The model refers to its manager weakly: a manager and its model go with their owner
    /// (a strong reference both ways kept them and every Lua state they held: the fuzzer's
    /// scripts target, which makes one of each per input, ran out of memory).
    @Test func aManagerAndItsModelGoWithTheirOwner() throws {
        weak var weakManager: ScriptManager?
        weak var weakModel: ChatModel?
        let folder = NSTemporaryDirectory() + "natter-scripts-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/scripts", withIntermediateDirectories: true)
        try "natter.on_message(function(m) end)\n".write(toFile: folder + "/scripts/held.lua", atomically: true, encoding: .utf8)
        do {
            let model = ChatModel(settings: ModelSettings())
            let manager = ScriptManager(model: model, folders: ScriptFolders(scripts: folder + "/scripts", state: folder + "/state"),
                                        watch: false)
            if case .failure(let failure) = manager.load("held") { throw failure }
            weakManager = manager
            weakModel = model
            #expect(model.scripts === manager)
        }
        #expect(weakManager == nil)
        #expect(weakModel == nil)
    }
}

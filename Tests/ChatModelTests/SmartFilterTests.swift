@testable import ChatModel
import Foundation
import IRCProtocol
import IRCSession
import Testing

/// The smart filter over the model alone: which joins, parts, quits and nick changes it marks,
/// `/filter` per channel over the `[filter] smart` default, the choice kept on disk, a join
/// shown again when its joiner speaks, netsplit rows.
final class SmartFilterTests {
    let model: ChatModel
    let start = 1_700_000_000.0
    let channel = BufferID(network: "Test", name: "#natter")

    init() {
        var settings = ModelSettings()
        settings.smartFilterDelay = 600
        model = ChatModel(settings: settings)
        model.addNetwork(name: "Test", configuration: SessionConfiguration(nick: "me", user: "me", realName: "Me"))
        model.linkRequests = { _, _ in }
        model.deliver(.connected(now: time(0)), network: "Test")
        for line in [":srv 001 me :Welcome", ":srv 005 me CHANTYPES=# PREFIX=(ov)@+ CASEMAPPING=rfc1459 :are supported",
                     ":srv 376 me :End of MOTD", ":me!u@h JOIN #natter", ":srv 353 me = #natter :@me ada bob cyd",
                     ":srv 366 me #natter :End"] {
            recv(line, at: 0)
        }
        _ = model.takeChanges()
    }

    func time(_ seconds: Double) -> SessionTime { SessionTime(monotonic: seconds, wall: Date(timeIntervalSince1970: start + seconds)) }

    func recv(_ line: String, at seconds: Double) {
        model.deliver(.received(try! IRCMessage(parsing: line), now: time(seconds)), network: "Test")
    }

    func run(_ line: String, in id: BufferID? = nil, at seconds: Double = 0) {
        Commands(model: model).run(line: line, in: id ?? channel, now: time(seconds))
    }

    var buffer: ChatBuffer { model.buffer(channel)! }

    /// Each event line's nick and whether the filter marked it.
    var marks: [String: Bool] {
        var result: [String: Bool] = [:]
        for line in buffer.lines where !line.isMessage && line.nick != nil && line.nick != "me" {
            result["\(line.nick!) \(line.eventPhrase)"] = line.isSmartFiltered
        }
        return result
    }

    @Test func eventsOfPeopleWhoHaveNotSpokenLatelyAreMarked() {
        recv(":ada!a@h PRIVMSG #natter :hello", at: 10)
        recv(":ada!a@h NICK :ada_", at: 100)            // spoke 90 s ago
        recv(":bob!b@h NICK :bobby", at: 110)           // never spoke
        recv(":eve!e@h JOIN #natter", at: 120)          // new
        recv(":ada_!a@h PART #natter :later", at: 300)  // still ada, 290 s after speaking
        recv(":cyd!c@h PRIVMSG #natter :hi", at: 310)
        recv(":cyd!c@h QUIT :Quit: bye", at: 310 + 601) // more than 10 minutes after speaking
        #expect(marks == ["ada is now known as ada_": false, "bob is now known as bobby": true, "eve joined": true,
                          "ada_ left (later)": false, "cyd quit (Quit: bye)": true])
        // Marked or not, every line stays in the scrollback; our own join is never marked.
        #expect(buffer.lines.filter { $0.nick == "me" }.allSatisfy { !$0.isSmartFiltered })
        // Nor our nick change (the session has our new nick by the time it is applied).
        recv(":me!u@h NICK :newme", at: 320)
        #expect(buffer.lines.last { $0.nick == "me" }.map { !$0.isSmartFiltered && $0.eventPhrase.contains("newme") } == true)
    }

    @Test func filterTogglesThePerChannelStateOverTheDefault() {
        #expect(!model.hidesSmartFiltered(in: buffer))
        run("/filter")
        #expect(model.hidesSmartFiltered(in: buffer))
        #expect(buffer.lines.last?.text.hasPrefix("Smart filter on in #natter") == true)
        #expect(buffer.lines.last?.text.contains("10 minutes") == true)
        #expect(model.takeChanges().contains(.linesInserted(channel)))   // the rows start over
        run("/filter on")
        #expect(model.hidesSmartFiltered(in: buffer))
        #expect(!model.takeChanges().contains(.linesInserted(channel)))  // nothing changed
        run("/filter off")
        #expect(!model.hidesSmartFiltered(in: buffer))
        #expect(buffer.lines.last?.text == "Smart filter off in #natter: every join, part, quit and nick change is shown")

        // The default on: every channel hides, except where /filter said otherwise.
        recv(":me!u@h JOIN #other", at: 1)
        model.settings.smartFilter = true
        #expect(!model.hidesSmartFiltered(in: buffer))
        #expect(model.hidesSmartFiltered(in: model.network("Test")!.buffer(named: "#other")!))
        #expect(!model.hidesSmartFiltered(in: model.network("Test")!.serverBuffer))
    }

    @Test func filterAnswersBadInputAndRefusesOutsideAChannel() {
        let server = BufferID(network: "Test", name: "")
        run("/filter maybe")
        #expect(buffer.lines.last?.kind == .error && buffer.lines.last?.text.contains("/filter [on | off]") == true)
        run("/filter", in: server)
        #expect(model.buffer(server)?.lines.last?.kind == .error)
        #expect(model.buffer(server)?.lines.last?.text.hasPrefix("/filter works in a channel") == true)
        #expect(!model.hidesSmartFiltered(in: buffer))
    }

    /// WeeChat's unmasking: the join of someone who speaks within half an hour shows again.
    @Test func aJoinerWhoSpeaksGetsTheirJoinBack() throws {
        run("/filter on")
        recv(":eve!e@h JOIN #natter", at: 20)
        recv(":fay!f@h JOIN #natter", at: 20)
        _ = model.takeChanges()
        #expect(marks["eve joined"] == true)
        recv(":eve!e@h PRIVMSG #natter :hi all", at: 200)
        #expect(marks["eve joined"] == false && marks["fay joined"] == true)
        #expect(model.takeChanges().contains(.linesInserted(channel)))
        // Half an hour later is too late: the join stays hidden.
        recv(":fay!f@h PRIVMSG #natter :back", at: 20 + 1_801)
        #expect(marks["fay joined"] == true)
    }

    /// Who spoke long ago is forgotten once many have spoken since (the memory stays bounded
    /// in a busy channel); who spoke lately is not.
    @Test func theSpeakersRememberedStayBounded() {
        recv(":ada!a@h PRIVMSG #natter :early", at: 0)
        for n in 0..<2_100 { recv(":u\(n)!u@h PRIVMSG #natter :hi", at: 700 + Double(n) * 0.01) }
        // ada (spoke 700 s before the 2,000th new speaker) went at that pass; the recent ones stay.
        #expect(buffer.lastSpoke["ada"] == nil && buffer.lastSpoke.count <= 2_101)
        #expect(buffer.lastSpoke["u5"] != nil && buffer.lastSpoke["u2099"] != nil)
        recv(":u5!u@h PART #natter", at: 730)
        recv(":ada!a@h PART #natter", at: 730)
        #expect(marks["u5 left"] == false && marks["ada left"] == true)
        // Joins hidden long ago are forgotten the same way.
        for n in 0..<1_000 { recv(":j\(n)!j@h JOIN #natter", at: 800 + 1_801 * Double(n / 999)) }
        #expect(buffer.maskedJoins["j0"] == nil && buffer.maskedJoins["j999"] != nil)
    }

    @Test func theChoiceIsKeptInTheStateFolder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("natter-filter-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("natter/filters.json").path
        model.smartFilterChoices = SmartFilterChoices.load(path: path)
        #expect(model.smartFilterChoices.channels.isEmpty)
        run("/filter on")
        let loaded = SmartFilterChoices.load(path: path)
        #expect(loaded.choice(for: channel) == true)
        #expect(loaded.choice(for: BufferID(network: "Test", name: "#other")) == nil)
        // A file that does not read is no choices, not an error.
        try Data("{ not json".utf8).write(to: URL(fileURLWithPath: path))
        #expect(SmartFilterChoices.load(path: path).channels.isEmpty)
        #expect(SmartFilterChoices.defaultPath(environment: ["XDG_STATE_HOME": "/s", "HOME": "/h"]) == "/s/natter/filters.json")
        #expect(SmartFilterChoices.defaultPath(environment: ["HOME": "/h"]) == "/h/.local/state/natter/filters.json")
    }

    /// A split gathered by the session is one row per channel naming its own users.
    @Test func aNetsplitIsOneRowNamingTheFirstNicks() {
        let many = (0..<12).map { "u\($0)" }
        recv(":srv 353 me = #natter :@me ada bob cyd \(many.joined(separator: " "))", at: 1)
        recv(":srv 366 me #natter :End", at: 1)
        for (n, nick) in (["ada", "bob"] + many).enumerated() { recv(":\(nick)!x@h QUIT :hub.example leaf.example", at: 2 + Double(n) * 0.05) }
        model.deliver(.tick(now: time(5)), network: "Test")
        let rows = buffer.lines.filter { $0.text.hasPrefix("Netsplit") }
        #expect(rows.map(\.text) == ["Netsplit hub.example ↔ leaf.example: ada, bob, u0, u1, u2, u3, u4, u5 (+6 more)"])
        #expect(!buffer.lines.contains { $0.kind == .quit })
    }

    /// A private conversation with someone who left in a split says they quit, once, though
    /// they were in two channels.
    @Test func aQueryWithSomeoneInTheSplitSaysTheyQuitOnce() throws {
        recv(":me!u@h JOIN #other", at: 1)
        recv(":srv 353 me = #other :@me ada", at: 1)
        recv(":srv 366 me #other :End", at: 1)
        recv(":ada!a@h PRIVMSG me :psst", at: 2)
        recv(":ada!a@h QUIT :hub.example leaf.example", at: 3)
        model.deliver(.tick(now: time(6)), network: "Test")
        let query = try #require(model.network("Test")?.buffer(named: "ada"))
        #expect(query.lines.filter { $0.kind == .quit }.map(\.eventPhrase) == ["quit (hub.example leaf.example)"])
        let other = try #require(model.network("Test")?.buffer(named: "#other"))
        #expect(other.lines.last?.text == "Netsplit hub.example ↔ leaf.example: ada")
        #expect(buffer.lines.last?.text == "Netsplit hub.example ↔ leaf.example: ada")
    }

    /// Someone ignored (by nick) is not named in a netsplit or netjoin row; a split of ignored
    /// people alone makes no row.
    @Test func ignoredPeopleAreLeftOutOfSplits() {
        run("/ignore ada")
        recv(":ada!a@h QUIT :hub.example leaf.example", at: 2)
        recv(":bob!b@h QUIT :hub.example leaf.example", at: 2)
        model.deliver(.tick(now: time(5)), network: "Test")
        #expect(buffer.lines.filter { $0.text.hasPrefix("Netsplit") }.map(\.text) == ["Netsplit hub.example ↔ leaf.example: bob"])
        recv(":cyd!c@h QUIT :hub.example leaf.example", at: 6)
        run("/ignore cyd")
        model.deliver(.tick(now: time(10)), network: "Test")
        #expect(buffer.lines.filter { $0.text.hasPrefix("Netsplit") }.count == 1)
    }
}

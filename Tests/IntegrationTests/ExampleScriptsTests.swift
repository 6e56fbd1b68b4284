import ChatModel
import Foundation
import IRCProtocol
import IRCTestServers
import NatterTestSupport
import Testing

/// The example scripts of `Assets/scripts`, each loaded into the whole client connected to a
/// real InspIRCd (linked to atheme, for accounts), doing what its header says: seen by raw
/// peers on the server (what the script sent) and in the client's buffers (what it showed).
/// Each test has its own nicks and channels.
@MainActor
@Suite("Example scripts against InspIRCd + atheme", .inspircdWithServices)
struct ExampleScriptsTests {
    /// A raw peer registered as `nick` and joined to `channels`, the client's frames running.
    func peer(_ nick: String, joining channels: [String], with client: LiveClient) async throws -> RawIRCClient {
        let peer = try RawIRCClient(port: try Fixtures.network().clientPort)
        try await client.register(peer, nick: nick)
        for channel in channels { try await client.join(peer, channel) }
        return peer
    }

    /// The client connected and in `channels`, with `scripts` loaded.
    func connect(_ nick: String, channels: [String], scripts: [String],
                 settings: [String: [String: ScriptSettingValue]] = [:]) async throws -> ScriptedClient {
        let scripted = try ScriptedClient(nick: nick, channels: channels, scripts: scripts, settings: settings)
        scripted.client.connect(port: try Fixtures.network().clientPort)
        try await scripted.client.waitUntilReady()
        for channel in channels { try await scripted.client.waitUntilJoined(channel) }
        return scripted
    }

    @Test func triggerAnswersPingWithPongOncePerCooldown() async throws {
        let bot = try await connect("trigBot", channels: ["#trigger", "#notrig"], scripts: ["trigger"],
                                    settings: ["trigger": ["channels": .list(["#trigger"]), "cooldown": .integer(600)]])
        defer { bot.close() }
        let asker = try await peer("trigAsker", joining: ["#trigger", "#notrig"], with: bot.client)
        let other = try await peer("trigOther", joining: ["#trigger"], with: bot.client)
        defer { asker.close(); other.close() }

        // Not a channel it answers in: nothing (and no cooldown started), then its first pong.
        try asker.send("PRIVMSG #notrig :!ping")
        try asker.send("PRIVMSG #trigger :!ping")
        let pong = try await bot.client.wait(for: asker, "the pong") { $0.command == "PRIVMSG" && $0.sourceNick == "trigBot" }
        #expect(pong.parameters == ["#trigger", "pong"])
        try await bot.client.wait(for: other, "the other seeing that pong") { $0.sourceNick == "trigBot" }
        // The same nick again within the cooldown: no answer. Another nick: its own pong.
        try asker.send("PRIVMSG #trigger :!ping")
        try other.send("PRIVMSG #trigger :!PING")
        try await bot.client.wait(for: other, "the pong to the other nick") {
            $0.command == "PRIVMSG" && $0.sourceNick == "trigBot" && $0.parameters.last == "pong"
        }
        // Everything the bot said before the other's pong reached the asker before this line.
        try other.send("PRIVMSG #trigger :done")
        var pongs = 0
        try await bot.client.wait(for: asker, "the other's done") { message in
            if message.command == "PRIVMSG", message.sourceNick == "trigBot" { pongs += 1 }
            return message.sourceNick == "trigOther" && message.parameters.last == "done"
        }
        #expect(pongs == 1, "the bot answered the asker's second !ping within the cooldown (\(pongs) pongs)")
    }

    @Test func rainbowColoursEachLetterOfTheText() async throws {
        let client = try await connect("rainbowMe", channels: ["#rainbow"], scripts: ["rainbow"])
        defer { client.close() }
        let watcher = try await peer("rainbowSeer", joining: ["#rainbow"], with: client.client)
        defer { watcher.close() }

        try client.type("/rainbow hello world", in: "#rainbow")
        let said = try await client.client.wait(for: watcher, "the rainbow") {
            $0.command == "PRIVMSG" && $0.sourceNick == "rainbowMe"
        }
        // The default palette in order, a colour per letter, the space left plain.
        let expected = zip("helloworld", ["04", "07", "08", "09", "03", "10", "12", "02", "06", "13"])
            .map { "\u{3}\($1)\($0)" }
        #expect(said.parameters == ["#rainbow", expected[0..<5].joined() + " " + expected[5...].joined()])
    }

    @Test func slapActsAndTabCompletesTheChannelsNicks() async throws {
        let client = try await connect("slapper", channels: ["#slap"], scripts: ["slap"])
        defer { client.close() }
        let victim = try await peer("slapVictim", joining: ["#slap"], with: client.client)
        defer { victim.close() }
        try await client.client.pump("the victim in the nick list") {
            client.client.session.state.channel(named: "#slap")?.members.count == 2
        }

        try client.type("/slap slapVictim", in: "#slap")
        let slap = try await client.client.wait(for: victim, "the slap") { $0.command == "PRIVMSG" && $0.sourceNick == "slapper" }
        #expect(slap.parameters == ["#slap", "\u{1}ACTION slaps slapVictim around a bit with a large trout\u{1}"])
        try client.type("/slap slapVictim a wet noodle", in: "#slap")
        let second = try await client.client.wait(for: victim, "the second slap") { $0.command == "PRIVMSG" && $0.sourceNick == "slapper" }
        #expect(second.parameters.last == "\u{1}ACTION slaps slapVictim around a bit with a wet noodle\u{1}")

        // Tab after /slap: the nicks of the channel on screen; after the nick, nothing.
        try client.client.show("#slap")
        let channel = try #require(client.client.buffer("#slap")).id
        let nicks = client.client.model.argumentCompletions(of: "slap", after: [], in: channel) ?? []
        #expect(Set(nicks) == ["slapper", "slapVictim"], "\(nicks)")
        #expect(client.client.model.argumentCompletions(of: "slap", after: ["slapVictim"], in: channel) == [])
    }

    @Test func autoopOpsAListedAccountAndNeverANickAlone() async throws {
        let network = try Fixtures.network()
        try network.registerAccount("opFriend", password: "friend-pass")
        let client = try await connect("autoopper", channels: ["#autoop"], scripts: ["autoop"],
                                       settings: ["autoop": ["accounts": .list(["#elsewhere:someone", "#AutoOp:opfriend"])]])
        defer { client.close() }
        try await client.client.pump("our op in #autoop") {
            client.client.session.state.channel(named: "#autoop")?.members.values.contains { $0.nick == "autoopper" && $0.modes.contains("o") } == true
        }
        // Someone who took the account's nick without logging in joins first: not opped.
        let impostor = try await peer("opFriend", joining: ["#autoop"], with: client.client)
        defer { impostor.close() }
        // The account's owner logs in under another nick, then joins.
        let friend = try await peer("realFriend", joining: [], with: client.client)
        defer { friend.close() }
        try friend.send("PRIVMSG NickServ :IDENTIFY opFriend friend-pass")
        try await client.client.wait(for: friend, "the login (900)") { $0.command == "900" }
        try await client.client.join(friend, "#autoop")

        let mode = try await client.client.wait(for: friend, "the +o") { $0.command == "MODE" }
        #expect(mode.sourceNick == "autoopper")
        #expect(mode.parameters == ["#autoop", "+o", "realFriend"])
        // The impostor saw every MODE of the channel since it joined: only the friend's.
        try await client.client.wait(for: impostor, "the friend's +o") { message in
            if message.command == "MODE" {
                #expect(message.parameters.last == "realFriend", "a MODE for the nick alone: \(message.parameters)")
            }
            return message.command == "MODE" && message.parameters.last == "realFriend"
        }
    }

    @Test func highlightCountsExtraWordsPerChannelAndPatternsEverywhere() async throws {
        let client = try await connect("hlMe", channels: ["#hl", "#hlother"], scripts: ["highlight"],
                                       settings: ["highlight": ["words": .list(["#hl:kumquat", "*:/ba+nana/"])]])
        defer { client.close() }
        let talker = try await peer("hlTalker", joining: ["#hl", "#hlother"], with: client.client)
        defer { talker.close() }

        try talker.send(lines: ["PRIVMSG #hl :kumquats are not the word", "PRIVMSG #hlother :kumquat, but not here",
                                "PRIVMSG #hl :a KUMQUAT!", "PRIVMSG #hlother :baaanana everywhere",
                                "PRIVMSG #hl :end"])
        try await client.client.pump("the talker's last line") { client.client.messages(in: "#hl").last?.text == "end" }
        let highlighted = ["#hl", "#hlother"].flatMap { client.client.messages(in: $0) }.filter(\.isHighlight).map(\.text)
        #expect(highlighted == ["a KUMQUAT!", "baaanana everywhere"])
        // Counted as highlights of their buffers (the server buffer is on screen).
        #expect(client.client.buffer("#hl")?.highlights == 1)
        #expect(client.client.buffer("#hlother")?.highlights == 1)

        // The words changed (as /set does): the script reads them again at once.
        client.settings.stored["highlight"] = ["words": .list(["#hlother:kumquat"])]
        client.manager.settingsChanged(["scripts.highlight.words"])
        try talker.send(lines: ["PRIVMSG #hl :kumquat again", "PRIVMSG #hlother :kumquat now"])
        try await client.client.pump("the talker's kumquat now") { client.client.messages(in: "#hlother").last?.text == "kumquat now" }
        #expect(client.client.buffer("#hl")?.highlights == 1)
        #expect(client.client.buffer("#hlother")?.highlights == 2)
    }

    @Test func urllogListsTheBuffersLinksNewestLastAndKeepsThemAcrossARestart() async throws {
        let client = try await connect("urlMe", channels: ["#urls"], scripts: ["urllog"],
                                       settings: ["urllog": ["max": .integer(3)]])
        defer { client.close() }
        let talker = try await peer("urlTalker", joining: ["#urls"], with: client.client)
        defer { talker.close() }

        try talker.send(lines: ["PRIVMSG #urls :first https://example.org/one.",
                                "PRIVMSG #urls :two at once: (http://example.org/two) and https://example.org/three",
                                "PRIVMSG #urls :no link here", "PRIVMSG #urls :last https://example.org/four"])
        try await client.client.pump("the last link") { client.client.messages(in: "#urls").last?.text.hasSuffix("four") == true }
        try client.client.show("#urls")
        // At most 3 kept: the first is gone. /urls 2 lists the newest two, the newest last.
        try client.type("/urls 2", in: "#urls")
        try await client.client.pump("the list") { client.notes(in: "#urls").contains { $0.hasSuffix("/four") } }
        let listed = client.notes(in: "#urls").filter { $0.contains("<urlTalker>") }
        #expect(listed.map { $0.split(separator: " ").last.map(String.init) } == ["https://example.org/three", "https://example.org/four"],
                "\(client.notes(in: "#urls"))")

        // Natter starts again: the links are in the store.
        try client.restart(loading: ["urllog"])
        let before = client.notes(in: "#urls").count
        try client.type("/urls", in: "#urls")
        try await client.client.pump("the list after the restart") { client.notes(in: "#urls").count > before + 3 }
        let relisted = client.notes(in: "#urls").dropFirst(before).filter { $0.contains("<urlTalker>") }
        #expect(relisted.map { $0.split(separator: " ").last.map(String.init) }
                == ["http://example.org/two", "https://example.org/three", "https://example.org/four"],
                "\(client.notes(in: "#urls"))")
    }

    @Test func awaylogReplaysMentionsAndPrivateMessagesWhenBackThenForgetsThem() async throws {
        let client = try await connect("awayMe", channels: ["#away"], scripts: ["awaylog"])
        defer { client.close() }
        let talker = try await peer("awayTalker", joining: ["#away"], with: client.client)
        defer { talker.close() }
        let session = { client.client.session.state }

        try client.type("/away gone fishing", in: "#away")
        try await client.client.pump("the server saying we are away") { session().awayMessage != nil }
        try talker.send(lines: ["PRIVMSG #away :awayMe: are you there?", "PRIVMSG #away :unrelated chatter",
                                "PRIVMSG awayMe :psst"])
        try await client.client.pump("the private message") { client.client.messages(in: "awayTalker").last?.text == "psst" }
        #expect(!client.notes(in: "").contains { $0.hasPrefix("while you were away") }, "replayed while still away")

        try client.type("/back", in: "#away")
        try await client.client.pump("the replay") { client.notes(in: "").contains { $0.hasPrefix("while you were away: 2 lines") } }
        let replay = client.notes(in: "").filter { $0.hasPrefix("while you were away: ") }
        #expect(replay.count == 3, "\(replay)")
        #expect(replay.contains { $0.hasSuffix("in #away <awayTalker> awayMe: are you there?") }, "\(replay)")
        #expect(replay.contains { $0.hasSuffix("in private <awayTalker> psst") }, "\(replay)")

        // Away and back again with nothing said: nothing replayed (the kept lines were cleared).
        try client.type("/away again", in: "#away")
        try await client.client.pump("away again") { session().awayMessage != nil }
        try client.type("/back", in: "#away")
        try await client.client.pump("back again") { session().awayMessage == nil }
        try await client.client.pump(for: 0.2)
        #expect(client.notes(in: "").filter { $0.hasPrefix("while you were away: ") }.count == 3, "\(client.notes(in: ""))")
    }
}

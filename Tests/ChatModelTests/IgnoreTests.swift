import ChatModel
import Foundation
import IRCProtocol
import IRCSession
import Testing

/// `/ignore` over the model: each level hides its kind of event and nothing else, account
/// masks, one network or all, expiry on the test's clock, nothing counted or notified, and the
/// log keeping what was hidden, marked.
final class IgnoreFixture {
    let model: ChatModel
    var clock = 1_700_000_000.0
    let channel = BufferID(network: "Test", name: "#natter")

    init(logs: LogStore? = nil, networks: [String] = ["Test"]) {
        model = ChatModel(settings: ModelSettings(highlights: HighlightRules(keywords: ["natter"])), logs: logs)
        for name in networks {
            model.addNetwork(name: name, configuration: SessionConfiguration(nick: "me", user: "me", realName: "Me"))
            _ = model.handle(.connected(now: now), network: name)
            let caps = "message-tags echo-message account-tag account-notify extended-join"
            for line in [":srv CAP * LS :\(caps)", ":srv CAP me ACK :\(caps)", ":srv 001 me :Welcome",
                         ":srv 005 me CHANTYPES=# CASEMAPPING=rfc1459 :are supported", ":srv 376 me :End of MOTD",
                         ":me!u@h JOIN #natter * :Me", ":srv 353 me = #natter :me ada bob", ":srv 366 me #natter :End of NAMES"] {
                recv(line, network: name)
            }
        }
        _ = model.takeChanges()
    }

    var now: SessionTime { SessionTime(monotonic: clock - 1_700_000_000, wall: Date(timeIntervalSince1970: clock)) }

    func recv(_ line: String, network: String = "Test") {
        clock += 1
        _ = model.handle(.received(try! IRCMessage(parsing: line), now: now), network: network)
    }

    @discardableResult
    func command(_ line: String, network: String = "Test") -> [CommandEffect] {
        Commands(model: model).run(line: line, in: BufferID(network: network, name: "#natter"), now: now)
    }

    func lines(_ network: String = "Test") -> [ChatLine] { model.buffer(BufferID(network: network, name: "#natter"))!.lines }
    func texts(_ network: String = "Test") -> [String] { lines(network).map(\.text) }
    /// Every line of every buffer of the network.
    func everything(_ network: String = "Test") -> [ChatLine] { model.network(network)!.buffers.flatMap(\.lines) }
}

struct IgnoreTests {
    /// One event of each level from ada, and whether it shows.
    static let probes: [(level: String, probe: @Sendable (IgnoreFixture) -> Bool)] = [
        ("MSGS", { f in f.recv(":ada!a@h PRIVMSG #natter :probe"); return f.lines().contains { $0.kind == .message && $0.text == "probe" } }),
        ("NOTICES", { f in f.recv(":ada!a@h NOTICE #natter :probe"); return f.lines().contains { $0.kind == .notice && $0.text == "probe" } }),
        ("ACTIONS", { f in f.recv(":ada!a@h PRIVMSG #natter :\u{1}ACTION probes\u{1}"); return f.lines().contains { $0.kind == .action } }),
        ("CTCPS", { f in f.recv(":ada!a@h PRIVMSG me :\u{1}VERSION\u{1}"); return f.everything().contains { $0.text.hasPrefix("CTCP VERSION from ada") } }),
        ("JOINS", { f in
            f.recv(":ada!a@h PART #natter")
            f.recv(":ada!a@h JOIN #natter * :Ada")
            return f.lines().contains { $0.kind == .join && $0.nick == "ada" }
        }),
        ("PARTS", { f in f.recv(":ada!a@h PART #natter :bye"); return f.lines().contains { $0.kind == .part && $0.nick == "ada" } }),
        ("QUITS", { f in f.recv(":ada!a@h QUIT :gone"); return f.lines().contains { $0.kind == .quit && $0.nick == "ada" } }),
        ("NICKS", { f in f.recv(":ada!a@h NICK ada2"); return f.lines().contains { $0.kind == .nickChange(newNick: "ada2") } }),
        ("INVITES", { f in f.recv(":ada!a@h INVITE me #secret"); return f.everything().contains { $0.text.contains("invited me to #secret") } }),
        ("REACTIONS", { f in
            f.recv("@msgid=m0 :bob!b@h PRIVMSG #natter :react to this")
            f.recv("@+draft/reply=m0;+draft/react=🎉 :ada!a@h TAGMSG #natter")
            return f.lines().first { $0.id == "m0" }?.reactions.isEmpty == false
        }),
        ("TYPING", { f in f.recv("@+typing=active :ada!a@h TAGMSG #natter"); return f.model.buffer(f.channel)!.typing.isEmpty == false }),
    ]

    /// Each level hides its kind of event, and every other kind still shows.
    @Test(arguments: probes.map(\.level))
    func eachLevelHidesItsKindAndOnlyIt(level: String) {
        for (probed, probe) in Self.probes {
            let fixture = IgnoreFixture()
            fixture.command("/ignore ada \(level)")
            #expect(probe(fixture) == (probed != level), "ignoring \(level), probing \(probed)")
        }
    }

    /// Without levels, everything of the mask is hidden; `ALL -JOINS` all but joins.
    @Test func allByDefaultAndExceptions() {
        for (probed, probe) in Self.probes {
            let all = IgnoreFixture()
            all.command("/ignore ada")
            #expect(!probe(all), "\(probed) of an ignored nick shows")
            let allButJoins = IgnoreFixture()
            allButJoins.command("/ignore ada ALL -JOINS")
            #expect(probe(allButJoins) == (probed == "JOINS"), "ALL -JOINS, probing \(probed)")
            let noOne = IgnoreFixture()
            noOne.command("/ignore someone-else")
            #expect(probe(noOne), "\(probed) of a nick nobody ignores is hidden")
        }
    }

    /// An ignored line counts for nothing: no unread, no highlight, no mention, no
    /// notification, no query opened for a private message; others' lines still count, and our
    /// own lines are never ignored, whatever the mask.
    @Test func ignoredLinesAreNotCountedNotifiedOrMentioned() {
        let f = IgnoreFixture()
        f.model.activeBuffer = BufferID(network: "Test", name: "")
        f.command("/ignore *!a@*")
        _ = f.model.takeChanges()
        f.recv(":ada!a@h PRIVMSG #natter :me: natter is great")
        f.recv(":ada!a@h PRIVMSG me :psst, me")
        f.recv(":ada!a@h NOTICE me :natter notice")
        let buffer = f.model.buffer(f.channel)!
        #expect(buffer.unread == 0 && buffer.highlights == 0 && buffer.firstUnreadID == nil)
        #expect(f.model.mentions.lines.isEmpty)
        #expect(f.model.buffer(BufferID(network: "Test", name: "ada")) == nil)
        let changes = f.model.takeChanges()
        #expect(!changes.contains { if case .notify = $0 { true } else { false } })
        #expect(!changes.contains { if case .linesAppended = $0 { true } else { false } })
        f.recv(":bob!b@h PRIVMSG #natter :me: natter too")
        #expect(buffer.unread == 1 && buffer.highlights == 1 && f.model.mentions.lines.count == 1)
        #expect(f.model.takeChanges().contains { if case .notify = $0 { true } else { false } })
        // Ours, even under a mask that matches everyone.
        f.command("/ignore *")
        f.recv(":me!u@h PRIVMSG #natter :mine")
        #expect(f.texts().last == "mine")
    }

    /// `$a:account` matches whoever is logged in to the account, by the message's account tag,
    /// by what an extended join said, or by account-notify; not someone logged out or in to
    /// another account.
    @Test func accountMasks() {
        let f = IgnoreFixture()
        f.command("/ignore $a:troll")
        f.recv("@account=troll :ada!a@h PRIVMSG #natter :tagged")
        f.recv("@account=nice :bob!b@h PRIVMSG #natter :other account")
        f.recv(":carol!c@h JOIN #natter troll :Carol")        // extended-join: the account
        f.recv(":carol!c@h PRIVMSG #natter :known from the join")
        f.recv(":dave!d@h JOIN #natter * :Dave")             // logged out
        f.recv(":dave!d@h PRIVMSG #natter :before logging in")
        f.recv(":dave!d@h ACCOUNT troll")                    // account-notify
        f.recv(":dave!d@h PRIVMSG #natter :after logging in")
        #expect(f.lines().filter { $0.kind == .message }.map(\.text) == ["other account", "before logging in"])
        #expect(!f.lines().contains { $0.kind == .join && $0.nick == "carol" })
        #expect(f.lines().contains { $0.kind == .join && $0.nick == "dave" })
        #expect(f.model.settings.ignores.entries.map(\.account) == ["troll"])
        // Leaving, they are matched by the account known before the session forgets them.
        f.recv(":carol!c@h PART #natter :bye")
        f.recv(":dave!d@h QUIT :gone")
        f.recv(":erin!e@h JOIN #natter * :Erin")
        f.recv("@account=troll :erin!e@h QUIT :tagged")
        #expect(!f.lines().contains { $0.kind == .part || $0.kind == .quit }, "\(f.lines().map(\.kind))")
        f.recv(":bob!b@h QUIT :not troll")
        #expect(f.lines().last?.kind == .quit && f.lines().last?.nick == "bob")
    }

    /// `-network` holds on the network it was typed in; without it, on every network.
    @Test func oneNetworkOrAll() {
        let f = IgnoreFixture(networks: ["Test", "Other"])
        f.command("/ignore ada -network")
        f.command("/ignore bob MSGS")
        f.recv(":ada!a@h PRIVMSG #natter :ada here", network: "Test")
        f.recv(":ada!a@h PRIVMSG #natter :ada there", network: "Other")
        f.recv(":bob!b@h PRIVMSG #natter :bob here", network: "Test")
        f.recv(":bob!b@h PRIVMSG #natter :bob there", network: "Other")
        #expect(!f.texts("Test").contains("ada here") && f.texts("Other").contains("ada there"))
        #expect(!f.texts("Test").contains("bob here") && !f.texts("Other").contains("bob there"))
        #expect(f.model.settings.ignores.entries.map(\.network) == ["Test", nil])
        // The same mask on the other network is an entry of its own.
        f.command("/ignore ada -network", network: "Other")
        f.recv(":ada!a@h PRIVMSG #natter :ada there again", network: "Other")
        #expect(!f.texts("Other").contains("ada there again"))
        #expect(f.model.settings.ignores.entries.count == 3)
    }

    /// `-time` lapses on the model's clock: hidden before, shown after, and gone from the list
    /// (whose change the config is told of).
    @Test func expiryOnTheClock() {
        let f = IgnoreFixture()
        let effects = f.command("/ignore ada -time 10m")
        // The fixture's clock stands at 1_700_000_008 after registering: ten minutes on.
        #expect(effects == [.ignoresChanged(["ada!*@* -until 2023-11-14T22:23:28Z"])])
        f.recv(":ada!a@h PRIVMSG #natter :during")
        f.clock += 60
        f.command("/ignore")
        #expect(f.texts().last == "1. ada!*@* ALL, on every network, 9 min left")
        f.clock += 600
        f.recv(":ada!a@h PRIVMSG #natter :after")
        #expect(!f.texts().contains("during") && f.texts().contains("after"))
        #expect(f.command("/ignore") == [.ignoresChanged([])])
        #expect(f.texts().last == "Nobody is ignored")
    }

    /// The log keeps what was hidden, marked so a reader can tell; reading the logs back
    /// leaves it out.
    @Test func theLogKeepsIgnoredLinesMarked() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("natter-ignore-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let logs = LogStore(root: root, timeZone: LocalZone.utc)
        let f = IgnoreFixture(logs: logs)
        f.command("/ignore ada")
        f.recv(":ada!a@h PRIVMSG #natter :hidden words")
        f.recv(":ada!a@h PART #natter :bye")
        f.recv(":bob!b@h PRIVMSG #natter :shown words")
        logs.closeAll()
        let day = Date(timeIntervalSince1970: f.clock)
        let written = logs.writtenLines(network: "Test", buffer: "#natter", on: day)
        #expect(written.contains { $0.hasSuffix(" [ignored] <ada> hidden words") })
        #expect(written.contains { $0.hasSuffix(" [ignored] <-- ada has left (bye)") })
        #expect(written.contains { $0.hasSuffix(" <bob> shown words") && !$0.contains("[ignored]") })
        let readBack = logs.lines(network: "Test", buffer: "#natter", before: day.addingTimeInterval(60), limit: 100)
        #expect(readBack.contains { $0.text == "shown words" })
        #expect(!readBack.contains { $0.nick == "ada" })
    }

    /// A bouncer replaying an ignored line the log holds already (dated before the link came
    /// up) does not write it again; one the log does not hold is written.
    @Test func aReplayedIgnoredLineIsLoggedOnce() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("natter-ignore-replay-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let logs = LogStore(root: root, timeZone: LocalZone.utc)
        let f = IgnoreFixture(logs: logs)
        f.command("/ignore ada")
        f.recv(":ada!a@h PRIVMSG #natter :said once")
        let said = Date(timeIntervalSince1970: f.clock)
        let stamp = ISO8601DateFormatter().string(from: said).replacingOccurrences(of: "Z", with: ".000Z")
        f.model.linkCameUp(network: "Test", at: said.addingTimeInterval(30))
        f.recv("@time=\(stamp) :ada!a@h PRIVMSG #natter :said once")
        f.recv("@time=\(stamp) :ada!a@h PRIVMSG #natter :missed while away")
        logs.closeAll()
        let written = logs.writtenLines(network: "Test", buffer: "#natter", on: said)
        #expect(written.filter { $0.hasSuffix("[ignored] <ada> said once") }.count == 1, "\(written)")
        #expect(written.filter { $0.hasSuffix("[ignored] <ada> missed while away") }.count == 1, "\(written)")
    }

    /// A search of the logs finds nothing of a line marked ignored, a message or an event.
    @Test func aSearchOfTheLogsPassesIgnoredLinesBy() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("natter-ignore-search-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(["09:00:00 [ignored] <troll> deploy spam", "09:01:00 [ignored] --> troll has joined",
                  "09:02:00 <bob> deploy ok", ""].joined(separator: "\n").utf8).write(to: folder.appendingPathComponent("2024-01-01.log"))
        func search(_ query: String) throws -> [String] {
            var hits: [LogHit] = []
            try LogSearch.run(folder: folder, timeZone: LocalZone.utc, query: query, before: Date(timeIntervalSince1970: 1_900_000_000)) {
                hits += $0
            }
            return hits.map(\.id)
        }
        #expect(try search("deploy") == ["log:2024-01-01:2"])
        #expect(try search("troll").isEmpty)
        #expect(try search("joined").isEmpty)
        #expect(try search("from:troll").isEmpty)
    }

    /// Typed forms: numbered listing with levels, network and time; `/unignore` by number or
    /// mask; mistakes answered with what is wrong, the list unchanged.
    @Test func listingRemovingAndMistakes() {
        let f = IgnoreFixture()
        f.command("/ignore ada JOINS parts -network")
        f.command("/ignore $a:troll")
        f.command("/ignore")
        #expect(f.texts().suffix(2) == ["1. ada!*@* JOINS PARTS, on Test", "2. $a:troll ALL, on every network"])
        #expect(f.command("/unignore 1") == [.ignoresChanged(["$a:troll"])])
        #expect(f.texts().last == "No longer ignoring ada!*@* on Test")
        for (typed, answer) in [("/ignore ada SHOUTS", "SHOUTS is not a level"), ("/ignore ada -time soon", "soon is not a duration"),
                                ("/ignore ada -time", "-time needs a duration"), ("/ignore -JOINS", "the mask comes first"),
                                ("/ignore ada -JOINS JOINS", "leave nothing to ignore"), ("/unignore 7", "no ignore numbered 7")] {
            #expect(f.command(typed).isEmpty)
            let last = f.lines().last!
            #expect(last.kind == .error && last.text.contains(answer), "\(typed): \(last.text)")
        }
        #expect(f.model.settings.ignores.masks == ["$a:troll"])
        #expect(f.command("/unignore $a:troll") == [.ignoresChanged([])])
    }

    /// What the configuration keeps reads back as the same entry; a bad one says what is wrong.
    @Test func configTextRoundTrips() throws {
        let until = Date(timeIntervalSince1970: 1_764_309_600)
        let entry = IgnoreEntry(mask: "bob!*@*.example.org", levels: [.joins, .parts, .quits], network: "Libera", expires: until)
        #expect(entry.configText == "bob!*@*.example.org JOINS PARTS QUITS -network Libera -until 2025-11-28T06:00:00Z")
        #expect(try IgnoreEntry.parse(config: entry.configText).get() == entry)
        #expect(IgnoreEntry(mask: "x", levels: IgnoreLevels.all.subtracting(.nicks)).configText == "x!*@* ALL -NICKS")
        let list = try IgnoreList(configured: [entry.configText, "old -until 2020-01-01T00:00:00Z"], now: until.addingTimeInterval(-1))
        #expect(list.entries == [entry])
        #expect(throws: IgnoreConfigError.self) { try IgnoreList(configured: ["ok", "bad -time 10m"], now: until) }
    }
}

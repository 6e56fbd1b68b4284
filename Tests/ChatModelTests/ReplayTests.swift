import ChatModel
import Foundation
import IRCProtocol
import IRCSession
import Testing

/// Lines a bouncer replays at every attach (ZNC's buffer playback), or a history batch repeats
/// after a reconnect or a restart: each shown once, in time order, logged once.
struct ReplayTests {
    /// A model on logs under `root`, registered and joined to #b at `attach`.
    final class Rig {
        let model: ChatModel
        let logs: LogStore
        var now: Date
        let channel = BufferID(network: "Z", name: "#b")

        init(root: URL, attach: Date, active: Bool = false) {
            logs = LogStore(root: root, timeZone: LocalZone.utc)
            model = ChatModel(logs: logs)
            model.addNetwork(name: "Z", configuration: SessionConfiguration(nick: "me", user: "me", realName: "Me"))
            now = attach
            if !active { model.windowFocused = false }
            connect(at: attach)
        }

        func connect(at time: Date) {
            now = time
            _ = model.handle(.connected(now: SessionTime(monotonic: 0, wall: time)), network: "Z")
            for line in [":znc CAP * LS :server-time batch", ":znc CAP me ACK :server-time batch", ":srv 001 me :Welcome",
                         ":srv 376 me :End", ":me!u@h JOIN #b"] { recv(line) }
        }

        func disconnect() {
            _ = model.handle(.disconnected(reason: "test", now: SessionTime(monotonic: 0, wall: now)), network: "Z")
        }

        func recv(_ line: String) {
            _ = model.handle(.received(try! IRCMessage(parsing: line), now: SessionTime(monotonic: 0, wall: now)), network: "Z")
        }

        /// ZNC's playback: a `znc.in/playback` batch of PRIVMSGs with their server-time.
        func playback(_ lines: [(String, String, String)]) {
            recv(":znc.in BATCH +p1 znc.in/playback #b")
            for (time, nick, text) in lines { recv("@batch=p1;time=\(time) :\(nick)!u@h PRIVMSG #b :\(text)") }
            recv(":znc.in BATCH -p1")
        }

        var texts: [String] { model.buffer(channel)!.scrollback.lines.filter(\.isMessage).map(\.text) }
        var logged: [String] {
            logs.closeAll()
            return logs.writtenLines(network: "Z", buffer: "#b", on: now).filter { $0.contains("<") }
        }
    }

    static let attach = Date(timeIntervalSince1970: 1_704_110_400)   // 2024-01-01 12:00:00 UTC
    static let played: [(String, String, String)] = [
        ("2024-01-01T11:59:01.100Z", "alice", "one"),
        ("2024-01-01T11:59:02.200Z", "bob", "same"),
        ("2024-01-01T11:59:02.700Z", "bob", "same"),   // a distinct line in the same second
        ("2024-01-01T11:59:03.000Z", "alice", "three"),
    ]

    func temporaryRoot() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("natter-replay-\(UUID().uuidString)")
    }

    @Test func playbackLandsBeforeTheJoinRowInTimeOrderAndCountsUnread() throws {
        let root = temporaryRoot()
        defer { try? FileManager.default.removeItem(at: root) }
        let rig = Rig(root: root, attach: Self.attach)
        rig.playback(Self.played)
        let lines = rig.model.buffer(rig.channel)!.scrollback.lines
        #expect(lines.map(\.time) == lines.map(\.time).sorted())
        #expect(rig.texts == ["one", "same", "same", "three"])
        #expect(lines.last?.kind == .join)
        // The marker goes before the first replayed line: the oldest the reader has not seen.
        let buffer = rig.model.buffer(rig.channel)!
        #expect(buffer.firstUnreadID == lines.first { $0.text == "one" }?.id)
        #expect(buffer.unread == 4)
        #expect(rig.logged.count == 4)
    }

    @Test func aSecondAttachAfterALinkCutRepeatsNothing() throws {
        let root = temporaryRoot()
        defer { try? FileManager.default.removeItem(at: root) }
        let rig = Rig(root: root, attach: Self.attach)
        rig.playback(Self.played)
        rig.disconnect()
        // ZNC keeps its buffer (AutoClearChanBuffer off) and adds what came while we were away.
        rig.connect(at: Self.attach.addingTimeInterval(60))
        rig.playback(Self.played + [("2024-01-01T12:00:30.000Z", "carol", "while away")])
        #expect(rig.texts == ["one", "same", "same", "three", "while away"])
        #expect(rig.logged.count == 5)
    }

    @Test func aRestartedClientRepeatsNothingTheLogsHold() throws {
        let root = temporaryRoot()
        defer { try? FileManager.default.removeItem(at: root) }
        let first = Rig(root: root, attach: Self.attach)
        first.playback(Self.played)
        first.logs.closeAll()
        // A new process: nothing in memory, the same logs.
        let second = Rig(root: root, attach: Self.attach.addingTimeInterval(120))
        second.playback(Self.played + [("2024-01-01T12:01:00.000Z", "carol", "new")])
        #expect(second.texts == ["new"])
        #expect(second.logged.map { $0.dropFirst(9) } == ["<alice> one", "<bob> same", "<bob> same", "<alice> three", "<carol> new"])
        // What the logs hold comes back when scrolling up, once.
        second.model.requestOlder(second.channel, now: SessionTime(monotonic: 0, wall: second.now))
        #expect(second.texts == ["one", "same", "same", "three", "new"])
        // In time order, although the log holds the first join row before the replay it got.
        let times = second.model.buffer(second.channel)!.scrollback.lines.map(\.time)
        #expect(times == times.sorted())
    }

    @Test func onlyAsManyCopiesAsWereShownAreDropped() throws {
        let root = temporaryRoot()
        defer { try? FileManager.default.removeItem(at: root) }
        let rig = Rig(root: root, attach: Self.attach)
        // Seen before the cut: one "same" (the first).
        rig.playback(Array(Self.played.prefix(2)))
        rig.disconnect()
        rig.connect(at: Self.attach.addingTimeInterval(60))
        // The second "same" of the same second was said while we were away: it stays.
        rig.playback(Self.played)
        #expect(rig.texts == ["one", "same", "same", "three"])
        #expect(rig.logged.filter { $0.hasSuffix("<bob> same") }.count == 2)
    }

    @Test func liveLinesAreNeverComparedEvenWhenTheyRepeatAReplay() throws {
        let root = temporaryRoot()
        defer { try? FileManager.default.removeItem(at: root) }
        let rig = Rig(root: root, attach: Self.attach)
        rig.playback(Self.played)
        rig.recv("@time=2024-01-01T12:00:01.000Z :alice!u@h PRIVMSG #b :one")
        rig.recv(":alice!u@h PRIVMSG #b :one")
        #expect(rig.texts.filter { $0 == "one" }.count == 3)
    }

    @Test func withoutLogsTheLinesInMemoryAreTheRecord() throws {
        let model = ChatModel()
        model.addNetwork(name: "Z", configuration: SessionConfiguration(nick: "me", user: "me", realName: "Me"))
        func connect(_ t: Date) {
            _ = model.handle(.connected(now: SessionTime(monotonic: 0, wall: t)), network: "Z")
            for line in [":znc CAP * LS :server-time", ":znc CAP me ACK :server-time", ":srv 001 me :Welcome", ":me!u@h JOIN #b"] {
                _ = model.handle(.received(try! IRCMessage(parsing: line), now: SessionTime(monotonic: 0, wall: t)), network: "Z")
            }
            for (time, nick, text) in Self.played {
                let line = "@time=\(time) :\(nick)!u@h PRIVMSG #b :\(text)"
                _ = model.handle(.received(try! IRCMessage(parsing: line), now: SessionTime(monotonic: 0, wall: t)), network: "Z")
            }
        }
        connect(Self.attach)
        _ = model.handle(.disconnected(reason: "cut", now: SessionTime(monotonic: 0, wall: Self.attach)), network: "Z")
        connect(Self.attach.addingTimeInterval(30))
        let texts = model.buffer(BufferID(network: "Z", name: "#b"))!.scrollback.lines.filter(\.isMessage).map(\.text)
        #expect(texts == ["one", "same", "same", "three"])
    }
}

/// The holes a reconnect leaves: filled with `CHATHISTORY AFTER` where the server has history,
/// marked by a row where it cannot be filled.
struct GapRowTests {
    let utc = LocalZone.utc
    static let t0 = Date(timeIntervalSince1970: 1_704_103_200)   // 2024-01-01 10:00:00 UTC

    func model(caps: String, isupport: String = "CHANTYPES=#") -> ChatModel {
        let model = ChatModel()
        model.windowFocused = false
        model.addNetwork(name: "N", configuration: SessionConfiguration(nick: "me", user: "me", realName: "Me"))
        return model
    }

    func connect(_ model: ChatModel, at time: Date, caps: String, isupport: String) {
        func recv(_ line: String) {
            _ = model.handle(.received(try! IRCMessage(parsing: line), now: SessionTime(monotonic: 0, wall: time)), network: "N")
        }
        _ = model.handle(.connected(now: SessionTime(monotonic: 0, wall: time)), network: "N")
        recv(":srv CAP * LS :\(caps)")
        recv(":srv CAP me ACK :\(caps)")
        recv(":srv 001 me :Welcome")
        recv(":srv 005 me \(isupport) :are supported")
        recv(":srv 376 me :End")
        recv("@time=\(ISO8601DateFormatter().string(from: time)) :me!u@h JOIN #c")
    }

    func recv(_ model: ChatModel, _ line: String, at time: Date) -> [IRCMessage] {
        model.handle(.received(try! IRCMessage(parsing: line), now: SessionTime(monotonic: 0, wall: time)), network: "N")
    }

    @Test func missedLinesFetchedAfterTheLastSeenGoBetweenItAndTheRejoin() throws {
        let caps = "batch server-time message-tags draft/chathistory"
        let isupport = "CHANTYPES=# CHATHISTORY=100"
        let model = model(caps: caps)
        connect(model, at: Self.t0, caps: caps, isupport: isupport)
        _ = recv(model, ":srv BATCH +l chathistory #c", at: Self.t0)
        _ = recv(model, ":srv BATCH -l", at: Self.t0)
        _ = recv(model, "@msgid=a;time=2024-01-01T10:00:01.000Z :bob!b@h PRIVMSG #c :seen", at: Self.t0)
        model.markRead(BufferID(network: "N", name: "#c"))
        _ = model.handle(.disconnected(reason: "cut", now: SessionTime(monotonic: 0, wall: Self.t0)), network: "N")
        let back = Self.t0.addingTimeInterval(600)
        connect(model, at: back, caps: caps, isupport: isupport)
        _ = recv(model, ":srv BATCH +p chathistory #c", at: back)
        _ = recv(model, "@batch=p;msgid=b;time=2024-01-01T10:03:00.000Z :bob!b@h PRIVMSG #c :missed one", at: back)
        _ = recv(model, "@batch=p;msgid=c;time=2024-01-01T10:04:00.000Z :carol!c@h PRIVMSG #c :missed two", at: back)
        _ = recv(model, ":srv BATCH -p", at: back)
        let buffer = try #require(model.network("N")?.buffer(named: "#c"))
        let lines = buffer.scrollback.lines
        #expect(lines.filter(\.isMessage).map(\.text) == ["seen", "missed one", "missed two"])
        #expect(lines.map(\.time) == lines.map(\.time).sorted())
        #expect(lines.last?.text == "Rejoined #c", "the rejoin says so after the disconnection's line")
        #expect(lines.contains { $0.text == "Disconnected: not in #c until the connection is back" })
        #expect(buffer.firstUnreadID == "b" && buffer.unread == 2)
        #expect(!lines.contains { $0.kind == .error })
    }

    @Test func withoutHistoryARowMarksTheHoleUntilAReplayReachesBackOverIt() throws {
        let caps = "batch server-time"
        let model = model(caps: caps)
        connect(model, at: Self.t0, caps: caps, isupport: "CHANTYPES=#")
        _ = recv(model, "@time=2024-01-01T10:00:01.000Z :bob!b@h PRIVMSG #c :seen", at: Self.t0)
        _ = model.handle(.disconnected(reason: "cut", now: SessionTime(monotonic: 0, wall: Self.t0)), network: "N")
        let back = Self.t0.addingTimeInterval(600)
        connect(model, at: back, caps: caps, isupport: "CHANTYPES=#")
        let buffer = try #require(model.network("N")?.buffer(named: "#c"))
        let gap = try #require(buffer.scrollback.lines.first { $0.kind == .error })
        #expect(gap.text == "Messages may be missing here (after 10:00:01 until 10:10:00): this server keeps no history to fetch them from")
        let seenIndex = buffer.scrollback.lines.firstIndex { $0.text == "seen" }!
        #expect(buffer.scrollback.lines[seenIndex + 1].text == "Disconnected: not in #c until the connection is back")
        #expect(buffer.scrollback.lines[seenIndex + 2].id == gap.id, "the row sits right after the last line seen and the disconnection")
        // InspIRCd's chanhistory replays the channel's last lines on join, from before the hole.
        _ = recv(model, ":srv BATCH +r chathistory #c", at: back)
        _ = recv(model, "@batch=r;time=2024-01-01T10:00:01.000Z :bob!b@h PRIVMSG #c :seen", at: back)
        _ = recv(model, "@batch=r;time=2024-01-01T10:05:00.000Z :bob!b@h PRIVMSG #c :while away", at: back)
        _ = recv(model, ":srv BATCH -r", at: back)
        #expect(!buffer.scrollback.lines.contains { $0.kind == .error })
        #expect(buffer.scrollback.lines.filter(\.isMessage).map(\.text) == ["seen", "while away"])
    }
}

/// `draft/read-marker` from another of our clients: what it read is not unread here.
struct ReadMarkerModelTests {
    @Test func aMarkerShrinksTheUnreadToWhatCameAfterIt() throws {
        let model = ChatModel()
        model.windowFocused = false
        model.addNetwork(name: "N", configuration: SessionConfiguration(nick: "me", user: "me", realName: "Me"))
        let now = SessionTime(monotonic: 0, wall: Date(timeIntervalSince1970: 1_704_110_400))
        func recv(_ line: String) { _ = model.handle(.received(try! IRCMessage(parsing: line), now: now), network: "N") }
        _ = model.handle(.connected(now: now), network: "N")
        model.linkCameUp(network: "N", at: .distantPast)
        for line in [":srv CAP * LS :server-time draft/read-marker", ":srv CAP me ACK :server-time draft/read-marker",
                     ":srv 001 me :Welcome", ":me!u@h JOIN #c"] { recv(line) }
        recv("@time=2024-01-01T10:00:01.000Z :bob!b@h PRIVMSG #c :one")
        recv("@time=2024-01-01T10:00:02.000Z :bob!b@h PRIVMSG #c :two, me")
        recv("@time=2024-01-01T10:00:03.000Z :bob!b@h PRIVMSG #c :three")
        let buffer = try #require(model.network("N")?.buffer(named: "#c"))
        #expect(buffer.unread == 3 && buffer.highlights == 1)
        // Our phone read up to "two".
        recv(":srv MARKREAD #c timestamp=2024-01-01T10:00:02.000Z")
        #expect(buffer.unread == 1 && buffer.highlights == 0)
        #expect(buffer.firstUnreadID == buffer.lines.first { $0.text == "three" }?.id)
        // An older marker changes nothing; a line it covers, arriving later, is not unread.
        recv(":srv MARKREAD #c timestamp=2024-01-01T10:00:01.000Z")
        #expect(buffer.unread == 1)
        recv("@time=2024-01-01T10:00:01.500Z :carol!c@h PRIVMSG #c :late, but read elsewhere")
        #expect(buffer.unread == 1)
        recv(":srv MARKREAD #c timestamp=2024-01-01T10:00:09.000Z")
        #expect(buffer.unread == 0 && buffer.firstUnreadID == nil)
    }
}

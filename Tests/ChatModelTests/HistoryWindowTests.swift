import ChatModel
import Foundation
import IRCProtocol
import IRCSession
import Testing

/// Reading away from the live end: the page around a message that is not loaded opens a window
/// in place of the buffer's lines, from the server's CHATHISTORY AROUND or from the logs; live
/// lines go on arriving beside it; returning to the live lines closes it.
struct HistoryWindowTests {
    let model: ChatModel
    let root: URL
    var clock = 1_704_067_200.0   // 2024-01-01T00:00:00Z
    let channel = BufferID(network: "Test", name: "#natter")

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("natter-window-\(UUID().uuidString)")
        let logs = LogStore(root: root, timeZone: LocalZone.utc)
        model = ChatModel(settings: ModelSettings(scrollbackCap: 50, trimBatch: 10, historyPageSize: 20), logs: logs)
        model.addNetwork(name: "Test", configuration: SessionConfiguration(nick: "me", user: "me", realName: "Me"))
    }

    var now: SessionTime { SessionTime(monotonic: clock - 1_704_067_200, wall: Date(timeIntervalSince1970: clock)) }

    /// `time=` tag text for `seconds` since 1970.
    static func stamp(_ seconds: Double) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: Date(timeIntervalSince1970: seconds))
    }

    @discardableResult
    mutating func recv(_ line: String) -> [String] {
        clock += 1
        return model.handle(.received(try! IRCMessage(parsing: line), now: now), network: "Test").map { $0.serialized() }
    }

    mutating func register(history: Bool) {
        _ = model.handle(.connected(now: now), network: "Test")
        let caps = history ? "batch server-time message-tags draft/chathistory" : "server-time message-tags"
        recv(":srv CAP * LS :\(caps)")
        recv(":srv CAP me ACK :\(caps)")
        recv(":srv 001 me :Welcome")
        recv(":srv 005 me CHANTYPES=# \(history ? "CHATHISTORY=50 " : ""):are supported")
        recv(":srv 376 me :End of MOTD")
        recv(":me!u@h JOIN #natter")
        recv(":srv 366 me #natter :End of NAMES")
        if history {
            recv(":srv BATCH +l chathistory #natter")
            recv(":srv BATCH -l")
        }
    }

    @Test mutating func aPageFromTheLogsReplacesTheLinesUntilTheReaderReturns() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        register(history: false)
        // 200 messages are logged over a day; only the newest 50 stay in memory.
        for k in 0..<200 {
            clock += 59
            recv("@time=\(Self.stamp(clock)) :alice!a@h PRIVMSG #natter :line \(k)")
        }
        let buffer = try #require(model.buffer(channel))
        #expect(buffer.scrollback.count <= 50 && buffer.showsNewest)
        #expect(!buffer.lines.contains { $0.text == "line 20" })
        _ = model.takeChanges()

        // What a search of the logs would give: line 20's id and time.
        let everything = model.logs!.lines(network: "Test", buffer: "#natter", before: .distantFuture, limit: 1000)
        let target = try #require(everything.first { $0.text == "line 20" })
        let lines = try #require(model.requestAround(channel, lineID: target.id, time: target.time, now: now))
        #expect(lines.isEmpty)                                          // read at once, nothing sent
        #expect(model.takeChanges().contains(.windowChanged(channel)))
        #expect(!buffer.showsNewest)
        let shown = buffer.shown.lines.map(\.text)
        #expect(shown == (10..<30).map { "line \($0)" })                // ten before, ten from it on
        #expect(buffer.shown.lines.contains { $0.id == target.id })

        // Live lines go to the scrollback (and the logs), not into the page.
        recv("@time=\(Self.stamp(clock + 60)) :bob!b@h PRIVMSG #natter :live")
        #expect(buffer.shown.lines.map(\.text) == shown)
        #expect(buffer.scrollback.lines.last?.text == "live")
        #expect(model.takeChanges().contains(.linesAppended(channel, count: 1)))

        // Older pages go above the page.
        #expect(model.requestOlder(channel, now: now).isEmpty)
        let older = everything.prefix { $0.text != "line 10" }
        #expect(buffer.shown.lines.map(\.id) == Array(older.suffix(20).map(\.id)) + Array(buffer.shown.lines.suffix(20).map(\.id)))
        #expect(buffer.shown.lines.contains { $0.text == "line 0" })

        model.returnToLive(channel)
        #expect(buffer.showsNewest)
        #expect(model.takeChanges().contains(.windowChanged(channel)))
        #expect(buffer.shown.lines.last?.text == "live")
    }

    @Test mutating func aPageFromTheServerAroundAMsgidOpensTheWindowWithLinesSeenBefore() throws {
        register(history: true)
        recv("@time=2024-01-02T10:00:00.000Z;msgid=live1 :alice!a@h PRIVMSG #natter :live one")
        _ = model.takeChanges()
        let sent = try #require(model.requestAround(channel, lineID: "m5", time: nil, now: now))
        #expect(sent.map { $0.serialized() } == ["CHATHISTORY AROUND #natter msgid=m5 20"])
        let buffer = try #require(model.buffer(channel))
        #expect(buffer.isLoadingAround)
        #expect(model.requestAround(channel, lineID: "m6", time: nil, now: now) == nil)   // one at a time
        recv(":srv BATCH +a chathistory #natter")
        for k in 0..<10 {
            recv("@batch=a;time=2023-12-01T10:0\(k):00.000Z;msgid=m\(k) :bob!b@h PRIVMSG #natter :old \(k)")
        }
        recv(":srv BATCH -a")
        #expect(!buffer.isLoadingAround)
        #expect(buffer.shown.lines.map(\.id) == (0..<10).map { "m\($0)" })
        #expect(model.takeChanges().contains(.windowChanged(channel)))
        // The same page again (the reader came back to it): every line is shown again, none is
        // dropped as already seen.
        model.returnToLive(channel)
        _ = try #require(model.requestAround(channel, lineID: "m5", time: nil, now: now))
        recv(":srv BATCH +b chathistory #natter")
        for k in 0..<10 {
            recv("@batch=b;time=2023-12-01T10:0\(k):00.000Z;msgid=m\(k) :bob!b@h PRIVMSG #natter :old \(k)")
        }
        recv(":srv BATCH -b")
        #expect(buffer.shown.lines.map(\.id) == (0..<10).map { "m\($0)" })
        #expect(buffer.scrollback.lines.last?.id == "live1")
    }

    @Test mutating func aPageThatReachesTheLiveLinesJoinsThemInstead() throws {
        register(history: true)
        recv("@time=2024-01-01T10:00:00.000Z;msgid=k3 :alice!a@h PRIVMSG #natter :three")
        recv("@time=2024-01-01T10:01:00.000Z;msgid=k4 :alice!a@h PRIVMSG #natter :four")
        _ = try #require(model.requestAround(channel, lineID: "k1", time: nil, now: now))
        _ = model.takeChanges()
        recv(":srv BATCH +a chathistory #natter")
        // The three older lines come before everything held (the join too): they go on top.
        for k in 0..<3 {
            recv("@batch=a;time=2023-12-31T23:5\(5 + k):00.000Z;msgid=k\(k) :bob!b@h PRIVMSG #natter :\(k)")
        }
        recv("@batch=a;time=2024-01-01T10:00:00.000Z;msgid=k3 :alice!a@h PRIVMSG #natter :three")
        recv("@batch=a;time=2024-01-01T10:01:00.000Z;msgid=k4 :alice!a@h PRIVMSG #natter :four")
        recv(":srv BATCH -a")
        let buffer = try #require(model.buffer(channel))
        #expect(buffer.showsNewest)
        #expect(buffer.lines.filter(\.isMessage).map(\.id) == ["k0", "k1", "k2", "k3", "k4"])
        let changes = model.takeChanges()
        #expect(changes.contains(.linesPrepended(channel, count: 3)))
        #expect(!changes.contains(.windowChanged(channel)))
    }

    @Test mutating func withoutHistoryOrLogsThereIsNoPage() {
        let bare = ChatModel(settings: ModelSettings())
        bare.addNetwork(name: "Test", configuration: SessionConfiguration(nick: "me", user: "me", realName: "Me"))
        _ = bare.handle(.connected(now: now), network: "Test")
        for line in [":srv 001 me :Welcome", ":srv 376 me :End of MOTD", ":me!u@h JOIN #natter"] {
            _ = bare.handle(.received(try! IRCMessage(parsing: line), now: now), network: "Test")
        }
        #expect(bare.requestAround(channel, lineID: "m1", time: Date(), now: now) == nil)
    }

    @Test mutating func aFailedOrCutRequestStopsWaiting() throws {
        register(history: true)
        let buffer = try #require(model.buffer(channel))
        _ = try #require(model.requestAround(channel, lineID: "m5", time: nil, now: now))
        #expect(buffer.isLoadingAround)
        recv(":srv FAIL CHATHISTORY MESSAGE_ERROR AROUND #natter :Messages could not be retrieved")
        #expect(!buffer.isLoadingAround)
        #expect(!model.requestOlder(channel, now: now).isEmpty)
        #expect(buffer.isLoadingOlder)
        _ = model.handle(.disconnected(reason: "cut", now: now), network: "Test")
        #expect(!buffer.isLoadingOlder)
        #expect(model.takeChanges().contains(.linesPrepended(channel, count: 0)))
    }

    @Test mutating func olderPagesKeepLinesThatAPageAroundShowedBefore() throws {
        register(history: true)
        _ = try #require(model.requestAround(channel, lineID: "m5", time: nil, now: now))
        recv(":srv BATCH +a chathistory #natter")
        for k in 0..<10 {
            recv("@batch=a;time=2023-12-01T10:0\(k):00.000Z;msgid=m\(k) :bob!b@h PRIVMSG #natter :old \(k)")
        }
        recv(":srv BATCH -a")
        model.returnToLive(channel)
        let buffer = try #require(model.buffer(channel))
        // Back live, the same lines come as an older page: they are history, not duplicates.
        #expect(!model.requestOlder(channel, now: now).isEmpty)
        recv(":srv BATCH +b chathistory #natter")
        for k in 0..<10 {
            recv("@batch=b;time=2023-12-01T10:0\(k):00.000Z;msgid=m\(k) :bob!b@h PRIVMSG #natter :old \(k)")
        }
        recv(":srv BATCH -b")
        #expect(buffer.showsNewest)
        #expect(buffer.lines.filter(\.isMessage).map(\.id) == (0..<10).map { "m\($0)" })
    }
}

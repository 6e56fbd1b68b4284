import ChatModel
import Foundation
import IRCProtocol
import IRCSession
import Testing

/// Server lines go through the real IRCSession into the model, as in the app.
struct ChatModelTests {
    let model: ChatModel
    var clock = 1_700_000_000.0

    init() {
        model = ChatModel(settings: ModelSettings(scrollbackCap: 50, trimBatch: 10,
                                                  highlights: HighlightRules(keywords: ["natter"])))
        model.addNetwork(name: "Test", configuration: SessionConfiguration(nick: "me", user: "me", realName: "Me"))
    }

    var now: SessionTime { SessionTime(monotonic: clock - 1_700_000_000, wall: Date(timeIntervalSince1970: clock)) }

    @discardableResult
    mutating func recv(_ line: String) -> [String] {
        clock += 1
        return model.handle(.received(try! IRCMessage(parsing: line), now: now), network: "Test").map { $0.serialized() }
    }

    @discardableResult
    mutating func intent(_ intent: UserIntent) -> [String] {
        clock += 1
        return model.handle(.intent(intent, now: now), network: "Test").map { $0.serialized() }
    }

    mutating func register() {
        _ = model.handle(.connected(now: now), network: "Test")
        recv(":srv CAP * LS :multi-prefix")
        recv(":srv CAP me ACK :multi-prefix")
        recv(":srv 001 me :Welcome")
        recv(":srv 005 me CHANTYPES=# PREFIX=(ov)@+ CASEMAPPING=rfc1459 :are supported")
        recv(":srv 376 me :End of MOTD")
    }

    mutating func join(_ channel: String) {
        recv(":me!u@h JOIN \(channel)")
        recv(":srv 353 me = \(channel) :me @op +voice alice bob")
        recv(":srv 366 me \(channel) :End of NAMES")
    }

    var channel: BufferID { BufferID(network: "Test", name: "#natter") }

    @Test mutating func joiningOpensAChannelBufferAndNamesSortByRank() {
        register()
        join("#Natter")
        let buffer = model.buffer(channel)
        #expect(buffer?.isJoined == true && buffer?.kind == .channel)
        #expect(buffer?.lines.last?.kind == .join)
        let members = model.network("Test")!.sortedMembers(of: "#natter")
        #expect(members.map(\.nick) == ["op", "voice", "alice", "bob", "me"])
        #expect(members.map(\.prefixes) == ["@", "+", "", "", ""])
    }

    @Test mutating func anEmptyServerPageWithoutLogsTellsTheScreenTheOldestIsReached() {
        _ = model.handle(.connected(now: now), network: "Test")
        recv(":srv CAP * LS :batch server-time message-tags draft/chathistory")
        recv(":srv CAP me ACK :batch server-time message-tags draft/chathistory")
        recv(":srv 001 me :Welcome")
        recv(":srv 005 me CHANTYPES=# CHATHISTORY=50 :are supported")
        recv(":srv 376 me :End of MOTD")
        join("#natter")
        // Asked while the LATEST of the join still runs: refused, and not left loading.
        #expect(model.requestOlder(channel, now: now).isEmpty)
        #expect(model.buffer(channel)?.isLoadingOlder == false)
        recv(":srv BATCH +b0 chathistory #natter")
        recv("@batch=b0;time=2024-01-01T00:00:00.000Z;msgid=m1 :alice!a@h PRIVMSG #natter :first")
        recv(":srv BATCH -b0")
        _ = model.takeChanges()
        #expect(model.logs == nil)
        let request = model.requestOlder(channel, now: now).map { $0.serialized() }
        // Anchored at the oldest row, the join (a local row: by its time).
        #expect(request.count == 1 && request[0].hasPrefix("CHATHISTORY BEFORE #natter timestamp="))
        #expect(model.buffer(channel)?.isLoadingOlder == true)
        // The answer comes later, in another frame: empty.
        recv(":srv BATCH +b1 chathistory #natter")
        recv(":srv BATCH -b1")
        let buffer = model.buffer(channel)!
        #expect(!buffer.isLoadingOlder && buffer.reachedOldest)
        #expect(model.takeChanges().contains(.linesPrepended(channel, count: 0)))
        #expect(model.requestOlder(channel, now: now).isEmpty)
    }

    @Test mutating func theTopicOnJoiningMakesOneLineAndAChangeAnother() {
        register()
        recv(":me!u@h JOIN #natter")
        recv(":srv 332 me #natter :Welcome here")
        recv(":srv 333 me #natter alice 1700000000")
        recv(":srv 353 me = #natter :me @alice")
        recv(":srv 366 me #natter :End of NAMES")
        let topicLines = { (model: ChatModel) in
            (model.buffer(BufferID(network: "Test", name: "#natter"))?.lines ?? []).filter { $0.kind == .topic }
        }
        #expect(topicLines(model).map(\.text) == ["Welcome here"])
        #expect(topicLines(model).map(\.nick) == [nil])
        recv(":alice!a@h TOPIC #natter :New topic")
        #expect(topicLines(model).map(\.text) == ["Welcome here", "New topic"])
        #expect(topicLines(model).last?.nick == "alice")
        #expect(model.buffer(channel)?.topic == "New topic")
    }

    @Test mutating func messagesCountUnreadAndHighlightsUnlessBeingRead() {
        register()
        join("#natter")
        _ = model.takeChanges()
        recv(":alice!a@h PRIVMSG #natter :hello all")
        recv(":alice!a@h PRIVMSG #natter :hey me, look")
        recv(":bob!b@h PRIVMSG #natter :I like \u{02}Natter\u{02}")
        let buffer = model.buffer(channel)!
        #expect(buffer.unread == 3 && buffer.highlights == 2)
        #expect(buffer.firstUnreadID == buffer.lines[buffer.lines.count - 3].id)
        let changes = model.takeChanges()
        #expect(changes.filter { if case .notify = $0 { return true } else { return false } }.count == 2)
        model.activeBuffer = channel
        #expect(buffer.unread == 0 && buffer.firstUnreadID == nil)
        recv(":alice!a@h PRIVMSG #natter :you are reading this")
        #expect(buffer.unread == 0)
        model.windowFocused = false
        recv(":alice!a@h PRIVMSG #natter :but not now")
        #expect(buffer.unread == 1)
    }

    @Test mutating func ignoredSendersAreHidden() {
        register()
        join("#natter")
        model.settings.ignores.add("alice")
        let before = model.buffer(channel)!.lines.count
        recv(":Alice!a@h PRIVMSG #natter :spam")
        recv(":bob!b@h PRIVMSG #natter :fine")
        #expect(model.buffer(channel)!.lines.count == before + 1)
    }

    @Test mutating func queriesOpenAndFollowNickChanges() {
        register()
        join("#natter")
        recv(":bob!b@h PRIVMSG me :psst")
        let query = BufferID(network: "Test", name: "bob")
        #expect(model.buffer(query)?.kind == .query && model.buffer(query)?.unread == 1)
        recv(":bob!b@h NICK :Bobby")
        #expect(model.buffer(query) == nil)
        let renamed = model.network("Test")!.buffer(named: "bobby")
        #expect(renamed?.name == "Bobby" && renamed?.lines.count == 2)
        #expect(model.buffer(channel)!.lines.last?.kind == .nickChange(newNick: "Bobby"))
    }

    @Test mutating func scrollbackTrimIsReported() {
        register()
        join("#natter")
        _ = model.takeChanges()
        for n in 0..<60 { recv(":alice!a@h PRIVMSG #natter :line \(n)") }
        let trimmed = model.takeChanges().reduce(0) { sum, change in
            if case .linesTrimmed(_, let count) = change { return sum + count } else { return sum }
        }
        #expect(model.buffer(channel)!.lines.count <= 50)
        #expect(trimmed > 0 && trimmed % 10 == 0)
        #expect(model.buffer(channel)!.lines.last?.text == "line 59")
    }

    @Test mutating func messagesTypedWhileDisconnectedAreKeptAndSentInPlace() {
        register()
        join("#natter")
        _ = model.handle(.disconnected(reason: "gone", now: now), network: "Test")
        let sent = intent(.sendMessage(target: "#natter", text: "are you there?"))
        #expect(sent.isEmpty)
        let buffer = model.buffer(channel)!
        let index = buffer.lines.count - 1
        #expect(buffer.lines[index].delivery == .pending && buffer.lines[index].text == "are you there?")
        // Reconnect: the queued line goes out after registration, and its row becomes a normal one.
        _ = model.handle(.connected(now: now), network: "Test")
        recv(":srv CAP * LS :")
        recv(":srv 001 me :Welcome")
        recv(":srv 005 me CHANTYPES=# PREFIX=(ov)@+ :are supported")
        var out = recv(":srv 376 me :End of MOTD")
        out += recv(":me!u@h JOIN #natter")
        #expect(out.contains("PRIVMSG #natter :are you there?"), "sent: \(out)")
        let row = buffer.lines.first { $0.text == "are you there?" }
        #expect(row?.delivery == .delivered && row?.isOwn == true)
        #expect(buffer.lines.filter { $0.text == "are you there?" }.count == 1)
    }

    @Test mutating func eventRowsTakeTheLinesServerTime() {
        register()
        join("#natter")
        recv("@time=2020-05-06T07:08:09.500Z :bob!b@h JOIN #natter")
        let row = model.buffer(channel)?.lines.first { $0.kind == .join && $0.nick == "bob" }
        #expect(row?.time == Date(timeIntervalSince1970: 1_588_748_889.5))
        // Dated before the link came up (a replay): it goes where its time puts it, before ours.
        #expect(model.buffer(channel)?.lines.map(\.time) == model.buffer(channel)?.lines.map(\.time).sorted())
    }
}

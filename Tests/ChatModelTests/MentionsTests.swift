import ChatModel
import Foundation
import IRCProtocol
import IRCSession
import Testing

/// The mentions view: highlights and private messages of every network, copied with where they
/// were said, leading back to the original.
struct MentionsTests {
    let model: ChatModel
    var clock = 1_700_000_000.0

    init() {
        model = ChatModel(settings: ModelSettings(scrollbackCap: 4, trimBatch: 2))
        for name in ["One", "Two"] {
            model.addNetwork(name: name, configuration: SessionConfiguration(nick: "me", user: "me", realName: "Me"))
        }
    }

    var now: SessionTime { SessionTime(monotonic: clock - 1_700_000_000, wall: Date(timeIntervalSince1970: clock)) }

    mutating func recv(_ line: String, on network: String) {
        clock += 1
        _ = model.handle(.received(try! IRCMessage(parsing: line), now: now), network: network)
    }

    mutating func register(_ network: String) {
        _ = model.handle(.connected(now: now), network: network)
        recv(":srv 001 me :Welcome", on: network)
        recv(":srv 376 me :End of MOTD", on: network)
        recv(":me!u@h JOIN #chan", on: network)
    }

    @Test mutating func highlightsAndPrivateMessagesOfEveryNetworkLeadBackToTheirLines() throws {
        register("One")
        register("Two")
        recv(":alice!a@h PRIVMSG #chan :just chatting", on: "One")
        recv(":alice!a@h PRIVMSG #chan :me: a question for you", on: "One")
        recv(":bob!b@h PRIVMSG me :psst", on: "Two")
        let mentions = model.mentions
        #expect(model.buffer(.mentions) === mentions)
        #expect(mentions.lines.map(\.text) == ["me: a question for you", "psst"])
        #expect(mentions.lines.map(\.context) == ["#chan, One", "private, Two"])
        #expect(mentions.unread == 2)
        let first = try #require(mentions.lines.first)
        let source = try #require(model.mentionSource(of: first.id))
        #expect(source.buffer == BufferID(network: "One", name: "#chan"))
        #expect(model.buffer(source.buffer)?.lines.contains { $0.id == source.lineID && $0.text == first.text } == true)
        // Reading the view clears its count; a mention while it is read is not unread.
        model.activeBuffer = .mentions
        #expect(mentions.unread == 0)
        recv(":carol!c@h PRIVMSG #chan :me, again", on: "Two")
        #expect(mentions.unread == 0 && mentions.lines.count == 3)
    }

    @Test mutating func oldMentionsGoWithTheCapAndTheirSourcesWithThem() throws {
        register("One")
        for k in 0..<6 { recv(":alice!a@h PRIVMSG #chan :me: ping \(k)", on: "One") }
        let mentions = model.mentions
        #expect(mentions.scrollback.count <= 4)
        #expect(mentions.lines.last?.text == "me: ping 5")
        let gone = "mention-gone"
        #expect(model.mentionSource(of: gone) == nil)
        for line in mentions.lines { #expect(model.mentionSource(of: line.id) != nil) }
    }
}

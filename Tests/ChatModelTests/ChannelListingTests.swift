import ChatModel
import Foundation
import IRCProtocol
import IRCSession
import Testing

/// LIST's answer is kept as entries for the channel list view, not as lines of text.
struct ChannelListingTests {
    let model = ChatModel()
    var clock = 0.0

    init() {
        model.addNetwork(name: "Net", configuration: SessionConfiguration(nick: "me", user: "me", realName: "Me"))
        _ = model.handle(.connected(now: SessionTime(0)), network: "Net")
    }

    mutating func recv(_ line: String) {
        clock += 1
        _ = model.handle(.received(try! IRCMessage(parsing: line), now: SessionTime(clock)), network: "Net")
    }

    @Test mutating func entriesArriveInOrderWithTheirTopicsPlainAndTheBufferHoldsNoLines() throws {
        recv(":srv 001 me :Welcome")
        _ = model.takeChanges()
        recv(":srv 321 me Channel :Users Name")
        let buffer = try #require(model.network("Net")?.buffers.first { $0.kind == .channelList })
        #expect(model.takeChanges().contains(.channelListChanged(buffer.id)))
        #expect(model.channelListing(network: "Net") == ChannelListing())
        recv(":srv 322 me #a 5 :\u{02}bold\u{02} and \u{03}04red\u{03} topic")
        recv(":srv 322 me #b notanumber")
        #expect(model.channelListing(network: "Net")?.isComplete == false)
        recv(":srv 323 me :End of /LIST")
        let listing = try #require(model.channelListing(network: "Net"))
        #expect(listing.isComplete)
        #expect(listing.entries == [.init(name: "#a", users: 5, topic: "bold and red topic"), .init(name: "#b", users: 0, topic: "")])
        #expect(buffer.scrollback.lines.isEmpty)
        #expect(model.takeChanges().contains(.channelListChanged(buffer.id)))
    }

    /// InspIRCd and UnrealIRCd list a channel's modes before its topic: they are kept apart
    /// (the topic then reads as the topic, and may be empty); brackets that are not modes stay.
    @Test mutating func modesBeforeTheTopicAreKeptApart() throws {
        recv(":srv 321 me Channel :Users Name")
        recv(":srv 322 me #a 5 :[+Hnt 50:1d] the topic")
        recv(":srv 322 me #b 3 :[+nt] ")
        recv(":srv 322 me #c 2 :[+ntk] \u{02}bold\u{02} topic")
        recv(":srv 322 me #d 1 :[+1] agreed, [+nt] is not at the start")
        recv(":srv 322 me #e 1 :[news] today")
        recv(":srv 322 me #f 1 :[+] nothing")
        let entries = try #require(model.channelListing(network: "Net")?.entries)
        #expect(entries.map(\.modes) == ["+Hnt 50:1d", "+nt", "+ntk", "", "", ""])
        #expect(entries.map(\.topic) == ["the topic", "", "bold topic", "[+1] agreed, [+nt] is not at the start", "[news] today",
                                         "[+] nothing"])
    }

    /// A second LIST starts over; a server that sends no RPL_LISTSTART does too.
    @Test mutating func aNewListReplacesTheOld() {
        recv(":srv 321 me Channel :Users Name")
        recv(":srv 322 me #old 1 :old")
        recv(":srv 323 me :End of /LIST")
        recv(":srv 322 me #new 2 :new")
        #expect(model.channelListing(network: "Net")?.entries.map(\.name) == ["#new"])
        #expect(model.channelListing(network: "Net")?.isComplete == false)
        recv(":srv 323 me :End of /LIST")
        recv(":srv 321 me Channel :Users Name")
        #expect(model.channelListing(network: "Net")?.entries.isEmpty == true)
    }

    /// A network's 50,000 channels do not queue 50,000 changes: one per 500 entries.
    @Test mutating func aLongListQueuesFewChanges() {
        recv(":srv 321 me Channel :Users Name")
        _ = model.takeChanges()
        for n in 0..<5_000 { recv(":srv 322 me #c\(n) \(n) :topic") }
        let changes = model.takeChanges().filter { if case .channelListChanged = $0 { true } else { false } }
        #expect(changes.count == 10)
        #expect(model.channelListing(network: "Net")?.entries.count == 5_000)
    }
}

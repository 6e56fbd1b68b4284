import ChatModel
import Foundation
import IRCProtocol
import IRCSession
import Testing

/// The server buffer marks where its new lines begin, as every buffer does, without counting
/// them as unread.
struct ServerBufferMarkerTests {
    @Test func newServerLinesAreMarkedNotCounted() throws {
        let model = ChatModel()
        let now = SessionTime(monotonic: 0, wall: Date(timeIntervalSince1970: 1_700_000_000))
        model.addNetwork(name: "Net", configuration: SessionConfiguration(nick: "me", user: "me", realName: "me"))
        let server = BufferID(network: "Net", name: "")
        model.activeBuffer = server
        model.deliver(.connected(now: now), network: "Net")
        model.deliver(.received(try IRCMessage(parsing: ":srv 001 me :Welcome"), now: now), network: "Net")
        let buffer = try #require(model.buffer(server))
        #expect(buffer.firstUnreadID == nil, "read as it came")
        model.activeBuffer = BufferID(network: "Net", name: "#elsewhere")
        model.deliver(.received(try IRCMessage(parsing: ":srv 372 me :- the MOTD"), now: now), network: "Net")
        model.deliver(.received(try IRCMessage(parsing: ":srv 372 me :- more of it"), now: now), network: "Net")
        let firstNew = buffer.lines.suffix(2).first?.id
        #expect(buffer.firstUnreadID == firstNew)
        #expect(buffer.unread == 0)
        model.activeBuffer = server
        #expect(buffer.firstUnreadID == nil, "looked at: read")
    }
}

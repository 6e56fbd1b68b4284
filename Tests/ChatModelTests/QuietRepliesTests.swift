import ChatModel
import Foundation
import IRCProtocol
import IRCSession
import Testing

/// What opens no conversation: our own /notice to someone (said where it was typed), our
/// client's automatic CTCP answers coming back by echo-message, and CTCP answers nobody here
/// asked for. Each would otherwise add a query buffer the user never opened.
struct QuietRepliesTests {
    @Test func ourNoticeToSomeoneIsSaidWhereTypedAndOpensNoQuery() throws {
        let rig = CommandRig(caps: "echo-message")
        rig.model.activeBuffer = rig.channel
        #expect(rig.sends("/notice bob the build is green") == ["NOTICE bob :the build is green"])
        rig.receive([":me!u@h NOTICE bob :the build is green"])   // the echo
        #expect(rig.model.network("Test")?.buffer(named: "bob") == nil)
        #expect(rig.lastNote() == "Notice sent to bob: the build is green")
        #expect(rig.model.buffer(rig.channel)?.lines.filter { $0.text == "the build is green" }.isEmpty == true)
        // With a conversation open, the notice shows in it.
        rig.run("/query bob")
        rig.run("/notice bob second", in: rig.server)
        rig.receive([":me!u@h NOTICE bob :second"])
        #expect(rig.model.network("Test")?.buffer(named: "bob")?.lines.last?.text == "second")
    }

    @Test func ourNoticeWithoutConversationIsLoggedUnderTheNick() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("natter-quiet-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let logs = LogStore(root: folder, timeZone: LocalZone.utc)
        let rig = CommandRig(caps: "echo-message", logs: logs)
        rig.run("/notice Bob kept")
        rig.receive([":me!u@h NOTICE Bob :kept"])
        let written = logs.writtenLines(network: "Test", buffer: "bob", on: rig.now.wall)
        #expect(written.contains { $0.contains("kept") }, "\(written)")
    }

    @Test func ctcpAnswersNobodyAskedForShowWhereTheUserIs() {
        let rig = CommandRig(caps: "echo-message")
        rig.model.activeBuffer = rig.channel
        // Our client answering ada's VERSION comes back by echo-message: no query with ada.
        rig.receive([":me!u@h NOTICE ada :\u{1}VERSION Natter\u{1}"])
        // An answer to a request we never made.
        rig.receive([":eve!e@eve.example NOTICE me :\u{1}TIME Sat Nov 28 04:00:00 2026\u{1}"])
        let network = rig.model.network("Test")
        #expect(network?.buffer(named: "ada") == nil)
        #expect(network?.buffer(named: "eve") == nil)
        #expect(rig.model.buffer(rig.channel)?.lines.contains { $0.nick == "eve" } == true)
        // Our own automatic answer shows nowhere (one per request would fill the channel).
        #expect(rig.model.buffer(rig.channel)?.lines.contains { $0.isOwn && $0.text.contains("Natter") } == false)
        // Asked for, it shows where it was asked, as before.
        rig.run("/ctcp eve VERSION", in: rig.server)
        rig.receive([":eve!e@eve.example NOTICE me :\u{1}VERSION irssi\u{1}"])
        #expect(rig.model.buffer(rig.server)?.lines.last?.nick == "eve")
        #expect(network?.buffer(named: "eve") == nil)
    }

    /// Someone ignored for CTCPS gets no answer to their requests (as in irssi); others do.
    @Test func anIgnoredRequesterGetsNoAnswer() {
        let rig = CommandRig()
        rig.run("/ignore eve CTCPS")
        #expect(rig.sends("/names").count == 1)   // (anything, to clear what was sent)
        rig.sent = []
        rig.receive([":eve!e@eve.example PRIVMSG me :\u{1}VERSION\u{1}", ":bob!b@bob.example PRIVMSG me :\u{1}VERSION\u{1}"])
        #expect(rig.sent.count == 1 && rig.sent.first?.hasPrefix("NOTICE bob :\u{1}VERSION ") == true, "\(rig.sent)")
    }

    /// A notice typed while disconnected waits for the connection without opening a query.
    @Test func aNoticeWaitingForTheConnectionOpensNoQuery() {
        let rig = CommandRig()
        rig.model.deliver(.disconnected(reason: "gone", now: rig.now), network: "Test")
        rig.run("/notice bob later")
        #expect(rig.model.network("Test")?.buffer(named: "bob") == nil)
        #expect(rig.lastNote() == "Notice sent to bob: later")
    }
}

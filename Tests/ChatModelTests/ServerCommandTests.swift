import ChatModel
import Foundation
import IRCSession
import Testing

/// `/server` as HexChat and irssi users type it: a configured network, or a server for this
/// run; never a SERVER line sent to the server.
struct ServerCommandTests {
    @Test(arguments: [
        ("/server irc.libera.chat", "ircs://irc.libera.chat:6697"),
        ("/server irc.libera.chat 6667", "irc://irc.libera.chat:6667"),
        ("/server irc.libera.chat:6667", "irc://irc.libera.chat:6667"),
        ("/server irc.libera.chat +6660", "ircs://irc.libera.chat:6660"),
        ("/server -tls irc.libera.chat 7000", "ircs://irc.libera.chat:7000"),
        ("/server irc.example.org 6697 -notls", "irc://irc.example.org:6697"),
        ("/server [2001:db8::1]:6667", "irc://[2001:db8::1]:6667"),
        ("/server ircs://irc.oftc.net/#debian", "ircs://irc.oftc.net/#debian"),
        ("/server Libera", "Libera"),
    ])
    func aServerIsALinkOrANetwork(typed: String, target: String) throws {
        #expect(try ChatCommandParser.parse(typed).get() == .connect(target))
    }

    @Test(arguments: ["/server", "/server a.example 99999", "/server a.example 1 2", "/server -tls", "/server a.example:x"])
    func nonsenseIsItsUsage(typed: String) {
        guard case .failure(let failure) = ChatCommandParser.parse(typed) else { Issue.record("parsed \(typed)"); return }
        #expect(failure.message.hasPrefix("usage: /server"))
    }

    @Test func itOpensTheLinkOrConnectsTheNetworkAndSendsNothing() {
        let rig = CommandRig()
        #expect(rig.run("/server irc.example.org 6667") == [.openLink("irc://irc.example.org:6667")])
        #expect(rig.sent.isEmpty)
        rig.run("/server nowhere")
        #expect(rig.lastNote()?.hasPrefix("no network nowhere") == true)
        #expect(rig.sent.isEmpty)
    }
}

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

/// `/server add|del|list`: the networks managed in the app (issue 33, point 6).
struct ServerManagementTests {
    @Test func addReadsItsOptions() throws {
        #expect(try ChatCommandParser.parse("/server add libera irc.libera.chat").get()
                == .serverAdd(ServerSpec(name: "libera", host: "irc.libera.chat", port: 6697, tls: true, nick: nil, channels: [], connects: true)))
        #expect(try ChatCommandParser.parse("/server add local 127.0.0.1 6667 -nick me2 -join #a,#b -noconnect").get()
                == .serverAdd(ServerSpec(name: "local", host: "127.0.0.1", port: 6667, tls: false, nick: "me2", channels: ["#a", "#b"],
                                         connects: false)))
        #expect(try ChatCommandParser.parse("/server add l irc.libera.chat -sasl me p4ss -password pw").get()
                == .serverAdd(ServerSpec(name: "l", host: "irc.libera.chat", port: 6697, tls: true, nick: nil, channels: [],
                                         connects: true, saslAccount: "me", saslPassword: "p4ss", password: "pw")))
        #expect(try ChatCommandParser.parse("/server list").get() == .serverList)
        #expect(try ChatCommandParser.parse("/server del local").get() == .serverRemove("local"))
        for bad in ["/server add", "/server add onlyname", "/server add x h.example -sasl me", "/server add x h.example -password",
                    "/server add x h.example -sasl me p4ss word", "/server add x h.example -nick", "/server add x h.example 0", "/server del"] {
            guard case .failure = ChatCommandParser.parse(bad) else { Issue.record("parsed \(bad)"); continue }
        }
    }

    @Test func addAndRemoveAreCheckedAndHandedToTheApp() {
        let rig = CommandRig()
        let spec = ServerSpec(name: "Other", host: "irc.other.example", port: 6697, tls: true, nick: nil, channels: [], connects: true)
        #expect(rig.run("/server add Other irc.other.example") == [.addNetwork(spec)])
        #expect(rig.lastNote() == "Adding Other: irc.other.example port 6697 with TLS; kept in the configuration")
        #expect(rig.run("/server add test irc.x.example").isEmpty, "the name is taken (case aside)")
        #expect(rig.lastNote() == "There is a network named Test already (/server del Test first)")
        rig.run("/server list")
        #expect(rig.lastNote()?.hasPrefix("Test: connected") == true)
        #expect(rig.run("/server del nowhere").isEmpty)
        #expect(rig.run("/server del test", in: rig.server) == [.removeNetwork("Test")])
        #expect(rig.model.network("Test") == nil)
        #expect(rig.links.contains { if case .disconnect(let farewell) = $0.request { farewell.first?.command == "QUIT" } else { false } })
    }
}

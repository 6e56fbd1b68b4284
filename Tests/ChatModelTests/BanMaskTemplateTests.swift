import ChatModel
import Foundation
import IRCProtocol
import IRCSession
import Testing

/// `ban_mask` templates filled from what is known of a nick, refused when malformed; bans by
/// nick waiting for their WHO over the model alone.
struct BanMaskTemplateTests {
    @Test(arguments: [
        ("*!*@$host", "~bob", "a.b.example.org", "*!*@a.b.example.org"),
        ("*!$user@$host", "~bob", "a.b.example.org", "*!*bob@a.b.example.org"),
        ("*!$user@$host", "bob", "a.b.example.org", "*!bob@a.b.example.org"),
        ("$nick!*@*", "bob", "a.b.example.org", "Bob!*@*"),
        ("*!*@*.$domain", "bob", "a.b.example.org", "*!*@*.b.example.org"),
        ("*!*@*.$domain", "bob", "192.0.2.7", "*!*@192.0.2.*"),
        ("*!*@*.$domain", "bob", "user/bob", "*!*@user/bob"),
        ("*!*@*.$domain", "bob", "2001:db8::1", "*!*@2001:db8::1"),
        ("*!*@*.$domain", "bob", "example.org", "*!*@example.org"),
        ("$nick!$user@$domain", "bob", "a.b.example.org", "Bob!bob@b.example.org"),
    ])
    func templatesFillIn(template: String, user: String, host: String, mask: String) throws {
        #expect(try BanMaskTemplate(template).mask(nick: "Bob", user: user, host: host) == mask)
    }

    @Test func whatIsNotKnownGivesNoMask() throws {
        #expect(BanMaskTemplate.standard.mask(nick: "bob", user: "b", host: nil) == nil)
        #expect(try BanMaskTemplate("*!$user@*").mask(nick: "bob", user: nil, host: "h") == nil)
        #expect(try BanMaskTemplate("$nick!*@*").mask(nick: "bob", user: nil, host: nil) == "bob!*@*")
    }

    @Test(arguments: ["", "*@$host", "$host", "*!*@", "!*@$host", "*!*@$hots", "*!*@$hostname", "*!* @$host", "*!@$host"])
    func malformedTemplatesAreRefused(template: String) {
        #expect(throws: BanMaskTemplateError.self) { try BanMaskTemplate(template) }
    }

    /// Two bans typed before the answer: one WHO, both carried out when it comes; a dropped
    /// link says the bans did not happen, and the next asks again.
    @Test func bansWaitingOnOneWho() {
        let rig = CommandRig()
        #expect(rig.sends("/ban carol") == ["WHO carol"])
        #expect(rig.lastNote() == "Asking the server who carol is (WHO), for a ban by *!*@$host…")
        #expect(rig.sends("/quiet carol").isEmpty)
        #expect(rig.lastNote() == "Asking the server who carol is (WHO), for a ban by *!*@$host…")
        rig.receive([":srv 352 me #natter ~c carol.example srv carol H :0 Carol", ":srv 315 me carol :End of WHO list"])
        #expect(rig.sent == ["MODE #natter +b *!*@carol.example"])
        #expect(rig.notes(in: rig.channel).last == "this server has no quiet mode (neither a q list mode nor the m extended ban): /ban keeps someone out")
        #expect(!rig.model.buffer(rig.channel)!.lines.contains { $0.text.contains("End of WHO") })

        rig.sent = []
        rig.run("/kickban dave")
        #expect(rig.sent == ["WHO dave"])
        rig.model.deliver(.disconnected(reason: "gone", now: rig.now), network: "Test")
        #expect(rig.notes(in: rig.channel).contains("The connection dropped before the server said who dave is: not banned"))
    }

    /// A WHO the server never answers does not hold later bans of the nick for good: after a
    /// minute the next asks again, and the earlier says it was not set.
    @Test func aWhoNeverAnsweredIsAskedAgainAfterAMinute() {
        let rig = CommandRig()
        #expect(rig.sends("/ban erin") == ["WHO erin"])
        rig.now = SessionTime(monotonic: rig.now.monotonic + 30, wall: rig.now.wall)
        #expect(rig.sends("/ban erin").isEmpty, "still waiting for the first WHO")
        rig.now = SessionTime(monotonic: rig.now.monotonic + 31, wall: rig.now.wall)
        #expect(rig.sends("/kickban erin") == ["WHO erin"])
        #expect(rig.notes(in: rig.channel).filter { $0 == "The server never said who erin is: that earlier ban was not set" }.count == 2)
        rig.receive([":srv 352 me #natter ~e erin.example srv erin H :0 Erin", ":srv 315 me erin :End of WHO list"])
        #expect(rig.sent.suffix(2) == ["MODE #natter +b *!*@erin.example", "KICK #natter erin"])
    }
}

import Foundation
import IRCProtocol
import Testing
@testable import IRCSession

@Suite("Channels and members")
struct ChannelTests {
    static let caps = "multi-prefix userhost-in-names extended-join away-notify account-notify chghost setname invite-notify batch"

    /// Registered and in #natter with alice (@+), bob (+) and carol.
    static func inChannel() -> Harness {
        var h = Harness()
        h.register(caps: caps, isupport: ["CHANTYPES=#", "PREFIX=(qaohv)~&@%+", "CHANMODES=beI,k,l,imnpst",
                                           "CASEMAPPING=rfc1459"])
        h.feed(":natter!nat@host.example JOIN #natter * :Natter User")
        h.feed(":irc.example 353 natter = #natter :natter!nat@host.example @+alice!a@alice.host +bob!b@bob.host carol!c@carol.host")
        h.feed(":irc.example 366 natter #natter :End of /NAMES list.")
        return h
    }

    @Test func namesWithMultiPrefixAndUserhosts() {
        var h = Harness()
        h.register(caps: Self.caps)
        h.feed(":natter!nat@host.example JOIN #natter * :Natter User")
        #expect(h.session.state.ownHost == "host.example")
        h.feed(":irc.example 353 natter = #natter :natter!nat@host.example @+alice!a@alice.host")
        let out = h.feed([":irc.example 353 natter = #natter :+bob!b@bob.host carol!c@carol.host",
                          ":irc.example 366 natter #natter :End of /NAMES list."])
        #expect(events(out) == [.membersComplete(channel: "#natter", members: [
            ChannelMember(nick: "alice", modes: ["o", "v"]), ChannelMember(nick: "bob", modes: ["v"]),
            ChannelMember(nick: "carol"), ChannelMember(nick: "natter"),
        ])])
        #expect(h.session.state.user(named: "alice")?.host == "alice.host")
        #expect(h.session.state.channel(named: "#NATTER")?.membersComplete == true)
    }

    @Test func extendedJoinPartKickQuit() {
        var h = Self.inChannel()
        var out = h.feed(":dave!d@dave.host JOIN #natter daveacct :Dave Real")
        #expect(events(out) == [.joined(channel: "#natter", user: IRCSource(nick: "dave", user: "d", host: "dave.host"),
                                        account: "daveacct", realName: "Dave Real", isOwn: false)])
        #expect(h.session.state.user(named: "dave")?.account == "daveacct")
        #expect(h.session.state.user(named: "dave")?.realName == "Dave Real")
        out = h.feed(":dave!d@dave.host PART #natter :bye")
        #expect(events(out) == [.parted(channel: "#natter", user: IRCSource(nick: "dave", user: "d", host: "dave.host"),
                                        reason: "bye", isOwn: false)])
        #expect(h.session.state.user(named: "dave") == nil)
        out = h.feed(":alice!a@alice.host KICK #natter bob :behave")
        #expect(events(out) == [.kicked(channel: "#natter", nick: "bob", by: IRCSource(nick: "alice", user: "a", host: "alice.host"),
                                        reason: "behave", isOwn: false)])
        #expect(h.session.state.channel(named: "#natter")?.members["bob"] == nil)
        out = h.feed(":carol!c@carol.host QUIT :Quit: leaving")
        #expect(events(out) == [.quit(user: IRCSource(nick: "carol", user: "c", host: "carol.host"), reason: "Quit: leaving",
                                      channels: ["#natter"])])
        #expect(h.session.state.channel(named: "#natter")?.members.keys.sorted() == ["alice", "natter"])
    }

    @Test func beingKickedRemovesTheChannelAndItIsNotRejoined() {
        var h = Self.inChannel()
        let out = h.feed(":alice!a@alice.host KICK #natter natter :out")
        #expect(events(out).first == .kicked(channel: "#natter", nick: "natter",
                                             by: IRCSource(nick: "alice", user: "a", host: "alice.host"),
                                             reason: "out", isOwn: true))
        #expect(h.session.state.channels.isEmpty)
        #expect(h.session.state.user(named: "alice") == nil)
        #expect(!h.session.desiredChannels.contains(ChannelKey("#natter")))
    }

    @Test func modeChangesUsePrefixAndChanmodes() {
        var h = Self.inChannel()
        let out = h.feed(":alice!a@alice.host MODE #natter +ov-v+lk-i carol carol bob 25 sekrit")
        #expect(events(out) == [.modeChanged(target: "#natter", by: IRCSource(nick: "alice", user: "a", host: "alice.host"), changes: [
            ModeChange(adding: true, mode: "o", parameter: "carol"), ModeChange(adding: true, mode: "v", parameter: "carol"),
            ModeChange(adding: false, mode: "v", parameter: "bob"), ModeChange(adding: true, mode: "l", parameter: "25"),
            ModeChange(adding: true, mode: "k", parameter: "sekrit"), ModeChange(adding: false, mode: "i"),
        ])])
        let channel = h.session.state.channel(named: "#natter")
        #expect(channel?.members["carol"]?.modes == ["o", "v"])
        #expect(channel?.members["bob"]?.modes == [])
        #expect(channel?.modes == ["l": "25", "k": "sekrit"])
        h.feed(":alice!a@alice.host MODE #natter -o+b-l carol *!*@spam")
        #expect(h.session.state.channel(named: "#natter")?.members["carol"]?.modes == ["v"])
        #expect(h.session.state.channel(named: "#natter")?.modes == ["k": "sekrit"])
    }

    @Test func nickChangesFollowRFC1459Casemapping() {
        var h = Self.inChannel()
        h.feed(":dave!d@h JOIN #natter * :Dave")
        var out = h.feed(":dave!d@h NICK [dave]")
        #expect(events(out) == [.nickChanged(from: "dave", to: "[dave]", isOwn: false, channels: ["#natter"])])
        // `{DAVE}` is the same nick as `[dave]` under rfc1459.
        out = h.feed(":{DAVE}!d@h NICK dave2")
        #expect(events(out) == [.nickChanged(from: "{DAVE}", to: "dave2", isOwn: false, channels: ["#natter"])])
        let members = h.session.state.channel(named: "#natter")!.members
        #expect(members["dave2"]?.nick == "dave2")
        #expect(members["{dave}"] == nil)
        // A change of case only keeps the entry under the same key.
        h.feed(":dave2!d@h NICK DAVE2")
        #expect(h.session.state.channel(named: "#natter")?.members["dave2"]?.nick == "DAVE2")
        #expect(h.session.state.user(named: "Dave2")?.nick == "DAVE2")
        // Our own nick.
        out = h.feed(":natter!nat@host.example NICK Natter[away]")
        #expect(events(out) == [.nickChanged(from: "natter", to: "Natter[away]", isOwn: true, channels: ["#natter"])])
        #expect(h.session.state.nick == "Natter[away]")
        #expect(h.session.state.isOwnNick("natter{AWAY}"))
    }

    @Test func topicNumericsAndChanges() {
        var h = Self.inChannel()
        var out = h.feed(":irc.example 332 natter #natter :Welcome to Natter")
        #expect(events(out) == [.topic(channel: "#natter", topic: "Welcome to Natter", setBy: nil, setAt: nil, isChange: false)])
        out = h.feed(":irc.example 333 natter #natter alice!a@alice.host 1700000000")
        #expect(events(out) == [.topic(channel: "#natter", topic: "Welcome to Natter", setBy: "alice!a@alice.host",
                                       setAt: Date(timeIntervalSince1970: 1_700_000_000), isChange: false)])
        out = h.feed("@time=2024-01-02T03:04:05.000Z :bob!b@bob.host TOPIC #natter :New topic")
        #expect(events(out) == [.topic(channel: "#natter", topic: "New topic", setBy: "bob",
                                       setAt: ServerTime.parse("2024-01-02T03:04:05.000Z"), isChange: true)])
        #expect(h.session.state.channel(named: "#natter")?.topic == "New topic")
    }

    @Test func awayChghostSetnameAccountInvite() {
        var h = Self.inChannel()
        #expect(events(h.feed(":bob!b@bob.host AWAY :lunch")) == [.away(nick: "bob", message: "lunch")])
        #expect(h.session.state.user(named: "bob")?.awayMessage == "lunch")
        #expect(events(h.feed(":bob!b@bob.host AWAY")) == [.away(nick: "bob", message: nil)])
        #expect(h.session.state.user(named: "bob")?.awayMessage == nil)
        #expect(events(h.feed(":bob!b@bob.host CHGHOST bobby new.host")) == [.hostChanged(nick: "bob", user: "bobby", host: "new.host")])
        #expect(h.session.state.user(named: "bob")?.host == "new.host")
        #expect(events(h.feed(":bob!bobby@new.host SETNAME :Robert")) == [.realNameChanged(nick: "bob", realName: "Robert")])
        #expect(h.session.state.user(named: "bob")?.realName == "Robert")
        #expect(events(h.feed(":bob!bobby@new.host ACCOUNT bobacct")) == [.accountChanged(nick: "bob", account: "bobacct")])
        #expect(h.session.state.user(named: "bob")?.account == "bobacct")
        h.feed(":bob!bobby@new.host ACCOUNT *")
        #expect(h.session.state.user(named: "bob")?.account == nil)
        #expect(events(h.feed(":alice!a@alice.host INVITE carol #natter"))
                == [.invited(channel: "#natter", nick: "carol", by: IRCSource(nick: "alice", user: "a", host: "alice.host"))])
        // Our own away numerics.
        h.intent(.away("brb"))
        h.feed(":irc.example 306 natter :You have been marked as being away")
        #expect(h.session.state.awayMessage == "brb")
    }

    @Test func netsplitBatchIsGroupedIntoOneEvent() {
        var h = Self.inChannel()
        var out = h.feed(":irc.example BATCH +split netsplit hub.example leaf.example")
        out += h.feed("@batch=split :bob!b@bob.host QUIT :hub.example leaf.example")
        out += h.feed("@batch=split :carol!c@carol.host QUIT :hub.example leaf.example")
        #expect(events(out).isEmpty)
        out = h.feed(":irc.example BATCH -split")
        #expect(events(out) == [.netsplit(servers: "hub.example leaf.example", users: ["bob", "carol"], channels: ["#natter"])])
        #expect(h.session.state.channel(named: "#natter")?.members.count == 2)
    }

    @Test func ownPartForgetsTheChannel() {
        var h = Self.inChannel()
        #expect(sent(h.intent(.part(channel: "#natter", reason: "later"))) == ["PART #natter later"])
        let out = h.feed(":natter!nat@host.example PART #natter :later")
        #expect(events(out) == [.parted(channel: "#natter", user: IRCSource(nick: "natter", user: "nat", host: "host.example"),
                                        reason: "later", isOwn: true)])
        #expect(h.session.state.channels.isEmpty)
        #expect(h.session.state.users.keys.sorted() == ["natter"])
    }
}

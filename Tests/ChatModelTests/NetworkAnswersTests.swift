import ChatModel
import Foundation
import IRCProtocol
import IRCSession
import Testing

/// What the UI asks a network (can it send multiline, share read markers, react, delete, manage a
/// bouncer's networks; are we an operator), answered from what the server negotiated.
struct NetworkAnswersTests {
    let model = ChatModel(settings: ModelSettings())
    let now = SessionTime(monotonic: 0, wall: Date(timeIntervalSince1970: 1_700_000_000))

    func connect(capabilities: String, modes: String = "") -> ChatNetwork? {
        model.addNetwork(name: "Test", configuration: SessionConfiguration(nick: "me", user: "me", realName: "Me"))
        _ = model.handle(.connected(now: now), network: "Test")
        var lines = [":srv 001 me :Welcome", ":srv 005 me CHANTYPES=# PREFIX=(qaov)~&@+ CASEMAPPING=rfc1459 MONITOR=100 :are supported",
                     ":srv 376 me :End of MOTD", ":Me!u@h JOIN #natter", ":srv 353 me = #natter :\(modes)Me ada", ":srv 366 me #natter :End"]
        if !capabilities.isEmpty {
            lines.insert(contentsOf: [":srv CAP * LS :\(capabilities)", ":srv CAP me ACK :\(capabilities)"], at: 0)
        }
        for line in lines { _ = model.handle(.received(try! IRCMessage(parsing: line), now: now), network: "Test") }
        return model.network("Test")
    }

    @Test func aPlainServerOffersNoneOfTheExtras() throws {
        let network = try #require(connect(capabilities: ""))
        #expect(network.isRegistered && network.isReady && network.nick == "me")
        #expect(!network.canSendMultiline && !network.sendsReadMarkers && !network.canReact && !network.canRedact)
        #expect(!network.managesBouncerNetworks)
        #expect(network.hasMonitor)
        #expect(!network.isOperator(in: "#natter"))
        #expect(network.statusSummary == "connected")
        #expect(network.awayMessage == nil)
    }

    @Test func eachAnswerFollowsItsCapability() throws {
        let network = try #require(connect(capabilities: "batch draft/multiline draft/read-marker message-tags draft/message-redaction soju.im/bouncer-networks",
                                           modes: "@"))
        #expect(network.canSendMultiline && network.sendsReadMarkers && network.canReact && network.canRedact)
        #expect(network.managesBouncerNetworks)
        #expect(network.isOperator(in: "#NATTER"), "our nick and the channel under the casemapping")
        #expect(Set(network.memberNicks(of: "#natter")) == ["Me", "ada"])
    }

    @Test func multilineNeedsBatchToo() throws {
        let network = try #require(connect(capabilities: "draft/multiline"))
        #expect(!network.canSendMultiline)
    }
}

/// A network named by its server's address is shown by the name the server announces; one the
/// user named keeps that name.
struct NetworkTitleTests {
    @Test func theAnnouncedNameReplacesAnAddress() throws {
        let model = ChatModel(settings: ModelSettings())
        let now = SessionTime(monotonic: 0, wall: Date(timeIntervalSince1970: 1_700_000_000))
        for name in ["127.0.0.1", "Demo", "work.irc", "127.0.0.1 (2)"] {
            model.addNetwork(name: name, configuration: SessionConfiguration(nick: "me", user: "me", realName: "Me"),
                             namedAfterServer: name.hasPrefix("127.0.0.1"))
            model.deliver(.connected(now: now), network: name)
            let network = try #require(model.network(name))
            #expect(model.title(of: network) == name, "nothing announced yet")
            for line in [":srv 001 me :Welcome", ":srv 005 me NETWORK=NatterDemo :are supported"] {
                model.deliver(.received(try IRCMessage(parsing: line), now: now), network: name)
            }
        }
        let address = try #require(model.network("127.0.0.1"))
        #expect(model.title(of: address) == "NatterDemo")
        #expect(model.title(of: try #require(model.network("Demo"))) == "Demo")
        // A name the user gave keeps, dots or not; a second link to the server keeps its number.
        #expect(model.title(of: try #require(model.network("work.irc"))) == "work.irc")
        #expect(model.title(of: try #require(model.network("127.0.0.1 (2)"))) == "NatterDemo (2)")
        // Disconnected, the server's name stays (not the address again).
        model.deliver(.disconnected(reason: "gone", now: now), network: "127.0.0.1")
        #expect(model.title(of: address) == "NatterDemo")
    }

    @Test func theAnnouncementIsAChangeTheSidebarHears() throws {
        let model = ChatModel(settings: ModelSettings())
        let now = SessionTime(monotonic: 0, wall: Date(timeIntervalSince1970: 1_700_000_000))
        model.addNetwork(name: "127.0.0.1", configuration: SessionConfiguration(nick: "me", user: "me", realName: "Me"),
                         namedAfterServer: true)
        model.deliver(.connected(now: now), network: "127.0.0.1")
        model.deliver(.received(try IRCMessage(parsing: ":srv 001 me :Welcome"), now: now), network: "127.0.0.1")
        _ = model.takeChanges()
        model.deliver(.received(try IRCMessage(parsing: ":srv 005 me NETWORK=NatterDemo :are supported"), now: now), network: "127.0.0.1")
        #expect(model.takeChanges().contains(.connectionChanged(network: "127.0.0.1")))
    }
}

import IRCProtocol
import Testing
@testable import IRCSession

/// `IRCSession.reconfigure`: config.toml edited while Natter runs. A new login is used from the
/// next registration; channels added to or taken from the configuration change what the next
/// registration joins, never what is joined now.
struct ReconfigureTests {
    @Test func beforeTheFirstRegistrationTheNewChannelsAreJoined() {
        var h = Harness(Harness.config(autoJoin: [ChannelKey("#a"), ChannelKey("#b")]))
        h.session.reconfigure { $0.autoJoin = [ChannelKey("#b"), ChannelKey("#c", key: "kc")] }
        #expect(sent(h.register()).filter { $0.hasPrefix("JOIN") } == ["JOIN #c,#b kc"])
    }

    @Test func onALiveLinkNothingIsJoinedOrPartedNowOnlyAtTheNextRegistration() {
        var h = Harness(Harness.config(autoJoin: [ChannelKey("#a"), ChannelKey("#b")]))
        h.register()
        h.feed([":natter!nat@host JOIN #a", ":natter!nat@host JOIN #b"])
        // Joined by hand: not the configuration's to take away.
        h.intent(.join([ChannelKey("#mine")]))
        h.feed(":natter!nat@host JOIN #mine")
        var outputs: [SessionOutput] = []
        h.session.reconfigure { $0.autoJoin = [ChannelKey("#b"), ChannelKey("#c")] }
        outputs += h.tick(at: 1_001)
        #expect(sent(outputs).filter { $0.hasPrefix("JOIN") || $0.hasPrefix("PART") }.isEmpty)
        #expect(h.session.state.channel(named: "#a") != nil)

        h.disconnect()
        let joins = sent(h.register()).filter { $0.hasPrefix("JOIN") }
        let names = Set(joins.flatMap { $0.dropFirst(5).split(separator: " ")[0].split(separator: ",").map(String.init) })
        #expect(names == ["#b", "#mine", "#c"])
    }

    @Test func theSameChannelsAgainChangeNothing() {
        var h = Harness(Harness.config(autoJoin: [ChannelKey("#a")]))
        h.register()
        h.feed(":natter!nat@host JOIN #a")
        // Parted by hand, and the file written without it (Natter's own edit): reloaded.
        h.intent(.part(channel: "#a", reason: nil))
        h.feed(":natter!nat@host PART #a")
        h.session.reconfigure { $0.autoJoin = [] }
        h.session.reconfigure { $0.autoJoin = [] }
        h.session.reconfigure { $0.nick = "other" }
        h.disconnect()
        #expect(sent(h.register()).filter { $0.hasPrefix("JOIN") }.isEmpty)
        #expect(h.session.configuration.nick == "other")
    }

    /// A key that changed (or arrived from the keyring after the session was made) is the one
    /// the next registration joins with.
    @Test func aChangedKeyIsTheNextJoinsKey() {
        var h = Harness(Harness.config(autoJoin: [ChannelKey("#a", key: ""), ChannelKey("#b")]))
        h.session.reconfigure { $0.autoJoin = [ChannelKey("#a", key: "s3cret"), ChannelKey("#b")] }
        #expect(sent(h.register()).filter { $0.hasPrefix("JOIN") } == ["JOIN #a,#b s3cret"])
    }

    /// A QUIT sent on the old link of a reconnect with new settings (whose drop the hub no
    /// longer reports) does not make the new link's drop one the user asked for.
    @Test func aNewLinkForgetsTheOldLinksQuit() {
        var h = Harness(Harness.config(autoJoin: [ChannelKey("#a")]))
        h.register()
        h.feed(":natter!nat@host JOIN #a")
        _ = h.intent(.quit(reason: "new settings"))
        #expect(h.session.quitting)
        h.register()
        #expect(!h.session.quitting)
        h.feed(":natter!nat@host JOIN #a")
        h.disconnect()
        #expect(h.session.history.stoppedHearing["#a"] != nil, "a drop we did not ask for: what was missed is fetched")
    }
}

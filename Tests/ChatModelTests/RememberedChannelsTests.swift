import ChatModel
import Foundation
import IRCProtocol
import IRCSession
import Testing

/// The channels a network joins at start follow what the user joins and parts (issue 33,
/// point 7): a kick changes nothing, nor does a join the user did not ask for (a bouncer's
/// replay, a forward, another client's) or a /cycle; a key set or taken away follows.
struct RememberedChannelsTests {
    @Test func joinsAndPartsAskedForAreRemembered() {
        let rig = CommandRig()
        let network = rig.model.network("Test")!
        #expect(network.rememberedChannels == nil, "not remembering unless asked")
        rig.run("/join #extra")
        rig.receive([":me!u@h JOIN #extra"])
        #expect(network.rememberedRevision == 0)

        network.remember(channels: [ChannelKey("#natter"), ChannelKey("#keyed", key: "pw")])
        rig.run("/join #Extra")
        rig.receive([":me!u@h JOIN #Extra"])
        #expect(network.rememberedChannels == [ChannelKey("#natter"), ChannelKey("#keyed", key: "pw"), ChannelKey("#Extra")])
        let afterJoin = network.rememberedRevision
        #expect(afterJoin == 1)
        // Joined again (a reconnection), or by a bouncer or another client: nothing changes.
        rig.receive([":me!u@h JOIN #natter", ":me!u@h JOIN #replayed"])
        #expect(network.rememberedRevision == afterJoin)
        // Someone else's join or part is nothing to us.
        rig.receive([":ada!a@h JOIN #other", ":ada!a@h PART #natter"])
        #expect(network.rememberedRevision == afterJoin)
        // A kick is not a choice.
        rig.receive([":op!o@h KICK #extra me :out"])
        #expect(network.rememberedChannels?.count == 3)
        // A part typed elsewhere (another client of a bouncer) neither.
        rig.receive([":me!u@h JOIN #extra", ":me!u@h PART #extra :elsewhere"])
        #expect(network.rememberedChannels?.count == 3)
        rig.receive([":me!u@h JOIN #extra"])
        rig.run("/part #EXTRA bye")
        rig.receive([":me!u@h PART #EXTRA :bye"])
        #expect(network.rememberedChannels == [ChannelKey("#natter"), ChannelKey("#keyed", key: "pw")])
        #expect(network.rememberedRevision == afterJoin + 1)
        // The changes the configuration takes, in order.
        #expect(network.takeRememberedChanges() == [.added(ChannelKey("#Extra")), .removed("#extra")])
        #expect(network.takeRememberedChanges().isEmpty)
        // Kicked, then the buffer closed: that is leaving.
        rig.run("/join #gone")
        rig.receive([":me!u@h JOIN #gone", ":op!o@h KICK #gone me :out"])
        #expect(network.rememberedChannels?.last == ChannelKey("#gone"))
        #expect(rig.model.close(BufferID(network: "Test", name: "#gone"), now: rig.now))
        #expect(network.rememberedChannels == [ChannelKey("#natter"), ChannelKey("#keyed", key: "pw")])
    }

    /// A join forwarded elsewhere (470) is not what was asked; a /cycle keeps the list as it is.
    @Test func forwardsAndCyclesChangeNothing() {
        let rig = CommandRig()
        let network = rig.model.network("Test")!
        network.remember(channels: [ChannelKey("#natter"), ChannelKey("#b")])
        rig.run("/join #full")
        rig.receive([":srv 470 me #full ##full-overflow :Forwarding to another channel", ":me!u@h JOIN ##full-overflow"])
        #expect(network.rememberedChannels == [ChannelKey("#natter"), ChannelKey("#b")])
        rig.run("/cycle")
        rig.receive([":me!u@h PART #natter :cycling", ":me!u@h JOIN #natter"])
        #expect(network.rememberedChannels == [ChannelKey("#natter"), ChannelKey("#b")])
        #expect(network.rememberedRevision == 0)
    }

    @Test func keysFollowTheChannel() {
        let rig = CommandRig()
        let network = rig.model.network("Test")!
        network.remember(channels: [ChannelKey("#natter")])
        rig.receive([":op!o@h MODE #natter +k secret"])
        #expect(network.rememberedChannels == [ChannelKey("#natter", key: "secret")])
        rig.receive([":op!o@h MODE #natter -k *"])
        #expect(network.rememberedChannels == [ChannelKey("#natter")])
        // Joined with a key typed: kept with it.
        rig.run("/join #vault hunter2")
        rig.receive([":me!u@h JOIN #vault"])
        #expect(network.rememberedChannels?.last == ChannelKey("#vault", key: "hunter2"))
        // A key set on a channel not remembered does not add it.
        rig.receive([":me!u@h JOIN #other", ":op!o@h MODE #other +k k"])
        #expect(network.rememberedChannels?.count == 2)
    }
}

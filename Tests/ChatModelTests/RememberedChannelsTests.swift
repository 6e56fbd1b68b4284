import ChatModel
import Foundation
import IRCProtocol
import IRCSession
import Testing

/// The channels a network joins at start follow what is joined and parted by hand (issue 33,
/// point 7); a kick changes nothing, a key set or taken away follows.
struct RememberedChannelsTests {
    @Test func joinsAndPartsByHandAreRemembered() {
        let rig = CommandRig()
        let network = rig.model.network("Test")!
        #expect(network.rememberedChannels == nil, "not remembering unless asked")
        rig.receive([":me!u@h JOIN #extra"])
        #expect(network.rememberedRevision == 0)

        network.remember(channels: [ChannelKey("#natter"), ChannelKey("#keyed", key: "pw")])
        rig.receive([":me!u@h JOIN #Extra"])
        #expect(network.rememberedChannels == [ChannelKey("#natter"), ChannelKey("#keyed", key: "pw"), ChannelKey("#Extra")])
        let afterJoin = network.rememberedRevision
        #expect(afterJoin == 1)
        // Joined again (a reconnection): nothing changes.
        rig.receive([":me!u@h JOIN #natter"])
        #expect(network.rememberedRevision == afterJoin)
        // Someone else's join or part is nothing to us.
        rig.receive([":ada!a@h JOIN #other", ":ada!a@h PART #natter"])
        #expect(network.rememberedRevision == afterJoin)
        // A kick is not a choice.
        rig.receive([":op!o@h KICK #extra me :out"])
        #expect(network.rememberedChannels?.count == 3)
        rig.receive([":me!u@h JOIN #extra", ":me!u@h PART #EXTRA :bye"])
        #expect(network.rememberedChannels == [ChannelKey("#natter"), ChannelKey("#keyed", key: "pw")])
        #expect(network.rememberedRevision == afterJoin + 1)
        // Kicked, then the buffer closed: that is leaving.
        rig.receive([":me!u@h JOIN #gone", ":op!o@h KICK #gone me :out"])
        #expect(network.rememberedChannels?.last == ChannelKey("#gone"))
        #expect(rig.model.close(BufferID(network: "Test", name: "#gone"), now: rig.now))
        #expect(network.rememberedChannels == [ChannelKey("#natter"), ChannelKey("#keyed", key: "pw")])
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
    }
}

import ChatModel
import Foundation
import IRCProtocol
import IRCSession
import Testing

/// Per-buffer notification levels (issue 33, point 10): a muted channel counts and notifies
/// nothing, one set to all notifies every message, the default notifies mentions only;
/// `/notify NICK` watches a friend, as in HexChat.
struct NotifyLevelTests {
    func notifications(_ rig: CommandRig) -> [String] {
        rig.model.takeChanges().compactMap { if case .notify(_, let title, let body) = $0 { "\(title): \(body)" } else { nil } }
    }

    @Test func levelsDecideWhatCountsAndNotifies() {
        let rig = CommandRig(caps: "monitor")
        rig.model.activeBuffer = rig.server
        _ = rig.model.takeChanges()
        let channel = rig.model.buffer(rig.channel)!
        let before = channel.unread
        // The default: every message counts, only a mention notifies.
        rig.receive([":ada!a@h PRIVMSG #natter :plain", ":ada!a@h PRIVMSG #natter :me: look"])
        #expect(channel.unread == before + 2)
        #expect(notifications(rig) == ["ada in #natter: me: look"])

        #expect(rig.run("/notify all") == [.notifyLevelChanged(rig.channel, .all)])
        #expect(rig.lastNote() == "#natter now notifies every message")
        rig.receive([":ada!a@h PRIVMSG #natter :plain again"])
        #expect(notifications(rig) == ["ada in #natter: plain again"])

        rig.run("/notify none")
        #expect(channel.unread == 0 && channel.highlights == 0, "muting clears the counts")
        rig.receive([":ada!a@h PRIVMSG #natter :me: still there?"])
        #expect(channel.unread == 0 && channel.highlights == 0)
        #expect(notifications(rig).isEmpty)
        #expect(channel.lines.last?.text == "me: still there?", "the line is there all the same")
        rig.run("/notify")
        #expect(rig.lastNote() == "#natter notifies nothing (muted: nothing counted) (/notify all|mentions|none)")
        #expect(rig.model.notifyLevel(of: channel) == .none)
    }

    /// A network's level (its `notify`) is that of its buffers without one of their own; a
    /// private conversation takes it only when the network is muted.
    @Test func aNetworksLevelIsItsBuffersDefault() {
        let rig = CommandRig()
        let channel = rig.model.buffer(rig.channel)!
        let query = rig.model.openQuery("ada", network: rig.channel.network)!
        rig.model.networkNotifyLevels[rig.channel.network.lowercased()] = .all
        #expect(rig.model.notifyLevel(of: channel) == .all && rig.model.notifyLevel(of: query) == .all)
        rig.model.networkNotifyLevels[rig.channel.network.lowercased()] = .mentions
        #expect(rig.model.notifyLevel(of: query) == .all, "a private message is a mention")
        rig.model.networkNotifyLevels[rig.channel.network.lowercased()] = NotifyLevel.none
        #expect(rig.model.notifyLevel(of: channel) == NotifyLevel.none && rig.model.notifyLevel(of: query) == NotifyLevel.none)
        rig.model.notifyLevels[ChatModel.notifyKey(rig.channel)] = .all
        #expect(rig.model.notifyLevel(of: channel) == .all, "the buffer's own comes first")
    }

    @Test func notifyWithANickWatchesAFriend() {
        let rig = CommandRig(isupport: "CHANTYPES=# PREFIX=(ov)@+ MONITOR=100")
        #expect(rig.sends("/notify bob") == ["MONITOR + bob"])
        #expect(rig.run("/notify bob carol") == [.friendsChanged(network: "Test", nicks: ["bob", "carol"])])
    }
}

import IRCFormatting
import IRCSession

/// A network's answer to LIST (RPL_LISTSTART 321, RPL_LIST 322…, RPL_LISTEND 323), kept as
/// entries for the channel list view rather than as lines of text.
public struct ChannelListing: Sendable, Hashable {
    /// One channel the server listed.
    public struct Entry: Sendable, Hashable {
        public var name: String
        /// Visible users, as the server counts them.
        public var users: Int
        /// The topic with its formatting codes taken out (a one-line preview).
        public var topic: String

        public init(name: String, users: Int, topic: String) {
            self.name = name
            self.users = users
            self.topic = topic
        }
    }

    /// The channels in the order the server sent them.
    public var entries: [Entry] = []
    /// Whether RPL_LISTEND came (until then more may arrive).
    public var isComplete = false

    public init(entries: [Entry] = [], isComplete: Bool = false) {
        self.entries = entries
        self.isComplete = isComplete
    }
}

extension ChatModel {
    /// The newest LIST answer of `network` (complete or still arriving), nil before any.
    public func channelListing(network: String) -> ChannelListing? { channelListings[network] }

    /// RPL_LISTSTART / RPL_LIST / RPL_LISTEND: entries gathered in the network's listing,
    /// shown by the network's channel list buffer (made at the first reply, so the sidebar has
    /// it while a long list arrives).
    func applyChannelList(_ reply: ServerReply, on network: ChatNetwork) {
        let buffer = self.buffer(named: "channels", kind: .channelList, on: network)
        var listing = channelListings[network.name] ?? ChannelListing()
        switch reply.command {
        case "321":
            listing = ChannelListing()
        case "322":
            guard reply.parameters.count >= 2 else { return }
            // A listing already complete is an old one: a server that sends no 321 starts anew.
            if listing.isComplete { listing = ChannelListing() }
            listing.entries.append(.init(name: reply.parameters[0], users: Int(reply.parameters[1]) ?? 0,
                                         topic: reply.parameters.count > 2 ? stripFormatting(reply.parameters[2]) : ""))
        default:
            listing.isComplete = true
        }
        channelListings[network.name] = listing
        // The view follows a long list as it arrives without a change per line: at its start,
        // every 500 entries, and at its end.
        if reply.command != "322" || listing.entries.count % 500 == 1 {
            changes.append(.channelListChanged(buffer.id))
        }
    }
}

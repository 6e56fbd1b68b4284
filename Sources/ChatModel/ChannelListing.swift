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
        /// The topic with its formatting codes taken out (a one-line preview), without the
        /// channel's modes some servers put before it.
        public var topic: String
        /// The channel's modes as the server listed them before the topic (InspIRCd's and
        /// UnrealIRCd's "[+Hnt 50:1d] topic" gives "+Hnt 50:1d"); empty when it did not.
        public var modes: String

        public init(name: String, users: Int, topic: String, modes: String = "") {
            self.name = name
            self.users = users
            self.topic = topic
            self.modes = modes
        }

        /// An entry whose listed topic may start with the channel's modes in brackets, as
        /// InspIRCd and UnrealIRCd send them ("[+nt] topic", "[+Hnt 50:1d] ", the topic then
        /// empty): the modes are taken apart from the topic. Brackets that do not hold modes
        /// ("[+1] agreed", "[news] …") stay in the topic.
        public init(name: String, users: Int, listedTopic: String) {
            let (modes, topic) = Self.splitModes(listedTopic)
            self.init(name: name, users: users, topic: topic, modes: modes)
        }

        static func splitModes(_ text: String) -> (modes: String, topic: String) {
            guard text.hasPrefix("[+"), let close = text.firstIndex(of: "]") else { return ("", text) }
            let inside = text[text.index(after: text.startIndex)..<close]
            let letters = inside.dropFirst().prefix { $0 != " " }
            guard !letters.isEmpty, letters.allSatisfy({ $0.isASCII && $0.isLetter }) else { return ("", text) }
            var rest = text[text.index(after: close)...]
            if rest.first == " " { rest = rest.dropFirst() }
            return (String(inside), String(rest))
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
                                         listedTopic: reply.parameters.count > 2 ? stripFormatting(reply.parameters[2]) : ""))
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

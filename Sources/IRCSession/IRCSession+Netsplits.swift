import FoundationEssentials
import IRCProtocol

/// Quits (or joins) gathered into one netsplit (or netjoin) while they keep coming.
struct SplitGroup: Sendable {
    /// The two servers, as the quit reason named them ("hub.example leaf.example").
    var servers: String
    /// The users of each channel we share (or now share again) with them, by the channel's
    /// name, in the order they went or came back.
    var channels: [String: [String]]
    /// When the group's last quit or join arrived (monotonic seconds).
    var last: Double
}

/// Netsplits told by the servers without the IRCv3 `netsplit` batch: the quits whose reason is
/// two server names, grouped while they keep arriving, and the same users' joins afterwards.
struct SplitTracker: Sendable {
    var splits: [SplitGroup] = []
    var joins: [SplitGroup] = []
    /// Who left in a netsplit (folded nick): which one, and when, until they come back or
    /// ``IRCSession/netjoinWindow`` passes.
    var gone: [String: (servers: String, at: Double)] = [:]
}

extension IRCSession {
    /// A netsplit is reported this long after its last quit (a split's quits come in a burst
    /// of a second or so); a netjoin likewise after its last join (seconds).
    static let splitQuietTime = 2.0
    /// Joins of users who split off longer ago than this are ordinary joins (seconds): by then
    /// the reader no longer connects them with the split.
    static let netjoinWindow = 600.0

    /// Whether a quit reason is the classic netsplit form, as irssi tells one: exactly two
    /// words, one space between, each a server name (labels separated by dots, none empty, the
    /// last two or more letters; `*` stands for hidden parts, as in "*.net *.split"), the two
    /// different. "Quit: a.b c.d", three words, or a single-letter top level are quits a user
    /// typed.
    public static func isNetsplitReason(_ reason: String) -> Bool {
        let words = reason.split(separator: " ", omittingEmptySubsequences: false)
        guard words.count == 2, words[0] != words[1] else { return false }
        return words.allSatisfy(isServerName)
    }

    private static func isServerName(_ word: Substring) -> Bool {
        let labels = word.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2, let last = labels.last, last.count >= 2,
              last.allSatisfy({ $0.isASCII && $0.isLetter }) else { return false }
        return labels.allSatisfy { label in
            !label.isEmpty && label.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-_*".contains($0)) }
        }
    }

    /// A quit that reads as a netsplit: gathered with the others of the same split instead of
    /// reported alone. Returns whether it was taken.
    mutating func gatherSplitQuit(nick: String, reason: String?, channels: [String], now: SessionTime) -> Bool {
        guard let reason, !channels.isEmpty, Self.isNetsplitReason(reason) else { return false }
        splits.gone[state.fold(nick)] = (reason, now.monotonic)
        if !splits.splits.contains(where: { $0.servers == reason }) {
            splits.splits.append(SplitGroup(servers: reason, channels: [:], last: now.monotonic))
        }
        let index = splits.splits.firstIndex { $0.servers == reason }!
        for channel in channels { splits.splits[index].channels[channel, default: []].append(nick) }
        splits.splits[index].last = now.monotonic
        return true
    }

    /// A join by someone who left in a netsplit a short while ago: gathered into that split's
    /// netjoin. Returns whether it was taken.
    mutating func gatherNetjoin(nick: String, channel: String, now: SessionTime) -> Bool {
        guard let gone = splits.gone[state.fold(nick)], now.monotonic - gone.at < Self.netjoinWindow else { return false }
        if !splits.joins.contains(where: { $0.servers == gone.servers }) {
            splits.joins.append(SplitGroup(servers: gone.servers, channels: [:], last: now.monotonic))
        }
        let index = splits.joins.firstIndex { $0.servers == gone.servers }!
        splits.joins[index].channels[channel, default: []].append(nick)
        splits.joins[index].last = now.monotonic
        return true
    }

    /// Reports the groups that have been quiet for ``splitQuietTime`` (`all`: every group, the
    /// link is going), one event per channel naming its own users. A split goes before the
    /// netjoin of the same servers.
    mutating func flushSplits(now: SessionTime, all: Bool = false) {
        guard !splits.splits.isEmpty || !splits.joins.isEmpty || !splits.gone.isEmpty else { return }
        func ready(_ group: SplitGroup) -> Bool { all || now.monotonic - group.last >= Self.splitQuietTime }
        for group in splits.splits where ready(group) {
            for (channel, users) in group.channels.sorted(by: { $0.key < $1.key }) {
                emit(.netsplit(servers: group.servers, users: users, channels: [channel]))
            }
        }
        splits.splits.removeAll(where: ready)
        let splitting = Set(splits.splits.map(\.servers))
        for group in splits.joins where ready(group) && !splitting.contains(group.servers) {
            for (channel, users) in group.channels.sorted(by: { $0.key < $1.key }) {
                emit(.netjoin(servers: group.servers, users: users, channels: [channel]))
                // Back: a later join of theirs is an ordinary one.
                for user in users { splits.gone[state.fold(user)] = nil }
            }
        }
        splits.joins.removeAll { ready($0) && !splitting.contains($0.servers) }
        splits.gone = splits.gone.filter { now.monotonic - $0.value.at < Self.netjoinWindow }
    }
}
